"""The character calculators answer today what they answered when the corpus was drawn:
every sheet, planner and creation reply, byte for byte, on some two hundred queries each
(the tests' queries, the books' example characters among them, then seeded random valid
and invalid ones), so that the character can be rewritten as a value in small functions.
The corpus and its answers' hashes are in tests/characters.json, written by
scripts/character_corpus.py.

The same corpus holds each system's character type to its round trip: URL query → value →
JSON → value → URL query (engine/character.py)."""

from __future__ import annotations

import ast
import hashlib
import json
import re
from functools import cache

import pytest
from helpers import ROOT
from jsonschema import Draft202012Validator

from generator.core.typographie import texte
from generator.engine import api, character, registry
from generator.engine.character import CharacterError
from generator.pipeline.sources import TYPED_LINE
from generator.systems.skillcraft import planner

FIXTURE = ROOT / "tests" / "characters.json"


@cache
def corpus() -> dict[str, list]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))["reponses"]


@pytest.mark.parametrize("key", sorted(corpus()))
def test_every_answer_of_the_corpus_is_unchanged(key, rules):
    system, calc_id = key.split("/")
    calc = registry.get(system, calc_id)
    assert len(corpus()[key]) >= 200
    changed = []
    for query, expected in corpus()[key]:
        reply = api.reply(calc, query, rules[system])
        if hashlib.sha256(reply.encode("utf-8")).hexdigest() != expected:
            changed.append((query, reply[:300]))
    assert not changed, f"{len(changed)} réponses changées, dont : {changed[:3]}"


MARKER = re.compile(r'<span class="srd-src-appel">.*?</span>[.,;:!?…)»]*</span>')


@pytest.mark.parametrize("key", sorted(corpus()))
def test_no_answer_types_a_line_reference_its_markers_name_the_source(key, rules):
    """A calculator cites its lines with a source marker, never « (l. 57) » in
    its text; the marker names the system's text and the section the lines are in."""
    system, calc_id = key.split("/")
    calc = registry.get(system, calc_id)
    markers = set()
    for query, _ in corpus()[key]:
        reply = json.loads(api.reply(calc, query, rules[system]))
        text = reply.get("html", "") + " ".join(reply.get("errors", {}).values())
        markers.update(MARKER.findall(text))
        assert not TYPED_LINE.search(MARKER.sub("", text)), (query, text[:500])
        assert "{@" not in text, (query, text[:500])
    assert markers, f"{key} : aucun marqueur de source dans ses réponses"
    title = registry.get(system, calc_id).system
    for marker in markers:
        said = re.search(r'aria-label="Source : ([^"]*)"', marker).group(1)
        assert said.count(",") >= 1 and not said.startswith("l."), (title, said)


TYPES = character.types()
WITH_TYPE = sorted(f"{system}/{kind.CALCULATOR[1]}" for system, kind in TYPES.items())


def test_every_character_calculator_has_its_type():
    """The four systems with a sheet or a creation each declare their character, whose
    fields are the calculator's inputs."""
    assert WITH_TYPE == ["divin6/feuille", "skillcraft/fiche", "talon/creation", "undesix/creation"]
    for kind in TYPES.values():
        kind.check_fields()


@pytest.mark.parametrize("key", WITH_TYPE)
def test_every_character_round_trips_url_value_json_value_url(key, rules):
    """URL → value → JSON → value → URL: the same character, the same query, valid
    against the published schema, and the written query gets the same answer."""
    system, calc_id = key.split("/")
    kind, calc, system_rules = TYPES[system], registry.get(system, calc_id), rules[system]
    validator = Draft202012Validator(kind.json_schema(system_rules))
    read = 0
    for query, _ in corpus()[key]:
        try:
            value = kind.from_query(query, system_rules)
        except CharacterError as error:  # the calculator refuses it at the same fields
            assert json.loads(api.reply(calc, query, system_rules))["errors"] == error.errors
            continue
        read += 1
        url = value.to_query()
        again = kind.from_json(value.to_json(), system_rules)
        assert again == value and again.to_query() == url, query
        assert kind.from_query(url, system_rules) == value, query
        assert not list(validator.iter_errors(value.to_dict())), query
        assert api.reply(calc, url, system_rules) == api.reply(calc, query, system_rules), query
    assert read >= 100


