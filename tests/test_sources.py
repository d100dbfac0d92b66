"""Issue 19: source references leave the running text for discreet markers.

Running text: what a page's article says, outside the editorial apparatus, that is the
editorial notes (admonitions « Note éditoriale », the errata page that lists them), the
source markers and their print notes, and the final « Source : … » line.
"""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from test_generator import edit, problems_of

from generator import schemas, sources, urls
from generator.build import check
from generator.links import TAG, strings_in

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
        if self.skipped or set(classes) & set(APPARATUS) and tag != "table":
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


SYSTEMS = ("divin6", "reserve-d6", "skillcraft", "talon", "undesix")
TITLES = ("Divin (6)thème", "Réserve de d6", "SkillCraft", "Talon de la Destinée", "UnDéSix")
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
    assert len(markers) > 150  # the texts migrated in issue 19
    wrong = [m.get("aria-label") for m in markers if not SAID.match(m.get("aria-label") or "")]
    assert not wrong, wrong[:20]
    # The section comes from the data: only a line no `source` field covers has none.
    without = [
        m["aria-label"] for m in markers if re.match(r"^Source : [^,]+, l\.\s", m["aria-label"])
    ]
    assert len(without) <= 0.05 * len(markers), without


def same(shown: str, label: str) -> bool:
    """The text a reader sees is the marker's name (no-break spaces may come out plain)."""
    return shown.replace("\u00a0", " ") == label.replace("\u00a0", " ")


PREVIOUS_FOCUSABLE = """() => {
  const marker = document.querySelector(".md-content button.srd-src");
  const all = [...document.querySelectorAll(".md-content a[href], .md-content button")];
  all[all.indexOf(marker) - 1].focus();
}"""


@pytest.mark.browser
def test_a_marker_opens_its_bubble_by_keyboard_on_a_phone(browser, server):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}/talon/regles/lacunes/")
    marker = page.locator("button.srd-src").first
    label = marker.get_attribute("aria-label")
    assert label.startswith("Source : Talon de la Destinée, ")
    bubble = page.locator(f"#{marker.get_attribute('popovertarget')}")
    assert not bubble.is_visible()
    page.evaluate(PREVIOUS_FOCUSABLE)  # the reader tabs on from the link before it
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == label
    page.keyboard.press("Enter")
    assert bubble.is_visible() and same(bubble.inner_text(), label)
    box = bubble.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.keyboard.press("Escape")
    assert not bubble.is_visible()
    assert not page.locator(".srd-src-notes").is_visible()  # on screen, the bubbles say it
    page.emulate_media(media="print")  # printed, the markers are numbered notes at the end
    assert page.locator(".srd-src-notes").is_visible()
    assert same(page.locator(".srd-src-notes li").first.inner_text(), label)
    page.close()


