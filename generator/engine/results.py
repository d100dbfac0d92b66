"""What a calculator returns: a few typed blocks with exact values, and their HTML.

The same `to_html` runs in the generator (the result for the default inputs is written
into the page) and in the browser on Pyodide (the result for the reader's inputs), so
both always look the same.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from generator.core import urls
from generator.core.echappement import escape
from generator.core.typographie import FINE, INSECABLE, texte

Number = int | Fraction

# The class of a result's checks: calc.js marks the form fields their links name.
CHECKS = "srd-verifier"
# The class of the figure a calculator puts first: calc.js shows it in the key-figure bar
# (otherwise the first probability, or the first figure).
KEY = "srd-cle"
# The class of a block of figures, where calc.js looks for the KEY one.
FIGURES = "srd-figures"


@dataclass(frozen=True)
class Figure:
    """One key value: « Dés lancés : 11 », « P(≥ 3) : 65,98 % »."""

    label: str
    value: Number | str
    percent: bool = False  # show a probability as a percentage
    note: str = ""
    key: bool = False  # the figure shown first, in the bar kept in view (KEY)


@dataclass(frozen=True)
class Figures:
    title: str
    items: tuple[Figure, ...]


@dataclass(frozen=True)
class Distribution:
    """An exact distribution of an integer outcome, shown as a chart and a table."""

    title: str
    outcome_label: str  # e.g. « Succès »
    probabilities: tuple[tuple[int, Fraction], ...]  # (outcome, P(= outcome)), sorted
    cumulative_label: str = "P(≥ k)"  # the table's third column; empty to leave it out


@dataclass(frozen=True)
class Table:
    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Number | str, ...], ...]
    note: str = ""
    percent: tuple[int, ...] = ()  # the columns that hold probabilities


@dataclass(frozen=True)
class Link:
    """An entity the reader chose, linked to its page (`page`: its docs path, urls.py)."""

    label: str
    page: str
    note: str = ""


@dataclass(frozen=True)
class Links:
    title: str
    items: tuple[Link, ...]


@dataclass(frozen=True)
class Checks:
    """What a sheet found to fix, each pointing at the form field it concerns (its name);
    `passed`: what to say when nothing is wrong."""

    passed: str
    failed: tuple[tuple[str, str], ...]  # (field name, French message)

    @property
    def text(self) -> str:
        """The verdict in one sentence, as plain text."""
        messages = dict.fromkeys(message for _, message in self.failed)
        return "À vérifier : " + " ".join(messages) if messages else self.passed


@dataclass(frozen=True)
class Page:
    """Where a result is shown: the docs path its links start from, and the fields of its
    form (name → (element id, label)) its checks point at."""

    path: str = ""
    fields: Mapping[str, tuple[str, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Text:
    text: str
    tone: str = "info"  # info | avertissement


Block = Figures | Distribution | Table | Links | Checks | Text

# Tail rows below this probability are folded into one exact « k ou plus » row.
TAIL = Fraction(1, 10**6)


DECIMALS = 2  # what a reader needs of a mean or a spread; the exact value is on demand
MINUS = "\u2212"  # the minus sign the site writes, never the hyphen « - »


def format_number(value: Number) -> str:
    """French decimal writing, rounded to what a reader needs at the table: 3,5 ; 1,91 ;
    −2 (typographic minus) ; integers as they are. A value that rounds to zero is 0, never
    −0. The exact value stays one tap away (data-exact)."""
    if isinstance(value, int) or (isinstance(value, Fraction) and value.denominator == 1):
        text = f"{int(value)}"
    else:
        text = f"{float(value):.{DECIMALS}f}".rstrip("0").rstrip(".")
    if text == "-0":
        text = "0"
    return text.replace(".", ",").replace("-", MINUS)


def signed(n: int) -> str:
    """+3, −2 (typographic minus), 0 as +0."""
    return f"{n:+d}".replace("-", MINUS)


def format_percent(p: Fraction) -> str:
    """A probability for the reader: one decimal at most (« 66 % », « 33,3 % »); below
    0,1 %, two decimals (« 0,07 % »), and « < 0,01 % » below that, so a rare outcome still
    reads as more than nothing. The exact fraction stays one tap away (data-exact). A
    narrow no-break space keeps the sign with its number (typographie.py)."""
    if p == 0:
        return f"0{FINE}%"
    if p == 1:
        return f"100{FINE}%"
    percent = float(p) * 100
    if percent < 0.01:
        return f"<{INSECABLE}0,01{FINE}%"
    if percent < 0.1:
        text = f"{percent:.2f}"
    else:
        text = f"{percent:.1f}".removesuffix(".0")
        if text == "100":  # never round a near-certainty up to a certainty
            text = "99,9"
        if text == "0":
            text = "0,1"
    return text.replace(".", ",") + f"{FINE}%"


def _prose(text: str) -> str:
    """A text of the result, in French typography, escaped for HTML."""
    return escape(texte(text))


def exact(value: Number) -> str:
    return str(Fraction(value))


def _value_html(value: Number | str, percent: bool) -> str:
    if isinstance(value, str):
        return _prose(value)
    if type(value) is int and not percent:
        return _int_html(value)
    if type(value) is Fraction:  # no copy to make
        shown = format_percent(value) if percent else format_number(value)
        text = str(value)
    else:
        shown = format_percent(Fraction(value)) if percent else format_number(value)
        text = exact(value)
    # A rounded figure opens its exact value (CSS, on focus): a button, so that it is
    # reached by keyboard and named by what it shows.
    return (
        f'<button type="button" class="srd-num" data-exact="{text}" '
        f'title="{text.replace("-", MINUS)}">{shown}</button>'
    )


def _int_html(n: int) -> str:
    """_value_html of an integer, without the Fraction: its exact form is its digits."""
    text = str(n)
    shown = text.replace("-", MINUS) if n < 0 else text
    # Its exact value is what it shows: nothing to open, no stop for the keyboard.
    return f'<span class="srd-num" data-exact="{text}">{shown}</span>'


def _column_html(values: tuple, percent: bool) -> list[str]:
    """The cells of one column: a long table repeats its texts (the virtual Talon's
    journal, 1 000 rows), each distinct text is escaped once."""
    escaped = {}
    cells = []
    for value in values:
        kind = type(value)
        if kind is str:
            html = escaped.get(value)
            if html is None:
                html = escaped[value] = _prose(value)
        elif kind is int and not percent:
            html = _int_html(value)
        else:
            html = _value_html(value, percent)
        cells.append(html)
    return cells


def _figures_html(block: Figures) -> str:
    rows = []
    for item in block.items:
        note = f" <small>{_prose(item.note)}</small>" if item.note else ""
        key = f' class="{KEY}"' if item.key else ""
        rows.append(
            f"<dt{key}>{_prose(item.label)}</dt> "
            f"<dd>{_value_html(item.value, item.percent)}{note}</dd>"
        )
    # Spaces between the items: the search index reads the text without its tags.
    return f'<section class="{FIGURES}"><h3>{_prose(block.title)}</h3><dl>{" ".join(rows)}</dl></section>'


def visible_rows(
    probabilities: tuple[tuple[int, Fraction], ...],
) -> tuple[list[tuple[int, Fraction, Fraction]], Fraction]:
    """(outcome, P(=), P(≥)) rows to show, and the folded tail's probability (0 if none)."""
    scaled = _over_common_denominator([p for _, p in probabilities])
    if scaled is None:
        return _visible_rows_fractions(probabilities)
    numerators, denominator = scaled
    # The same Fractions as _visible_rows_fractions, from integer sums: remaining / denominator.
    rows = []
    remaining = sum(numerators)
    folded = TAIL.numerator * denominator  # remaining / denominator < TAIL
    for (outcome, p), numerator in zip(probabilities, numerators, strict=True):
        if rows and remaining * TAIL.denominator < folded:
            return rows, Fraction(remaining, denominator)
        rows.append((outcome, p, Fraction(remaining, denominator)))
        remaining -= numerator
    return rows, Fraction(0)


