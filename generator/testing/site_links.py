"""The link check of a built site: every internal link and anchor of its pages resolves,
and nothing it fetches comes from another origin. One definition, read by the repository's
tests (tests/build/test_links.py) and by a project's (generiques/test_site.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

EXTERNAL = ("http://", "https://", "mailto:", "data:", "javascript:", "blob:")
# <link rel=…> values that make the browser fetch something (canonical, alternate don't).
FETCHED_RELS = {"stylesheet", "icon", "preload", "modulepreload", "manifest"}


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[tuple[str, str, str]] = []  # (tag, rel, url)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("name"):
            self.ids.add(attrs["name"])
        for name in ("href", "src"):
            if attrs.get(name):
                self.links.append((tag, attrs.get("rel") or "", attrs[name]))


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _target_file(site: Path, url_path: str) -> Path:
    path = site / unquote(url_path).lstrip("/")
    return path / "index.html" if url_path.endswith("/") or path.is_dir() else path


@dataclass
class LinkReport:
    pages: int = 0  # HTML pages read
    checked: int = 0  # internal links followed
    broken: list[str] = field(default_factory=list)  # « page: link (why) », in French
    foreign: list[str] = field(default_factory=list)  # resources fetched from elsewhere


def check_links(site: Path, site_url: str | None = None) -> LinkReport:
    """Every link of every page of `site`; `site_url`: the address it was built for, whose
    links (canonical…) and whose sub-path are this very site."""
    address = (site_url or "").rstrip("/")
    base_path = urlsplit(address).path  # "" for a site at the root of its host
    pages = {p: _parse(p) for p in site.rglob("*.html")}
    report = LinkReport(pages=len(pages))
    for path, page in list(pages.items()):
        base = "/" + path.relative_to(site).as_posix()
        for tag, rel, link in page.links:
            if address and link.startswith(address):  # absolute link to this very site
                link = link[len(address) :] or "/"
            elif link.startswith(EXTERNAL):
                if tag not in ("a", "link") or rel in FETCHED_RELS:
                    report.foreign.append(
                        f"{base}: ressource chargée depuis une autre origine : {link}"
                    )
                continue
            elif base_path and link.startswith(base_path + "/"):  # the site's own sub-path
                link = link[len(base_path) :]
            parts = urlsplit(urljoin(base, link))
            target = _target_file(site, parts.path)
            report.checked += 1
            if not target.is_file():
                report.broken.append(f"{base}: {link} (fichier absent)")
            elif parts.fragment and target.suffix == ".html":
                if target not in pages:
                    pages[target] = _parse(target)
                if unquote(parts.fragment) not in pages[target].ids:
                    report.broken.append(f"{base}: {link} (ancre absente)")
    return report


def link_failures(report: LinkReport) -> str:
    """What a test says of `report`'s faults, the first 50 of each, empty when none."""
    said = []
    if report.foreign:
        said.append(
            "Ressources chargées depuis une autre origine :\n" + "\n".join(report.foreign[:50])
        )
    if report.broken:
        said.append(f"Liens cassés ({len(report.broken)}) :\n" + "\n".join(report.broken[:50]))
    return "\n".join(said)
