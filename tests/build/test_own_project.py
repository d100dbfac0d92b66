"""A game of its own, as an author makes it: in a folder outside the repository, a fresh
virtual environment with the generator installed (not editable), `nouveau-projet`, `check`
and `build` give a site of that system alone, and `tester` passes (its own test and the
generator's generic ones, Pyodide included); the repository is left as it was.

Slow (a virtual environment, the generator and its dependencies installed from the
package index, pinned by requirements.lock): one test, marked `projet`, run once."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
from helpers import ROOT

from generator import systems
from generator.pipeline.assets import ENGINE_DIST, ENGINE_VERSION, wheel_name

pytestmark = pytest.mark.projet
SYSTEM = "mon-jeu"
BUNDLED = ("talon", "skillcraft", "divin6", "undesix", "reserve-d6")


def _run(*command: str, cwd: Path) -> subprocess.CompletedProcess:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    return done


def _git_status() -> str:
    return _run("git", "status", "--porcelain", "--untracked-files=all", cwd=ROOT).stdout


def _sources(destination: Path) -> Path:
    """The repository's files as git sees them (ignored ones aside): pip builds in the
    folder it installs from, which must not be the repository."""
    listed = _run(
        "git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", cwd=ROOT
    ).stdout
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (destination / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination / name)
    return destination


def test_a_project_of_its_own_builds_a_site_of_its_system_alone(tmp_path):
    assert not tmp_path.is_relative_to(ROOT)
    before = _git_status()
    start = time.monotonic()
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", str(venv), cwd=tmp_path)
    python = str(venv / "bin" / "python")
    source = _sources(tmp_path / "generateur")
    _run(
        python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
        "-c", str(ROOT / "requirements.lock"), str(source),
        "pytest",  # what `tester` needs of the test extra requirements.txt installs
        cwd=tmp_path,
    )  # fmt: skip
    installed = Path(
        _run(python, "-c", "import generator; print(generator.__file__)", cwd=tmp_path).stdout
    )
    assert not installed.is_relative_to(ROOT) and not installed.is_relative_to(source)
    project = tmp_path / "jeu"
    _run(python, "-m", "generator", "nouveau-projet", str(project), "--id", SYSTEM, cwd=tmp_path)
    (project / "node_modules").symlink_to(ROOT / "node_modules")  # what `npm install` gives
    checked = _run(python, "-m", "generator", "check", cwd=project)
    assert checked.stdout.startswith("Données valides : 2 entités, 1 chapitres"), checked.stdout
    _run(python, "-m", "generator", "build", cwd=project)
    package = sorted(p.relative_to(installed.parent) for p in installed.parent.rglob("*"))
    tested = _run(python, "-m", "generator", "tester", "-q", "-p", "no:cacheprovider", cwd=project)
    assert "6 passed" in tested.stdout, tested.stdout  # its own test and the generic ones
    seconds = time.monotonic() - start
    print(f"environnement, installation, nouveau-projet, check, build : {seconds:.0f} s")

    site = project / "site"
    assert (site / SYSTEM / "calculateurs" / "chances" / "index.html").is_file()
    for bundled in BUNDLED:
        assert not (site / bundled).exists(), bundled
    schemas = sorted(p.relative_to(site).as_posix() for p in (site / "api").rglob("*.json"))
    assert schemas and not [p for p in schemas if any(b in p for b in BUNDLED)], schemas
    wheel = zipfile.ZipFile(site / "assets" / "wheels" / wheel_name(ENGINE_DIST, ENGINE_VERSION))
    shipped = {
        name.split("/")[2]
        for name in wheel.namelist()
        if name.startswith("generator/systems/") and name.count("/") > 2
    }
    assert shipped == {systems.package_of(SYSTEM)}
    titles = json.loads((site / "assets" / "titres.json").read_text(encoding="utf-8"))
    assert {path.split("/")[0] for _, _, path, *_ in titles} == {SYSTEM}  # the search's titles
    assert (site / "pagefind" / "pagefind.js").is_file() and (site / "sw.js").is_file()
    assert sorted(p.relative_to(installed.parent) for p in installed.parent.rglob("*")) == package
    assert _git_status() == before
