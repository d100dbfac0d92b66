"""Saved characters' file (engine/saved.py): its format, the migration of format 0, the
refusals, the engine's checks per character and per field, and its published schema."""

from __future__ import annotations

import json

import jsonschema
import pytest
from helpers import ROOT
from referencing import Registry, Resource

from generator.core.imbrication import too_deep
from generator.engine import character, saved

SKILLCRAFT = {"format": 1, "systeme": "skillcraft", "calculateur": "fiche"}
TALENTS = "melee,resistance,athletisme,acrobaties,formation-martiale,discipline,vigilance"


def read(text: str, rules: dict) -> dict:
    return saved.read_file(text, rules.get)


def sheet(rules: dict, query: dict) -> dict:
    return saved.from_calculator("skillcraft", "fiche", query, rules["skillcraft"])


def test_a_saved_character_reads_back_identical(rules):
    record = sheet(rules, {"talents": TALENTS, "dons": "talentueux"})
    assert record["resume"] == "Niveau 0, tiers 0"
    assert record["requetes"]["planificateur"] == {"possedes": TALENTS, "tiers": "0"}
    file = {"format": 1, "personnages": [{"nom": "Kara", "personnage": record["personnage"]}]}
    found = read(json.dumps(file), rules)
    assert found["message"] == "" and found["problemes"] == []
    assert found["personnages"] == [{"nom": "Kara", **record}]


def test_the_planner_changes_only_the_talents_and_tier_of_the_saved_character(rules):
    record = sheet(rules, {"talents": TALENTS, "dons": "talentueux"})
    changed = saved.from_calculator(
        "skillcraft",
        "planificateur",
        {"possedes": TALENTS + ", Survie", "tiers": "1", "points": "3"},
        rules["skillcraft"],
        record["personnage"],
    )
    fields = changed["personnage"]["personnage"]
    assert fields["talents"] == TALENTS + ", Survie" and fields["tiers"] == 1
    assert fields["dons"] == ["talentueux"]
    assert changed["resume"] == "Niveau 0, tiers 1"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"format": 1, "personnages": [', "ce n'est pas du JSON (ligne 1"),
        ('{"format": 2, "personnages": []}', "format 2, plus récent"),
        ('{"personnages": []}', "sans numéro de format"),
        ('{"format": "un", "personnages": []}', "Format de fichier inconnu"),
        ('"texte"', "Fichier illisible"),
        ('{"format": 1, "personnages": {}}', "doit être une liste"),
    ],
)
def test_a_bad_file_is_refused_whole(rules, content, message):
    found = read(content, rules)
    assert message in found["message"].replace("\u00a0", " ").replace("\u202f", " ")
    assert found["personnages"] == []


def nested_in_a_field(depth: int) -> str:
    """A file whose one character has a field nested `depth` levels deep."""
    field = "[" * depth + "]" * depth
    character = json.dumps({**SKILLCRAFT, "personnage": {"talents": "@"}})
    return (
        json.dumps({"format": 1, "personnages": [{"nom": "Kara", "personnage": "@"}]})
        .replace('"@"', character, 1)
        .replace('"@"', field, 1)
    )


@pytest.mark.parametrize(
    "content",
    [
        nested_in_a_field(3_000),  # killed Pyodide (« Maximum call stack size exceeded »)
        "[" * 100_000 + "]" * 100_000,
        nested_in_a_field(saved.MAX_DEPTH),  # Python parses it: refused before, all the same
    ],
)
def test_a_deeply_nested_file_is_refused_in_french_before_parsing(rules, content):
    found = read(content, rules)
    message = found["message"].replace("\u00a0", " ")
    assert message.startswith("Fichier trop imbriqué : plus de 16 niveaux"), message
    assert message.endswith("Rien n'a été importé.")
    assert found["personnages"] == [] and found["problemes"] == []


def test_brackets_inside_names_are_no_nesting(rules):
    name = "[{" * 40 + "Kara"
    file = {"format": 1, "personnages": [{"nom": name, "personnage": {**SKILLCRAFT}}]}
    found = read(json.dumps(file), rules)
    assert found["message"] == "" and found["problemes"][0]["message"].startswith("Nom trop long")


def test_an_exported_file_nests_far_less_than_the_bound(rules):
    """Every saved character of tests/characters.json, exported: 6 levels at most."""
    queries = json.loads((ROOT / "tests" / "characters.json").read_text())["reponses"]
    exported = []
    for system, kind in character.types().items():
        for query, _ in queries["/".join(kind.CALCULATOR)][:20]:
            try:
                record = saved.from_calculator(system, kind.CALCULATOR[1], query, rules[system])
            except character.CharacterError:
                continue
            exported.append({"nom": "Essai", "modifie": "2026", "personnage": record["personnage"]})
    text = json.dumps({"format": 1, "personnages": exported})
    assert len(exported) > 20 and not too_deep(text, 6) and saved.MAX_DEPTH > 2 * 6
    assert not read(text, rules)["message"]


def test_a_file_of_too_many_characters_is_refused_whole_before_any_is_read(rules):
    one = {"nom": "Ysé", "personnage": {**SKILLCRAFT, "personnage": {"dons": ["ubiquite"]}}}
    file = {"format": 1, "personnages": [one] * (saved.MAX_CHARACTERS + 1)}
    found = read(json.dumps(file), rules)
    message = found["message"].replace("\u00a0", " ")
    assert message == (
        "Fichier trop long : 501 personnages, pour 500 au plus par fichier. Rien n'a été importé."
    )
    assert found["personnages"] == [] and found["problemes"] == []  # none was read
    assert read(json.dumps([one["personnage"]] * 501), rules)["message"] == found["message"]


