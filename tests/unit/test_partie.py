"""« Mener la partie »: a system's `partie` declaration judged by its schema and
by its references, each fault at its line, and the page's data built from it. The
declarations are fixtures written here into a scratch copy of one system (not the
system's own, which data/ holds)."""

from __future__ import annotations

import html
import json
import shutil
from pathlib import Path

import pytest
from helpers import ROOT
from partie_fixture import FIXTURE, SYSTEM, with_declaration

from generator.core import urls
from generator.pipeline import partie, partie_check
from generator.pipeline.cache import load_corpus
from generator.pipeline.errors import Problems
from generator.pipeline.links import CorpusLinks
from generator.pipeline.rulebook import rulebook


@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> Path:
    """A project holding the one system, copied once; each test writes its systeme.yaml."""
    root = tmp_path_factory.mktemp("partie")
    for folder in ("data", "content"):
        shutil.copytree(ROOT / folder / SYSTEM, root / folder / SYSTEM)
    return root


def judged(scratch: Path, declaration: str):
    """(corpus, links, problems as « line: message ») once `declaration` is written."""
    own = with_declaration(scratch, declaration)
    problems = Problems(scratch)
    corpus = load_corpus(scratch, problems)
    rules = rulebook(corpus, problems)
    links = CorpusLinks(corpus, rules.built)
    links.check_all()
    for source, _path, line, message in links.problems:
        problems.add(source.file, line, message)
    partie_check.check(corpus, rules.built, problems)
    shift = own.rstrip("\n").count("\n") + 1  # the declaration's first line is shift + 1
    found = [
        f"{p.line - shift}: {p.message}"
        for p in problems.items
        if p.path == f"data/{SYSTEM}/systeme.yaml"
    ]
    return corpus, links, found


def test_the_fixture_is_accepted(scratch):
    assert judged(scratch, FIXTURE)[2] == []


# (old text, new text, the line of the declaration reported, the message)
FAULTS = [
    ("mode: jet", "mode: tour", 7, "valeur « tour » non permise"),
    ("quand: chaque-round", "quand: toujours", 8, "valeur « toujours » non permise"),
    ("egalite: ensemble", "egalite: hasard", 12, "valeur « hasard » non permise"),
    ("type: compteur", "type: jauge", 22, "valeur « jauge » non permise"),
    ("malus: plus-haut", "malus: moyenne", 34, "valeur « moyenne » non permise"),
    ("fin: fin-du-round", "fin: jamais", 43, "valeur « jamais » non permise"),
    ("des: 1d6", "des: 1x6", 9, "expression de dés « 1x6 » invalide"),
    ("plus: initiative", "plus: vitesse", 10, "valeur « vitesse » inconnue"),
    ("departage: [celerite]", "departage: [agilite]", 11, "valeur « agilite » inconnue"),
    ("cle: initiative", "cle: reflexes", 16, "valeur « reflexes » inconnue"),
    ("max: pv\n", "max: vie\n", 23, "valeur « vie » inconnue"),
    ("genre: piste\n      entite", "genre: jauge\n      entite", 31, "genre « jauge » introuvable"),
    ("entite: endurance", "entite: souffle", 32, "entité « piste souffle » introuvable"),
    (
        "niveaux: niveaux,",
        "niveaux: paliers,",
        33,
        "le genre « piste » n'a pas de champ « paliers »",
    ),
    (
        "seuil: seuil,",
        "seuil: limite,",
        33,
        "le genre « piste.niveaux » n'a pas de champ « limite »",
    ),
    ("cumul: cumul_max,", "cumul: cumul,", 33, "le genre « piste » n'a pas de champ « cumul »"),
    (
        "niveaux: niveaux, nom: nom,",
        "niveaux: competence, nom: nom,",
        33,
        "n'est pas une liste d'objets",
    ),
    ("genres: [action]", "genres: [condition]", 42, "genre « condition » introuvable"),
    ("genre: piste\n    valeurs", "genre: pnj\n    valeurs", 45, "genre « pnj » introuvable"),
    ("{pv: cumul_max}", "{pv: vie}", 46, "le genre « piste » n'a pas de champ « vie »"),
    ("{pv: cumul_max}", "{force: cumul_max}", 46, "valeur « force » inconnue"),
    ("calculateur: test", "calculateur: duel", 50, "calculateur « duel » inconnu"),
    (
        "{valeur: initiative}",
        "{score: initiative}",
        51,
        "le calculateur « test » n'a pas de champ « score »",
    ),
    ("{valeur: initiative}", "{valeur: agilite}", 51, "valeur « agilite » inconnue"),
    ("{autres: celerite}", "{defense: celerite}", 52, "n'a pas de champ « defense »"),
    (
        "cible: {autres: celerite}\n",
        "cible: {autres: celerite}\n      restant: {valeur: endurance}\n",
        53,
        "piste « endurance » : « restant » demande une piste « compteur »",
    ),
    (
        "cible: {autres: celerite}\n",
        "cible: {autres: celerite}\n      restant: {score: pv}\n",
        53,
        "le calculateur « test » n'a pas de champ « score »",
    ),
    ("{@atout celerite}", "{@atout rapidite}", 13, "atout « rapidite » introuvable"),
    ("defaut: 10, min: 1", "defaut: 0, min: 1", 5, "le défaut 0 est hors de ses bornes (1 à 999)"),
    ("defaut: 10, min: 1", "min: 1", 5, "sans « defaut », la valeur par défaut 0 est hors"),
    ("defaut: 2, min: -20, max: 99", "defaut: 100, min: -20, max: 99", 4, "le défaut 100 est hors"),
]


