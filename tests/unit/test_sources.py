"""The reader's side: source references leave the running text for discreet markers.

Running text: what a page's article says, outside the editorial apparatus, that is the
editorial notes (admonitions « Note éditoriale », the errata page that lists them), the
source markers and their print notes, and the final « Source : … » line.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from helpers import edit, problems_of

from generator.pipeline import export, schemas, sources
from generator.pipeline.anchors import TAG
from generator.pipeline.build import check
from generator.pipeline.links import strings_in


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


def test_each_rewritten_system_names_its_source_file_which_is_never_published(root):
    """Its systeme.yaml names the file of its source text (`fichier_source`), in the
    folder of the sources, outside the repository: the test below reads it there. The
    name is no reader's business (`writeOnly` in the schema): the export leaves it out."""
    corpus, _ = check(root)
    named = {}
    for system in corpus.systems.values():
        if not system.original:
            named[system.id] = system.meta["fichier_source"]
            files, _ = export.system_files(system)
            published = json.loads(files[f"{system.id}/systeme.json"])
            assert "fichier_source" not in published and published["source"], system.id
    assert len(named) >= 5 and len(set(named.values())) == len(named), named
    assert all(name.endswith(".txt") and "/" not in name for name in named.values()), named
    spec = schemas.system_schema()["properties"]["fichier_source"]
    assert spec["title"] and spec["writeOnly"] is True


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
        if system.original:
            continue  # no source text: its own authors' (it cites none)
        text = Path(SOURCE_TEXTS) / system.meta["fichier_source"]
        lines = text.read_text(encoding="utf-8")
        lines = lines.splitlines()
        for where, (first, last) in cited_spans(system):
            count += 1
            assert last <= len(lines), f"{system.id}/{where} : l. {last} > {len(lines)} lignes"
            cited = lines[first - 1 : last]
            assert any(line.strip() for line in cited), f"{system.id}/{where} : l. {first} vide"
    assert count > 150
