"""The engine's schema check (generator/core/schema_check.py) judges a value as `check`
always has: it knows every keyword the real schemas use, and on the real data and on
faulty variants of it, it finds what jsonschema finds, said as the build said it."""

from __future__ import annotations

import functools
import json
import re

import pytest
from helpers import ROOT
from jsonschema import Draft202012Validator, ValidationError, validators

from generator import systems
from generator.core import schema_check
from generator.pipeline import schemas
from generator.pipeline.corpus import CHAPTER_SCHEMA, FRONT_MATTER, without_source
from generator.pipeline.editor import original_systems
from generator.pipeline.yamlload import parse_yaml

ORIGINAL_CHAPTER = "chapitre d'un système original"


@functools.cache
def all_schemas() -> dict[str, dict]:
    """Every schema `check` judges with: the system file's, the chapters' front matter,
    and each composed kind of each system."""
    found = {"systeme": schemas.system_schema(), "chapitre": CHAPTER_SCHEMA}
    found[ORIGINAL_CHAPTER] = without_source(CHAPTER_SCHEMA)
    originals = original_systems(ROOT)  # their `source` is optional, as `check` judges them
    for system in systems.ids():
        for kind in schemas.kinds(system).values():
            schema = without_source(kind.schema) if system in originals else kind.schema
            found[f"{system}/{kind.id}"] = schema
    return found


# Where JSON Schema (2020-12) puts subschemas: a keyword's value is a schema, a list of
# them, or a map of names to them. Everything else is a keyword's plain value.
ONE = {"items", "additionalProperties", "propertyNames", "if", "then", "else", "not"}
ONE |= {"contains", "unevaluatedItems", "unevaluatedProperties", "additionalItems"}
LIST = {"allOf", "anyOf", "oneOf", "prefixItems"}
MAP = {"properties", "patternProperties", "$defs", "dependentSchemas", "definitions"}


def keywords(schema: object, found: dict[str, set] | None = None) -> dict[str, set]:
    """keyword -> the schemas (by name) it appears in, at any depth."""
    found = {} if found is None else found
    if isinstance(schema, dict):
        for key, value in schema.items():
            found.setdefault(key, set())
            if key in ONE:
                keywords(value, found)
            elif key in LIST:
                for each in value:
                    keywords(each, found)
            elif key in MAP:
                for each in value.values():
                    keywords(each, found)
    return found


def references(schema: object) -> set[str]:
    if isinstance(schema, dict):
        found = {schema["$ref"]} if isinstance(schema.get("$ref"), str) else set()
        for key, value in schema.items():
            if key in ONE:
                found |= references(value)
            elif key in LIST:
                found |= set().union(*map(references, value))
            elif key in MAP:
                found |= set().union(*map(references, value.values()))
        return found
    return set()


def test_the_check_knows_exactly_the_keywords_the_schemas_use():
    used: set[str] = set()
    for schema in all_schemas().values():
        used |= set(keywords(schema))
    unknown = {
        k for k in used if k not in schema_check.CHECKED and not schema_check.is_documentary(k)
    }
    assert unknown == set(), "mots-clés que schema_check ne vérifie pas"
    # Nothing checked that no schema uses: the oracle below could not hold it to jsonschema.
    assert schema_check.CHECKED - used == set()
    # `$ref` only as « #/$defs/<name> », the one form the check resolves.
    refs = set().union(*map(references, all_schemas().values()))
    assert refs and all(ref.startswith("#/$defs/") for ref in refs), refs


# The build's translation of jsonschema's findings, as it stood before the engine's check:
# the oracle, with jsonschema as the independent judge.
_TYPES = {
    "string": "un texte",
    "integer": "un entier",
    "number": "un nombre",
    "boolean": "vrai ou faux (true/false)",
    "array": "une liste",
    "object": "un objet (clé: valeur)",
    "null": "rien",
}


def _type_name(value: object) -> str:
    for name, kind in (
        ("boolean", bool),
        ("integer", int),
        ("number", float),
        ("string", str),
        ("array", list),
        ("object", dict),
    ):
        if isinstance(value, kind):
            return _TYPES[name]
    return _TYPES["null"]


def _where(path: tuple) -> str:
    shown = ".".join(str(p) for p in path if not isinstance(p, int))
    return f"« {shown} » : " if shown else ""


