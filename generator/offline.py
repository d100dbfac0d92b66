"""The site offline: a service worker that caches every file of one build.

Pages are cached under their directory URL (`divin6/atout/tir-rapide/`), as readers ask
for them. Source maps, the JSON export and the theme's unused search engine are left out:
a reader offline needs none of them.

The build's manifest (`hors-ligne.json`: every cached file's address, SHA-256 and size)
lies next to `sw.js`, which carries the manifest's own SHA-256. The worker copies a build
from the network, never from the browser's HTTP cache, checks every stored file against
the manifest, and only then takes over: a cache never mixes two builds.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

TEMPLATE = Path(__file__).parent / "templates" / "sw.js"
MANIFEST = "hors-ligne.json"
# The theme's own search (lunr and its worker) is not used: Pagefind's index replaces it.
SKIPPED_DIRS = ("api/", "assets/javascripts/lunr/", "assets/javascripts/workers/")
SKIPPED_SUFFIXES = (".map", ".gz")


def _wanted(relative: str) -> bool:
    if relative.startswith(SKIPPED_DIRS) or relative.endswith(SKIPPED_SUFFIXES):
        return False
    return relative not in ("sw.js", MANIFEST, "sitemap.xml")


def _url(relative: str) -> str:
    """The address a reader asks for: directory URLs for pages."""
    if relative == "index.html":
        return "./"
    if relative.endswith("/index.html"):
        return relative[: -len("index.html")]
    return relative


def manifest(site: Path) -> dict:
    """{"version", "fichiers": {address: {"sha256", "taille"}}} for the files of `site` a
    reader offline needs; the version is a hash of all of them."""
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    entries = {}
    for relative in filter(_wanted, files):
        content = (site / relative).read_bytes()
        sha256 = hashlib.sha256(content).hexdigest()
        digest.update(relative.encode() + b"\0" + sha256.encode())
        entries[_url(relative)] = {"sha256": sha256, "taille": len(content)}
    return {"version": digest.hexdigest()[:16], "fichiers": entries}


def write_service_worker(site: Path) -> str:
    """Write site/sw.js and its manifest for this build; returns the build's version."""
    content = manifest(site)
    text = json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode()
    (site / MANIFEST).write_bytes(text)
    script = (
        TEMPLATE.read_text(encoding="utf-8")
        .replace("__VERSION__", content["version"])
        .replace("__MANIFEST__", MANIFEST)
        .replace("__MANIFEST_SHA256__", hashlib.sha256(text).hexdigest())
    )
    (site / "sw.js").write_text(script, encoding="utf-8")
    return content["version"]
