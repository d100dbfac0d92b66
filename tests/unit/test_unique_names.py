"""One meaning per name in the generator: a class name, or a module's base name,
says one thing wherever it is read. Each system's package is its own namespace: the systems
share role names by design (their `rules.py`, `character.py`, `Rules`…), with one another,
never with the generic code."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from helpers import ROOT

GENERATOR = ROOT / "generator"
SYSTEMS = GENERATOR / "systems"


def _modules() -> list[Path]:
    return sorted(p for p in GENERATOR.rglob("*.py") if "__pycache__" not in p.parts)


def _namespace(path: Path) -> str:
    """The system a module belongs to, or "" for the generic code (systems/__init__.py too)."""
    parts = path.relative_to(GENERATOR).parts
    return parts[1] if parts[0] == "systems" and len(parts) > 2 else ""


def _classes() -> dict[str, list[tuple[str, str]]]:
    """Class name -> [(namespace, module path)], at any depth of every module."""
    found = defaultdict(list)
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                found[node.name].append((_namespace(path), path.relative_to(ROOT).as_posix()))
    return found


def test_no_two_classes_share_a_name():
    """Two of the same name may sit only in two different systems."""
    shared = {}
    for name, places in _classes().items():
        spaces = [space for space, _ in places]
        if ("" in spaces and len(places) > 1) or len(set(spaces)) < len(spaces):
            shared[name] = [path for _, path in places]
    assert shared == {}


def test_the_walk_sees_the_classes_of_every_package():
    """The check above reads what it should: classes of each generic package and a system."""
    places = {path for entries in _classes().values() for _, path in entries}
    for module in ("core/schema_check", "engine/results", "house/render", "pipeline/links"):
        assert f"generator/{module}.py" in places
    assert any(path.startswith("generator/systems/talon/") for path in places)


def test_no_two_generic_modules_share_a_base_name():
    """Across core, engine, house, pipeline, hooks and serve (and the generator's own
    modules); a system's modules are left out, as are the packages' __init__.py."""
    found = defaultdict(list)
    for path in _modules():
        if path.name != "__init__.py" and not path.is_relative_to(SYSTEMS):
            found[path.stem].append(path.relative_to(ROOT).as_posix())
    assert {stem: paths for stem, paths in found.items() if len(paths) > 1} == {}
    for package in ("core", "engine", "house", "pipeline"):
        assert any(paths[0].startswith(f"generator/{package}/") for paths in found.values())