def oracle(
    validator: Draft202012Validator, instance: object, met: set | None = None
) -> list[tuple[tuple, str]]:
    found = []
    for error in validator.iter_errors(instance):
        if met is not None:  # for the test, not the translation: the keywords that failed
            met.add(error.validator)
        path = tuple(error.absolute_path)
        where = _where(path)
        match error.validator:
            case "required":
                missing = [name for name in error.validator_value if name not in error.instance]
                for name in missing:
                    found.append((path, f"{where}champ obligatoire « {name} » manquant"))
            case "additionalProperties":
                allowed = set(error.schema.get("properties", {}))
                for name in error.instance:
                    if name not in allowed:
                        found.append(
                            (
                                path + (name,),
                                f"{where}champ inconnu « {name} » (champs permis : {', '.join(sorted(allowed))})",
                            )
                        )
            case "type":
                expected = (
                    error.validator_value
                    if isinstance(error.validator_value, list)
                    else [error.validator_value]
                )
                wanted = " ou ".join(_TYPES[t] for t in expected)
                found.append(
                    (
                        path,
                        f"{where}type incorrect : attendu {wanted}, trouvé {_type_name(error.instance)}",
                    )
                )
            case "enum":
                found.append(
                    (
                        path,
                        f"{where}valeur « {error.instance} » non permise ; valeurs possibles : {', '.join(map(str, error.validator_value))}",
                    )
                )
            case "pattern":
                found.append(
                    (
                        path,
                        f"{where}« {error.instance} » n'a pas la forme attendue ({schema_check.pattern_form(error.validator_value)})",
                    )
                )
            case "minLength":
                least = error.validator_value
                said = (
                    "texte vide"
                    if least == 1
                    else f"texte trop court (au moins {least} caractères)"
                )
                found.append((path, f"{where}{said}"))
            case "maxItems":
                most = error.validator_value
                said = (
                    "liste qui doit rester vide"
                    if most == 0
                    else f"liste trop longue (au plus {most})"
                )
                found.append((path, f"{where}{said}"))
            case "minProperties":
                least = error.validator_value
                said = "objet vide" if least == 1 else f"trop peu de champs (au moins {least})"
                found.append((path, f"{where}{said}"))
            case "const":
                found.append(
                    (
                        path,
                        f"{where}valeur « {error.instance} » non permise ; valeur attendue : {error.validator_value}",
                    )
                )
            case "exclusiveMinimum":
                found.append(
                    (
                        path,
                        f"{where}valeur {error.instance} hors limites (plus de {error.validator_value} attendu)",
                    )
                )
            case "minItems":
                found.append(
                    (path, f"{where}liste vide ou trop courte (au moins {error.validator_value})")
                )
            case "minimum" | "maximum":
                found.append(
                    (
                        path,
                        f"{where}valeur {error.instance} hors limites ({error.validator} : {error.validator_value})",
                    )
                )
            case _:
                found.append((path, f"{where}{error.message}"))
    return list(dict.fromkeys(found))


_SEARCH = Draft202012Validator.VALIDATORS["pattern"]


def _ecma_pattern(validator, pattern, instance, schema):
    """jsonschema's `pattern`, but where it is wrong: it searches with Python's `re`, whose
    `$` also matches before a final newline (« attaque-bis\n » would be an id); JSON
    Schema's `$` is ECMA-262's, the very end of the text. For a pattern anchored at both
    ends (each of the schemas', `test_the_schemas_patterns_are_anchored_at_both_ends`), the
    text has ECMA's form when Python's fullmatch of what comes before that `$` takes the
    whole text: the expected result, said here since the oracle cannot say it."""
    if isinstance(instance, str) and _anchored(pattern):
        if not re.fullmatch(pattern[:-1], instance):
            yield ValidationError(f"{instance!r} does not match {pattern!r} (ECMA-262)")
        return
    yield from _SEARCH(validator, pattern, instance, schema)


def _anchored(pattern: str) -> bool:
    """`^…$`, its one `$` last, no alternative beside the anchors, nothing that ECMA-262
    and Python read apart in the variants' texts (\\d, \\s, `.`: a \\r, other digits; the
    variants hold no letter beyond ASCII, which \\w tells apart)."""
    return (
        pattern.startswith("^")
        and pattern.endswith("$")
        and pattern.count("$") == 1
        and "|" not in pattern
        and not re.search(r"\\[dDsS]|\.", pattern)
    )