@pytest.mark.browser
def test_a_calculator_draws_its_markers_in_the_browser_as_the_pages_do(browser, server):
    """The engine, in the browser, draws the markers of its result (issue 19): named by
    the system's title and section, each opening its own bubble."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}/divin6/calculateurs/degats/?des=3")
    page.wait_for_function(
        "() => document.querySelector('.srd-calc').dataset.state === 'ok'", timeout=240_000
    )
    marker = page.locator(".srd-calc-result button.srd-src").first
    label = marker.get_attribute("aria-label")
    assert label.startswith("Source : Divin") and ", Combat, l." in label, label
    bubble = page.locator(f"#{marker.get_attribute('popovertarget')}")
    marker.click()
    assert bubble.is_visible() and same(bubble.inner_text(), label)
    page.close()


# --- the checks that keep typed references out ------------------------------------------
def test_check_refuses_a_typed_line_in_a_chapter_and_an_entity(project):
    edit(
        project, "content/reserve-d6/blessures.md", "plus rien\nfaire.", "plus rien\nfaire (l. 12)."
    )
    edit(
        project,
        "data/reserve-d6/caracteristique.yaml",
        "  description: >-\n",
        "  description: >-\n    Voir la l. 14.\n",
    )
    found = problems_of(project)
    chapter = [p for p in found if p.startswith("content/reserve-d6/blessures.md:")]
    entity = [p for p in found if p.startswith("data/reserve-d6/caracteristique.yaml:")]
    assert len(chapter) == 1 and "« l. 12 »" in chapter[0] and "{@source 12}" in chapter[0]
    lines = (project / "content/reserve-d6/blessures.md").read_text().splitlines()
    assert "(l. 12)" in lines[int(chapter[0].split(":")[1]) - 1]
    assert len(entity) == 1 and "« l. 14 »" in entity[0]
    assert len(found) == 2, found


def test_source_fields_and_editorial_notes_may_name_lines(project):
    edit(
        project,
        "data/reserve-d6/caracteristique.yaml",
        "constat: La ligne 18 se lit",
        "constat: La l. 18 se lit",
    )
    edit(project, "content/reserve-d6/blessures.md", '§5.3, l. 66"', '§5.3, l. 66 et 67"')
    check(project)  # no BuildFailed: they are the editorial apparatus


def test_check_refuses_an_unreadable_source_tag(project):
    edit(
        project,
        "content/reserve-d6/blessures.md",
        "plus rien\nfaire.",
        "plus rien\nfaire{@source douze}.",
    )
    found = problems_of(project)
    assert any("blessures.md:" in p and "lignes « douze » illisibles" in p for p in found), found


# --- the pieces ------------------------------------------------------------------------
def test_sections_are_read_from_source_fields():
    found = sources.sections("Fiche n°1, l. 11–49, 83 et 85 ; l. 90 ; Combat, l. 578")
    assert found == [
        sources.Section("Fiche n°1", ((11, 49), (83, 83), (85, 85))),
        sources.Section("Combat", ((578, 578),)),
    ]


def test_a_label_groups_spans_by_section():
    candidates = sources.sections("Tests, l. 30–40 ; Combat, l. 578–600")
    spans = sources.cited("33, 35–36, 580, 700")
    assert sources.label("Titre", candidates, spans) == (
        "Source : Titre, Tests, l.\u00a033, 35–36 ; Combat, l.\u00a0580 ; l.\u00a0700"
    )
    assert sources.cited("12 et 14") is None and sources.cited("14–12") is None


def test_markers_are_numbered_in_reading_order_with_print_notes():
    page = f"Un{sources.marker('Source : A, l. 1')} deux{sources.marker('Source : B, l. 2')}."
    numbered = sources.number_markers(page)
    assert numbered.index('popovertarget="srd-src-1"') < numbered.index('popovertarget="srd-src-2"')
    assert 'id="srd-src-2" popover>Source\u00a0: B, l. 2<' in numbered
    assert numbered.endswith(
        '<ol class="srd-src-notes"><li>Source\u00a0: A, l. 1</li><li>Source\u00a0: B, l. 2</li></ol>\n'
    )
    assert sources.number_markers("Rien.") == "Rien."


def test_the_punctuation_after_a_marker_stays_on_its_line():
    held = sources.hold_punctuation(f"trop{sources.marker('Source : A, l. 1')}. Puis")
    assert held.endswith("Source\u00a0: A, l. 1</span>.</span> Puis")


# --- against the source texts (make check-sources SOURCES=dir) ---------------------------
SOURCE_TEXTS = os.environ.get("SRD_SOURCES")
SOURCE_FILES = {  # the table of the sources' README
    "divin6": "000_8c9a3b716e1ff7e0.txt",
    "skillcraft": "001_adea2fc8edbc133b.txt",
    "undesix": "002_5f3aebd18d4d431a.txt",
    "reserve-d6": "003_a42eb52995a0e2c4.txt",
    "talon": "004_6bba7f364af6ae29.txt",
}


def cited_spans(system) -> list[tuple[str, tuple[int, int]]]:
    """(where, span) of every `{@source …}` of a system's texts and kind descriptions."""
    texts = [(c.id, c.body) for c in system.chapters]
    texts += [(e.id, text) for e in system.all_entities() for _, text in strings_in(e.data, ())]
    texts += [
        (k, kind.schema.get("description", "")) for k, kind in schemas.kinds(system.id).items()
    ]
    return [
        (where, span)
        for where, text in texts
        for match in TAG.finditer(text)
        if match.group(1) == "source"
        for span in sources.cited(match.group(2))
    ]


@pytest.mark.sources
@pytest.mark.skipif(
    not SOURCE_TEXTS, reason="textes sources absents : make check-sources SOURCES=dossier"
)
def test_markers_cite_written_lines_of_their_source_text(root):
    corpus, _ = check(root)
    count = 0
    for system in corpus.systems.values():
        lines = (Path(SOURCE_TEXTS) / SOURCE_FILES[system.id]).read_text(encoding="utf-8")
        lines = lines.splitlines()
        for where, (first, last) in cited_spans(system):
            count += 1
            assert last <= len(lines), f"{system.id}/{where} : l. {last} > {len(lines)} lignes"
            cited = lines[first - 1 : last]
            assert any(line.strip() for line in cited), f"{system.id}/{where} : l. {first} vide"
    assert count > 150
