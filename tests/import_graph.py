"""The import graph of the generator, read from its source (ast): which generator modules
each module imports, at its top or inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

from helpers import ROOT

PACKAGE = ROOT / "generator"


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """The generator modules `path` imports, at its top or inside a function."""
    here = _module(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            name = ".".join(base + ([node.module] if node.module else []))
            found.add(name)
            found.update(f"{name}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("generator")}


def graph() -> dict[str, set[str]]:
    paths = list(PACKAGE.rglob("*.py"))
    modules = {_module(p): p for p in paths}
    return {name: _imports(path) & set(modules) for name, path in modules.items()}
