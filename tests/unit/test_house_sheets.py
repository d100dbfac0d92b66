"""The reader's house rules in the character sheets and the planner:
the engine's calls take the active house entries (engine/rules.py `with_house`), a house
atout or talent counts as an official one, an amendment replaces the official fields, an
unknown name keeps its error, and a saved character says when its house rule is gone.
The house entities are copies of real ones of data/, with another id, name and value."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
import yaml
from helpers import ROOT, check

from generator.engine import api, form, printout, registry, rules, saved
from generator.engine.form import calculator_html
from generator.engine.inputs import MultiChoiceInput, TextInput
from generator.engine.names import slug
from generator.engine.registry import Calculator
from generator.systems.skillcraft.steps import LABELS

ATOUT_CHANGED = {"caracteristiques": [{"caracteristique": "force", "min": 5}]}


@pytest.fixture(scope="module")
def data() -> dict:
    from generator.pipeline.export import engine_data

    return engine_data(check(ROOT)[0])


@pytest.fixture(autouse=True)
def shipped(monkeypatch, data):
    """The engine's calls read the data shipped in the wheel: here, the repository's."""
    built = {}
    monkeypatch.setattr(rules, "shipped_data", lambda system: data[system])
    monkeypatch.setattr(
        rules, "shipped", lambda s: built.get(s) or built.setdefault(s, rules.build(s, data[s]))
    )
    monkeypatch.setattr(rules, "_HOUSE", {})


def entity(system: str, kind: str, entity_id: str) -> dict:
    for path in sorted(Path(ROOT, "data", system).glob(f"{kind}*.yaml")):
        for found in yaml.safe_load(path.read_text(encoding="utf-8")):
            if found["id"] == entity_id:
                found.pop("source", None)
                return found
    raise LookupError(entity_id)


def house(system: str, kind: str, base_id: str, new_id: str, name: str, **changed) -> dict:
    """A new house entity: a copy of a real one, another id and name, some fields changed."""
    copied = copy.deepcopy(entity(system, kind, base_id)) | {"id": new_id, "nom": name}
    return {"systeme": system, "genre": kind, "entite": copied | changed}


def amendment(system: str, kind: str, entity_id: str, **changed) -> dict:
    amended = copy.deepcopy(entity(system, kind, entity_id)) | changed
    return {"systeme": system, "genre": kind, "entite": amended, "base": entity_id}


def run(system: str, calc: str, query: dict, maison: list | None = None) -> dict:
    maison_json = "" if maison is None else json.dumps(maison, ensure_ascii=False)
    return json.loads(api.run_json(system, calc, json.dumps(query), maison_json))


def figure(html: str, label: str) -> str:
    """The value of a figure of the result (`<dt>label</dt> <dd>value…`), its tags aside."""
    start = html.index(f">{label}</dt>")
    value = html[html.index("<dd>", start) + 4 : html.index("</dd>", start)]
    return re.sub(r"<small>.*?</small>|<[^>]+>", "", value).strip()


# --- Divin: a house atout ----------------------------------------------------------------

DIVIN_ATOUTS = "métier des armes, expertise du combat, arme de prédilection (épée longue), habilité (conduite; acrobatie)"
POIGNE = house("divin6", "atout", "poigne-d-acier", "poigne-de-fer", "Poigne de fer")
POIGNE["entite"]["prerequis"] = ATOUT_CHANGED


def test_a_house_atout_is_unknown_without_the_house_rules():
    reply = run("divin6", "feuille", {"atouts": DIVIN_ATOUTS + ", poigne de fer"})
    assert reply["ok"] is False
    assert reply["errors"]["atouts"].startswith("Atout inconnu\u00a0: «\u202fpoigne de fer\u202f»")


def test_a_house_atout_counts_and_its_prerequisites_are_checked_as_an_official_ones():
    before = run("divin6", "feuille", {"atouts": DIVIN_ATOUTS}, [POIGNE])
    after = run("divin6", "feuille", {"atouts": DIVIN_ATOUTS + ", poigne de fer"}, [POIGNE])
    assert before["ok"] and after["ok"], after
    assert figure(before["html"], "Atouts") == "4 / 4"
    assert figure(after["html"], "Atouts") == "5 / 4"
    # Its own prerequisite (Force 5, where the official atout asks 4), same sentence.
    assert "Poigne de fer\u00a0: il faut 5 au moins en Force (vous avez 3)." in after["html"]
    assert "Poigne de fer" not in before["html"]


def test_an_amendment_replaces_the_official_fields():
    combattant = entity("divin6", "classe", "combattant")
    free = combattant["creation"]["points_libres"]
    amended = copy.deepcopy(combattant["creation"]) | {"points_libres": free + 3}
    more = amendment("divin6", "classe", "combattant", creation=amended)
    stricter = amendment("divin6", "atout", "expertise-du-combat", prerequis=ATOUT_CHANGED)
    official = run("divin6", "feuille", {})
    changed = run("divin6", "feuille", {}, [more, stricter])
    assert figure(official["html"], "Points libres PV/PE") == f"6 / {free}"
    assert figure(changed["html"], "Points libres PV/PE") == f"6 / {free + 3}"
    assert "Expertise du combat\u00a0: il faut 5 au moins" in changed["html"]
    assert "Expertise du combat\u00a0: il faut" not in official["html"]


def test_the_same_house_set_reuses_its_rules_and_another_system_s_entries_change_nothing():
    first = rules.with_house("divin6", [POIGNE])
    again = rules.with_house("divin6", [copy.deepcopy(POIGNE)])
    assert first is again and "poigne-de-fer" in first.atouts
    other = house("skillcraft", "talent", "discipline", "discipline-de-fer", "Discipline de fer")
    assert rules.with_house("divin6", [other]) is rules.shipped("divin6")
    # Only the fields the rules read: a description changed reuses the same rules.
    described = copy.deepcopy(POIGNE)
    described["entite"]["description"] = "Autre texte."
    assert rules.with_house("divin6", [described]) is first


def test_the_printout_takes_the_house_rules():
    query = json.dumps({"atouts": DIVIN_ATOUTS + ", poigne de fer"})
    maison = json.dumps([POIGNE], ensure_ascii=False)
    sheet = json.loads(printout.sheet_json("divin6", "feuille", query, maison))
    assert sheet["ok"] is True and "Poigne de fer" in sheet["html"]
    refused = json.loads(printout.sheet_json("divin6", "feuille", query))
    assert refused["ok"] is False and "atouts" in refused["errors"]


# A class without what its rules read at creation: refused when the rules are built.
UNREADABLE_CLASS = amendment("divin6", "classe", "combattant")
del UNREADABLE_CLASS["entite"]["creation"]


@pytest.mark.parametrize(
    ("maison", "said"),
    [
        ("{}", "Règles maison illisibles"),
        ("[" * 40 + "]" * 40, "Règles maison trop imbriquées"),
        (json.dumps([{}] * (rules.MAX_HOUSE_ENTRIES + 1)), "Trop de règles maison"),
        (" " * (rules.MAX_HOUSE_CHARS + 1), "Règles maison trop longues"),
        (json.dumps([{"systeme": "divin6", "genre": "atout"}]), "1 illisible"),
        (
            json.dumps([{**POIGNE, "base": "celerite"}], ensure_ascii=False),
            "doit en garder l'identifiant",
        ),
        (
            json.dumps([{**POIGNE, "entite": {**POIGNE["entite"], "id": "celerite"}}]),
            "déjà celui d'une entité officielle",
        ),
        (json.dumps([UNREADABLE_CLASS], ensure_ascii=False), "Règles maison inutilisables"),
    ],
)
def test_house_rules_the_engine_cannot_read_are_refused_in_french(maison, said):
    reply = json.loads(api.run_json("divin6", "feuille", "{}", maison))
    assert reply["ok"] is False and said in reply["message"], reply


# --- SkillCraft: a house talent ----------------------------------------------------------

SKILLCRAFT_TALENTS = "Mêlée, Résistance, Athlétisme, Acrobaties, Formation martiale"
ROBUSTESSE = house(
    "skillcraft",
    "talent",
    "robustesse-accrue",
    "robustesse-de-la-maison",
    "Robustesse de la maison",
    effets_feuille={"vitalite": 7},
)


def test_a_house_talent_adds_what_its_sheet_effects_say():
    before = run("skillcraft", "fiche", {}, [ROBUSTESSE])
    query = {"talents": SKILLCRAFT_TALENTS + ", Robustesse de la maison"}
    after = run("skillcraft", "fiche", query, [ROBUSTESSE])
    assert before["ok"] and after["ok"], after
    vitality = int(figure(before["html"], "Vitalité maximale"))
    assert int(figure(after["html"], "Vitalité maximale")) == vitality + 7
    spent = figure(before["html"], "Points de talents").split(" / ")
    spent_after = figure(after["html"], "Points de talents").split(" / ")
    assert int(spent_after[0]) > int(spent[0]) and spent_after[1] == spent[1]
    assert "Robustesse de la maison" in after["html"]


def test_a_house_talent_s_required_talent_is_checked_as_an_official_one_s():
    query = {"possedes": "Robustesse de la maison", "cible": "robustesse-de-la-maison"}
    reply = run("skillcraft", "planificateur", query, [ROBUSTESSE])
    assert reply["ok"] is False
    assert reply["errors"]["possedes"] == (
        "Prérequis absent de la liste\u00a0: Robustesse de la maison requiert Résistance."
    )
    planned = run("skillcraft", "planificateur", {"cible": "robustesse-de-la-maison"}, [ROBUSTESSE])
    assert planned["ok"] is True and "Vers Robustesse de la maison" in planned["html"]
    unknown = run("skillcraft", "planificateur", {"cible": "robustesse-de-la-maison"})
    assert unknown["ok"] is False and "cible" in unknown["errors"]


def test_an_amended_talent_changes_the_official_number():
    more = amendment("skillcraft", "talent", "resistance", effets_feuille={"vitalite": 8})
    official = run("skillcraft", "fiche", {})
    changed = run("skillcraft", "fiche", {}, [more])
    base = entity("skillcraft", "talent", "resistance")["effets_feuille"]["vitalite"]
    assert int(figure(changed["html"], "Vitalité maximale")) == int(
        figure(official["html"], "Vitalité maximale")
    ) + (8 - base)


def test_an_unknown_talent_keeps_its_error_at_the_field():
    query = {"talents": SKILLCRAFT_TALENTS + ", Nulle part"}
    reply = run("skillcraft", "fiche", query, [ROBUSTESSE])
    assert reply["ok"] is False
    assert reply["errors"]["talents"].startswith("Talent inconnu\u00a0: «\u202fNulle part\u202f»")


# --- saved characters ----------------------------------------------------------------------


def save(query: dict, maison: list) -> dict:
    payload = {"systeme": "skillcraft", "calculateur": "fiche", "requete": query}
    return json.loads(saved.saved_json("enregistrer", json.dumps(payload), json.dumps(maison)))


def test_a_saved_character_keeps_working_with_its_house_rule_and_says_when_it_is_gone():
    query = {"talents": SKILLCRAFT_TALENTS + ", Robustesse de la maison"}
    record = save(query, [ROBUSTESSE])
    assert record["ok"] is True, record
    assert record["maison"] == {"talents": ["Robustesse de la maison"]}
    entry = {"nom": "Kara", "personnage": record["personnage"], "maison": record["maison"]}
    text = json.dumps({"format": 1, "personnages": [entry]}, ensure_ascii=False)

    kept = saved.saved_json("importer", json.dumps({"texte": text}), json.dumps([ROBUSTESSE]))
    kept = json.loads(kept)
    assert kept["problemes"] == [] and kept["personnages"][0]["maison"] == record["maison"]

    gone = json.loads(saved.saved_json("importer", json.dumps({"texte": text}), "[]"))
    assert gone["personnages"] == []
    (problem,) = gone["problemes"]
    assert problem["champ"] == LABELS["talents"]
    assert problem["message"].startswith(
        "Règle maison introuvable\u00a0: «\u202fRobustesse de la maison\u202f», absente des "
        "règles maison de ce navigateur"
    )
    assert "Talent inconnu" in problem["message"]


def test_a_save_without_its_house_rule_is_refused_at_the_field():
    query = {"talents": SKILLCRAFT_TALENTS + ", Robustesse de la maison"}
    refused = save(query, [])
    assert refused["ok"] is False and "talents" in refused["errors"]


def test_the_published_file_schema_allows_the_house_rules_a_character_names():
    schema = saved.file_schema({"skillcraft": "skillcraft/personnage.schema.json"})
    entry = schema["properties"]["personnages"]["items"]
    assert entry["properties"]["maison"]["type"] == "object"


# --- the pickers: boxes of a kind, amendments under their house name ----------------------


def test_every_field_that_lists_a_kind_offers_entities_of_that_kind(data):
    """A field that says it lists a kind (`genre`: the page then adds the reader's house
    entities of that kind, assets/calc.js) offers entities of it, which the engine reads,
    and one option of its own at most (« none of them »); check boxes too."""
    listed = []
    for calc in registry.all_calculators():
        for item in calc.inputs_for(rules.shipped(calc.system)):
            if getattr(item, "genre", "") and hasattr(item, "choices"):
                offered = {value for value, _ in item.choices}
                entities = set(data[calc.system].get(item.genre, ()))
                assert offered & entities and len(offered - entities) <= 1, (calc.id, item.name)
                listed.append(item)
    assert any(isinstance(item, MultiChoiceInput) for item in listed)


def test_the_form_says_the_kind_of_its_boxes_and_the_entity_each_suggestion_names():
    """calc.js puts an amendment in the place of its official entity: a choice and a box
    by their value (the id), a picker's suggestion by the id the form writes on it, even
    when its words are not the id's (form.ENTITY)."""
    calc = Calculator(
        "essai",
        "listes",
        "T",
        "R",
        (
            MultiChoiceInput("dons", "Dons", (), (("a", "Alpha"), ("b", "Bêta")), genre="don"),
            TextInput(
                "atouts",
                "Atouts",
                "",
                200,
                suggestions=(("Alpha (double)", "un atout"), ("Gamma", "une arme citée")),
                genre="atout",
            ),
        ),
        lambda dons, atouts: (),
    )
    html = calculator_html(calc, "", None, {"atout": {"alpha": "Alpha (double)"}})
    assert f'{form.KIND}="don"><legend>Dons</legend>' in html
    assert f'<option value="Alpha (double)" {form.ENTITY}="alpha">un atout</option>' in html
    assert '<option value="Gamma">une arme citée</option>' in html


