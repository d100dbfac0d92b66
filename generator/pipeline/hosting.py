"""What the host is told of the site's files: `_headers` at the site's root (the syntax
Netlify and Cloudflare Pages read; docs/publier.md gives nginx's and Apache's).

The service worker and its manifest are the two files a reader's browser must ask for
afresh at each visit: a copy kept in a cache, or a « 304 » a host answers on a file's date,
would keep every reader offline on an old build (offline.py). Every other file is named by
the manifest with its digest, and checked against it. The rules name each file by its full
path from the host's root: the site's own path on its host (the path of its address,
`site_url`) comes first, so a site served under a sub-path is covered as well.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from generator.pipeline.offline import HOST_HEADERS, MANIFEST, SERVICE_WORKER_FILE

HEADERS = HOST_HEADERS
# Always asked for again, compared by content (the host's ETag) or sent whole.
UNCACHED = (SERVICE_WORKER_FILE, MANIFEST)
NO_CACHE = "Cache-Control: no-cache"


def base_path(site_url: str | None) -> str:
    """The path the site is served under, with its slashes: `/`, `/srd/`…"""
    path = urlsplit(site_url or "").path.strip("/")
    return f"/{path}/" if path else "/"


def headers(site_url: str | None) -> str:
    """The text of `_headers` for a site served at `site_url`."""
    base = base_path(site_url)
    lines = [
        "# Écrit par le générateur à chaque construction (docs/publier.md) : lu par Netlify",
        "# et Cloudflare Pages. Le service worker et la liste des fichiers hors ligne sont",
        "# redemandés à chaque visite, sans quoi les lecteurs resteraient sur une ancienne",
        "# construction.",
    ]
    for name in UNCACHED:
        lines += [f"{base}{name}", f"  {NO_CACHE}"]
    return "\n".join(lines) + "\n"


def write_headers(site: Path, site_url: str | None) -> None:
    (site / HEADERS).write_text(headers(site_url), encoding="utf-8")