EcmaValidator = validators.extend(Draft202012Validator, {"pattern": _ecma_pattern})


@functools.cache
def judges(name: str) -> tuple[schema_check.Validator, Draft202012Validator]:
    schema = all_schemas()[name]
    return schema_check.Validator(schema), EcmaValidator(schema)


def test_the_schemas_patterns_are_anchored_at_both_ends():
    """What `_ecma_pattern` needs to say ECMA's result: every pattern reads `^…$`."""
    patterns = set()

    def gather(schema):
        if isinstance(schema, dict):
            if isinstance(schema.get("pattern"), str):
                patterns.add(schema["pattern"])
            for value in schema.values():
                gather(value)
        elif isinstance(schema, list):
            for value in schema:
                gather(value)

    for schema in all_schemas().values():
        gather(schema)
    assert schema_check.ID_PATTERN in patterns and len(patterns) > 3
    assert [p for p in patterns if not _anchored(p)] == []


@functools.cache
def real_values() -> dict[str, list]:
    """Schema name -> the values of the repository that `check` judges with it."""
    found: dict[str, list] = {name: [] for name in all_schemas()}
    originals = original_systems(ROOT)
    for folder in sorted(p for p in (ROOT / "data").iterdir() if p.is_dir()):
        chapters = ORIGINAL_CHAPTER if folder.name in originals else "chapitre"
        meta = parse_yaml((folder / "systeme.yaml").read_text(encoding="utf-8")).data
        found["systeme"].append(meta)
        for path in sorted(folder.glob("*.yaml")):
            if path.name != "systeme.yaml":
                entities = parse_yaml(path.read_text(encoding="utf-8")).data
                found[f"{folder.name}/{path.name.split('.')[0]}"] += entities
        for chapter in sorted((ROOT / "content" / folder.name).glob("*.md")):
            header = FRONT_MATTER.match(chapter.read_text(encoding="utf-8"))
            found[chapters].append(parse_yaml(header[1]).data)
    return found


def test_the_real_data_is_valid_for_the_engine_as_for_jsonschema():
    judged = 0
    for name, values in real_values().items():
        mine, theirs = judges(name)
        for value in values:
            assert mine.problems(value) == [] == oracle(theirs, value), (name, value.get("id"))
            judged += 1
    assert judged > 1000


# Faulty variants of real values: each is one fault (a few, several), where the schema
# says something: a wrong type, a value outside an enum, a broken pattern, a bound passed…
WRONG = ["texte", 7, 2.5, True, None, [], {}]  # one of each type, 2.5 for « integer »


def resolved(spec: dict, root: dict) -> dict:
    """A subschema with its `$ref` followed (its siblings kept), to know what to break."""
    while "$ref" in spec:
        target = root["$defs"][spec["$ref"].removeprefix("#/$defs/")]
        spec = {**target, **{k: v for k, v in spec.items() if k != "$ref"}}
    return spec


def wrong_values(value: object, spec: dict) -> list:
    """Values that break `spec` (or try to): one of each type, then past each bound."""
    found = list(WRONG)
    types = spec.get("type", [])
    if "integer" in (types if isinstance(types, list) else [types]):
        found += [3.0, -0.0, False]  # an integer, for jsonschema; not a boolean
    if isinstance(value, dict | list):
        found += [[1], {"a": 1}]
    if "enum" in spec or "const" in spec:
        found += ["hors-liste", 1]
    if "pattern" in spec:
        # Python's `$` also ends before a \n, ECMA's does not: see _ecma_pattern.
        found += ["Pas valide !", "a b", "valide\n"]
        found += [value + "\n", "\n" + value] if isinstance(value, str) else []
    if "minLength" in spec:
        found += ["", "é" * (spec["minLength"] - 1)]
    for key, step in (("minimum", -1), ("maximum", 1), ("exclusiveMinimum", 0)):
        if key in spec:
            found += [spec[key] + step, spec[key] + step / 2, float(spec[key] + step)]
    if isinstance(value, list):
        first = value[:1] or ["x"]
        found += [[], value[: spec.get("minItems", 1) - 1], value + first * 7]
    if isinstance(value, dict) or "minProperties" in spec:
        found += [{}]
    return found


