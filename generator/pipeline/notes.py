"""Editorial notes where they apply (the rule first).

A page opens with its rule, never with notes. A note that names its place (`section`: a
chapter's heading anchor, or an entity's field) gets a small numbered marker there, « note 2 »,
whose accessible name is the note's title; every note of the page is written in full at its
end, under « Notes éditoriales », with a link back to its marker.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

from markdown.extensions.toc import slugify

from generator.pipeline.anchors import HEADING, TAG, chapter_anchors, heading_anchor
from generator.pipeline.corpus import Chapter, Corpus, Entity, System
from generator.pipeline.errors import Problems

SECTION_TITLE = "Notes éditoriales"
SECTION_ANCHOR = "notes-editoriales"


@dataclass(frozen=True)
class PageNote:
    number: int  # its rank on the page, shown on its marker and in the list at the end
    note: dict
    anchor: str  # id of the note in the list at the end of the page

    @property
    def title(self) -> str:
        return TAG.sub(lambda m: m.group(3) or m.group(2), self.note["titre"])

    @property
    def section(self) -> str | None:
        return self.note.get("section")

    @property
    def marker_id(self) -> str:
        return "appel-" + self.anchor


def page_notes(notes: list[dict]) -> list[PageNote]:
    """The notes of one page, numbered, each with an anchor made from its title (stable
    when notes are added elsewhere, so the errata page can link to it)."""
    found, used = [], set()
    for number, note in enumerate(notes, 1):
        base = "note-" + slugify(TAG.sub(lambda m: m.group(3) or m.group(2), note["titre"]), "-")
        anchor, suffix = base, 2
        while anchor in used:
            anchor, suffix = f"{base}-{suffix}", suffix + 1
        used.add(anchor)
        found.append(PageNote(number, note, anchor))
    return found


def marker(note: PageNote) -> str:
    """The link to a note, where it applies: short on screen, its title for screen readers
    (after the visible words, which a voice command names it by)."""
    return (
        f'<a class="srd-appel-note" id="{note.marker_id}" href="#{note.anchor}" '
        f'aria-label="note {note.number}, note éditoriale : {escape(note.title)}">'
        f"note {note.number}</a>"
    )


def inline_markers(notes: list[PageNote], section: str) -> str:
    """The markers of the notes about one place, side by side ('' if none)."""
    return " ".join(marker(note) for note in notes if note.section == section)


def markers(notes: list[PageNote], section: str) -> str:
    """The markers of the notes about one place, as one small paragraph ('' if none)."""
    here = inline_markers(notes, section)
    return f'<p class="srd-appels-notes">{here}</p>' if here else ""


def with_markers(body: str, notes: list[dict]) -> str:
    """A chapter's Markdown with, under each heading its notes name, their markers."""
    placed = page_notes(notes)

    def add(match: re.Match) -> str:
        line = markers(placed, heading_anchor(match.group(2), match.group(3)))
        return f"{match.group(0).rstrip()}\n\n{line}\n" if line else match.group(0)

    return HEADING.sub(add, body)


# --- check ------------------------------------------------------------------------------
def check(corpus: Corpus, problems: Problems) -> None:
    """Each note's `section` names a heading of its chapter or a field of its entity; a
    system's own notes are about its whole presentation and name none."""
    for system in corpus.systems.values():
        for index, note in enumerate(system.meta.get("notes_editoriales") or []):
            if isinstance(note, dict) and "section" in note:
                problems.add(
                    system.file,
                    _line(system, index, str(note["section"])),
                    f"note éditoriale « {note.get('titre', '')} » : une note du système vaut "
                    "pour toute sa présentation, sans « section »",
                )
        for chapter in system.chapters:
            _check_places(chapter, chapter.notes, set(chapter_anchors(chapter)), problems)
        for entity in system.all_entities():
            _check_places(entity, entity.notes, set(entity.data), problems)


def _check_places(
    source: Chapter | Entity, notes: list[dict], places: set[str], problems: Problems
) -> None:
    what = "de titre de section" if isinstance(source, Chapter) else "de champ"
    for index, note in enumerate(notes if isinstance(notes, list) else []):
        section = note.get("section") if isinstance(note, dict) else None
        if not isinstance(section, str) or section in places:
            continue
        shown = ", ".join(sorted(places)) or "aucun"
        problems.add(
            source.file,
            _line(source, index, section),
            f"note éditoriale « {note.get('titre', '')} » : section « {section} » introuvable "
            f"(aucun {what} ne porte ce nom ; possibles : {shown})",
        )


def _line(source: Chapter | Entity | System, index: int, section: str) -> int:
    """Line of a note's `section:` in its file."""
    if isinstance(source, Entity):
        return source.line(("notes_editoriales", index, "section"))
    lines = source.file.read_text(encoding="utf-8-sig").splitlines()
    wanted = re.compile(rf"^\s*(?:-\s+)?section:\s*[\"']?{re.escape(section)}[\"']?\s*$")
    return next((i for i, text in enumerate(lines, 1) if wanted.match(text)), 1)