@pytest.mark.parametrize("old,new,line,message", FAULTS, ids=[f[1][:24] for f in FAULTS])
def test_a_fault_is_reported_at_its_line(scratch, old, new, line, message):
    assert FIXTURE.count(old) == 1, old
    found = judged(scratch, FIXTURE.replace(old, new))[2]
    assert any(p.startswith(f"{line}: ") and message in p for p in found), found


@pytest.mark.parametrize(
    "old,new,line,message",
    [
        ("    quand: chaque-round\n    des: 1d6\n", "", 7, "le mode « jet » demande ses dés"),
        ("mode: jet", "mode: libre", 8, "« quand » ne vaut qu'en mode « jet »"),
        ("mode: jet", "mode: valeurs", 7, "demande les valeurs comparées (« cles »)"),
        ("      max: pv\n", "", 22, "une piste « compteur » demande son maximum"),
        ("      entite: endurance\n", "", 30, "il manque entite"),
        (
            '      niveaux:\n        - {nom: Fatigue 1, effet: "−1", texte: "{@regle combat}"}\n        - {nom: Fatigue 2}\n',
            "",
            37,
            "une piste « niveaux » demande ses niveaux",
        ),
        ("    - id: fatigue", "    - id: pv", 35, "piste « pv » déclarée deux fois"),
    ],
)
def test_what_a_mode_or_a_type_needs_is_reported(scratch, old, new, line, message):
    assert FIXTURE.count(old) == 1, old
    found = judged(scratch, FIXTURE.replace(old, new))[2]
    assert any(p.startswith(f"{line}: ") and message in p for p in found), found


def test_optional_parts_may_be_left_out(scratch):
    minimal = 'partie:\n  valeurs: []\n  ordre: {mode: libre, texte: "Le meneur ordonne."}\n'
    corpus, links, found = judged(scratch, minimal)
    assert found == []
    data = partie.payload(corpus.systems[SYSTEM], links)
    assert data["ordre"]["mode"] == "libre" and "loi" not in data["ordre"]
    assert data["pistes"] == [] and data["pnj"] == [] and data["actions"] == []
    assert data["etats"]["liste"] == [] and data["tables"] == []