def test_house_boxes_and_renamed_amendments_compute_save_and_read_back(data):
    """A sheet with a new house don and handicap (boxes: their ids) and renamed amendments
    of its caractère (a choice: the id) and of a talent (the picker: its house name)
    computes with them, is saved naming the new ones, and reads back."""
    skill, sheet = data["skillcraft"], registry.get("skillcraft", "fiche")

    def copied(kind: str) -> dict:  # the kind's first entity, under another id and name
        first = next(iter(skill[kind]))
        return house(
            "skillcraft", kind, first, f"{first}-de-kara", f"{skill[kind][first]['nom']} de Kara"
        )

    def rename(kind: str, entity_id: str) -> dict:
        return amendment(
            "skillcraft", kind, entity_id, nom=f"{skill[kind][entity_id]['nom']} de Kara"
        )

    new = {kind: copied(kind) for kind in ("don", "handicap")}
    caractere = sheet.defaults["caractere"]
    owned = {slug(name) for name in sheet.defaults["talents"].split(",")}
    talent = next(t for t in skill["talent"] if t not in owned)
    renamed = [rename("caractere", caractere), rename("talent", talent)]
    maison = [*new.values(), *renamed]
    query = {
        "dons": new["don"]["entite"]["id"],
        "handicaps": new["handicap"]["entite"]["id"],
        "caractere": caractere,
        "talents": f"{sheet.defaults['talents']}, {renamed[1]['entite']['nom']}",
    }
    reply = run("skillcraft", "fiche", query, maison)
    assert reply["ok"], reply
    for entry in maison:
        assert entry["entite"]["nom"] in reply["html"]
    record = save(query, maison)
    assert record["ok"] is True, record
    names = {
        field: [new[kind]["entite"]["nom"]]
        for field, kind in (("dons", "don"), ("handicaps", "handicap"))
    }
    assert record["maison"] == names
    entry = {"nom": "Kara", "personnage": record["personnage"], "maison": record["maison"]}
    text = json.dumps({"format": 1, "personnages": [entry]}, ensure_ascii=False)
    kept = json.loads(saved.saved_json("importer", json.dumps({"texte": text}), json.dumps(maison)))
    assert kept["problemes"] == [] and kept["personnages"][0]["maison"] == names
