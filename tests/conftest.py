"""Fixtures of every tier (see tests/README.md): the real site, built once per test run and
shared by every worker; one static server for it; one Chromium per worker.

The test run (the pytest process, or xdist's controller) names a folder and a port in the
environment, which its workers inherit: the first worker to need the site builds it there
under a lock, the others wait on the lock and read it; the first to need the server starts
it (tests/serve_folder.py), and the run stops it at its end.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    SCAFFOLDED,
    answers,
    copy_project,
    copy_whole_project,
    free_port,
    generator_run,
    repo_rules,
)

from generator import testing
from generator.pipeline import project
from generator.pipeline.build import build

project.load(ROOT)  # the repository's systems: what the tests' parameters list
testing.under_test(ROOT)  # helpers imported generator.testing before this load

RUN_FOLDER, RUN_PORT, RUN_PID = "SRD_TESTS_RUN", "SRD_TESTS_PORT", "SRD_TESTS_PID"
SITE_INPUTS = ("data", "content", "generator", "mkdocs.yml", "projet.yaml", "package-lock.json")


def _is_worker(config) -> bool:
    return hasattr(config, "workerinput")


def pytest_configure(config) -> None:
    if _is_worker(config) or RUN_FOLDER in os.environ:
        return
    os.environ[RUN_FOLDER] = tempfile.mkdtemp(prefix="srd-tests-")
    os.environ[RUN_PORT] = str(free_port())
    os.environ[RUN_PID] = str(os.getpid())
    config._srd_owns_run = True


def pytest_unconfigure(config) -> None:
    if not getattr(config, "_srd_owns_run", False):
        return
    run = Path(os.environ.pop(RUN_FOLDER))
    with contextlib.suppress(FileNotFoundError, ProcessLookupError, ValueError):
        os.kill(int((run / "server.pid").read_text()), signal.SIGTERM)
    shutil.rmtree(run, ignore_errors=True)


@contextlib.contextmanager
def run_lock(name: str):
    """A lock shared by every worker of the run."""
    with (Path(os.environ[RUN_FOLDER]) / f"{name}.lock").open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def inputs_digest(extra: str) -> str:
    """A digest of every file the site is built from (and `extra`)."""
    digest = hashlib.sha256(extra.encode())
    for name in SITE_INPUTS:
        path = ROOT / name
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for file in files:
            if "__pycache__" in file.parts:
                continue
            digest.update(file.relative_to(ROOT).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(file.read_bytes()).digest())
    return digest.hexdigest()[:16]


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium, driven by Playwright (which must not download a browser): one per
    worker, a new context per test."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def quiet_profile(browser, server):
    """One browser profile (its pages share localStorage), desktop-sized, without service
    worker; at the end, no console error, no page error and no alert, confirm or prompt of
    the browser's own (the site asks with its own dialogs)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    errors: list[str] = []

    def watch(page):
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("dialog", lambda d: errors.append(f"dialogue {d.type} : {d.message}"))

    context.on("page", watch)
    context.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield context
    context.close()
    assert not errors, errors


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def rules() -> dict:
    return repo_rules()


@pytest.fixture(scope="session")
def base_url() -> str:
    """Where the run's server listens; the site is built for that address, as for a
    deployment (Material's instant navigation needs the right site_url)."""
    return f"http://127.0.0.1:{os.environ[RUN_PORT]}"


@pytest.fixture(scope="session")
def site(base_url) -> Path:
    """The real site, built from the real data once per run, keyed by its inputs."""
    out = Path(os.environ[RUN_FOLDER]) / f"site-{inputs_digest(base_url)}"
    with run_lock("site"):
        if not (out / "complete").exists():
            shutil.rmtree(out, ignore_errors=True)
            build(ROOT, site=out / "site", work=out / "work", site_url=base_url + "/")
            (out / "complete").touch()
    return out / "site"


@pytest.fixture(scope="session")
def docs(site: Path) -> Path:
    return site.parent / "work" / "docs"


@pytest.fixture(scope="session")
def server(site: Path, base_url: str):
    """Base URL of the built site served on the loopback interface (one server per run)."""
    run = Path(os.environ[RUN_FOLDER])
    with run_lock("server"):
        if not answers(base_url + "/404.html"):
            process = subprocess.Popen(
                [sys.executable, str(ROOT / "tests/serve_folder.py"), str(site)]
                + [base_url.rsplit(":", 1)[1], os.environ[RUN_PID]],
                cwd=ROOT / "tests",
            )
            (run / "server.pid").write_text(str(process.pid))
            deadline = time.monotonic() + 60
            while not answers(base_url + "/404.html"):
                assert process.poll() is None, "le serveur du site de test s'est arrêté"
                assert time.monotonic() < deadline, "le serveur du site de test ne répond pas"
                time.sleep(0.05)  # a process starting: no event to wait on but its answer
    return base_url


@dataclass(frozen=True)
class Scaffolded:
    project: Path  # a whole copy of the project, with the new system
    site: Path  # its site, built for `base_url`
    base_url: str  # where a test may serve it (Material's instant navigation needs it)
    said: dict[str, subprocess.CompletedProcess]  # each command's run, by its name


@pytest.fixture(scope="session")
def scaffolded() -> Scaffolded:
    """A copy of the project in which `nouveau-systeme` made a system, then `check` and
    `build` ran, all through the command line: once per run, shared by every worker."""
    out = Path(os.environ[RUN_FOLDER]) / "nouveau-systeme"
    project, site = out / "projet", out / "site"
    with run_lock("nouveau-systeme"):
        if not (out / "complete").exists():
            shutil.rmtree(out, ignore_errors=True)
            copy_whole_project(project)
            port = free_port()
            said = {
                "nouveau-systeme": generator_run(project, "nouveau-systeme", SCAFFOLDED),
                "check": generator_run(project, "check"),
                "build": generator_run(
                    project,
                    "build",
                    "--site",
                    str(site),
                    SRD_SITE_URL=f"http://127.0.0.1:{port}/",
                ),
            }
            (out / "said.json").write_text(
                json.dumps(
                    {"port": port}
                    | {n: [d.returncode, d.stdout, d.stderr] for n, d in said.items()}
                )
            )
            (out / "complete").touch()
    kept = json.loads((out / "said.json").read_text())
    port = kept.pop("port")
    said = {
        name: subprocess.CompletedProcess([name], code, stdout, stderr)
        for name, (code, stdout, stderr) in kept.items()
    }
    return Scaffolded(project, site, f"http://127.0.0.1:{port}", said)


@pytest.fixture
def project(tmp_path) -> Path:
    """A scratch copy of the project, for a test that breaks it on purpose."""
    return copy_project(tmp_path / "projet")
