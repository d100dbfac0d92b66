"""French typography and words (issue 19, point 6): the typography function, then every
page of the built site read as a reader sees it (the text of its HTML, code left out)."""

from __future__ import annotations

import re
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.engine import registry
from generator.engine.results import format_percent
from generator.engine.typographie import FINE, INSECABLE, html, pluriel, texte

HIDDEN = {"script", "style", "code", "pre", "kbd", "samp", "var", "textarea", "template"}


SPOKEN = {"aria-label", "title", "placeholder", "alt"}


BLOCKS = {"p", "li", "td", "th", "div", "dt", "dd", "h1", "h2", "h3", "h4", "br", "tr", "nav"}


class _Text(HTMLParser):
    """The text of a page as a reader sees it: code and scripts left out, a line break at
    each block so two blocks' texts never glue."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.spoken: list[str] = []  # what a screen reader or a tooltip says
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        self.spoken.extend(v for k, v in attrs if k in SPOKEN and v)
        if tag in BLOCKS:
            self.parts.append("\n")
        if tag in HIDDEN:
            self.hidden += 1

    def handle_endtag(self, tag):
        if tag in HIDDEN and self.hidden:
            self.hidden -= 1
        if tag in BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def page_text(page: Path) -> tuple[str, str]:
    """The page's text, and its attributes read aloud (labels, tooltips)."""
    return html_text(page.read_text(encoding="utf-8"))


def html_text(document: str) -> tuple[str, str]:
    """The text of some HTML, and its attributes read aloud (labels, tooltips)."""
    reader = _Text()
    reader.feed(document)
    return "".join(reader.parts), "\n".join(reader.spoken)


def built_pages(site: Path) -> dict[str, tuple[str, str]]:
    """{URL path: (text, attributes read aloud)} of every HTML page of the site (the
    search index's files aside)."""
    return {
        _url(page.relative_to(site)): page_text(page)
        for page in sorted(site.rglob("*.html"))
        if page.relative_to(site).parts[0] not in ("pagefind", "assets")
    }


def _url(relative: Path) -> str:
    """/talon/atout/ for talon/atout/index.html, /404.html for 404.html."""
    if relative.name == "index.html":
        return f"/{relative.parent}/".replace("/./", "/")
    return f"/{relative}"


BREAKABLE_BEFORE = re.compile(r"\S[ \t\n]+[:;!?](?=\s|$|[)»\].,])|«[ \t\n]|[ \t\n]»|\d[ \t\n]+%")


PLURAL_MARK = re.compile(r"\w\((?:s|e|es|x)\)")


LONG_DECIMAL = re.compile(r"\d,\d{5,}")


ENGLISH = re.compile(
    r"\b(?:Skip to content|Back to top|Made with|Table of contents|Type to start searching"
    r"|Search|Previous|Next|Copy to clipboard|Loading|Close|Clear|Share|Edit this page"
    r"|Last update|Not found|Page not found|Light mode|Dark mode|Submit|Error|Show more)\b",
    re.I,
)


SCHEMA_KEY = re.compile(r"\b[a-z]+_[a-z_]+ ?: |:\s*(?:true|false|True|False|None|null)\b")


def offences(pages: dict[str, str], pattern: re.Pattern) -> list[str]:
    """« URL : the excerpt » for each page where `pattern` is found (its first match)."""
    found = []
    for url, text in pages.items():
        match = pattern.search(text)
        if match:
            excerpt = text[max(0, match.start() - 30) : match.end() + 10].replace("\n", " ")
            found.append(f"{url} : {excerpt!r}")
    return found


def long_names(pages: dict[str, str], systems: dict[str, dict]) -> list[str]:
    """Pages that name a system by its long form, other than the system's own page."""
    found = []
    for system_id, meta in systems.items():
        short, long = meta.get("nom_court"), meta["nom"]
        if not short:
            continue
        for url, text in pages.items():
            if long in text and url != f"/{system_id}/":
                found.append(f"{url} : {long}")
    return found


@pytest.fixture(scope="module")
def read(site) -> dict[str, tuple[str, str]]:
    return built_pages(site)


@pytest.fixture(scope="module")
def pages(read) -> dict[str, str]:
    return {url: text for url, (text, _) in read.items()}


@pytest.fixture(scope="module")
def system_meta(root) -> dict[str, dict]:
    import yaml

    return {
        path.parent.name: yaml.safe_load(path.read_text(encoding="utf-8"))
        for path in sorted((root / "data").glob("*/systeme.yaml"))
    }


def test_no_breakable_space_before_french_punctuation_on_any_page(pages):
    assert len(pages) > 1000
    found = offences(pages, BREAKABLE_BEFORE)
    assert not found, f"{len(found)} pages, dont : " + "\n".join(found[:10])


def test_no_plural_in_parentheses_on_any_page(pages):
    found = offences(pages, PLURAL_MARK)
    assert not found, f"{len(found)} pages, dont : " + "\n".join(found[:10])


def test_no_decimal_of_five_digits_or_more_on_any_page(pages):
    found = offences(pages, LONG_DECIMAL)
    assert not found, f"{len(found)} pages, dont : " + "\n".join(found[:10])


def test_no_schema_key_on_any_page(pages):
    found = offences(pages, SCHEMA_KEY)
    assert not found, f"{len(found)} pages, dont : " + "\n".join(found[:10])


def test_no_english_ui_string_on_any_page(read):
    found = offences({url: "\n".join(both) for url, both in read.items()}, ENGLISH)
    assert not found, f"{len(found)} pages, dont : " + "\n".join(found[:10])


def test_one_name_per_system(pages, system_meta):
    found = long_names(pages, system_meta)
    assert not found, f"{len(found)} pages, dont : " + "\n".join(found[:10])
