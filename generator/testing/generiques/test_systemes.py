"""The generator's tests of a project's own systems, driven by the registry: every system
of the project, every calculator it declares; run by `python -m generator tester` beside
the project's tests (tests/build/test_own_project.py runs them on a new project)."""

from __future__ import annotations

import ast
import json
import shutil
import sys
from pathlib import Path

import pytest

from generator import systems
from generator.engine import api, registry
from generator.testing import project_rules, project_site, pyodide_module, run_in_pyodide

SYSTEMS = systems.ids()  # the plugin has loaded the project: its systems only
CALCULATORS = registry.all_calculators()
# What the rule code shipped to the browser may import, beside the standard library and
# its own package (tests/unit/test_imports.py holds the generator to the same).
BROWSER_PACKAGES = ("generator.core", "generator.engine", "generator.house")


def _calculator_id(calculator) -> str:
    return f"{calculator.system}/{calculator.id}"


def test_the_project_has_systems_and_its_data_pass_check():
    assert SYSTEMS, f"aucun système dans {systems.systems_folder()}"
    project_rules()  # raises BuildFailed, with every problem, if `check` fails


@pytest.mark.parametrize("system", SYSTEMS)
def test_each_file_of_a_systems_package_has_its_role(system):
    folder = systems.folder(system)
    files = [
        p.relative_to(folder).as_posix()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    ]
    strays = [f for f in files if not any(role.matches(f) for role in systems.ROLES)]
    assert strays == [], f"fichiers sans rôle (generator/systems/__init__.py, ROLES) : {strays}"
    missing = [r.path for r in systems.ROLES if r.required and not any(map(r.matches, files))]
    assert missing == [], f"fichiers obligatoires absents : {missing}"


def _imports(path: Path, package: tuple[str, ...]) -> list[tuple[int, str]]:
    """(line, module) of each import of the file, relative ones made absolute."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else ()
            found.append((node.lineno, ".".join([*base, *filter(None, [node.module])])))
    return found


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_rule_code_imports_only_what_the_browser_has(system):
    folder = systems.folder(system)
    own = f"generator.systems.{systems.package_of(system)}"
    refused = []
    for path in sorted(folder.rglob("*.py")):
        inside = path.relative_to(folder)
        if systems.PUBLICATION in inside.parts:
            continue  # the build's part, never in the wheel
        package = (*own.split("."), *inside.parent.parts)
        for line, module in _imports(path, package):
            top = module.split(".")[0]
            if top in sys.stdlib_module_names or module == own or module.startswith(own + "."):
                continue
            if not module.startswith(BROWSER_PACKAGES) and module != "generator.engine":
                refused.append(f"{path}:{line}: {module}")
    assert refused == [], "le navigateur n'a pas ces modules : " + " ; ".join(refused)


@pytest.mark.parametrize("calculator", CALCULATORS, ids=_calculator_id)
def test_each_calculator_gives_its_default_result(calculator):
    html = calculator.default_html(project_rules().get(calculator.system))
    assert html.strip()


def test_the_calculators_answer_under_pyodide_as_on_cpython():
    """Each calculator's default reply, in the engine wheel of the built site under the
    project's Pyodide, byte for byte the one CPython gives."""
    if pyodide_module() is None or shutil.which("node") is None:
        pytest.skip("Pyodide absent (npm install) ou Node absent : calculateurs non essayés")
    queries = [(c.system, c.id, {}) for c in CALCULATORS]
    code = (
        "import json\nimport generator.systems\nfrom generator.engine.api import run_json\n"
        f"Q = {queries!r}\njson.dumps([run_json(s, c, json.dumps(q)) for s, c, q in Q])"
    )
    replies = json.loads(run_in_pyodide(project_site(), code))
    expected = [api.reply(registry.get(s, c), q, project_rules().get(s)) for s, c, q in queries]
    assert replies == expected
