"""What `serve` adds to the pages it sends, and only there (nothing of it is in site/):
the open page reloads itself when a rebuild changes it, and shows the sources' errors
in an overlay while the last good site stays served underneath."""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from generator.pipeline.errors import Problems

PREFIX = "/__serve/"
ASSETS = Path(__file__).parent / "direct"
# Same origin: the pages' CSP (script-src 'self', style-src 'self') lets them in.
TAGS = (
    f'<link rel="stylesheet" href="{PREFIX}direct.css">'
    f'<script src="{PREFIX}direct.js" defer></script>'
).encode()
HISTORY = 64  # rebuilds remembered, for a page that missed some while away
WAIT_SECONDS = 25.0  # below the server's idle timeout
# What a page sends back: nothing at first, then the « token:generation » it was answered
# (of this `serve`, or of one since restarted). ASCII digits only: int() reads « ² » as a
# digit and refuses, and beyond 4,300 digits refuses too.
SINCE = re.compile(r"([^:]*):([0-9]{1,18})")


def valid_since(since: str) -> bool:
    return since == "" or SINCE.fullmatch(since) is not None


def inject(html: bytes) -> bytes:
    """The page with the live-reload script, before </body> (or at the end)."""
    at = html.rfind(b"</body>")
    return html + TAGS if at < 0 else html[:at] + TAGS + html[at:]


def asset(name: str) -> bytes | None:
    """One of the files `serve` adds (its script and style), by name."""
    if name not in ("direct.js", "direct.css"):
        return None
    return (ASSETS / name).read_bytes()


def service_worker() -> bytes:
    return (ASSETS / "sw.js").read_bytes()


def page_url(relative: str) -> str:
    """« a/b/index.html » → « /a/b/ » (the address a reader sees)."""
    if relative == "index.html" or relative.endswith("/index.html"):
        return "/" + relative[: -len("index.html")]
    return "/" + relative


def fingerprints(site: Path, pages: Iterable[str] | None = None) -> dict[str, str | None]:
    """{page address: digest of its HTML (None: no longer there)}, for every page of the
    built site, or for `pages` (paths of HTML files in it)."""
    paths = site.rglob("*.html") if pages is None else (site / page for page in pages)
    return {page_url(path.relative_to(site).as_posix()): _digest(path) for path in paths}


def _digest(path: Path) -> str | None:
    try:
        return hashlib.blake2b(path.read_bytes(), digest_size=16).hexdigest()
    except FileNotFoundError:
        return None


def changed_pages(before: dict[str, str], after: dict[str, str]) -> set[str]:
    return {url for url in before.keys() | after.keys() if before.get(url) != after.get(url)}


@dataclass(frozen=True)
class Error:
    fichier: str
    ligne: int
    message: str


class BuildState:
    """The last rebuild's outcome, waited for by the pages (long polling)."""

    def __init__(self, site: Path):
        self.site = site
        self.token = secrets.token_hex(8)  # a restarted `serve` starts its count afresh
        self.generation = 0
        self.errors: list[Error] = []
        self._pages = fingerprints(site) if site.exists() else {}
        self._history: list[set[str]] = []  # pages changed by each generation
        self._condition = threading.Condition()

    def built(self, written: Iterable[str] | None = None) -> None:
        """A rebuild is in place: its pages are compared with the last ones (only those
        `written`, when a partial rebuild says which HTML files it wrote or removed)."""
        if written is None:
            pages = fingerprints(self.site)
        else:
            pages = {**self._pages, **fingerprints(self.site, written)}
        pages = {url: digest for url, digest in pages.items() if digest is not None}
        self._publish(changed_pages(self._pages, pages), [])
        self._pages = pages

    def failed(self, problems: Problems) -> None:
        items = sorted(set(problems.items))
        self._publish(set(), [Error(p.path, p.line, p.message) for p in items])

    def crashed(self, message: str) -> None:
        self._publish(set(), [Error("generator", 1, message)])

    def _publish(self, changed: set[str], errors: list[Error]) -> None:
        with self._condition:
            self.generation += 1
            self.errors = errors
            self._history = (self._history + [changed])[-HISTORY:]
            self._condition.notify_all()

    def wait(self, since: str, timeout: float = WAIT_SECONDS) -> dict:
        """The state once it differs from `since` (« token:generation »), or after
        `timeout`; `modifiees` lists the pages changed since then (« * »: maybe all)."""
        with self._condition:
            self._condition.wait_for(lambda: self._key() != since, timeout)
            return self._answer(since)

    def _key(self) -> str:
        return f"{self.token}:{self.generation}"

    def _answer(self, since: str) -> dict:
        known = SINCE.fullmatch(since)
        missed = self.generation - int(known[2]) if known and known[1] == self.token else -1
        if not 0 <= missed <= len(self._history):
            changed = ["*"] if since else []
        else:
            changed = sorted(set().union(*self._history[len(self._history) - missed :]))
        return {
            "etat": self._key(),
            "modifiees": changed,
            "erreurs": [vars(error) for error in self.errors],
        }

    def answer_json(self, since: str) -> bytes:
        return json.dumps(self.wait(since), ensure_ascii=False).encode()
