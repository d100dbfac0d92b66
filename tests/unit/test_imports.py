"""The import graph of the generator (issue 35): each folder is a runtime, and a layer
imports only the layers under it; the engine never imports the systems (their package
hands itself down, `registry.use`), and no module imports itself back through others."""

from __future__ import annotations

import importlib
import io
import re
import zipfile

from helpers import ROOT
from import_graph import graph

from generator.pipeline import assets

# Top to bottom: a module may import its own layer and those below it, never one above.
# The engine and the systems' rule code ship to the browser; the rest is build side.
LAYERS = (
    ("cli", r"generator(\.cli|\.__main__)?"),
    ("serve", r"generator\.serve(\..*)?"),
    ("pipeline", r"generator\.pipeline(\..*)?"),
    ("publication", r"generator\.systems\.\w+\.publication(\..*)?"),
    ("hooks", r"generator\.hooks(\..*)?"),
    ("systems", r"generator\.systems(\..*)?"),
    ("engine", r"generator\.engine(\..*)?"),
)


def layer(module: str) -> int:
    return next(n for n, (_, pattern) in enumerate(LAYERS) if re.fullmatch(pattern, module))


def test_every_module_is_in_a_layer_and_imports_none_above_it():
    upward = [
        f"{name} ({LAYERS[layer(name)][0]}) → {imported} ({LAYERS[layer(imported)][0]})"
        for name, imports in sorted(graph().items())
        for imported in sorted(imports)
        if imported != "generator" and layer(imported) < layer(name)
    ]
    assert upward == []


def test_the_wheel_ships_the_two_browser_layers_and_nothing_of_the_build():
    with zipfile.ZipFile(io.BytesIO(assets.engine_wheel({})[1])) as wheel:
        shipped = {
            name[: -len(".py")].replace("/", ".").removesuffix(".__init__")
            for name in wheel.namelist()
            if name.endswith(".py")
        }
    browser = {name for name in graph() if layer(name) >= layer("generator.systems")}
    assert "generator.engine.urls" in browser and "generator.systems.talon.rules" in browser
    assert shipped == browser | {"generator"}


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


def test_what_the_browser_worker_calls_exists_in_the_engine():
    """calc-worker.mjs names engine modules and functions in strings: a rename of either
    must fail here, not in a reader's browser."""
    worker = (ROOT / "generator" / "browser" / "calc-worker.mjs").read_text(encoding="utf-8")
    calls = re.findall(r'module\("(\w+)"\)\.(\w+)', worker)
    calls += [("api", name) for name in re.findall(r"\bapi\.(\w+)\(", worker)]
    assert ("api", "run_json") in calls and len({module for module, _ in calls}) >= 3
    for module, function in calls:
        imported = importlib.import_module(f"generator.engine.{module}")
        assert callable(getattr(imported, function, None)), f"{module}.{function}"
    for name in re.findall(r'pyimport\("([\w.]+)"\)', worker):
        importlib.import_module(name)
