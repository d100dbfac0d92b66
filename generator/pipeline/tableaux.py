"""Markdown extension: every table of a page says, cell by cell, which column it is in.

On a phone a wide table is shown as one labelled block per row (CSS in `srd.css`,
rule in `docs/decisions.md`): each cell carries its column's header in `data-titre`,
and the table its shape in `data-forme`, both read from the table itself. No style and
no script here: the page's CSP forbids inline ones.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree

from markdown import Extension
from markdown.treeprocessors import Treeprocessor

from generator.engine.results import table_shape

# Raw HTML Markdown keeps aside until the end (e.g. a <small> in a header).
STASHED = re.compile("\x02[^\x03]*\x03")


def header_labels(table: etree.Element) -> list[str]:
    head = table.find("thead/tr")
    if head is None:
        return []
    return [" ".join(STASHED.sub("", "".join(cell.itertext())).split()) for cell in head]


def label_cells(table: etree.Element, labels: list[str]) -> None:
    for row in table.iterfind("tbody/tr"):
        for cell, label in zip(row, labels, strict=False):
            if label:
                cell.set("data-titre", label)


# A table laid out as blocks loses its table semantics in some browsers: say them.
ROLES = {"table": "table", "thead": "rowgroup", "tbody": "rowgroup", "tr": "row"}
ROLES |= {"th": "columnheader", "td": "cell"}


def keep_table_roles(table: etree.Element) -> None:
    for element in table.iter():
        if element.tag in ROLES:
            element.set("role", ROLES[element.tag])


def index_tables(root: etree.Element) -> set[int]:
    """Tables of a list of entities (`.srd-liste`): they have a phone layout of their own."""
    return {
        id(table)
        for box in root.iter("div")
        if "srd-liste" in box.get("class", "").split()
        for table in box.iter("table")
    }


class LabelTables(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        indexes = index_tables(root)
        for table in root.iter("table"):
            labels = header_labels(table)
            form = table_shape(len(labels))
            if id(table) in indexes:
                form = None
            elif not form:
                continue
            if form:
                table.set("data-forme", form)
            label_cells(table, labels)
            keep_table_roles(table)


class TableauxExtension(Extension):
    def extendMarkdown(self, md) -> None:  # noqa: N802 (Markdown's API)
        # After the inline patterns (20): the headers' text is final.
        md.treeprocessors.register(LabelTables(md), "srd_tableaux", 4)


def makeExtension(**kwargs) -> TableauxExtension:  # noqa: N802 (Markdown's API)
    return TableauxExtension(**kwargs)
