"""The site offline: a service worker that keeps, per build, what the reader uses, and the
whole site when the reader asks for it (page « Consulter hors ligne », urls.OFFLINE).

Pages are cached under their directory URL (`divin6/atout/tir-rapide/`), as readers ask
for them. Source maps, the JSON export and the theme's unused search engine are left out
of the full copy: a reader offline needs none of them.

The build's manifest (`hors-ligne.json`: every cached file's address, SHA-256 and size)
lies next to `sw.js`, which carries the manifest's own SHA-256. The worker copies a build
from the network, never from the browser's HTTP cache, checks every stored file against
the manifest, and only then takes over; what it keeps as the reader goes is checked against
the same manifest: a cache never mixes two builds. Nor does a page: what the server sends of
a newer build never reaches a page of this one (the worker says a new version is coming,
and asks the browser to install it; once it takes over, the open pages reload). An open
page asks for a new build at each instant navigation and every
browser_contract.NEW_BUILD_CHECK_MS.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from generator.pipeline.assets import SERVICE_WORKER

TEMPLATE = SERVICE_WORKER
MANIFEST = "hors-ligne.json"
SERVICE_WORKER_FILE = "sw.js"
# Read by the host, never served to a reader (hosting.py): not part of the copy.
HOST_HEADERS = "_headers"
# The theme's own search (lunr and its worker) is not used: Pagefind's index replaces it.
SKIPPED_DIRS = ("api/", "assets/javascripts/lunr/", "assets/javascripts/workers/")
SKIPPED_SUFFIXES = (".map", ".gz")
# What a calculator's worker loads (Python and the engine): the page that starts it cannot
# list these files, so the worker is told them, to keep them after a first visit.
ENGINE = ("assets/calc-worker.mjs", "assets/pyodide/", "assets/wheels/")
# Written by the page « Consulter hors ligne » where the size of the full copy goes.
SIZE_PLACEHOLDER = "TAILLEDELACOPIE"


def _wanted(relative: str) -> bool:
    if relative.startswith(SKIPPED_DIRS) or relative.endswith(SKIPPED_SUFFIXES):
        return False
    if relative.startswith("."):  # a hidden file: the build's marker (site_folder.MARKER)
        return False
    return relative not in (SERVICE_WORKER_FILE, MANIFEST, HOST_HEADERS, "sitemap.xml")


def _url(relative: str) -> str:
    """The address a reader asks for: directory URLs for pages."""
    if relative == "index.html":
        return "./"
    if relative.endswith("/index.html"):
        return relative[: -len("index.html")]
    return relative


# A file's digest in the manifest: the first 128 bits of its SHA-256, in hex. Enough to tell
# one build's bytes from another's (the manifest itself is checked by its full SHA-256, in
# sw.js), and half the weight: the manifest is most of a first visit.
FILE_DIGEST_CHARS = 32


def manifest(site: Path) -> dict:
    """{"version", "fichiers": {address: {"sha256", "taille"}}} for the files of `site` a
    reader offline needs (`sha256`: the first FILE_DIGEST_CHARS hex digits); the version is
    a hash of all of them."""
    digest = hashlib.sha256()
    entries = {}
    for relative in _cached_files(site):
        content = (site / relative).read_bytes()
        sha256 = hashlib.sha256(content).hexdigest()[:FILE_DIGEST_CHARS]
        digest.update(relative.encode() + b"\0" + sha256.encode())
        entries[_url(relative)] = {"sha256": sha256, "taille": len(content)}
    return {"version": digest.hexdigest()[:16], "fichiers": entries}


def _cached_files(site: Path) -> list[str]:
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    return list(filter(_wanted, files))


def spelled_size(size: int) -> str:
    """« ≈ 54 Mo »: what a reader needs to decide (decimal megabytes, as phone plans count)."""
    megabytes = size / 1_000_000
    shown = f"{megabytes:.1f}".replace(".", ",") if megabytes < 10 else f"{megabytes:.0f}"
    return f"≈\u00a0{shown}\u00a0Mo"


def cached_sizes(site: Path) -> dict[str, int]:
    """{path: size} of every file of `site` kept in the full offline copy."""
    return {relative: (site / relative).stat().st_size for relative in _cached_files(site)}


def with_size(html: str, sizes: dict[str, int]) -> str:
    return html.replace(SIZE_PLACEHOLDER, spelled_size(sum(sizes.values())))


def write_offline_size(site: Path) -> tuple[dict[str, int], dict[str, str]]:
    """Write the size of the full copy into the pages that show it (the page itself changes
    by a few bytes meanwhile: nothing the rounding shows). Returns the sizes counted and
    those pages as they were before, by path."""
    sizes = cached_sizes(site)
    before = {}
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        if SIZE_PLACEHOLDER in html:
            before[page.relative_to(site).as_posix()] = html
            page.write_text(with_size(html, sizes), encoding="utf-8")
    return sizes, before


def write_service_worker(site: Path) -> str:
    """Write site/sw.js and its manifest for this build; returns the build's version."""
    content = manifest(site)
    text = json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode()
    (site / MANIFEST).write_bytes(text)
    engine = [f for f in content["fichiers"] if f.startswith(ENGINE)]
    script = (
        TEMPLATE.read_text(encoding="utf-8")
        .replace("__VERSION__", content["version"])
        .replace("__MANIFEST__", MANIFEST)
        .replace("__MANIFEST_SHA256__", hashlib.sha256(text).hexdigest())
        .replace("__ENGINE__", " ".join(engine))
    )
    (site / SERVICE_WORKER_FILE).write_text(script, encoding="utf-8")
    return content["version"]
