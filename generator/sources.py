"""Source markers: where in the source text a paragraph comes from, out of the prose.

A text cites the lines of the source text it rests on with a tag at the end of its
paragraph or list entry, `{@source 578–580}` or `{@source 35, 73}`, never with a typed
« l. 578 ». The page shows a discreet marker whose accessible name and bubble give the
title, the section and the lines (« Source : Combat, l. 578–580 »); in print it becomes a
numbered note. The section is not typed either: it is read from the `source` fields of the
data, those of the text's own entity or chapter first, then those of the system's chapters.

Editorial notes and `source` fields are no running prose: they may name lines as they wish.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

# Keys whose texts are not running prose (the editorial apparatus).
NOT_PROSE = frozenset({"source", "notes_editoriales"})
# A typed line reference: « l. 578 », « l.578 ».
TYPED_LINE = re.compile(r"\bl\.\s*\d+")
RANGE = re.compile(r"(\d+)(?:\s*[–-]\s*(\d+))?")
CITED = re.compile(r"^\s*\d+(?:\s*[–-]\s*\d+)?(?:\s*,\s*\d+(?:\s*[–-]\s*\d+)?)*\s*$")
SEGMENT = re.compile(r"^(?P<section>.*?)[,\s]*\bl\.\s*(?P<lines>\d.*)$")
MARKER = re.compile(r'<button type="button" class="srd-src"')
BUBBLE = re.compile(r'<span class="srd-src-bulle" popover>(.*?)</span>')
GLYPH = "⁽ˢ⁾"
AFTER_MARKER = re.compile(
    r'(<span class="srd-src-bulle" popover>[^<]*</span>)</span>([.,;:!?…)»]+)'
)
WORD_JOINER = "\u2060"


@dataclass(frozen=True)
class Section:
    name: str
    ranges: tuple[tuple[int, int], ...]

    def covers(self, first: int, last: int) -> bool:
        return any(start <= first and last <= end for start, end in self.ranges)


def ranges(text: str) -> list[tuple[int, int]]:
    """« 11–49, 83 et 85 » -> [(11, 49), (83, 83), (85, 85)]."""
    return [(int(a), int(b or a)) for a, b in RANGE.findall(text)]


def cited(ref: str) -> list[tuple[int, int]] | None:
    """The line ranges of a `{@source …}` tag, or None when they cannot be read."""
    if not CITED.match(ref):
        return None
    found = ranges(ref)
    return found if all(0 < a <= b for a, b in found) else None


def sections(source_field: str) -> list[Section]:
    """« Fiche n°1, l. 11–49 ; Combat, l. 578 » -> its named segments."""
    found = []
    for segment in source_field.split(";"):
        match = SEGMENT.match(segment.strip())
        if match and match.group("section").strip():
            found.append(Section(match.group("section").strip(), tuple(ranges(match["lines"]))))
    return found


def lines_text(span: tuple[int, int]) -> str:
    return str(span[0]) if span[0] == span[1] else f"{span[0]}–{span[1]}"


def label(title: str, candidates: list[Section], spans: list[tuple[int, int]]) -> str:
    """« Source : Titre, Combat, l. 578–580 ; Magie, l. 665 »: consecutive spans of the same
    section are said together; a span no `source` field covers is given without section.
    A no-break space keeps « l. » with its number."""
    groups: list[tuple[str, list[str]]] = []
    for span in spans:
        section = next((s.name for s in candidates if s.covers(*span)), "")
        if groups and groups[-1][0] == section:
            groups[-1][1].append(lines_text(span))
        else:
            groups.append((section, [lines_text(span)]))
    said = " ; ".join(
        f"{section + ', ' if section else ''}l.\u00a0{', '.join(lines)}"
        for section, lines in groups
    )
    return f"Source : {title}, {said}"


def marker(text: str) -> str:
    """The inline HTML of a marker: a button opening a bubble (no script: `popover`),
    kept on the line of the word before it (word joiner) and of the punctuation after it
    (see `hold_punctuation`)."""
    shown = html.escape(text, quote=True)
    return (
        f'<span class="srd-src-appel">{WORD_JOINER}'
        f'<button type="button" class="srd-src" aria-label="{shown}" title="{shown}">{GLYPH}'
        f'</button><span class="srd-src-bulle" popover>{shown}</span></span>'
    )


def hold_punctuation(text: str) -> str:
    """« expert{@source 717}. » : the full stop goes inside the marker's unbreakable span,
    or a narrow line would start with it."""
    return AFTER_MARKER.sub(r"\1\2</span>", text)


def number_markers(page: str) -> str:
    """Give the markers of a page their ids, in reading order, and add the notes that
    print shows at the end (hidden on screen)."""
    count = 0

    def button(match: re.Match) -> str:
        nonlocal count
        count += 1
        return f'{match.group(0)} popovertarget="srd-src-{count}"'

    page = MARKER.sub(button, page)
    if not count:
        return page
    bubbles = BUBBLE.findall(page)
    numbers = iter(range(1, count + 1))
    page = BUBBLE.sub(
        lambda m: (
            f'<span class="srd-src-bulle" id="srd-src-{next(numbers)}" popover>{m.group(1)}</span>'
        ),
        page,
    )
    notes = "".join(f"<li>{text}</li>" for text in bubbles)
    return f'{page.rstrip()}\n\n<ol class="srd-src-notes">{notes}</ol>\n'