def variants(value: object, spec: dict, root: dict, seen: set, key: object = None):
    """Copies of `value` with one fault each (its own, or one below it). A field's wrong
    values are given once (`seen`), whichever sample has it: they do not depend on it."""
    spec = resolved(spec, root)
    if key not in seen:
        seen.add(key)
        yield from wrong_values(value, spec)
    if isinstance(value, dict):
        fields = spec.get("properties", {})
        for name in spec.get("required", []):
            if name in value:
                yield {k: v for k, v in value.items() if k != name}
        yield {}
        yield {**value, "champ_inconnu": 1}
        yield {**value, 1: "clé entière"}
        if not isinstance(spec.get("additionalProperties"), dict):  # see the test below
            yield {k: 2.5 for k in value}  # every field wrong at once: the order of findings
        for name, field in fields.items():
            here = (id(fields), name)
            if name in value:
                for wrong in variants(value[name], field, root, seen, here):
                    yield {**value, name: wrong}
            elif here not in seen:  # a field the samples lack, given wrong values
                seen.add(here)
                for wrong in wrong_values(None, resolved(field, root)):
                    yield {**value, name: wrong}
        other = spec.get("additionalProperties")
        if isinstance(other, dict):
            for name in [k for k in value if k not in fields][:2]:
                for wrong in variants(value[name], other, root, seen, id(other)):
                    yield {**value, name: wrong}
            # One extra name per variant: jsonschema finds extra names as a set, in no set
            # order, where the checker says them in the file's order.
            yield {**value, "Autre": ["valable"]}
            yield {**value, "AUTRE": 3}
        if "propertyNames" in spec:
            yield {**value, "pas une clé": ["abc"], 7: ["abc"]}
        # The system file's condition: its `else` applies unless `if` holds.
        for name in spec.get("else", {}).get("required", []):
            without = {k: v for k, v in value.items() if k != name}
            yield without
            for field, condition in spec.get("if", {}).get("properties", {}).items():
                if "const" in condition:
                    yield {**without, field: condition["const"]}
    if isinstance(value, list) and value and "items" in spec:  # its last item: index in path
        for wrong in variants(value[-1], spec["items"], root, seen, id(spec["items"])):
            yield [*value[:-1], wrong]


def samples(values: list) -> list:
    """Few real values that hold, between them, every list and object any value has (a
    scalar field missing from them is given wrong values all the same)."""

    def containers(value, at=()):
        if isinstance(value, dict | list):
            yield at
            for key, child in value.items() if isinstance(value, dict) else enumerate(value):
                yield from containers(child, (*at, key if isinstance(value, dict) else "*"))

    left = set().union(*(set(containers(v)) for v in values)) if values else set()
    chosen = []
    while left:
        best = max(values, key=lambda v: len(left & set(containers(v))))
        chosen.append(best)
        left -= set(containers(best))
    return chosen or [{}]


def failing(schema: object) -> set[str]:
    """The keywords of `schema` that can fail by themselves, where a value is judged (not
    in the condition of an `if`, whose failure is no finding)."""
    found: set[str] = set()
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "if" or schema_check.is_documentary(key) or key == "$ref":
                continue
            if key == "additionalProperties" and value is False:
                found.add(key)
            elif key in ONE:
                found |= failing(value)
            elif key in LIST:
                found |= set().union(*map(failing, value))
            elif key in MAP:
                found |= set().union(*map(failing, value.values()))
            else:
                found.add(key)
    return found


@pytest.mark.parametrize("name", sorted(all_schemas()))
def test_faulty_variants_are_judged_as_jsonschema_judges_them(name):
    schema, values = all_schemas()[name], real_values()[name]
    if name == "systeme":  # `source` is required unless the system is original
        values = [v for v in values if v.get("origine") != "original"]
    if name == ORIGINAL_CHAPTER:  # the relaxed schema judges every chapter's variants
        values = values + real_values()["chapitre"]
    mine, theirs = judges(name)
    seen: set = set()
    made = [v for value in samples(values) for v in variants(value, schema, schema, seen)]
    faulty, met = 0, set()
    for variant in made:
        expected = oracle(theirs, variant, met)
        assert mine.problems(variant) == expected, variant
        faulty += bool(expected)
    assert faulty > len(made) / 2  # the variants are faulty, mostly
    assert failing(schema) - met == set()  # and break every keyword that can fail


