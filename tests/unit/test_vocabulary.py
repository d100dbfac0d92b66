"""The schema vocabulary (generator/vocabulary.py) is the code's: every `"x-…"` string the
generator reads is declared there, every declared keyword is read, every keyword a schema
uses is known, and docs/schema-vocabulaire.md is written from it."""

from __future__ import annotations

import ast
import json
import re

from helpers import ROOT

from generator import systems, vocabulary

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
    files = [*(GENERATOR / "schemas").glob("*.json"), *systems.FOLDER.glob("*/schemas/*.json")]

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
    assert not unknown, f"mots-clés lus mais absents de generator/vocabulary.py : {unknown}"


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
