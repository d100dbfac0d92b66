"""Source markers drawn by the calculators as by the pages: a text cites the lines of the
source text it rests on with `{@source 578–580}`, never with a typed « l. 578 », and is
shown with a discreet marker (« Source : title, section, l. 578–580 »). This module is the
part of `generator/pipeline/sources.py` the browser's engine needs too.

A system's calculators learn its title and the sections of its chapters from the data
their rules are built from (`SOURCES`, a key of `export.engine_data`), in the build as in
the browser, so that both draw the same markers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from generator.core.echappement import escape
from generator.core.typographie import texte

# The key, among a system's rules data, of its title and its chapters' sections.
SOURCES = "_sources"
TAG = re.compile(r"\{@source ([^}]*)\}")
RANGE = re.compile(r"(\d+)(?:\s*[–-]\s*(\d+))?")
CITED = re.compile(r"^\s*\d+(?:\s*[–-]\s*\d+)?(?:\s*,\s*\d+(?:\s*[–-]\s*\d+)?)*\s*$")
SEGMENT = re.compile(r"^(?P<section>.*?)[,\s]*\bl\.\s*(?P<lines>\d.*)$")
GLYPH = "⁽ˢ⁾"
AFTER_MARKER = re.compile(
    r'(<span class="srd-src-bulle"(?: id="[^"]*")? popover>[^<]*</span>)</span>([.,;:!?…)»]+)'
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


def marker(text: str, number: str = "") -> str:
    """The inline HTML of a marker: a button opening a bubble (no script: `popover`),
    kept on the line of the word before it (word joiner) and of the punctuation after it
    (see `hold_punctuation`). A page's markers are numbered with the page
    (`sources.number_markers`); `number`, an id, numbers one at once."""
    shown = escape(text)
    target, bubble = (f' popovertarget="{number}"', f' id="{number}"') if number else ("", "")
    # The bubble's text in French typography: a result redrawn in the browser gets no
    # page pass (typographie.html), and its bubble may be narrow.
    return (
        f'<span class="srd-src-appel">{WORD_JOINER}'
        f'<button type="button" class="srd-src"{target} aria-label="{shown}" title="{shown}">{GLYPH}'
        f'</button><span class="srd-src-bulle"{bubble} popover>{escape(texte(text))}</span></span>'
    )


def hold_punctuation(text: str) -> str:
    """« expert{@source 717}. » : the full stop goes inside the marker's unbreakable span,
    or a narrow line would start with it."""
    return AFTER_MARKER.sub(r"\1\2</span>", text)


# {system: (title, sections of its chapters)}, as declared with its rules.
_DECLARED: dict[str, tuple[str, list[Section]]] = {}


def declare(system: str, index: Mapping | None) -> None:
    """Keep a system's title and chapter sections ({"titre": …, "sections": [[name,
    [[first, last], …]], …]}) for its calculators' markers."""
    if index:
        found = [
            Section(name, tuple(tuple(span) for span in spans)) for name, spans in index["sections"]
        ]
        _DECLARED[system] = (index["titre"], found)


def index(title: str, chapter_sources: list[str]) -> dict:
    """The SOURCES entry of a system: its title and its chapters' `source` fields read."""
    found = [s for field in chapter_sources for s in sections(field)]
    return {
        "titre": title,
        "sections": [[s.name, [list(span) for span in s.ranges]] for s in found],
    }


def _unescaped(text: str) -> str:
    """`html.unescape(text)`, the `html` module imported only for a text with an entity
    (see echappement.py)."""
    if "&" not in text:
        return text
    import html

    return html.unescape(text)


def with_markers(text: str, system: str) -> str:
    """`text` (HTML) with its `{@source …}` tags drawn as markers; a tag whose lines cannot
    be read is a bug of the calculator's code, and fails."""
    if "{@source" not in text:
        return text
    title, candidates = _DECLARED.get(system, ("", []))
    count = 0

    def draw(match: re.Match) -> str:
        nonlocal count
        spans = cited(_unescaped(match.group(1)))
        if spans is None:
            raise ValueError(f"balise de source illisible : {match.group(0)}")
        said = label(title, candidates, spans)
        count += 1
        # Numbered here, apart from the page's own markers (a result is redrawn alone).
        return marker(
            said if title else said.replace("Source : , ", "Source : "), f"srd-src-calc-{count}"
        )

    return hold_punctuation(TAG.sub(draw, text))


def plain(text: str) -> str:
    """`text` without its source tags, for what is shown as plain text (a field's error)."""
    return re.sub(r"\s*" + TAG.pattern, "", text)