@pytest.fixture(scope="module")
def data(scratch) -> dict:
    corpus, links, found = judged(scratch, FIXTURE)
    assert found == []
    return partie.payload(corpus.systems[SYSTEM], links)


def test_the_order_carries_the_exact_law_of_its_dice(data):
    ordre = data["ordre"]
    assert data["format"] == partie.FORMAT and data["systeme"] == SYSTEM
    assert ordre["loi"] == {"lowest": 1, "counts": [1] * 6, "outcomes": 6}
    assert (ordre["mode"], ordre["quand"], ordre["plus"]) == ("jet", "chaque-round", "initiative")
    assert ordre["departage"] == ["celerite"] and ordre["egalite"] == "ensemble"
    assert ordre["modificateurs"][0]["valeur"] == 2
    assert partie.law_of("2d6+1")["counts"] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    assert partie.law_of("2d6+1")["lowest"] == 3


def test_texts_are_html_with_links_relative_to_the_page(data):
    html = data["ordre"]["html"]
    page = urls.partie(SYSTEM)
    rule = urls.relative(page, urls.chapter(SYSTEM, "combat")) + "#initiative"
    atout = urls.relative(page, urls.entity(SYSTEM, "atout", "celerite"))
    assert rule == "../regles/combat/#initiative" and atout == "../atout/celerite/"
    assert f'<a href="{rule}">' in html and f'<a href="{atout}">Célérité</a>' in html
    assert 'class="srd-des" data-des="1d6"' in html  # the dice button of every page
    assert html.startswith("<p>")
    action = urls.relative(page, urls.entity(SYSTEM, "action", "adrenaline"))
    assert f'href="{action}"' in data["ordre"]["modificateurs"][0]["html"]
    assert "Constat." in data["ordre"]["notes_html"][0]


def test_tracks_read_their_levels_from_the_declaration_or_an_entity(data):
    pv, endurance, fatigue = data["pistes"]
    assert (pv["type"], pv["max"], pv["min"]) == ("compteur", "pv", -10)
    assert [s["au_plus"] for s in pv["seuils"]] == [-10, 0]  # from the lowest up
    assert pv["seuils"][0]["lien"] == f"/{SYSTEM}/piste/vitalite/"
    assert endurance["type"] == "paliers" and endurance["malus"] == "plus-haut"
    assert [(n["nom"], n["nombre"], n["seuil"], n["malus"]) for n in endurance["niveaux"]] == [
        ("Fatigue", 4, 2, 0.5),
        ("Épuisement", 2, 5, 3),
        ("Syncope", 1, 10, 7),
    ]
    assert (
        endurance["cumul"] == 3 and endurance["depassement"] == "Le personnage perd connaissance."
    )
    assert endurance["lien"] == f"/{SYSTEM}/piste/endurance/"
    assert [n["nom"] for n in fatigue["niveaux"]] == ["Fatigue 1", "Fatigue 2"]
    assert fatigue["niveaux"][0]["lien"] == f"/{SYSTEM}/regles/combat/"


def test_states_npcs_and_actions(data, scratch):
    names = [s["id"] for s in data["etats"]["liste"]]
    assert "adrenaline" in names and all(s["genre"] == "action" for s in data["etats"]["liste"])
    adrenaline = next(s for s in data["etats"]["liste"] if s["id"] == "adrenaline")
    assert adrenaline["lien"] == f"/{SYSTEM}/action/adrenaline/" and adrenaline["resume"]
    assert "{@" not in adrenaline["resume"]
    assert data["etats"]["fin"] == "fin-du-round"
    endurance = next(p for p in data["pnj"] if p["id"] == "endurance")
    assert endurance["valeurs"] == {"pv": 3} and endurance["lien"] == f"/{SYSTEM}/piste/endurance/"
    (action,) = data["actions"]
    assert action["lien"] == f"/{SYSTEM}/calculateurs/test/"
    assert action["champs"] == {"valeur": "initiative"} and action["cible"] == {
        "autres": "celerite"
    }


