"""The import graph of the generator (issue 35): the engine never imports the systems
(their package hands itself down, `registry.use`), and no module imports itself back
through others."""

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


def test_the_engine_never_imports_the_systems():
    wrong = {
        name: sorted(i for i in imported if i.startswith("generator.systems"))
        for name, imported in graph().items()
        if name.startswith("generator.engine")
    }
    assert {name: found for name, found in wrong.items() if found} == {}


def test_no_module_imports_itself_back():
    edges, cycles = graph(), []

    def visit(name: str, path: list[str]) -> None:
        for imported in sorted(edges[name]):
            if imported in path:
                cycles.append(path[path.index(imported) :] + [imported])
            elif imported not in done:
                visit(imported, [*path, imported])
        done.add(name)

    done: set[str] = set()
    for name in sorted(edges):
        if name not in done:
            visit(name, [name])
    assert cycles == []
