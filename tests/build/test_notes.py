"""The reader's side: a chapter or entity page opens with its rule; each editorial note is marked
where it applies and written in full at the end of its page and on the errata page."""

import re

from helpers import ROOT

from generator.pipeline.build import check
from generator.pipeline.notes import page_notes

NOTE_BOX = re.compile(r'class="admonition note|<details class="note')


MARKER = re.compile(r'<a class="srd-appel-note" id="([^"]+)" href="#([^"]+)"')


BACK = re.compile(r'<p class="srd-retour-note"><a href="#([^"]+)"')


def html_of(site, source) -> str:
    return (site / source.url.strip("/") / "index.html").read_text(encoding="utf-8")


def content_after_title(html: str) -> str:
    """The page's content from its h1 on (the header and menu hold no note anyway)."""
    return html[html.index("<h1") :]


def sources(corpus):
    for system in corpus.systems.values():
        yield from system.chapters
        yield from system.all_entities()


def test_no_page_opens_with_editorial_notes(site):
    corpus, _ = check(ROOT)
    opening = []
    for source in sources(corpus):
        content = content_after_title(html_of(site, source))
        end = content.find('id="notes-editoriales"')
        before = content if end == -1 else content[:end]
        if NOTE_BOX.search(before):
            opening.append(source.url)
    assert not opening, opening[:10]


def test_every_note_is_on_its_page_with_its_marker_and_on_the_errata_page(site):
    corpus, _ = check(ROOT)
    missing = []
    for system in corpus.systems.values():
        errata = (site / system.id / "errata/index.html").read_text(encoding="utf-8")
        for source in (*system.chapters, *system.all_entities()):
            html = html_of(site, source) if source.notes else ""
            page = source.url.rstrip("/").rsplit("/", 1)[-1]
            for note in page_notes(source.notes):
                if f'id="{note.anchor}"' not in html:
                    missing.append((source.url, note.anchor, "absente de sa page"))
                if note.section and f'id="{note.marker_id}"' not in html:
                    missing.append((source.url, note.anchor, "sans appel à sa section"))
                if f'{page}/#{note.anchor}"' not in errata:
                    missing.append((source.url, note.anchor, "absente de l'errata"))
    assert not missing, missing[:10]


def test_every_marker_leads_to_a_note_and_every_note_back_to_its_marker(site):
    corpus, _ = check(ROOT)
    broken = []
    for source in sources(corpus):
        if not source.notes:
            continue
        html = html_of(site, source)
        for marker_id, target in MARKER.findall(html):
            if f'class="admonition note srd-note" id="{target}"' not in html:
                broken.append((source.url, marker_id, target))
        for target in BACK.findall(html):
            if f'id="{target}"' not in html:
                broken.append((source.url, "retour", target))
    assert not broken, broken[:10]


def test_a_chapter_note_sits_in_the_section_it_names(site):
    html = (site / "skillcraft/regles/attributs-et-competences/index.html").read_text()
    formation = html[html.index('id="formation"') : html.index('id="rang"')]
    assert 'href="#note-jets-de-sauvegarde-et-formation"' in formation
    assert 'aria-label="note 5, note éditoriale : Jets de sauvegarde et formation"' in formation
