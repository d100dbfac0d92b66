"""Link check of the whole built site: every internal link and anchor resolves."""

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

EXTERNAL = ("http://", "https://", "mailto:", "data:", "javascript:", "blob:")


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


# <link rel=…> values that make the browser fetch something (canonical, alternate don't).
FETCHED_RELS = {"stylesheet", "icon", "preload", "modulepreload", "manifest"}


def test_every_internal_link_and_anchor_resolves(site, base_url):
    pages = {p: _parse(p) for p in site.rglob("*.html")}
    assert len(pages) > 30
    broken, checked = [], 0
    for path, page in pages.items():
        base = "/" + path.relative_to(site).as_posix()
        for tag, rel, link in page.links:
            if link.startswith(base_url):  # absolute link to this very site (canonical…)
                link = link[len(base_url) :] or "/"
            elif link.startswith(EXTERNAL):
                fetched = tag not in ("a", "link") or rel in FETCHED_RELS
                assert not fetched, f"{base}: ressource chargée depuis une autre origine : {link}"
                continue
            parts = urlsplit(urljoin(base, link))
            target = _target_file(site, parts.path)
            checked += 1
            if not target.is_file():
                broken.append(f"{base}: {link} (fichier absent)")
            elif parts.fragment and target.suffix == ".html":
                if target not in pages:
                    pages[target] = _parse(target)
                if unquote(parts.fragment) not in pages[target].ids:
                    broken.append(f"{base}: {link} (ancre absente)")
    assert not broken, "\n".join(broken[:50])
    assert checked > 500
