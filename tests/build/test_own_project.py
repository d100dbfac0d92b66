"""A game of its own, as an author makes it: in a folder outside the repository, a fresh
virtual environment with the generator installed (not editable) runs `nouveau-projet`; the
project's README commands then set it up (its own virtual environment, from its
requirements.txt), check it, build it for a sub-path and test it. Served there by a plain
static server, the site of that system alone works in Chromium: its calculator on Pyodide,
its search, its pages and calculator offline. The repository is left as it was.

Slow (two virtual environments, the generator and its dependencies installed from the
package index, a build, the project's tests, Pyodide in Chromium): one test, marked
`projet`, run once."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from first_visit import IN_CONTROL, PAGE_KEPT
from helpers import ROOT, answers, free_port, readme_commands, start_server
from playwright.sync_api import expect

from generator import systems
from generator.core import urls
from generator.pipeline.assets import ENGINE_DIST, ENGINE_VERSION, wheel_name

pytestmark = [pytest.mark.projet, pytest.mark.browser]
SYSTEM = "mon-jeu"
BUNDLED = ("talon", "skillcraft", "divin6", "undesix", "reserve-d6")
SUB_PATH = "mon-depot"  # as GitHub Pages serves a project's repository: /<dépôt>/
PYODIDE_WAIT_MS = 180_000  # a cold Pyodide start while other tests load the machine
# What the README's commands must not inherit from this test run (or from `make test`).
INHERITED = ("SRD_TESTS_", "VIRTUAL_ENV", "MAKEFLAGS", "MFLAGS", "MAKELEVEL", "PYTHONPATH")


def _environment(**extra: str) -> dict[str, str]:
    kept = {k: v for k, v in os.environ.items() if not k.startswith(INHERITED)}
    return kept | extra


def _run(*command: str, cwd: Path, **env: str) -> subprocess.CompletedProcess:
    done = subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, timeout=1800, env=_environment(**env)
    )
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


def _installed_generator(tmp_path: Path) -> str:
    """The python of a fresh virtual environment with the generator installed from a copy
    of the repository, not editable."""
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", str(venv), cwd=tmp_path)
    python = str(venv / "bin" / "python")
    source = _sources(tmp_path / "generateur")
    _run(
        python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
        "-c", str(ROOT / "requirements.lock"), str(source), cwd=tmp_path,
    )  # fmt: skip
    installed = _generator_folder(python, tmp_path)
    assert not installed.is_relative_to(ROOT) and not installed.is_relative_to(source)
    return python


def _generator_folder(python: str, cwd: Path) -> Path:
    done = _run(python, "-c", "import generator; print(generator.__file__)", cwd=cwd)
    return Path(done.stdout.strip()).parent


def _npm_install(project: Path) -> None:
    """What `npm install` gives the project (the tests have no network): its node_modules,
    each package linked to the repository's, marked installed for its Makefile."""
    modules = project / "node_modules"
    modules.mkdir()
    for package in (ROOT / "node_modules").iterdir():
        if package.is_dir():  # the packages and .bin, not the repository's own marks
            (modules / package.name).symlink_to(package)
    (modules / ".installe").touch()


def test_a_project_of_its_own_builds_a_site_of_its_system_alone(tmp_path, browser):
    assert not tmp_path.is_relative_to(ROOT)
    before = _git_status()
    start = time.monotonic()
    python = _installed_generator(tmp_path)
    project = tmp_path / "jeu"
    _run(python, "-m", "generator", "nouveau-projet", str(project), "--id", SYSTEM, cwd=tmp_path)
    commands = readme_commands((project / "README.md").read_text(encoding="utf-8"))
    assert commands["Construire et lire le site"] == ["make serve", "make site"], commands
    assert commands["Vérifier"] == ["make check", "make test"], commands
    _npm_install(project)
    port = free_port()
    address = f"http://127.0.0.1:{port}/{SUB_PATH}/"
    make = {"PYTHON": sys.executable}  # the Makefile's `python3`, as this run has it
    checked = _run("make", "check", cwd=project, **make)
    assert "Données valides : 2 entités, 1 chapitres" in checked.stdout, checked.stdout
    _run("make", "site", cwd=project, SRD_SITE_URL=address, **make)
    installed = _generator_folder(str(project / ".venv" / "bin" / "python"), project)
    assert installed.is_relative_to(project / ".venv")  # from requirements.txt, not editable
    package = sorted(p.relative_to(installed) for p in installed.rglob("*"))
    tested = _run("make", "test", cwd=project, **make)
    assert "9 passed" in tested.stdout, tested.stdout  # its own test and the generic ones
    print(f"installations, nouveau-projet, check, site, test : {time.monotonic() - start:.0f} s")

    site = project / "site"
    _assert_its_system_alone(site)
    assert f"/{SUB_PATH}/sw.js\n  Cache-Control: no-cache" in (site / "_headers").read_text()
    www = tmp_path / "www"  # the host's folder: the site under its sub-path
    www.mkdir()
    (www / SUB_PATH).symlink_to(site)
    httpd, _ = start_server(www, port)
    try:
        _read_in_chromium(browser, address)
    finally:
        httpd.shutdown()
    _serve_answers(project, make)
    assert sorted(p.relative_to(installed) for p in installed.rglob("*")) == package
    assert _git_status() == before


