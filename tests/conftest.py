"""Shared fixtures: the real site, built once per test session, and a local server for it."""

from __future__ import annotations

import functools
import shutil
import threading
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


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The real site, built from the real data into a temporary folder."""
    out = tmp_path_factory.mktemp("build")
    build(ROOT, site=out / "site", work=out / "work")
    return out / "site"


@pytest.fixture(scope="session")
def docs(site: Path) -> Path:
    return site.parent / "work" / "docs"


class _QuietHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript", ".wasm": "application/wasm"}

    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="session")
def server(site: Path):
    """Base URL of the built site served on the loopback interface."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(site)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def copy_project(destination: Path) -> Path:
    """A scratch copy of the project's inputs, for tests that break them on purpose."""
    for name in ("data", "content", "site_overrides"):
        shutil.copytree(ROOT / name, destination / name)
    shutil.copy(ROOT / "mkdocs.yml", destination / "mkdocs.yml")
    (destination / "node_modules").symlink_to(ROOT / "node_modules")
    return destination
