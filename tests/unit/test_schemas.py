"""The schemas say what every field means: a French title everywhere, labels for enums."""

from __future__ import annotations

import pytest

from generator.pipeline import schemas


def _properties(node: dict, path: tuple = ()):
    for key, spec in node.get("properties", {}).items():
        yield path + (key,), spec
        yield from _properties(spec, path + (key,))
    if isinstance(node.get("items"), dict):
        yield from _properties(node["items"], path + ("*",))


ALL_SCHEMAS = sorted(schemas.published().items())


@pytest.mark.parametrize("name,schema", ALL_SCHEMAS, ids=[n for n, _ in ALL_SCHEMAS])
def test_every_property_has_a_french_title(name, schema):
    missing = [".".join(path) for path, spec in _properties(schema) if not spec.get("title")]
    for key, definition in schema.get("$defs", {}).items():
        missing += [
            f"$defs.{key}." + ".".join(path)
            for path, spec in _properties(definition)
            if not spec.get("title")
        ]
    assert not missing, f"{name} : propriétés sans « title » : {', '.join(missing)}"


@pytest.mark.parametrize("name,schema", ALL_SCHEMAS, ids=[n for n, _ in ALL_SCHEMAS])
def test_every_title_reads_as_a_label(name, schema):
    """A title is shown as the label of a value (« Dés d'attaque sournoise (d6) : 1 »): it
    starts with a capital letter or a digit, never « d6 d'attaque sournoise 1 »."""
    lower = [
        ".".join(path)
        for path, spec in _properties(schema)
        if spec.get("title") and not spec["title"][0].isupper() and not spec["title"][0].isdigit()
    ]
    assert not lower, f"{name} : {', '.join(lower)}"


@pytest.mark.parametrize("name,schema", ALL_SCHEMAS, ids=[n for n, _ in ALL_SCHEMAS])
def test_every_enum_value_has_a_label(name, schema):
    for path, spec in _properties(schema):
        if "enum" in spec:
            assert set(spec.get("x-libelles", {})) == set(spec["enum"]), (
                f"{name} : {'.'.join(path)}"
            )


def test_a_title_missing_is_reported():
    broken = {
        "properties": {
            "a": {"type": "object", "title": "A", "properties": {"b": {"type": "string"}}}
        }
    }
    assert [".".join(p) for p, s in _properties(broken) if not s.get("title")] == ["a.b"]
