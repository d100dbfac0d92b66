"""What each system's saved character brings to a fight (`Character.combattant`, « Mener la
partie »), checked on the sources' own example characters, and the systems' `partie`
declarations read against the data they name."""

from __future__ import annotations

import pytest
import yaml
from helpers import ROOT

from generator.engine import saved
from generator.pipeline import partie
from generator.pipeline.cache import load_corpus
from generator.pipeline.errors import Problems
from generator.pipeline.links import CorpusLinks
from generator.pipeline.rulebook import rulebook


def combat(rules, system: str, calculator: str, query: dict) -> dict:
    return saved.from_calculator(system, calculator, query, rules[system])["combat"]


def declaration(system: str) -> dict:
    text = (ROOT / "data" / system / "systeme.yaml").read_text(encoding="utf-8")
    return yaml.safe_load(text)["partie"]


@pytest.fixture(scope="module")
def corpus_links():
    problems = Problems(ROOT)
    corpus = load_corpus(ROOT, problems)
    return corpus, CorpusLinks(corpus, rulebook(corpus, problems).built)


def page_data(corpus_links, system: str) -> dict:
    corpus, links = corpus_links
    return partie.payload(corpus.systems[system], links)


def test_divin_achille_brings_the_books_values(rules):
    # Achille, the book's example (l. 108, 237): Initiative 1, 14 PV, 8 PE.
    assert combat(rules, "divin6", "feuille", {}) == {"initiative": 1, "pv": 14, "pe": 8}


def test_divin_encumbrance_lowers_the_initiative(rules):
    heavy = {"equipement": "épée longue, armure de plaques complète"}
    before = combat(rules, "divin6", "feuille", {})
    after = combat(rules, "divin6", "feuille", heavy)
    assert after["initiative"] < before["initiative"] and after["pv"] == before["pv"]


@pytest.mark.parametrize("system", ["divin6", "talon", "undesix", "skillcraft"])
def test_every_value_a_sheet_gives_is_declared(rules, system):
    declared = {v["id"] for v in declaration(system)["valeurs"]}
    kind = {"divin6": "feuille", "talon": "creation", "undesix": "creation", "skillcraft": "fiche"}[
        system
    ]
    assert set(combat(rules, system, kind, {})) <= declared


def test_talon_example_character_brings_celerite_initiative_and_health_skills(rules):
    # The guide's example character: Initiative 12 (= Réflexes), no Célérité.
    # Its health skills (Endurance 11, Équilibre Mental 7, Vitalité 11) give its free
    # levels (T:70, 71, 89): none below 15.
    assert combat(rules, "talon", "creation", {}) == {
        "celerite": 0,
        "initiative": 12,
        "endurance": 11,
        "equilibre-mental": 7,
        "vitalite": 11,
    }
    assert combat(rules, "talon", "creation", {"celerite": 2})["celerite"] == 2


def test_undesix_character_brings_sens_phy_and_psy(rules):
    query = {"phy": 4, "dex": 3, "sav": 3, "psy": 2, "sens": 5}
    found = combat(rules, "undesix", "creation", query)
    assert found == {"sens": 5, "phy": 4, "psy": 2, "dex": 3}


def test_skillcraft_justinien_brings_the_guides_values(rules):
    # Justinien, the book's example at creation: Initiative 1d10 − 1, Vitalité 40
    # (Constitution 35 + 5 for the Résistance talent), Énergie 35.
    found = combat(rules, "skillcraft", "fiche", {})
    assert {k: found[k] for k in ("initiative", "vitalite", "energie")} == {
        "initiative": -1,
        "vitalite": 40,
        "energie": 35,
    }


def test_skillcraft_sheet_gives_the_esquive_and_defense_an_attack_aims_at(rules):
    # Justinien's Esquive 13 (the guide: 10 + Agilité +3, S:2585); Défense = Esquive +
    # armour and shield (S:2591): only the armour raises it.
    found = combat(rules, "skillcraft", "fiche", {})
    assert (found["esquive"], found["defense"]) == (13, 13)
    armoured = combat(rules, "skillcraft", "fiche", {"defense_armure": "4"})
    assert (armoured["esquive"], armoured["defense"]) == (13, 17)


