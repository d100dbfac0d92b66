"""The reader's side: source references leave the running text for discreet markers.

Running text: what a page's article says, outside the editorial apparatus, that is the
editorial notes (admonitions « Note éditoriale », the errata page that lists them), the
source markers and their print notes, and the final « Source : … » line.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from helpers import ROOT

from generator import systems
from generator.core import urls

# Elements whose text is not running text (see the module's docstring).
APPARATUS = ("admonition", "note", "srd-src", "srd-src-bulle", "srd-src-notes", "srd-source")


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


TYPED = re.compile(r"\bl\.\s*\d")


class Article(HTMLParser):
    """The running text of a page's article, and the labels of its source markers."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0  # inside the article
        self.skipped = 0  # depth inside an element of the apparatus
        self.text: list[str] = []
        self.markers: list[dict] = []

    def handle_starttag(self, tag, attrs) -> None:
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "article" and "md-content__inner" in classes:
            self.depth = 1
            return
        if not self.depth or tag in VOID:
            return
        self.depth += 1
        if classes and classes[0] == "srd-src":
            self.markers.append(attrs)
        # A script's text (a page's data) is not read; the page draws what it shows.
        if self.skipped or tag == "script" or set(classes) & set(APPARATUS) and tag != "table":
            self.skipped += 1

    def handle_endtag(self, tag) -> None:
        if not self.depth or tag in VOID:
            return
        self.depth -= 1
        if self.skipped:
            self.skipped -= 1

    def handle_data(self, data) -> None:
        if self.depth and not self.skipped:
            self.text.append(data)


def read(page: Path) -> Article:
    article = Article()
    article.feed(page.read_text(encoding="utf-8"))
    return article


SYSTEMS = systems.ids()


# What a marker calls each system: its short name.
TITLES = [
    (meta := yaml.safe_load(path.read_text(encoding="utf-8"))).get("nom_court", meta["nom"])
    for path in sorted((ROOT / "data").glob("*/systeme.yaml"))
]


SPAN = r"\d+(?:–\d+)?"


SAID = re.compile(
    rf"^Source : (?:{'|'.join(map(re.escape, TITLES))}), (?:[^;]+, )?l\.\u00a0{SPAN}(?:, {SPAN})*"
    rf"(?: ; (?:[^;]+, )?l\.\u00a0{SPAN}(?:, {SPAN})*)*$"
)


def folder(docs_path: str) -> str:
    return urls.url(docs_path).strip("/")


def rule_pages(site: Path) -> list[Path]:
    """Every page of the site but the errata pages, which are all editorial notes. The
    calculators' pages are in: their texts cite their lines with markers too."""
    errata = {folder(urls.errata(s)) for s in SYSTEMS}
    pages = []
    for page in sorted(site.rglob("index.html")):
        if page.parent.relative_to(site).as_posix() not in errata:
            pages.append(page)
    return pages


@pytest.fixture(scope="module")
def articles(site):
    return {page.relative_to(site).as_posix(): read(page) for page in rule_pages(site)}


def test_no_page_types_a_line_reference_in_its_running_text(articles):
    typed = [
        f"{page} : « {match.group(0)} »"
        for page, article in articles.items()
        for match in TYPED.finditer(" ".join(article.text))
    ]
    assert len(articles) > 1000
    assert not typed, "\n".join(typed[:40])


def test_every_marker_says_title_section_and_lines(articles):
    markers = [m for article in articles.values() for m in article.markers]
    assert len(markers) > 150  # the texts moved their line references to markers
    wrong = [m.get("aria-label") for m in markers if not SAID.match(m.get("aria-label") or "")]
    assert not wrong, wrong[:20]
    # The section comes from the data: only a line no `source` field covers has none.
    without = [
        m["aria-label"] for m in markers if re.match(r"^Source : [^,]+, l\.\s", m["aria-label"])
    ]
    assert len(without) <= 0.05 * len(markers), without
