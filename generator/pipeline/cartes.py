"""The card index of the GM lists (page « Mes listes », generator/browser/listes.js):
one card per entity of every system, everything a printed card shows, in plain text.

A card is the finder's row (name, kind, system, condition, index columns under their
French titles), plus the fields whose schema title says they are a cost (when they are not
already a column), plus the effect: the entity's description in one paragraph, its tags
written as their labels. Nothing here is restated: it is read from the data and schemas.
How each is written is the engine's (core/entity_index.py: house rules have cards too).
"""

from __future__ import annotations

import json
from functools import partial

from generator.core import entity_index
from generator.pipeline import per_entity, schemas
from generator.pipeline.corpus import Corpus, System
from generator.pipeline.finder import _cell, _plain
from generator.pipeline.links import CorpusLinks

INDEX = "assets/cartes.json"
FORMAT = 1


def _effect(links: CorpusLinks, system: System, description: str) -> str:
    """The description in one paragraph: its list items marked by a bullet."""
    return entity_index.effect(description, partial(_plain, links, system))


def _costs(links: CorpusLinks, system: System, entity, shown: set[str]) -> dict[str, str]:
    """The cost fields, unless an index column already gives a cost."""
    kind = schemas.kinds(system.id)[entity.kind]
    return entity_index.costs(kind, shown, partial(_cell, links, system, entity))


def index_json(
    corpus: Corpus,
    links: CorpusLinks,
    found: list[dict],
    reuse: per_entity.Fresh = per_entity.FRESH,
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


def system_part(
    links: CorpusLinks, system: System, found: list[dict], reuse: per_entity.Fresh
) -> str:
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


def _card(links: CorpusLinks, system: System, entity, row: dict, reads) -> dict:
    """The entity's card, from its finder row; what it reads of `system` is noted in
    `reads`."""
    system = per_entity.view(reads, system, links).system
    cost_fields = _costs(links, system, entity, set(row["f"]))
    return entity_index.card(
        row, cost_fields, _effect(links, system, entity.data.get("description") or row["r"])
    )