def test_a_saved_character_is_checked_as_a_query_is(rules):
    kind = TYPES["divin6"]
    saved = kind.from_query({}, rules["divin6"]).to_dict()
    saved["personnage"]["force"] = 12
    with pytest.raises(CharacterError) as error:
        kind.from_dict(saved, rules["divin6"])
    assert texte("et 8 (reçu : 12)") in error.value.errors["force"]
    for broken, message in (
        ({**saved, "format": 99}, "Format de personnage inconnu"),
        ({**saved, "systeme": "talon"}, "n'est pas du système"),
        ({**saved, "personnage": {"force": 1, "inconnu": 2}}, "Champ inconnu"),
    ):
        with pytest.raises(CharacterError, match=message):
            kind.from_dict(broken, rules["divin6"])
    with pytest.raises(CharacterError, match="pas du JSON"):
        kind.from_json("{", rules["divin6"])


def test_the_planner_reads_the_sheets_character(rules):
    """One character, every view: the planner's talents are the sheet's, read by the same
    function; a sheet's character opens the planner with them."""
    kind, system_rules = TYPES["skillcraft"], rules["skillcraft"]
    justinien = kind.from_query({}, system_rules)
    names = {k: t.name for k, t in system_rules.talents.items()}
    owned = planner.owned_talents(system_rules, justinien)
    assert owned == set(justinien.talent_ids(names)) and len(owned) == 5
    reply = json.loads(
        api.reply(
            registry.get("skillcraft", "planificateur"), justinien.planner_query(), system_rules
        )
    )
    assert reply["ok"] and "Formation martiale" not in reply["html"].split("Achetables")[1]
    # The same wrong name, the same message, each at its own field.
    wrong = "Mêlée, Formaton martiale"
    sheet = kind.calculator().run({"talents": wrong}, system_rules).errors["talents"]
    plan = registry.get("skillcraft", "planificateur").run({"possedes": wrong}, system_rules)
    assert sheet == plan.errors["possedes"] and "Formation martiale" in sheet


def test_no_function_of_the_generator_reaches_a_hundred_lines():
    """Small functions with one job: the longest in generator/ stays under 100
    lines (there were 576 in the SkillCraft sheet)."""
    lengths = [
        (node.end_lineno - node.lineno + 1, f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
        for path in sorted((ROOT / "generator").rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    ]
    longest = max(lengths)
    assert longest[0] < 100, f"{longest[1]} : {longest[0]} lignes"


def test_a_group_of_fields_is_an_object_in_the_json(rules):
    """Talon's attribute scores, a group of fields drawn from the data, are one object."""
    kind, system_rules = TYPES["talon"], rules["talon"]
    saved = kind.from_query({}, system_rules).to_dict()
    saved["personnage"]["attributs"]["agile"] = 6
    assert kind.from_dict(saved, system_rules).to_query()["agile"] == "6"
    saved["personnage"]["attributs"] = [6]
    with pytest.raises(CharacterError) as error:
        kind.from_dict(saved, system_rules)
    assert "attributs" in error.value.errors
    saved["personnage"]["attributs"] = {"inconnu": 3}
    with pytest.raises(CharacterError, match="Champ inconnu dans « attributs »"):
        kind.from_dict(saved, system_rules)


@pytest.mark.parametrize("key", WITH_TYPE)
def test_a_choice_among_a_kinds_entities_admits_a_house_id_in_the_published_schema(key, rules):
    """House rules: a saved character may name the reader's house atout, aspect…; the published
    schema says so where the choice is among a kind's entities, and nowhere else."""
    system, _ = key.split("/")
    kind = TYPES[system]
    schema = kind.json_schema(rules[system])
    validator = Draft202012Validator(schema)
    fields = schema["properties"]["personnage"]["properties"]
    default = kind.from_query({}, rules[system]).to_dict()
    by_kind = [
        i for i in kind.calculator().inputs if getattr(i, "genre", "") and hasattr(i, "choices")
    ]
    for item in by_kind:
        one = "regle-de-la-maison"
        written = [one] if fields[item.name].get("type") == "array" else one
        character_ = {**default, "personnage": {**default["personnage"], item.name: written}}
        assert not list(validator.iter_errors(character_)), item.name
        bad = [one.upper()] if isinstance(written, list) else "Pas un id"
        character_["personnage"][item.name] = bad
        assert list(validator.iter_errors(character_)), item.name
    # A choice that is not among a kind's entities stays a closed list.
    closed = [
        i for i in kind.calculator().inputs if hasattr(i, "choices") and not getattr(i, "genre", "")
    ]
    for item in closed:
        assert "anyOf" not in fields[item.name] and "anyOf" not in fields[item.name].get(
            "items", {}
        )
