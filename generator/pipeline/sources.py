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

import re

# The markers' parts are shared with the calculators, which draw them in the browser.
from generator.core.reperes import (  # noqa: F401  (this module's interface)
    Section,
    cited,
    hold_punctuation,
    label,
    lines_text,
    marker,
    ranges,
    sections,
)

# Keys whose texts are not running prose (the editorial apparatus).
NOT_PROSE = frozenset({"source", "notes_editoriales"})
# A typed line reference: « l. 578 », « l.578 ».
TYPED_LINE = re.compile(r"\bl\.\s*\d+")
# A marker not numbered yet (a calculator's result numbers its own: core/reperes.py).
MARKER = re.compile(r'<button type="button" class="srd-src"(?= aria-label)')
BUBBLE = re.compile(r'<span class="srd-src-bulle" popover>(.*?)</span>')


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
