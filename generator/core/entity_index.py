"""An entity in plain text, for the finder's row (assets/entites.json) and the GM lists'
card (assets/cartes.json): the values of its kind's index columns, its cost fields, its
effect in one paragraph. On plain values: the build (pipeline/finder.py, pipeline/cartes.py)
hands it the corpus's entities, the browser (house rules, house/index.py) what it
knows of them, so that a house entity's row and card read as an official one's.

A kind is any object with `schema`, `columns`, `subfields` and `references()`
(pipeline/schemas.Kind); `name_of(kind, id)` is an entity's name, or None when there is
none; `plain(text)` writes a text's tags as their labels, on one line (core/tags.py)."""

from __future__ import annotations

import re
from collections.abc import Callable

from generator.core.typographie import texte

COST = re.compile(r"^co[uû]t\b", re.I)  # a field titled « Coût… » is shown as a cost
BULLET = re.compile(r"^\s*[-*]\s+", re.M)
EMPHASIS = re.compile(r"\*\*|__")


def cell(kind, data: dict, field: str, name_of: Callable, plain: Callable[[str], str]) -> str:
    """A field's value as its index column shows it ("" for none)."""
    spec = kind.schema["properties"][field]
    if spec.get("x-rendu") == "condition":
        return ""  # the condition has its own column
    value = data.get(field)
    sub = dict(kind.subfields).get(field)
    if sub:  # one value per item of a list of objects, as the index table shows it
        numbers = [row.get(sub) for row in value or [] if isinstance(row, dict)]
        if all(n is None for n in numbers):
            return ""
        return " / ".join("—" if n is None else str(n).replace("-", "\u2212") for n in numbers)
    refs = {path: target for path, target, *_ in kind.references()}
    ref_kind = refs.get((field, "*")) or refs.get((field,))
    labels = spec.get("x-libelles", {})
    shown = []
    for item in value if isinstance(value, list) else [value]:
        if item is None or isinstance(item, dict):
            continue
        if ref_kind:
            name = name_of(ref_kind, item)
            shown.append(name if name is not None else str(item))
        elif isinstance(item, bool):
            shown.append("oui" if item else "non")
        else:
            shown.append(labels.get(item, plain(str(item))))
    return ", ".join(shown)


def columns(kind, data: dict, name_of: Callable, plain: Callable[[str], str]) -> dict[str, str]:
    """{column title: value} of the kind's index columns that have one (the row's « f »)."""
    return {
        title: texte(text)
        for field, title in kind.columns
        if (text := cell(kind, data, field, name_of, plain))
    }


def key(system: str, kind: str, entity_id: str) -> str:
    """An entity's key, « system/kind/id » (the finder's « i », the cards' key)."""
    return f"{system}/{kind}/{entity_id}"


def row(
    *,
    system: tuple[str, str],
    kind,
    data: dict,
    url: str,
    condition: str,
    name_of: Callable,
    plain: Callable[[str], str],
    requires: list,
) -> dict:
    """The finder's row of an entity: `system` (id, name), `url` from the site root,
    `condition` its sentence in plain text, `requires` its clauses as keys ([[key,
    minimum], …] per clause)."""
    found = {
        "s": system[0],
        "sn": system[1],
        "k": kind.id,
        "kn": kind.label,
        "n": data.get("nom") or data["id"],
        "u": url,
        "r": texte(plain(data.get("resume", ""))),
        "c": texte(condition),
        "f": columns(kind, data, name_of, plain),
        "i": key(system[0], kind.id, data["id"]),
    }
    if requires:
        found["q"] = requires
    return found


def effect(description: str, plain: Callable[[str], str]) -> str:
    """The description in one paragraph: its list items marked by a bullet."""
    return texte(plain(EMPHASIS.sub("", BULLET.sub("• ", description))))


def costs(kind, shown: set[str], cell_of: Callable[[str], str]) -> dict[str, str]:
    """The cost fields, unless an index column already gives a cost (the same value
    would be printed twice, in other words); `cell_of(field)` is its `cell`."""
    if any(COST.match(title) for title in shown):
        return {}
    found = {}
    for field, spec in kind.schema["properties"].items():
        title = spec.get("title", "")
        if not COST.match(title) or spec.get("x-interne"):
            continue
        value = cell_of(field)
        if value and value not in found.values():
            found[title] = texte(value)
    return found


def card(row: dict, cost_fields: dict[str, str], effect_text: str) -> dict:
    """The GM card of an entity, from its finder row."""
    return {
        "n": row["n"],
        "k": row["kn"],
        "s": row["sn"],
        "u": row["u"],
        "c": row["c"],
        "f": {**row["f"], **cost_fields},
        "e": effect_text,
    }