def test_an_action_takes_what_is_left_on_a_counter_track(scratch):
    declaration = FIXTURE.replace(
        "cible: {autres: celerite}\n", "cible: {autres: celerite}\n      restant: {valeur: pv}\n"
    )
    corpus, links, found = judged(scratch, declaration)
    assert found == []
    (action,) = partie.payload(corpus.systems[SYSTEM], links)["actions"]
    assert action["restant"] == {"valeur": "pv"}


def test_the_embedded_text_cannot_end_its_attribute_or_element():
    data = {"html": "\"></div><!-- & --> ' « x »"}
    text = partie.embedded(data)
    assert "<" not in text and ">" not in text and '"' not in text
    assert text.replace("&quot;", "").count("&") == 0
    assert json.loads(html.unescape(text)) == data


def test_a_level_numbered_0_is_rest_and_the_lethal_level_comes_last(tmp_path):
    """SkillCraft's Fatigue, read from its état: levels 1 to 5 with their effects, then the
    level that kills (its `niveau_mortel`); level 0 is no level of the track."""
    system = "skillcraft"
    for folder in ("data", "content"):
        shutil.copytree(ROOT / folder / system, tmp_path / folder / system)
    problems = Problems(tmp_path)
    corpus = load_corpus(tmp_path, problems)
    links = CorpusLinks(corpus, rulebook(corpus, problems).built)
    declared = corpus.systems[system].meta["partie"]
    track = next(t for t in declared["pistes"] if t["type"] == "niveaux" and "genre" in t)
    entity = corpus.systems[system].entity(track["genre"], track["entite"]).data
    rows = [row for row in entity[track["champs"]["niveaux"]] if row["niveau"] > 0]
    shown = next(
        p for p in partie.payload(corpus.systems[system], links)["pistes"] if p["id"] == track["id"]
    )
    named = [(level["nom"], level["effet"]) for level in shown["niveaux"]]
    assert named[:-1] == [(f"{track['nom']} {row['niveau']}", row["effet"]) for row in rows]
    assert named[-1] == (f"{track['nom']} {entity['niveau_mortel']}", "Mort")
    assert len(named) == entity["niveau_mortel"]


def test_modifiers_read_from_a_kind_one_per_entity_with_a_number(scratch):
    """A modifier naming a kind and a field: one toggle per entity whose field is a whole
    number other than 0, its number read from the data, all in one group."""
    line = '      - {id: vif, nom: Vif, cle: initiative, valeur: 2, texte: "Voir {@action adrenaline}."}\n'
    read = "      - {genre: piste, champ: cumul_max, cle: initiative}\n"
    corpus, links, found = judged(scratch, FIXTURE.replace(line, line + read))
    assert found == []
    system = corpus.systems[SYSTEM]
    numbers = {
        e.id: e.data["cumul_max"]
        for e in system.entities["piste"]
        if isinstance(e.data.get("cumul_max"), int) and e.data["cumul_max"]
    }
    mods = partie.payload(system, links)["ordre"]["modificateurs"]
    assert mods[0]["id"] == "vif" and "groupe" not in mods[0]
    assert {m["id"]: m["valeur"] for m in mods[1:]} == numbers and numbers
    assert {(m["groupe"], m["cle"]) for m in mods[1:]} == {("piste", "initiative")}
    endurance = next(m for m in mods if m["id"] == "endurance")
    assert (
        "Initiative +3 pour l" in endurance["html"]
        and 'href="../piste/endurance/"' in endurance["html"]
    )


