"""Issue 19: a chapter or entity page opens with its rule; each editorial note is marked
where it applies and written in full at the end of its page and on the errata page."""

import re

from conftest import ROOT
from test_generator import edit, line_of, problems_of

from generator.build import check
from generator.notes import page_notes

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


def test_a_section_that_names_nothing_is_refused_at_its_line(project):
    chapter = "content/skillcraft/attributs-et-competences.md"
    edit(project, chapter, "section: formation", "section: formations")
    entity = "data/reserve-d6/equipement.yaml"
    edit(project, entity, "    - titre: Un bonus", "    - section: prix\n      titre: Un bonus")
    meta = "data/reserve-d6/systeme.yaml"
    edit(project, meta, "  - titre: Un texte sans", "  - section: sante\n    titre: Un texte sans")
    found = problems_of(project)
    line = line_of(project, meta, "section: sante")
    assert any(p.startswith(f"{meta}:{line}: ") and "sans « section »" in p for p in found), found
    line = line_of(project, chapter, "section: formations")
    assert any(
        p.startswith(f"{chapter}:{line}: ") and "section « formations » introuvable" in p
        for p in found
    ), found
    line = line_of(project, entity, "section: prix")
    assert any(
        p.startswith(f"{entity}:{line}: ") and "section « prix » introuvable" in p for p in found
    ), found


PAGEFIND = """async ([root, query, url]) => {
  const pagefind = await import(root + "/pagefind/pagefind.js");
  await pagefind.options({ baseUrl: "/" });
  const found = await pagefind.search(query);
  for (const hit of found.results) {
    const data = await hit.data();
    if (data.url === url) return { content: data.content, excerpt: data.excerpt };
  }
  return null;
}"""


def test_a_chapter_is_indexed_rule_first_and_its_excerpt_shows_no_note(browser, server):
    """What search shows of a chapter starts with its rule, not with note boilerplate."""
    page = browser.new_page()
    page.goto(f"{server}/skillcraft/regles/attributs-et-competences/")
    url = "/skillcraft/regles/attributs-et-competences/"
    hit = page.evaluate(PAGEFIND, [server, "attributs statistique", url])
    page.close()
    assert hit, "chapitre introuvable dans l'index"
    assert hit["content"].startswith("Attributs et compétences. Les attributs chiffrent"), hit[
        "content"
    ][:200]
    assert "Note éditoriale" not in hit["excerpt"] and "cliquez" not in hit["excerpt"], hit