def _assert_its_system_alone(site: Path) -> None:
    """The site of the project's system, none of the bundled ones: pages, schemas, the
    engine's wheel and the search's titles."""
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


def _read_in_chromium(browser, address: str) -> None:
    """The calculator computes on Pyodide, the search finds the system's pages, and both
    the calculator and a chapter read offline once used: all under the sub-path."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    online = [True]  # offline, what was never kept fails to load: no console error to count
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and online[0] else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    calculator_page = address + urls.url(urls.calculator(SYSTEM, "chances")).lstrip("/")
    chapter_page = address + urls.url(urls.chapter(SYSTEM, "resolution")).lstrip("/")

    page.goto(f"{calculator_page}?don=don-avance&seuil=9")
    calculator = page.locator(".srd-calc")
    expect(calculator).to_have_attribute("data-state", "ok", timeout=PYODIDE_WAIT_MS)
    key = calculator.locator(".srd-figures [data-exact]").first
    expect(key).to_have_attribute("data-exact", "5/12")  # 2d6+1 reaches 9 in 15 of 36 rolls
    page.wait_for_function(IN_CONTROL, timeout=PYODIDE_WAIT_MS)
    wasm = address + "assets/pyodide/pyodide.asm.wasm"
    page.wait_for_function(PAGE_KEPT, arg=wasm, timeout=PYODIDE_WAIT_MS)

    page.goto(chapter_page)
    page.keyboard.press("s")
    page.keyboard.type("seuil")
    page.wait_for_function(
        "q => document.getElementById('srd-resultats')?.dataset.complet === q", arg="seuil"
    )
    hits = page.locator(".md-search-result__link").evaluate_all(
        "links => links.map((a) => new URL(a.href).pathname)"
    )
    assert hits[0] == urlsplit(chapter_page).path, hits  # the chapter that says it first
    assert all(hit.startswith(f"/{SUB_PATH}/") for hit in hits), hits
    page.wait_for_function(PAGE_KEPT, arg=chapter_page, timeout=PYODIDE_WAIT_MS)

    context.set_offline(True)
    online[0] = False
    page.goto(f"{calculator_page}?don=don-d-exemple&seuil=9")
    expect(calculator).to_have_attribute("data-state", "ok", timeout=PYODIDE_WAIT_MS)
    expect(key).to_have_attribute("data-exact", "5/18")  # 2d6 reaches 9 in 10 of 36 rolls
    page.goto(chapter_page)
    expect(page.locator("h1").first).to_have_text(re.compile("Résolution"))
    context.close()
    assert not errors, errors


def _serve_answers(project: Path, make: dict[str, str]) -> None:
    """The README's other command, `make serve`, serves the site once built."""
    port = free_port()
    process = subprocess.Popen(
        ["make", "serve", f"PORT={port}", *(f"{k}={v}" for k, v in make.items())],
        cwd=project,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=_environment(),
        start_new_session=True,  # make and the generator it starts, stopped together
    )
    try:
        deadline = time.monotonic() + 600
        while not answers(f"http://127.0.0.1:{port}/__serve/etat"):
            assert process.poll() is None, "make serve s'est arrêté"
            assert time.monotonic() < deadline, "make serve ne répond pas"
            time.sleep(0.5)  # a process starting: nothing to wait on but its answer
        assert answers(f"http://127.0.0.1:{port}" + urls.url(urls.calculator(SYSTEM, "chances")))
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(60)
