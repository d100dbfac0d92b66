"""The schema vocabulary (generator/pipeline/vocabulary.py) is the code's: every `"x-…"` string the
generator reads is declared there, every declared keyword is read, every keyword a schema
uses is known, and docs/schema-vocabulaire.md is written from it."""

from __future__ import annotations

import ast
import json
import re

from helpers import ROOT

from generator import systems
from generator.pipeline import schemas, vocabulary

GENERATOR = ROOT / "generator"
KEYWORD = re.compile(r"x-[a-z]+(?:-[a-z]+)*")


def _literals() -> dict[str, list[str]]:
    """{"x-…" string constant: [file:line where the generator's Python code holds it]}."""
    found: dict[str, list[str]] = {}
    for path in sorted(GENERATOR.rglob("*.py")):
        if path.name == "vocabulary.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            value = node.value if isinstance(node, ast.Constant) else None
            if isinstance(value, str) and KEYWORD.fullmatch(value):
                found.setdefault(value, []).append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def _used_in_schemas() -> dict[str, set[str]]:
    """{keyword: schema files} of every `x-…` key written in a schema of the project."""
    found: dict[str, set[str]] = {}
    files = [
        *(GENERATOR / "pipeline" / "schemas").glob("*.json"),
        *systems.FOLDER.glob("*/publication/schemas/*.json"),
    ]

    def walk(node: object, name: str) -> None:
        if isinstance(node, dict):
            for key, child in node.items():
                if key.startswith("x-"):
                    found.setdefault(key, set()).add(name)
                walk(child, name)
        elif isinstance(node, list):
            for child in node:
                walk(child, name)

    for path in files:
        walk(json.loads(path.read_text(encoding="utf-8")), str(path.relative_to(ROOT)))
    return found


def test_every_keyword_read_by_the_code_is_declared():
    unknown = {k: w for k, w in _literals().items() if k not in vocabulary.BY_NAME}
    assert not unknown, (
        f"mots-clés lus mais absents de generator/pipeline/vocabulary.py : {unknown}"
    )


def test_every_declared_keyword_is_read_by_the_code():
    unread = sorted(set(vocabulary.BY_NAME) - set(_literals()))
    assert not unread, f"mots-clés déclarés que le générateur ne lit nulle part : {unread}"


def test_every_keyword_of_the_schemas_is_declared():
    unknown = {k: sorted(f) for k, f in _used_in_schemas().items() if k not in vocabulary.BY_NAME}
    assert not unknown, f"mots-clés des schémas absents du vocabulaire : {unknown}"


def test_every_keyword_is_described_in_full():
    for k in vocabulary.KEYWORDS:
        assert k.description and k.value and k.where, k.name
        assert set(k.where) <= {vocabulary.KIND, vocabulary.PROPERTY, vocabulary.OBJECT}, k.name
        assert json.loads("{" + k.example + "}").keys() == {k.name}, k.name


def test_the_reference_in_docs_is_up_to_date():
    written = (ROOT / vocabulary.DOC).read_text(encoding="utf-8")
    assert written == vocabulary.document(), (
        f"{vocabulary.DOC} n'est pas à jour : lancez .venv/bin/python -m generator vocabulaire"
    )


SEVERAL_REFERENCES = """{
  "title": "Atout",
  "x-pluriel": "Atouts",
  "properties": {
    "prerequis": {
      "type": "array",
      "title": "Prérequis",
      "items": {
        "type": "object",
        "properties": {
          "competence": {"type": "string", "title": "Compétence", "x-ref": "competence"},
          "caracteristique": {"type": "string", "title": "Car.", "x-ref": "caracteristique"},
          "x-nom": {"type": "string", "title": "Un nom de propriété, pas un mot-clé"},
          "min": {"type": "integer", "title": "Minimum"}
        },
        "x-seuil": "min"
      }
    },
    "cout": {"type": "integer", "title": "Coût", "x-signes": true}
  }
}
"""


def test_a_threshold_among_several_references_is_warned_at_its_line(tmp_path):
    path = tmp_path / "atout.json"
    path.write_text(SEVERAL_REFERENCES, encoding="utf-8")
    lines = SEVERAL_REFERENCES.splitlines()
    found = schemas.warnings_of(path)
    assert [(p, line) for p, line, _ in found] == [
        (path, lines.index('        "x-seuil": "min"') + 1),
        (path, next(i for i, t in enumerate(lines, 1) if '"x-signes"' in t)),
    ], found
    said = found[0][2]
    assert "« x-seuil: min » vaudrait pour chacun des renvois « competence », " in said
    assert "« caracteristique »" in said and "x-seuil-fixe" in said
    assert found[1][2].startswith("mot-clé « x-signes » inconnu, le générateur l'ignore ; ")
    assert "vouliez-vous « x-signe » ?" in found[1][2]


def test_a_threshold_with_one_reference_left_is_not_warned(tmp_path):
    fixed = SEVERAL_REFERENCES.replace(
        '"x-ref": "caracteristique"}', '"x-ref": "caracteristique", "x-seuil-fixe": 1}'
    ).replace('"x-signes"', '"x-signe"')
    path = tmp_path / "atout.json"
    path.write_text(fixed, encoding="utf-8")
    assert schemas.warnings_of(path) == []


def test_the_real_schemas_have_no_warning():
    found = [w for s in schemas.systems_with_schemas() for w in schemas.warnings(s)]
    assert not found, found
