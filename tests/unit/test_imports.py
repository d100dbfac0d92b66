"""The import graph of the generator (code by runtime): each folder is a runtime, and a layer
imports only the layers under it; the browser's packages (the data core, the calculators'
runtime, house rules) are three layers, the core lowest; none of them imports the
systems (their package hands itself down, `registry.use`), and no module imports itself
back through others."""

from __future__ import annotations

import importlib
import io
import re
import zipfile

from helpers import ROOT
from import_graph import graph

from generator.pipeline import assets

# Top to bottom: a module may import its own layer and those below it, never one above.
# House rules, the engine, the core and the systems' rule code ship to the browser; the
# rest is build side.
LAYERS = (
    ("cli", r"generator(\.cli|\.__main__)?"),
    ("testing", r"generator\.testing(\..*)?"),  # a project's tests: pytest's plugin
    ("serve", r"generator\.serve(\..*)?"),
    ("pipeline", r"generator\.pipeline(\..*)?"),
    ("version", r"generator\.version"),  # build side, not the wheel: read by cli and pipeline
    ("publication", r"generator\.systems\.\w+\.publication(\..*)?"),
    ("hooks", r"generator\.hooks(\..*)?"),
    ("systems", r"generator\.systems(\..*)?"),
    ("house", r"generator\.house(\..*)?"),
    ("engine", r"generator\.engine(\..*)?"),
    ("core", r"generator\.core(\..*)?"),
)
# The generic packages the browser runs, bottom last, as assets.BROWSER_PACKAGES ships them.
BROWSER_PACKAGES = ("house", "engine", "core")


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


def package(module: str) -> str:
    """`generator.core.urls` -> `core`; `generator` itself -> ""."""
    return module.split(".")[1] if "." in module else ""


def test_the_browser_packages_are_the_three_lowest_layers_core_at_the_bottom():
    names = [name for name, _ in LAYERS]
    assert names[-len(BROWSER_PACKAGES) :] == list(BROWSER_PACKAGES)
    found = {package(name) for name in graph()}
    assert set(BROWSER_PACKAGES) <= found
    assert sorted(assets.BROWSER_PACKAGES) == sorted(BROWSER_PACKAGES)


def test_the_browser_packages_import_only_themselves_and_those_below():
    """The core imports nothing else of the generator; the engine, the core only; house
    rules, the engine and the core. Said by package, so that a wrong edge names both ends."""
    below = {name: set(BROWSER_PACKAGES[n:]) for n, name in enumerate(BROWSER_PACKAGES)}
    edges = {
        (package(name), package(imported))
        for name, imports in graph().items()
        if package(name) in below
        for imported in imports
        if imported != "generator"
    }
    assert {(a, b) for a, b in edges if b not in below[a]} == set()
    # The layers are used: a package that no longer needs the one below should say so here.
    assert {("engine", "core"), ("house", "core"), ("house", "engine")} <= edges


def test_the_wheel_ships_the_browser_layers_and_nothing_of_the_build():
    with zipfile.ZipFile(io.BytesIO(assets.engine_wheel({})[1])) as wheel:
        shipped = {
            name[: -len(".py")].replace("/", ".").removesuffix(".__init__")
            for name in wheel.namelist()
            if name.endswith(".py")
        }
    browser = {name for name in graph() if layer(name) >= layer("generator.systems")}
    for module in ("core.urls", "engine.api", "house.queries", "systems.talon.rules"):
        assert f"generator.{module}" in browser
    assert shipped == browser | {"generator"}
    assert {package(name) for name in shipped} == {"", "systems", *BROWSER_PACKAGES}


def test_the_browser_packages_never_import_the_systems():
    wrong = {
        name: sorted(i for i in imported if i.startswith("generator.systems"))
        for name, imported in graph().items()
        if package(name) in BROWSER_PACKAGES
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


def test_what_the_browser_worker_calls_exists_in_the_browser_packages():
    """calc-worker.mjs names modules (from `generator.`) and functions in strings: a rename
    of either must fail here, not in a reader's browser."""
    worker = (ROOT / "generator" / "browser" / "calc-worker.mjs").read_text(encoding="utf-8")
    calls = re.findall(r'module\("([\w.]+)"\)\.(\w+)', worker)
    calls += [("engine.api", name) for name in re.findall(r"\bapi\.(\w+)\(", worker)]
    assert ("engine.api", "run_json") in calls and ("house.queries", "house_json") in calls
    assert len({module for module, _ in calls}) >= 3
    for module, function in calls:
        assert module.split(".")[0] in BROWSER_PACKAGES, module
        imported = importlib.import_module(f"generator.{module}")
        assert callable(getattr(imported, function, None)), f"{module}.{function}"
    for name in re.findall(r'pyimport\("([\w.]+)"\)', worker):
        importlib.import_module(name)
