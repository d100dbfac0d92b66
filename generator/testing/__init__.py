"""What a project's tests share, as a pytest plugin (its conftest.py names it:
`pytest_plugins = ["generator.testing"]`): its project loaded before the tests are
collected, its data as `check` judges them (`project_corpus`), its rules as its
calculators receive them (`project_rules`), its site built once (`project_site`, and the
address it was built for, `project_site_url`) and Python run under its Pyodide
(`run_in_pyodide`). The checks of a built site that the repository's tests share with a
project's are modules of their own: site_links.py, api_export.py, phone.py (with
chromium.py, static.py, page_types.py). The generator's own tests of a project's systems
are in generiques/ (`python -m generator tester`, generator/pipeline/tester.py)."""

from __future__ import annotations

import contextlib
import functools
import os
import subprocess
import tempfile
from pathlib import Path

PYODIDE_RUN = Path(__file__).parent / "pyodide_run.mjs"

# The project under test, fixed once: a test that checks a broken copy loads that copy as
# the current project, and the tests after it must still read the real one.
_tested: list[Path] = []


def pytest_configure(config) -> None:
    """The project the tests run on: the folder of pytest's rootdir (its projet.yaml)."""
    from generator.pipeline import project

    if _tested:
        return
    try:
        _tested.append(project.loaded().root)
    except LookupError:
        _tested.append(project.load(Path(config.rootpath)).root)


def under_test(folder: Path) -> None:
    """Name the project under test, for a conftest that loads its project itself after
    importing this package (the repository's tests/conftest.py): its tests that load a
    broken copy must not make that copy the project the others read."""
    _tested[:] = [folder]


def root() -> Path:
    from generator.pipeline import project

    return _tested[0] if _tested else project.loaded().root


def _loaded_before_the_tests() -> None:
    """A conftest that loads its project itself, without this plugin: the project loaded
    when the tests are collected (this module imported) is the one under test."""
    from generator.pipeline import project

    with contextlib.suppress(LookupError):
        _tested.append(project.loaded().root)


_loaded_before_the_tests()


@functools.cache
def project_corpus():
    """The project's data, judged as `check` judges them (raises BuildFailed otherwise)."""
    from generator.pipeline.build import check

    return check(root())[0]


@functools.cache
def project_rules() -> dict:
    """{system: the rules its calculators receive}, built from the project's data."""
    from generator.pipeline.export import engine_data
    from generator.pipeline.rulebook import engine_rules

    return engine_rules(engine_data(project_corpus()))


@functools.cache
def project_site() -> Path:
    """The project's site, built once into a scratch folder (not its site/)."""
    from generator.pipeline.build import build

    scratch = Path(tempfile.mkdtemp(prefix="srd-tests-site-"))
    build(root(), site=scratch / "site", work=scratch / "work")
    return scratch / "site"


def project_site_url() -> str | None:
    """The address the project's site was built for (its `site_url`), or None."""
    from generator.pipeline.build import served_at

    return served_at(project_site().parent / "work" / "mkdocs.yml")


def pyodide_module() -> Path | None:
    """The project's Pyodide (npm install), or None."""
    found = root() / "node_modules" / "pyodide" / "pyodide.mjs"
    return found if found.is_file() else None


def run_in_pyodide(site: Path, code: str) -> str:
    """The string the Python `code` ends on, run under Pyodide with the site's wheels."""
    done = subprocess.run(
        ["node", str(PYODIDE_RUN), str(site)],
        input=code,
        capture_output=True,
        text=True,
        timeout=600,
        env=os.environ | {"PYODIDE": str(pyodide_module())},
    )
    if done.returncode != 0:
        raise AssertionError(f"Pyodide : {done.stderr[-3000:]}")
    return done.stdout
