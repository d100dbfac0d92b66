"""Rule pages and calculators lead to each other: each calculator declares the rules it
computes (`computes`: a chapter, one of its sections, or an entity); the rule page links to
the calculator where that rule is written, the calculator page links back. Every pair comes
from the registry."""

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from generator.core import urls
from generator.engine import registry

CALCULATORS = registry.all_calculators()


class _Sections(HTMLParser):
    """The links of a page's article, by the section they are in: the id of the heading
    above them ("" before the first section heading)."""

    def __init__(self):
        super().__init__()
        self.links: dict[str, list[str]] = {}
        self.headings: list[str] = []  # ids of the article's headings, in order
        self._section, self._in_article = "", False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "article":
            self._in_article = True
        if not self._in_article:
            return
        if tag in ("h2", "h3", "h4", "h5", "h6"):
            self._section = attrs.get("id") or ""
            self.headings.append(self._section)
        if tag == "a" and attrs.get("href"):
            self.links.setdefault(self._section, []).append(attrs["href"])

    def handle_endtag(self, tag):
        if tag == "article":
            self._in_article = False


def _read(site: Path, page_url: str) -> _Sections:
    page = _Sections()
    page.feed((site / page_url.strip("/") / "index.html").read_text(encoding="utf-8"))
    return page


def _targets(page_url: str, hrefs: list[str]) -> set[str]:
    """The links as site paths with their anchor (« /divin6/regles/combat/#degats »)."""
    found = set()
    for href in hrefs:
        parts = urlsplit(urljoin(page_url, href))
        found.add(parts.path + (f"#{parts.fragment}" if parts.fragment else ""))
    return found


def _rule(calc: registry.Calculator, ref: str) -> tuple[str, str]:
    """The URL of the page a declaration names, and the anchor of its section ("")."""
    kind, _, rest = ref.partition(" ")
    if kind == "regle":
        chapter, _, anchor = rest.partition("#")
        return urls.url(urls.chapter(calc.system, chapter)), anchor
    return urls.url(urls.entity(calc.system, kind, rest)), ""


PAIRS = [(calc, ref) for calc in CALCULATORS for ref in calc.computes]


def test_every_calculator_names_the_rules_it_computes():
    assert [f"{c.system}/{c.id}" for c in CALCULATORS if not c.computes] == []


@pytest.mark.parametrize(("calc", "ref"), PAIRS, ids=[f"{c.system}/{c.id}:{r}" for c, r in PAIRS])
def test_the_rule_links_to_its_calculator_where_it_is_written(site, calc, ref):
    page_url, anchor = _rule(calc, ref)
    page = _read(site, page_url)
    assert not anchor or anchor in page.headings, f"{page_url} : aucune section #{anchor}"
    calculator = urls.url(urls.calculator(calc.system, calc.id))
    assert calculator in _targets(page_url, page.links.get(anchor, [])), (
        f"{page_url}#{anchor} ne mène pas au calculateur {calculator}"
    )


@pytest.mark.parametrize(("calc", "ref"), PAIRS, ids=[f"{c.system}/{c.id}:{r}" for c, r in PAIRS])
def test_the_calculator_links_back_to_the_rule(site, calc, ref):
    page_url, anchor = _rule(calc, ref)
    calculator = urls.url(urls.calculator(calc.system, calc.id))
    found = _read(site, calculator)
    # Before its first section heading: above the form, the first thing read after the title.
    wanted = page_url + (f"#{anchor}" if anchor else "")
    assert wanted in _targets(calculator, found.links.get("", [])), (
        f"{calculator} ne mène pas à la règle {wanted}"
    )


@pytest.mark.parametrize("system", sorted({c.system for c in CALCULATORS}))
def test_the_calculator_index_headings_open_the_calculators(site, system):
    index_url = urls.url(urls.calculators_index(system))
    html = (site / index_url.strip("/") / "index.html").read_text(encoding="utf-8")
    titles = re.findall(r"<h2[^>]*>(.*?)</h2>", html, re.S)
    calcs = registry.of_system(system)
    assert len(titles) == len(calcs)
    for calc, title in zip(calcs, titles, strict=True):
        calculator = urls.url(urls.calculator(system, calc.id))
        links = {urlsplit(urljoin(index_url, h)).path for h in re.findall(r'href="([^"]*)"', title)}
        assert calculator in links, f"le titre « {calc.title} » ne mène pas à {calculator}"
