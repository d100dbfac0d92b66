"""Inline tags and the anchors of a chapter's headings, as MkDocs' toc extension writes
them: read by the loading (notes in reading order) and by the links, below both."""

from __future__ import annotations

import re

from markdown.extensions.toc import slugify

from generator.core.tags import TAG

HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*(?:\{#([\w-]+)\})?\s*$", re.M)


def heading_anchor(text: str, explicit: str | None) -> str:
    """The anchor MkDocs' toc extension gives a heading (its `{#id}` if it has one)."""
    return explicit or slugify(TAG.sub(lambda m: m.group(3) or m.group(2), text), "-")


def chapter_anchors(chapter) -> dict[str, str]:
    """Anchor -> heading text, as MkDocs' toc extension will write them."""
    return {
        heading_anchor(text, explicit): TAG.sub(lambda m: m.group(3) or m.group(2), text)
        for _, text, explicit in HEADING.findall(chapter.body)
    }