@pytest.mark.parametrize(
    "read,message",
    [
        ("{genre: jauge, champ: cumul_max, cle: initiative}", "genre « jauge » introuvable"),
        ("{genre: piste, champ: vie, cle: initiative}", "n'a pas de champ « vie »"),
        ("{genre: piste, champ: cumul_max, cle: vitesse}", "valeur « vitesse » inconnue"),
        (
            "{genre: piste, champ: cumul_max, cle: initiative, id: x}",
            "« id » ne vaut pas avec « genre »",
        ),
        ("{genre: piste, cle: initiative}", "« genre » demande le champ"),
        ("{cle: initiative, valeur: 1}", "champ obligatoire « id » manquant"),
    ],
)
def test_a_modifier_read_from_a_kind_is_checked(scratch, read, message):
    line = '      - {id: vif, nom: Vif, cle: initiative, valeur: 2, texte: "Voir {@action adrenaline}."}\n'
    found = judged(scratch, FIXTURE.replace(line, line + f"      - {read}\n"))[2]
    assert any(p.startswith("17: ") and message in p for p in found), found


FREE = (
    "malus: malus_par_niveau, cumul",
    "malus: malus_par_niveau, gratuit_des: niveau_gratuit_des, cumul",
)


def with_free_levels(gratuit: str = "celerite", field: str = "niveau_gratuit_des") -> str:
    text = FIXTURE.replace(FREE[0], FREE[1].replace("niveau_gratuit_des", field))
    return text.replace(
        "      malus: plus-haut\n", f"      malus: plus-haut\n      gratuit: {gratuit}\n"
    )


def test_free_levels_are_read_from_each_level_and_given_by_a_value(scratch):
    assert FIXTURE.count(FREE[0]) == 1
    corpus, links, found = judged(scratch, with_free_levels())
    assert found == []
    endurance = partie.payload(corpus.systems[SYSTEM], links)["pistes"][1]
    entity = corpus.systems[SYSTEM].entity("piste", "endurance").data
    assert [n["gratuit_des"] for n in endurance["niveaux"]] == [
        row["niveau_gratuit_des"] for row in entity["niveaux"]
    ]
    assert endurance["gratuit"] == "celerite"


@pytest.mark.parametrize(
    "gratuit,field,line,message",
    [
        ("vitesse", "niveau_gratuit_des", 35, "valeur « vitesse » inconnue"),
        (
            "celerite",
            "des_quinze",
            33,
            "le genre « piste.niveaux » n'a pas de champ « des_quinze »",
        ),
    ],
)
def test_free_levels_name_a_value_and_a_field_that_exist(scratch, gratuit, field, line, message):
    found = judged(scratch, with_free_levels(gratuit, field))[2]
    assert any(p.startswith(f"{line}: ") and message in p for p in found), found


OWN = "    valeurs: {pv: cumul_max}\n"


def with_own_levels(track: str = "endurance", field: str = "seuil") -> str:
    champs = f"{{niveaux: niveaux, nom: nom, nombre: nombre, seuil: {field}}}"
    return FIXTURE.replace(OWN, OWN + f"    pistes:\n      {track}: {champs}\n")


def test_npcs_may_have_levels_of_their_own_lowest_threshold_first(scratch):
    assert FIXTURE.count(OWN) == 1
    corpus, links, found = judged(scratch, with_own_levels())
    assert found == []
    npcs = {p["id"]: p for p in partie.payload(corpus.systems[SYSTEM], links)["pnj"]}
    for entity in corpus.systems[SYSTEM].entities["piste"]:
        rows = sorted(entity.data["niveaux"], key=lambda row: row["seuil"])
        own = npcs[entity.id]["pistes"]["endurance"]["niveaux"]
        assert [(n["nom"], n["nombre"], n["seuil"]) for n in own] == [
            (row["nom"], row["nombre"], row["seuil"]) for row in rows
        ]


@pytest.mark.parametrize(
    "track,field,line,message",
    [
        ("pv", "seuil", 48, "piste à paliers « pv » inconnue"),
        ("endurance", "limite", 48, "le genre « piste.niveaux » n'a pas de champ « limite »"),
    ],
)
def test_npc_levels_name_a_tiered_track_and_fields_that_exist(scratch, track, field, line, message):
    found = judged(scratch, with_own_levels(track, field))[2]
    assert any(p.startswith(f"{line}: ") and message in p for p in found), found
