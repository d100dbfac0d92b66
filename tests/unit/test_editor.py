"""Writing a new system: every data file of every system gets its schema in a YAML editor
(`python -m generator editeur`), and each real data file validates against it."""

from __future__ import annotations

import json
from fnmatch import fnmatch

import pytest
import yaml
from helpers import ROOT

from generator import systems
from generator.pipeline import editor


def _data_files() -> list[str]:
    """data/<system>/*.yaml of every system of the registry, from the project's root."""
    return [
        path.relative_to(ROOT).as_posix()
        for system in systems.ids()
        for path in sorted((ROOT / "data" / system).glob("*.yaml"))
    ]


def _schema_of(data_file: str) -> list[str]:
    return [
        schema
        for schema, globs in editor.mapping().items()
        if any(fnmatch(data_file, glob) for glob in globs)
    ]


def test_the_mapping_gives_each_data_file_of_every_system_one_schema():
    files = _data_files()
    assert {f.split("/")[1] for f in files} == set(systems.ids())
    for data_file in files:
        assert len(_schema_of(data_file)) == 1, (data_file, _schema_of(data_file))
    written = {f"{editor.FOLDER}/{name}" for name in editor.files(ROOT)}
    assert set(editor.mapping()) <= written


@pytest.mark.parametrize("data_file", _data_files())
def test_each_data_file_validates_against_its_schema(data_file):
    jsonschema = pytest.importorskip("jsonschema")
    referencing = pytest.importorskip("referencing")
    # Schemas found by their path, as the editor does: a list's $ref is relative to it.
    base = "file:///projet/"
    registry = referencing.Registry().with_resources(
        (f"{base}{editor.FOLDER}/{name}", referencing.Resource.from_contents(schema))
        for name, schema in editor.files(ROOT).items()
    )
    (schema,) = _schema_of(data_file)
    validator = jsonschema.Draft202012Validator({"$ref": base + schema}, registry=registry)
    data = yaml.safe_load((ROOT / data_file).read_text(encoding="utf-8"))
    errors = [f"{list(e.absolute_path)} : {e.message}" for e in validator.iter_errors(data)]
    assert not errors, errors[:5]


def test_editeur_writes_the_schemas_and_keeps_the_other_settings(tmp_path):
    (tmp_path / ".vscode").mkdir()
    (tmp_path / editor.SETTINGS).write_text('{"editor.tabSize": 2}', encoding="utf-8")
    assert editor.write(tmp_path) == tmp_path / editor.SETTINGS
    settings = json.loads((tmp_path / editor.SETTINGS).read_text(encoding="utf-8"))
    assert settings == {"editor.tabSize": 2, "yaml.schemas": editor.mapping()}
    for schema in editor.mapping():
        assert (tmp_path / schema).is_file(), schema


def test_a_settings_file_with_comments_is_left_alone(tmp_path):
    (tmp_path / ".vscode").mkdir()
    commented = '// mes réglages\n{"editor.tabSize": 2}'
    (tmp_path / editor.SETTINGS).write_text(commented, encoding="utf-8")
    assert editor.write(tmp_path) is None
    assert (tmp_path / editor.SETTINGS).read_text(encoding="utf-8") == commented
    table = json.loads((tmp_path / editor.FOLDER / "yaml-schemas.json").read_text())
    assert table == {"yaml.schemas": editor.mapping()}
