"""Shared fixtures: the real site, built once per test session, and a local server for it."""

from __future__ import annotations

import contextlib
import functools
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from generator.build import build

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-gpu",
]


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium, driven by Playwright (which must not download a browser)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@functools.cache
def repo_rules() -> dict:
    """{system: the rules its calculators receive}, built from the repository's data."""
    from generator.build import check
    from generator.export import engine_data, engine_rules

    return engine_rules(engine_data(check(ROOT)[0]))


@pytest.fixture(scope="session")
def rules() -> dict:
    return repo_rules()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="session")
def base_url() -> str:
    """Where the test server will listen; the site is built for that address, as for a
    deployment (Material's instant navigation needs the right site_url)."""
    return f"http://127.0.0.1:{free_port()}"


@pytest.fixture(scope="session")
def site(tmp_path_factory, base_url) -> Path:
    """The real site, built from the real data into a temporary folder."""
    out = tmp_path_factory.mktemp("build")
    build(ROOT, site=out / "site", work=out / "work", site_url=base_url + "/")
    return out / "site"


@pytest.fixture(scope="session")
def docs(site: Path) -> Path:
    return site.parent / "work" / "docs"


class QuietHandler(SimpleHTTPRequestHandler):
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, *args) -> None:
        pass


def start_server(folder: Path, port: int = 0) -> tuple[ThreadingHTTPServer, str]:
    httpd = ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(QuietHandler, directory=str(folder))
    )
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


@pytest.fixture(scope="session")
def server(site: Path, base_url: str):
    """Base URL of the built site served on the loopback interface."""
    httpd, url = start_server(site, int(base_url.rsplit(":", 1)[1]))
    yield url
    httpd.shutdown()


@pytest.fixture
def project(tmp_path) -> Path:
    """A scratch copy of the project, for a test that breaks it on purpose."""
    return copy_project(tmp_path / "projet")


def copy_project(destination: Path) -> Path:
    """A scratch copy of the project's inputs, for tests that break them on purpose."""
    for name in ("data", "content", "site_overrides"):
        shutil.copytree(ROOT / name, destination / name)
    shutil.copy(ROOT / "mkdocs.yml", destination / "mkdocs.yml")
    (destination / "node_modules").symlink_to(ROOT / "node_modules")
    return destination


@contextlib.contextmanager
def serving(project: Path, log: Path, first_build_seconds: float = 900):
    """`python -m generator serve` on `project` as a writer runs it; yields its address
    once the first build is served (`serve`'s output goes to `log`)."""
    port = free_port()
    with log.open("w") as output:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "generator",
                "--racine",
                str(project),
                "serve",
                "--port",
                str(port),
            ],
            cwd=ROOT,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + first_build_seconds
            while True:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"serve n'a pas démarré :\n{log.read_text()}")
                try:
                    urllib.request.urlopen(base + "/__serve/etat", timeout=5).read()
                    break
                except OSError:
                    time.sleep(0.5)
            yield base
        finally:
            process.terminate()
            process.wait(60)
