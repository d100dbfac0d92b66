"""The card index of the GM lists (page « Mes listes », site_overrides/assets/listes.js):
one card per entity of every system, everything a printed card shows, in plain text.

A card is the finder's row (name, kind, system, condition, index columns under their
French titles), plus the fields whose schema title says they are a cost (when they are not
already a column), plus the effect: the entity's description in one paragraph, its tags
written as their labels. Nothing here is restated: it is read from the data and schemas.
"""

from __future__ import annotations

import json
import re
from functools import partial

from generator.engine.typographie import texte
from generator.pipeline import per_entity, schemas
from generator.pipeline.corpus import Corpus, System
from generator.pipeline.finder import _cell, _plain
from generator.pipeline.links import Links

INDEX = "assets/cartes.json"
FORMAT = 1
COST = re.compile(r"^co[uû]t\b", re.I)  # a field titled « Coût… » is shown as a cost
BULLET = re.compile(r"^\s*[-*]\s+", re.M)
EMPHASIS = re.compile(r"\*\*|__")


def _effect(links: Links, system: System, description: str) -> str:
    """The description in one paragraph: its list items marked by a bullet."""
    text = EMPHASIS.sub("", BULLET.sub("• ", description))
    return texte(_plain(links, system, text))


def _costs(links: Links, system: System, entity, shown: set[str]) -> dict[str, str]:
    """The cost fields, unless an index column already gives a cost (the same value
    would be printed twice, in other words)."""
    if any(COST.match(title) for title in shown):
        return {}
    kind = schemas.kinds(system.id)[entity.kind]
    found = {}
    for field, spec in kind.schema["properties"].items():
        title = spec.get("title", "")
        if not COST.match(title) or spec.get("x-interne"):
            continue
        value = _cell(links, system, entity, field)
        if value and value not in found.values():
            found[title] = texte(value)
    return found


def index_json(
    corpus: Corpus, links: Links, found: list[dict], reuse: per_entity.Fresh = per_entity.FRESH
) -> str:
    """{"format", "cartes": {system/kind/id: card}}, the cards made from the finder's rows
    (in their order: system by system), written one system at a time: a system's part is
    made of its own files alone, as its finder rows."""
    parts = [
        reuse.made("cartes", system, system_part, links, system, found, reuse)
        for system in corpus.systems.values()
    ]
    cards = ",".join(part for part in parts if part)
    return f'{{"format":{json.dumps(FORMAT)},"cartes":{{{cards}}}}}'


def system_part(links: Links, system: System, found: list[dict], reuse: per_entity.Fresh) -> str:
    """The system's cards as JSON members (`"id":{…}`, no braces around them); each
    entity's card, with its row and what it read of its system, may be the one an
    earlier version made (`reuse`: generator/pipeline/per_entity.py)."""
    key = ("cartes", system.id)
    kept = reuse.round(key, system, links)
    cards = {}
    for row in found:
        if row["s"] == system.id:
            entity = system.entity(row["k"], row["i"].rsplit("/", 1)[1])
            cards[row["i"]] = kept.value(entity, partial(_card, links, system, entity, row), row)
    reuse.keep(key, kept)
    return json.dumps(cards, ensure_ascii=False, separators=(",", ":"))[1:-1]


def _card(links: Links, system: System, entity, row: dict, reads) -> dict:
    """The entity's card, from its finder row; what it reads of `system` is noted in
    `reads`."""
    system = per_entity.view(reads, system, links).system
    fields = {**row["f"], **_costs(links, system, entity, set(row["f"]))}
    return {
        "n": row["n"],
        "k": row["kn"],
        "s": row["sn"],
        "u": row["u"],
        "c": row["c"],
        "f": fields,
        "e": _effect(links, system, entity.data.get("description") or row["r"]),
    }