def test_undesix_attitudes_change_the_sens_of_the_order_one_at_a_time(corpus_links):
    # U:230 très agressive +1 en Sens, U:248 défensive −1 ; the numbers come from
    # attitude.yaml (mod_sens), each attitude a toggle of one group.
    corpus, _links = corpus_links
    attitudes = {e.id: e.data["mod_sens"] for e in corpus.systems["undesix"].entities["attitude"]}
    mods = page_data(corpus_links, "undesix")["ordre"]["modificateurs"]
    read = {m["id"]: m["valeur"] for m in mods if m.get("groupe") == "attitude"}
    assert read == {k: v for k, v in attitudes.items() if v}
    assert read == {"attitude-de-combat-tres-agressive": 1, "attitude-de-combat-defensive": -1}
    assert all(m["cle"] == "sens" for m in mods)


@pytest.mark.parametrize("system", ["divin6", "talon", "undesix", "skillcraft", "reserve-d6"])
def test_a_combatant_without_a_sheet_starts_within_the_bounds(corpus_links, system):
    # A name-only NPC takes each value's default: never below its minimum (Réserve's
    # points de vie had none, so 0 PV, moved to 1 by the page: one point from death).
    for valeur in page_data(corpus_links, system)["valeurs"]:
        low, high = valeur.get("min", valeur["defaut"]), valeur.get("max", valeur["defaut"])
        assert low <= valeur["defaut"] <= high, valeur


@pytest.mark.parametrize(
    "system,champs,cible",
    [
        ("skillcraft", {}, {"esquive": "esquive", "defense": "defense"}),
        ("undesix", {"phy": "phy"}, {"dex_cible": "dex"}),
    ],
)
def test_the_attack_is_prefilled_with_the_targets_defence(corpus_links, system, champs, cible):
    (attack,) = [a for a in page_data(corpus_links, system)["actions"] if a["id"] == "attaque"]
    assert (attack["champs"], attack["cible"]) == (champs, cible)
    # A roll under PHY uses what is left of it (U:781): the counter track, when declared.
    assert all(attack["champs"].get(field) for field in attack["restant"])


def test_talon_tracks_give_free_levels_from_their_skill(corpus_links):
    # T:70, 71, 89: a skill of 15, 18, 20 gives one more level of each tier, with no malus;
    # the thresholds come from piste.yaml (niveau_gratuit_des).
    corpus, _links = corpus_links
    data = page_data(corpus_links, "talon")
    declared = {v["id"] for v in data["valeurs"]}
    for track in data["pistes"]:
        entity = corpus.systems["talon"].entity("piste", track["id"]).data
        assert track["gratuit"] == entity["competence"] and track["gratuit"] in declared
        assert [n["gratuit_des"] for n in track["niveaux"]] == [15, 18, 20]


def test_talon_npcs_of_a_category_have_its_own_vitalite_levels(corpus_links):
    # T:265–275: Troisième Zone one Blessure Mortelle at 4; Deuxième Catégorie one Blessure
    # Grave at 4 and one Mortelle at 8; the numbers from categorie-pnj.yaml.
    npcs = {p["id"]: p for p in page_data(corpus_links, "talon")["pnj"]}
    levels = {
        npc_id: [(n["nom"], n["nombre"], n["seuil"]) for n in npc["pistes"]["vitalite"]["niveaux"]]
        for npc_id, npc in npcs.items()
    }
    assert levels["troisieme-zone"] == [("Blessure Mortelle", 1, 4)]
    assert levels["deuxieme-categorie"] == [("Blessure Grave", 1, 4), ("Blessure Mortelle", 1, 8)]
    assert [n[2] for n in levels["premiere-classe"]] == [2, 5, 10]
