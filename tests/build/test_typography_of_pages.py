"""Every page of the built site read as a reader sees it (the text of its HTML, code left
out): French typography, and text that reads like machine output."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import BREAKABLE_BEFORE, html_text


def page_text(page: Path) -> tuple[str, str]:
    """The page's text, and its attributes read aloud (labels, tooltips)."""
    return html_text(page.read_text(encoding="utf-8"))


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


PLURAL_MARK = re.compile(r"\w\((?:s|e|es|x)\)")
LONG_DECIMAL = re.compile(r"\d,\d{5,}")
ENGLISH = re.compile(
    r"\b(?:Skip to content|Back to top|Made with|Table of contents|Type to start searching"
    r"|Search|Previous|Next|Copy to clipboard|Loading|Close|Clear|Share|Edit this page"
    r"|Last update|Not found|Page not found|Light mode|Dark mode|Submit|Error|Show more)\b",
    re.I,
)
SCHEMA_KEY = re.compile(r"\b[a-z]+_[a-z_]+ ?: |:\s*(?:true|false|True|False|None|null)\b")
# Sentences glued by a comma after their full stop: « …finesse)., Attaque… ».
STOP_COMMA = re.compile(r"(?<!\betc)(?<!\d)\.,")
# A term followed by a link that only repeats it: « débordé (Débordé) ».
ECHO = re.compile(r"\b([\w'’-]+(?: [\w'’-]+){0,5}) \((\1)\)", re.I)
# A hyphen standing for a minus: « -13 » (« PSY-5 », « 1-3 » are not minus signs).
ASCII_MINUS = re.compile(r"(?<![\w.,\-\u2212])-\d")
# A capital A that stands for « À »: « A bout portant ».
# (« A vue » is quoted as printed by UnDéSix; « A l'emporte » names a side, A or B.)
UNACCENTED_A = re.compile(r"(?<![\w'’-])A (?=(?:bout|la|partir|distance|chaque|moins)\b)")
NOTE_MARKER = re.compile(r'class="srd-appel-note"[^>]*>note (\d+)</a>')


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


def _none_found(found: list[str]) -> None:
    assert not found, f"{len(found)} pages, dont : " + "\n".join(found[:10])


def test_no_breakable_space_before_french_punctuation_on_any_page(pages):
    assert len(pages) > 1000
    _none_found(offences(pages, BREAKABLE_BEFORE))


def test_no_plural_in_parentheses_on_any_page(pages):
    _none_found(offences(pages, PLURAL_MARK))


def test_no_decimal_of_five_digits_or_more_on_any_page(pages):
    _none_found(offences(pages, LONG_DECIMAL))


def test_no_schema_key_on_any_page(pages):
    _none_found(offences(pages, SCHEMA_KEY))


def test_no_english_ui_string_on_any_page(read):
    _none_found(offences({url: "\n".join(both) for url, both in read.items()}, ENGLISH))


def test_one_name_per_system(pages, system_meta):
    _none_found(long_names(pages, system_meta))


def test_no_full_stop_before_a_comma_on_any_page(pages):
    """A list of sentences is not joined by commas: « finesse)., Attaque »."""
    _none_found(offences(pages, STOP_COMMA))


def test_no_link_that_echoes_the_word_before_it(pages):
    """« débordé (Débordé) »: the word itself is the link."""
    _none_found(offences(pages, ECHO))


def test_no_ascii_hyphen_for_a_minus_on_any_page(read):
    _none_found(offences({url: "\n".join(both) for url, both in read.items()}, ASCII_MINUS))


def test_a_capital_a_keeps_its_accent(pages):
    _none_found(offences(pages, UNACCENTED_A))


def test_a_field_with_no_value_is_left_out_not_written_aucune(site, root):
    """« Talent requis : aucune » (with the wrong gender): a field whose value is empty
    (`null`) has no line on its entity's fact sheet."""
    from html import escape

    from generator.core import urls
    from generator.pipeline import schemas
    from generator.pipeline.build import check

    corpus, _ = check(root)
    found, checked = [], 0
    for system in corpus.systems.values():
        for entity in system.all_entities():
            spec = schemas.kinds(system.id)[entity.kind].schema["properties"]
            empty = [f for f, v in entity.data.items() if v is None and f in spec]
            if not empty:
                continue
            page = site / urls.url(entity.docs_path).strip("/") / "index.html"
            html = page.read_text(encoding="utf-8")
            for field in empty:
                checked += 1
                title = escape(spec[field].get("title", field), quote=False)
                if f"<dt>{title}</dt>" in html:
                    found.append(f"{entity.docs_path} : {title}")
    assert checked
    _none_found(found)


def test_note_markers_are_numbered_in_reading_order(site):
    found = []
    for page in sorted(site.rglob("*.html")):
        seen: list[int] = []
        for number in map(int, NOTE_MARKER.findall(page.read_text(encoding="utf-8"))):
            if number not in seen:
                seen.append(number)
        if seen != sorted(seen):
            found.append(f"{page.relative_to(site)} : {seen}")
    _none_found(found)


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        ("Attaque faite par finesse)., Attaque avec avantage", STOP_COMMA),
        ("Un personnage débordé (Débordé) fait face", ECHO),
        ("Il est mal en point (Mal en point).", ECHO),
        ("Coût imprimé (XP) : (X) -0/15/20/40", ASCII_MINUS),
        ("mouvement -4", ASCII_MINUS),
        ("l'atout A bout portant", UNACCENTED_A),
    ],
)
def test_each_check_sees_its_defect(text, pattern):
    assert pattern.search(text)


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        ("etc., puis 2.,", STOP_COMMA),
        ("Communiquer + esprit > PSY-5, de 1-3 et 2,5-3", ASCII_MINUS),
        ("un malus de −13", ASCII_MINUS),
        ("l'Initiative (1D6 + Initiative)", ECHO),
        ("À bout portant ; A l'emporte", UNACCENTED_A),
    ],
)
def test_each_check_leaves_good_text_alone(text, pattern):
    assert not pattern.search(text)
