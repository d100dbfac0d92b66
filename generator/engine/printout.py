"""A character sheet laid out for print: the sheet calculator's own computed values, without
the form, on one A4 page (`/<system>/calculateurs/<calc>/imprimer/?<the calculator's query>`).

Generic: a system says what its printed sheet keeps and adds in `PRINTOUT`, an `Imprimable`
of its character type (`systems/<system>/character.py: CHARACTER`); this module computes and
writes it. The one-line effect of each chosen entity is not in the engine's data: the
print page carries it (generated from the data) and sets it beside the entity's
`data-page` (generator/browser/fiche.js).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from html import escape

from generator.core import reperes, urls
from generator.core.typographie import texte
from generator.engine.api import HouseRefusal, _failure, reader_rules, request
from generator.engine.character import as_text, of_system
from generator.engine.inputs import ChoiceInput, InputGroup
from generator.engine.registry import Calculator
from generator.engine.results import (
    Checks,
    Figure,
    Figures,
    Link,
    Links,
    Page,
    Text,
    format_number,
    to_html,
)


@dataclass(frozen=True)
class Imprimable:
    """What a system's printed character sheet keeps of its calculator's result."""

    # Kinds whose one-line summary (`resume`) is printed beside each chosen entity.
    genres: tuple[str, ...] = ()
    # (field, kind): a choice the result does not list, printed with its entity.
    choix: tuple[tuple[str, str], ...] = ()
    # Titles of result blocks left off the sheet (explanations rather than values).
    omis: tuple[str, ...] = ()
    # (title, fields): the player's own values the result does not repeat (scores…), put
    # first; a group's name stands for all its fields.
    valeurs: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # Labels of computed figures the player keeps count of in play (points of life…): each
    # is printed again with an empty box for its current value beside its maximum.
    suivis: tuple[str, ...] = ()


def declaration(system: str, calc_id: str) -> Imprimable | None:
    """The `PRINTOUT` of the system's character, if `calc_id` is its sheet calculator."""
    kind = of_system(system)
    if kind is None or (system, calc_id) != kind.CALCULATOR:
        return None
    return kind.PRINTOUT


def _choices(calculator: Calculator, sheet: Imprimable, values: dict, rules: object) -> Links:
    """The declared choices, each linked to its entity."""
    inputs = {i.name: i for i in calculator.inputs_for(rules)}
    items = []
    for field, kind in sheet.choix:
        item, value = inputs[field], values[field]
        items.append(
            Link(_shown(item, value), urls.entity(calculator.system, kind, value), item.label)
        )
    return Links("Choix", tuple(items))


def _values(calculator: Calculator, sheet: Imprimable, values: dict, rules: object) -> list:
    """The declared values, one Figures block per title, each field under its label."""
    groups = {i.name: i.expand(rules) for i in calculator.inputs if isinstance(i, InputGroup)}
    inputs = {i.name: i for i in calculator.inputs_for(rules)}
    blocks = []
    for title, fields in sheet.valeurs:
        shown = [item for f in fields for item in (groups[f] if f in groups else (inputs[f],))]
        figures = tuple(Figure(item.label, _shown(item, values[item.name])) for item in shown)
        blocks.append(Figures(title, figures))
    return blocks


def _shown(item: object, value: object) -> int | str:
    """A value as the reader chose it: a choice by its label, a number as a number (the
    result writes it, typographic minus included)."""
    if isinstance(item, ChoiceInput):
        return dict(item.choices).get(value, str(value))
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return as_text(value) or "—"


def tracked(sheet: Imprimable, blocks: list) -> list[Figure]:
    """The declared figures to keep count of, as the result computes them, in the
    declaration's order (one the result does not give this time is left out)."""
    figures = {f.label: f for b in blocks if isinstance(b, Figures) for f in b.items}
    return [figures[label] for label in sheet.suivis if label in figures]


def _tracked_html(figures: list[Figure]) -> str:
    """Each figure kept count of: its name, an empty box for the current value, its
    maximum."""
    rows = "".join(
        f'<li><span class="srd-fiche-suivi-nom">{escape(texte(f.label))}</span> '
        '<span class="srd-fiche-case" aria-hidden="true"></span> '
        f'<span class="srd-fiche-suivi-max">/ {escape(_figure_text(f.value))}</span></li>'
        for f in figures
    )
    return f'<section class="srd-fiche-suivi"><h3>En cours de partie</h3><ul>{rows}</ul></section>'


def _figure_text(value: object) -> str:
    return value if isinstance(value, str) else format_number(value)


def _printed(block: object) -> object:
    """A block as the printed sheet shows it: checks as a sentence (no form to point at)."""
    if isinstance(block, Checks):
        return Text(block.text, "avertissement" if block.failed else "info")
    return block


def _links_html(block: Links, page: Page) -> str:
    """Like the calculator's list, with the entity's docs path for its one-line effect."""
    items = "".join(
        f'<li data-page="{escape(link.page)}">'
        f'<a href="{escape(urls.relative(page.path, link.page))}">{escape(texte(link.label))}</a>'
        + (f" <small>{escape(texte(link.note))}</small>" if link.note else "")
        + "</li>"
        for link in block.items
    )
    return f'<section class="srd-liens"><h3>{escape(texte(block.title))}</h3><ul>{items}</ul></section>'


def sheet_html(calculator: Calculator, sheet: Imprimable, query: dict, rules: object) -> dict:
    """{"ok": True, "html": …} or the calculator's refusal {"ok": False, "errors": …}."""
    outcome = calculator.run({str(k): str(v) for k, v in query.items()}, rules)
    if not outcome.ok:
        return {"ok": False, "errors": outcome.errors}
    kept = [_printed(b) for b in outcome.blocks if getattr(b, "title", "") not in sheet.omis]
    blocks = _values(calculator, sheet, outcome.values, rules) + kept
    if sheet.choix:
        blocks.append(_choices(calculator, sheet, outcome.values, rules))
    page = Page(urls.printable_sheet(calculator.system, calculator.id))
    html = "".join(
        _links_html(b, page) if isinstance(b, Links) else to_html((b,), page) for b in blocks
    )
    counted = tracked(sheet, outcome.blocks)
    if counted:  # first on the sheet: what the player writes in, turn after turn
        html = _tracked_html(counted) + html
    # One page of paper: the source markers of the calculator's texts are left out.
    return {"ok": True, "html": reperes.plain(html)}


def sheet_json(system: str, calc_id: str, query_json: str, maison_json: str = "") -> str:
    """The browser's call for a printed sheet, answered as `api.run_json` answers (the
    reader's house rules in `maison_json`, as there)."""
    found = request(system, calc_id, query_json)
    if isinstance(found, str):
        return found
    calculator, query = found
    sheet = declaration(system, calc_id)
    if sheet is None:
        return _failure(f"Pas de fiche à imprimer pour le calculateur « {system}/{calc_id} ».")
    system_rules = reader_rules(system, maison_json)
    if isinstance(system_rules, HouseRefusal):
        return system_rules.reply
    try:
        answer = sheet_html(calculator, sheet, query, system_rules)
    except Exception as error:  # a bug of ours: say so plainly rather than hang the page
        return _failure(f"Erreur interne de la fiche ({type(error).__name__}) : signalez-la.")
    if not answer["ok"]:
        answer["errors"] = {
            name: texte(reperes.plain(text)) for name, text in answer["errors"].items()
        }
    return json.dumps(answer, ensure_ascii=False)
