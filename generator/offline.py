"""The site offline: a service worker that caches every file of one build.

Pages are cached under their directory URL (`divin6/atout/tir-rapide/`), as readers ask
for them. Source maps, the JSON export and the theme's unused search engine are left out:
a reader offline needs none of them.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

TEMPLATE = Path(__file__).parent / "templates" / "sw.js"
# The theme's own search (lunr and its worker) is not used: Pagefind's index replaces it.
SKIPPED_DIRS = ("api/", "assets/javascripts/lunr/", "assets/javascripts/workers/")
SKIPPED_SUFFIXES = (".map", ".gz")


def _wanted(relative: str) -> bool:
    if relative.startswith(SKIPPED_DIRS) or relative.endswith(SKIPPED_SUFFIXES):
        return False
    return relative not in ("sw.js", "sitemap.xml")


def _url(relative: str) -> str:
    """The address a reader asks for: directory URLs for pages."""
    if relative == "index.html":
        return "./"
    if relative.endswith("/index.html"):
        return relative[: -len("index.html")]
    return relative


def write_service_worker(site: Path) -> str:
    """Write site/sw.js for this build; returns its version (a hash of every cached file)."""
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    cached = [f for f in files if _wanted(f)]
    digest = hashlib.sha256()
    for relative in cached:
        digest.update(relative.encode())
        digest.update(hashlib.sha256((site / relative).read_bytes()).digest())
    version = digest.hexdigest()[:16]
    script = TEMPLATE.read_text(encoding="utf-8")
    script = script.replace("__VERSION__", version).replace(
        "__FILES__", json.dumps([_url(f) for f in cached], ensure_ascii=False)
    )
    (site / "sw.js").write_text(script, encoding="utf-8")
    return version