def test_jsonschema_orders_the_other_fields_as_a_set_and_the_check_as_written():
    """The one difference: `additionalProperties` as a schema (`abreviations`) goes through
    the other fields in jsonschema's set order, which changes from one process to the next
    (the hash of texts); the check keeps the value's own order."""
    schema = {"type": "object", "additionalProperties": {"type": "array"}}
    value = {name: 1 for name in ("PV", "PE", "DEX", "FOR", "INT", "CON")}
    mine = schema_check.Validator(schema).problems(value)
    assert [path for path, _ in mine] == [(name,) for name in value]
    assert sorted(mine) == sorted(oracle(Draft202012Validator(schema), value))


@pytest.mark.parametrize(
    "value", [3, 3.0, 3.5, -0.0, True, False, None, "3", [], {}, float("inf"), 10**30]
)
@pytest.mark.parametrize(
    "kind", ["integer", "number", "string", "boolean", "array", "object", "null"]
)
def test_each_type_takes_what_jsonschema_takes(kind, value):
    schema = {"type": kind, "minimum": 1, "maximum": 5}
    assert schema_check.Validator(schema).problems(value) == oracle(
        Draft202012Validator(schema), value
    )


@pytest.mark.parametrize(
    "schema,where",
    [
        (
            {"properties": {"a": {"type": "string", "format": "email"}}},
            ("properties", "a", "format"),
        ),
        ({"if": {"required": ["a"]}, "then": {"required": ["b"]}}, ("then",)),
        ({"anyOf": [{"type": "string"}]}, ("anyOf",)),
        ({"items": {"uniqueItems": True}}, ("items", "uniqueItems")),
        ({"$defs": {"n": {"maxLength": 3}}}, ("$defs", "n", "maxLength")),
    ],
)
def test_a_keyword_the_check_does_not_know_is_refused_when_it_is_built(schema, where):
    with pytest.raises(schema_check.UnsupportedSchema) as refused:
        schema_check.Validator(schema)
    assert str(refused.value).startswith(f"mot-clé de schéma non pris en charge : {where[-1]}")
    assert refused.value.where == where


@pytest.mark.parametrize(
    "schema", [{"$ref": "#/definitions/a"}, {"$ref": "#/$defs/absent"}, {"$ref": "autre.json"}]
)
def test_a_reference_the_check_cannot_follow_is_refused(schema):
    with pytest.raises(schema_check.UnsupportedSchema, match="renvoi non pris en charge"):
        schema_check.Validator(schema)


def test_a_kind_schema_with_such_a_keyword_is_a_fault_at_its_line(tmp_path):
    schema = tmp_path / "systems" / "essai" / "publication" / "schemas" / "objet.json"
    schema.parent.mkdir(parents=True)
    own = {
        "title": "Objet",
        "x-pluriel": "Objets",
        "properties": {"poids": {"title": "Poids", "type": "number", "multipleOf": 0.5}},
    }
    schema.write_text(json.dumps(own, indent=2, ensure_ascii=False), encoding="utf-8")
    line = next(
        n for n, text in enumerate(schema.read_text().splitlines(), 1) if "multipleOf" in text
    )
    assert schemas.faults_of(schema) == [
        (
            schema,
            line,
            "mot-clé de schéma non pris en charge : multipleOf (à #/properties/poids/multipleOf)",
        )
    ]


def test_an_original_systems_relaxed_schema_is_judged_as_well():
    kind = next(iter(schemas.kinds("divin6").values()))
    relaxed = without_source(kind.schema)
    value = {"id": "x", "nom": "X", "resume": "R"}
    assert schemas.problems(relaxed, value) == oracle(Draft202012Validator(relaxed), value)