@pytest.mark.parametrize(
    "content",
    [
        [{**SKILLCRAFT, "personnage": {}}],  # a bare list
        {**SKILLCRAFT, "personnage": {}},  # one character alone
        {"format": 0, "personnages": [{**SKILLCRAFT, "personnage": {}}]},
    ],
)
def test_format_0_is_migrated_by_naming_each_character(rules, content):
    found = read(json.dumps(content), rules)
    assert [p["nom"] for p in found["personnages"]] == ["Personnage importé 1"]
    assert saved.MIGRATIONS.keys() == set(range(saved.FILE_FORMAT))


def test_every_field_in_error_is_named_and_the_others_are_kept(rules):
    wrong = {**SKILLCRAFT, "personnage": {"talents": "melee, Vol plané", "dons": ["ubiquite"]}}
    newer = {**SKILLCRAFT, "format": 9, "personnage": {}}
    entries = [
        {"nom": "Bon", "personnage": {**SKILLCRAFT, "personnage": {}}},
        {"nom": "Ailé", "personnage": wrong},
        {"nom": "Futur", "personnage": newer},
        {"nom": "", "personnage": {**SKILLCRAFT, "personnage": {}}},
    ]
    found = read(json.dumps({"format": 1, "personnages": entries}), rules)
    assert [p["nom"] for p in found["personnages"]] == ["Bon"]
    said = [(p["numero"], p["champ"], p["message"]) for p in found["problemes"]]
    assert said == [
        (2, "Dons en plus", "Valeur inconnue\u00a0: ubiquite."),
        (2, "Talents acquis", "Talent inconnu\u00a0: «\u202fVol plané\u202f»."),
        (3, "", "Personnage au format 9, plus récent que celui que ce site lit."),
        (4, "", "Nom absent\u00a0: chaque personnage a un «\u202fnom\u202f», un texte."),
    ]


def test_the_published_schema_accepts_an_export_and_refuses_a_newer_one(rules):
    schemas = {
        f"{system}/personnage.schema.json": kind.json_schema(rules[system])
        for system, kind in character.types().items()
    }
    paths = {system: f"{system}/personnage.schema.json" for system in character.types()}
    schema = saved.file_schema(paths)
    base = "https://srd.invalid/api/schemas/"
    registry = Registry().with_resources(
        (base + path, Resource.from_contents(s)) for path, s in schemas.items()
    )
    validator = jsonschema.Draft202012Validator(
        {**schema, "$id": base + "personnages.json"}, registry=registry
    )
    record = sheet(rules, {"talents": TALENTS})
    file = {
        "format": 1,
        "personnages": [
            {"nom": "Kara", "modifie": "2026-11-25T20:00:00Z", "personnage": record["personnage"]}
        ],
    }
    validator.validate(file)
    assert not validator.is_valid({**file, "format": 2})


@pytest.mark.parametrize(
    "system",
    [["skillcraft"], {"skillcraft": 1}, 7, None, "x" * 5_000],
    ids=["liste", "objet", "nombre", "null", "long-texte"],
)
def test_a_system_that_is_no_text_leaves_its_character_out_in_french(rules, system):
    good = {"nom": "Bon", "personnage": {**SKILLCRAFT, "personnage": {}}}
    wrong = {"nom": "Mal", "personnage": {**SKILLCRAFT, "systeme": system, "personnage": {}}}
    found = read(json.dumps({"format": 1, "personnages": [good, wrong, good]}), rules)
    assert [p["nom"] for p in found["personnages"]] == ["Bon", "Bon"]
    [problem] = found["problemes"]
    assert (problem["numero"], problem["nom"], problem["champ"]) == (2, "Mal", "")
    if isinstance(system, str):  # a text: an unknown system, named short
        assert problem["systeme"] == system and len(problem["message"]) < 80
        assert problem["message"].startswith("Système inconnu\u00a0: 'xxx")
    else:
        assert problem["systeme"] is None
        assert problem["message"] == (
            "Système illisible\u00a0: «\u202fsysteme\u202f» est l'id d'un système, un texte."
        )


@pytest.mark.parametrize("value", [["melee", 1], ["melee", True], [True], [1, 2.5]], ids=repr)
def test_a_list_of_mixed_values_is_refused_at_its_field(rules, value):
    entry = {"nom": "Kara", "personnage": {**SKILLCRAFT, "personnage": {"talents": value}}}
    found = read(json.dumps({"format": 1, "personnages": [entry]}), rules)
    assert found["personnages"] == []
    assert [(p["numero"], p["champ"], p["message"]) for p in found["problemes"]] == [
        (1, "Talents acquis", "Valeur illisible\u00a0: un texte, un nombre ou une liste.")
    ]


def test_a_record_carries_what_a_fight_takes_from_the_sheet_when_the_system_says_it(
    rules, monkeypatch
):
    kind = character.types()["skillcraft"]
    monkeypatch.setattr(kind, "combattant", lambda self, rules: {})
    assert "combat" not in sheet(rules, {"talents": TALENTS})  # an older record's shape
    monkeypatch.setattr(kind, "combattant", lambda self, rules: {"initiative": 3, "pv": 12})
    record = sheet(rules, {"talents": TALENTS})
    assert record["combat"] == {"initiative": 3, "pv": 12}
    # The file keeps what the engine reads back; « combat » is recomputed on reading.
    file = {"format": 1, "personnages": [{"nom": "Kara", "personnage": record["personnage"]}]}
    assert read(json.dumps(file), rules)["personnages"][0]["combat"] == record["combat"]
    monkeypatch.setattr(kind, "combattant", lambda self, rules: {"pv": "12"})
    with pytest.raises(TypeError, match="pv"):
        sheet(rules, {"talents": TALENTS})


def test_a_character_gives_no_fight_values_unless_its_system_says_them():
    assert character.Character.combattant(object(), None) == {}