def _visible_rows_fractions(
    probabilities: tuple[tuple[int, Fraction], ...],
) -> tuple[list[tuple[int, Fraction, Fraction]], Fraction]:
    """visible_rows in Fraction arithmetic, for values that are not all int or Fraction."""
    rows = []
    remaining = sum((p for _, p in probabilities), Fraction(0))
    for outcome, p in probabilities:
        if rows and remaining < TAIL:
            return rows, remaining
        rows.append((outcome, p, remaining))
        remaining -= p
    return rows, Fraction(0)


def _over_common_denominator(values: list) -> tuple[list[int], int] | None:
    """Integer numerators over one common denominator (the sums of a distribution without a
    Fraction per addition); None unless every value is an int or a Fraction."""
    if not all(type(v) is Fraction or type(v) is int for v in values):
        return None
    denominator = math.lcm(*(v.denominator for v in values)) if values else 1
    return [v.numerator * (denominator // v.denominator) for v in values], denominator


def _chart_svg(rows: list[tuple[int, Fraction, Fraction]], outcome_label: str) -> str:
    """A plain bar chart: one bar per outcome, height proportional to P(= outcome)."""
    top = max(p for _, p, _ in rows)
    exact_types = all(type(p) is Fraction or type(p) is int for _, p, _ in rows)
    width, height, gap = 14, 120, 2
    label = _prose(outcome_label)
    bars = []
    for i, (outcome, p, _) in enumerate(rows):
        if top == 0:
            h = 0
        elif exact_types:  # float(p / top) without the Fraction: int / int rounds the same
            h = round(p.numerator * top.denominator / (p.denominator * top.numerator) * height, 1)
        else:
            h = round(float(p / top) * height, 1)
        x = i * (width + gap)
        bars.append(
            f'<rect x="{x}" y="{height - h}" width="{width}" height="{h}"><title>{label} {format_number(outcome)}{INSECABLE}: {format_percent(p)}</title></rect>'
        )
        if len(rows) <= 30 or i % 5 == 0:
            bars.append(
                f'<text x="{x + width / 2}" y="{height + 12}">{format_number(outcome)}</text>'
            )
    total = len(rows) * (width + gap)
    return (
        f'<svg class="srd-chart" viewBox="0 0 {total} {height + 16}" role="img" '
        f'aria-label="Diagramme en barres : probabilité de chaque valeur ({escape(outcome_label)})" '
        f'preserveAspectRatio="xMinYMax meet">{"".join(bars)}</svg>'
    )


def _distribution_html(block: Distribution) -> str:
    rows, tail = visible_rows(block.probabilities)
    if not rows and not tail:  # every case is settled otherwise (e.g. only Aces left)
        return (
            f'<section class="srd-distribution"><h3>{_prose(block.title)}</h3>'
            f"<p>{_prose(block.outcome_label)}{INSECABLE}: aucune valeur possible dans ce cas.</p></section>"
        )
    cumulative = bool(block.cumulative_label)
    head = f"<th>{_prose(block.outcome_label)}</th> <th>P(= k)</th>" + (
        f" <th>{_prose(block.cumulative_label)}</th>" if cumulative else ""
    )
    body = []
    for outcome, p, at_least in rows:
        cells = f"<td>{format_number(outcome)}</td><td>{_value_html(p, True)}</td>" + (
            f"<td>{_value_html(at_least, True)}</td>" if cumulative else ""
        )
        body.append(f'<tr data-k="{outcome}">{cells}</tr>')
    if tail:
        first = rows[-1][0] + 1
        tail_html = _value_html(tail, True)
        cells = f"<td>{format_number(first)} ou plus</td><td>{tail_html}</td>" + (
            f"<td>{tail_html}</td>" if cumulative else ""
        )
        body.append(f'<tr class="srd-tail">{cells}</tr>')
    return (
        f'<section class="srd-distribution"><h3>{_prose(block.title)}</h3>'
        f"<figure>{_chart_svg(rows, block.outcome_label)}</figure>"
        f"{_scroll_open(block.title)}<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div></section>"
    )


def _scroll_open(title: str) -> str:
    """A table's scrolling box: a named region the keyboard can reach and scroll."""
    return f'<div class="srd-table-scroll" tabindex="0" role="region" aria-label="{escape(title)}">'


# How a table is laid out on a phone, by its number of columns (docs/decisions.md,
# « Tableaux sur téléphone »): up to 3 it stays a table; 4 or 5 are measured in the page
# (`mesure`: blocks only if it does not fit); from 6 on, one block per row (`blocs`).
STAYS_A_TABLE = 3
ALWAYS_BLOCKS = 6


def table_shape(columns: int) -> str | None:
    """`blocs`, `mesure` or None (a table at any width), for a table of `columns` columns."""
    if columns <= STAYS_A_TABLE:
        return None
    return "blocs" if columns >= ALWAYS_BLOCKS else "mesure"


def _table_tags(headers: tuple) -> dict[str, str | list[str]]:
    """The tags of a table: one laid out as blocks on a phone names each cell's column
    and says its table roles (a block layout hides them from some screen readers)."""
    form = table_shape(len(headers))
    if not form:
        tags = {"table": "<table>", "group": "", "row": "<tr>", "head": "<th>"}
        return tags | {"cells": ["<td>"] * len(headers)}
    return {
        "table": f'<table data-forme="{form}" role="table">',
        "group": ' role="rowgroup"',
        "row": '<tr role="row">',
        "head": '<th role="columnheader">',
        "cells": [f'<td role="cell" data-titre="{escape(h)}">' for h in headers],
    }


def _table_body(block: Table, row_tag: str, cell_tags: list[str]) -> str:
    rows = tuple(block.rows)
    width = len(rows[0]) if rows else 0
    if all(len(row) == width for row in rows):  # column by column: the same HTML, faster
        columns = [
            _column_html(values, n in block.percent)
            for n, values in enumerate(zip(*rows, strict=True))
        ]
        tags = (cell_tags + ["<td>"] * width)[:width]
        braces = {ord("{"): "{{", ord("}"): "}}"}
        row_html = row_tag + "".join(t.translate(braces) + "{}</td>" for t in tags) + "</tr>"
        return "".join(map(row_html.format, *columns)) if width else row_html * len(rows)
    return "".join(
        row_tag
        + "".join(
            (cell_tags[n] if n < len(cell_tags) else "<td>")
            + f"{_value_html(c, n in block.percent)}</td>"
            for n, c in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )


def _table_html(block: Table) -> str:
    tags = _table_tags(tuple(block.headers))
    head = " ".join(f"{tags['head']}{_prose(h)}</th>" for h in block.headers)
    body = _table_body(block, tags["row"], tags["cells"])
    group = tags["group"]
    note = f"<p><small>{_prose(block.note)}</small></p>" if block.note else ""
    return (
        f'<section class="srd-table"><h3>{_prose(block.title)}</h3>'
        f"{_scroll_open(block.title)}{tags['table']}<thead{group}>{tags['row']}{head}</tr>"
        f"</thead><tbody{group}>{body}</tbody></table></div>{note}</section>"
    )


def _links_html(block: Links, page: Page) -> str:
    if not page.path:
        raise ValueError(f"« {block.title} » : des liens sans la page où ils s'affichent")
    items = "".join(
        f'<li><a href="{escape(urls.relative(page.path, link.page))}">{_prose(link.label)}</a>'
        + (f" <small>{_prose(link.note)}</small>" if link.note else "")
        + "</li>"
        for link in block.items
    )
    return f'<section class="srd-liens"><h3>{_prose(block.title)}</h3><ul>{items}</ul></section>'


def _checks_html(block: Checks, page: Page) -> str:
    if not block.failed:
        return _text_html(Text(block.passed))
    items = []
    for name, message in dict.fromkeys(block.failed):
        element_id, label = page.fields[name]
        message = _without_label(message, label)
        items.append(
            f'<li><a href="#{escape(element_id)}" data-champ="{escape(name)}">{_prose(label)}</a>{INSECABLE}: '
            f"{_prose(message)}</li>"
        )
    return (
        f'<section class="srd-text srd-avertissement {CHECKS}"><p>À vérifier :</p>'
        f"<ul>{''.join(items)}</ul></section>"
    )


def _without_label(message: str, label: str) -> str:
    """The message without its own « Dons : » when the link already says « Dons en plus » (or
    « Rangs de compétences » for « Rangs de compétence : »): the label starts with it."""
    head, sep, rest = message.partition(" : ")
    if head and sep and rest and label.lower().startswith(head.lower()):
        return rest
    return message


def _text_html(block: Text) -> str:
    return f'<p class="srd-text srd-{block.tone}">{_prose(block.text)}</p>'


_RENDERERS = {
    Figures: _figures_html,
    Distribution: _distribution_html,
    Table: _table_html,
    Text: _text_html,
}


_IN_PAGE = {Links: _links_html, Checks: _checks_html}  # they need to know where they are


def to_html(blocks: tuple[Block, ...], page: Page = Page()) -> str:
    """`page`: where the result is shown, for its links and checks.
    One line, no blank lines: the HTML goes into Markdown pages as a raw block."""
    return "".join(
        _IN_PAGE[type(block)](block, page)
        if type(block) in _IN_PAGE
        else _RENDERERS[type(block)](block)
        for block in blocks
    )


def mean(probabilities: tuple[tuple[int, Fraction], ...]) -> Fraction:
    sums = _moments(probabilities)
    if sums is None:
        return sum((k * p for k, p in probabilities), Fraction(0))
    _, s1, _, denominator = sums
    return Fraction(s1, denominator)


def variance(probabilities: tuple[tuple[int, Fraction], ...]) -> Fraction:
    sums = _moments(probabilities)
    if sums is None:
        m = mean(probabilities)
        return sum(((k - m) ** 2 * p for k, p in probabilities), Fraction(0))
    # Σ (k − m)² p with m = s1 / d, Σ p = s0 / d, Σ k p = s1 / d, Σ k² p = s2 / d:
    # (s2 d² − 2 s1² d + s1² s0) / d³, the same Fraction in integers.
    s0, s1, s2, d = sums
    return Fraction(s2 * d * d - 2 * s1 * s1 * d + s1 * s1 * s0, d**3)


def _moments(probabilities: tuple[tuple[int, Fraction], ...]) -> tuple[int, int, int, int] | None:
    """(Σ n, Σ k n, Σ k² n, d): P(k) = n / d over a common denominator; None unless the
    outcomes are ints and the probabilities ints or Fractions."""
    if not all(type(k) is int for k, _ in probabilities):
        return None
    scaled = _over_common_denominator([p for _, p in probabilities])
    if scaled is None:
        return None
    numerators, denominator = scaled
    s0 = s1 = s2 = 0
    for (k, _), n in zip(probabilities, numerators, strict=True):
        s0 += n
        kn = k * n
        s1 += kn
        s2 += k * kn
    return s0, s1, s2, denominator


def std_dev(var: Fraction) -> float:
    return math.sqrt(var)