@pytest.mark.parametrize(
    "value", [1, 1.0, True, False, 0, None, "1", [1], [True], {"a": 1}, {"a": True}, [], {}]
)
def test_enum_and_const_compare_as_jsonschema_does(value):
    """1 equals 1.0, never True (the schemas' enums are texts, so the data cannot tell)."""
    for schema in ({"enum": [1, False, None, [1], {"a": 1}]}, {"const": 1}, {"const": [1]}):
        assert schema_check.Validator(schema).problems(value) == oracle(
            Draft202012Validator(schema), value
        )


ID = schema_check.ID_PATTERN


@pytest.mark.parametrize(
    ("pattern", "text", "matches"),
    [
        (ID, "attaque-bis", True),
        (ID, "attaque-bis\n", False),  # Python's re.search (jsonschema's) says it matches
        (ID, "attaque-bis\r", False),
        (ID, "\nattaque-bis", False),
        ("bis", "attaque-bis-2", True),  # without anchors, anywhere: ECMA's search
        ("bis$", "attaque-bis\n", False),
        ("^a|b$", "b\n", False),
        ("^a|b$", "ab", True),
        ("a\\$", "a$\n", True),  # an escaped `$` is a dollar sign
        ("^[$]$", "$", True),
        ("^.$", "\r", False),  # ECMA's `.` takes no line terminator, Python's takes \r
        ("^.$", "\u2028", False),
        ("^.$", "é", True),
        ("^.$", "\U0001f600", True),  # one code point, as with the `u` flag
        ("^\\d+$", "42", True),
        ("^\\d+$", "٤٢", False),  # ECMA's \d is ASCII, Python's takes other digits
        ("^[\\w-]+$", "bonus_attribut", True),
        ("^[\\w-]+$", "réussite", False),  # so is ECMA's \w
        ("^\\W$", "é", True),
        ("\\bbis\\b", "attaque-bis", True),
        ("\\bé", "é", False),
        ("^\\s$", "\u00a0", True),
        ("^\\s$", "\ufeff", True),  # a space for ECMA, not for Python
        ("^\\s$", "\x1c", False),  # a space for Python, not for ECMA
        ("^[\\s]$", "\u3000", True),
        ("^\\S$", "\u00a0", False),
        ("^a{2}$", "aa", True),
        ("^a{2,}?$", "aaa", True),
        ("^(?:ab)+$", "abab", True),
        ("^a(?=b)", "ab", True),
        ("^a(?!b)", "ab", False),
        ("(?<=a)b", "ab", True),
        ("^[a\\]]+$", "a]", True),
        ("^[[&~|]+$", "[&~|", True),  # plain in ECMA's class, no set operation
        ("^\\x41\\u00e9$", "Aé", True),
    ],
)
def test_a_pattern_matches_as_ecma_262_reads_it(pattern, text, matches):
    """JSON Schema's patterns are ECMA-262's: the expected results are ECMA's (what a
    browser's RegExp with the `u` flag finds), not Python's nor jsonschema's."""
    found = schema_check.Validator({"type": "string", "pattern": pattern}).problems(text)
    assert (found == []) is matches, found


@pytest.mark.parametrize(
    "pattern",
    [
        "^a\\Z",  # Python's end: ECMA has no \Z
        "\\Aa",
        "(?i)a",
        "(?P<n>a)",
        "(?<n>a)",
        "(?#note)a",
        "a*+",  # possessive for Python 3.11, nothing to repeat for ECMA
        "a{2}+",
        "a???",
        "a{,2}",  # {0,2} for Python, a syntax error for ECMA
        "a{x}",
        "a}",
        "a]",
        "[]",
        "[^]",
        "[a",
        "\\p{L}",
        "\\k<n>",
        "\\1",
        "\\0",
        "\\é",
        "\\-",
        "[\\S]",
        "\\uD83D",
        "(a",
        "a\\",
    ],
)
def test_a_pattern_ecma_and_python_read_apart_is_refused_when_built(pattern):
    """A syntax error for ECMA-262 that Python would read (its own groups and escapes),
    or ECMA's own (`[^]`, `\\p{L}`, a lone surrogate…) that Python reads otherwise or not."""
    with pytest.raises(schema_check.UnsupportedSchema) as refused:
        schema_check.Validator({"properties": {"a": {"pattern": pattern}}})
    assert str(refused.value).startswith(f"motif non pris en charge : {pattern!r} : ")
    assert refused.value.where == ("properties", "a", "pattern")
