"""The finder's index: one row per entity of every system, in plain text, for the « Trouver »
page and the link previews (generator/browser/trouver.js, apercu.js).

Each row: system and kind (ids and names), name, URL (from the site root), summary,
condition (the sentence the system writes), the values of the kind's index columns, its key
(system/kind/id) and its requirements as clauses, for « prerequisites met by what I have »;
in a kind whose entities form trees, the key of its tree's root (`t`, the « Arbre » filter).
"""

from __future__ import annotations

import json
from functools import partial

from generator import systems
from generator.core import entity_index, tags, urls
from generator.pipeline import corpus_conditions, per_entity, schemas
from generator.pipeline.corpus import Corpus, Entity, System
from generator.pipeline.links import CorpusLinks

INDEX = "assets/entites.json"


def _plain(links: CorpusLinks, system: System, text: str) -> str:
    """A text with its tags replaced by their labels, on one line."""

    def label(match) -> str:
        target = links.resolve(system, match.group(1), match.group(2), match.group(3))
        return getattr(target, "label", match.group(2))

    return tags.plain(text, label)


def _name_of(system: System):
    """An entity's name by its kind and id, None when there is none."""
    return lambda kind, ref: getattr(system.entity(kind, ref), "name", None)


def _cell(links: CorpusLinks, system: System, entity: Entity, field: str) -> str:
    kind = schemas.kinds(system.id)[entity.kind]
    return entity_index.cell(
        kind, entity.data, field, _name_of(system), partial(_plain, links, system)
    )


def _names(system: System):
    """For a condition sentence in plain text: an entity is written by its name."""
    return lambda kind, ref: getattr(system.entity(kind, ref), "name", ref)


def key(system: System, kind: str, entity_id: str) -> str:
    return entity_index.key(system.id, kind, entity_id)


def clauses(system: System, entity: Entity) -> list[list[list]]:
    """What the entity requires (corpus_conditions.py): every clause must be met, by one of its
    [key, minimum] alternatives (minimum None: having it is enough)."""
    return [
        [[key(system, target.kind, target.id), minimum] for target, minimum in clause]
        for clause in corpus_conditions.clauses(system, entity)
    ]


def rows(
    corpus: Corpus, links: CorpusLinks, reuse: per_entity.Fresh = per_entity.FRESH
) -> list[dict]:
    """Every entity's row: a system's are made of its own files alone (its texts cite its
    own entities and chapters only), each entity's with what it read (per_entity.py)."""
    out = []
    for system in corpus.systems.values():
        if system.ready:
            made = reuse.made("trouveur", system, system_rows, system, links, reuse)
            out += with_trees(system, made)
    return out


def parent_field(kind) -> str | None:
    """The field by which each entity of `kind` requires at most one of its own kind (a
    single reference, not a list, `x-relation: requis`): its entities form trees."""
    for pattern, target, relation, _ in kind.references():
        if target == kind.id and relation == "requis" and len(pattern) == 1:
            return pattern[0]
    return None


def with_trees(system: System, made: list[dict]) -> list[dict]:
    """The rows, each of a kind whose entities form trees with its root's key (`t`):
    a copy (the rows are kept between builds); roots are found from the data alone."""
    roots: dict[str, str] = {}
    for kind_id, entities in system.entities.items():
        field = parent_field(schemas.kinds(system.id)[kind_id])
        if field is None:
            continue
        parent = {e.id: e.data.get(field) for e in entities}
        if not any(parent.values()):
            continue  # no entity requires another: no tree
        for entity in entities:
            top, seen = entity.id, set()
            while parent.get(top) in parent and top not in seen:  # a loop stops the walk
                seen.add(top)
                top = parent[top]
            roots[key(system, kind_id, entity.id)] = key(system, kind_id, top)
    return [dict(row, t=roots[row["i"]]) if row["i"] in roots else row for row in made]


def system_rows(system: System, links: CorpusLinks, reuse: per_entity.Fresh) -> list[dict]:
    out = []
    site = systems.module(system.id, systems.PUBLICATION)
    key = ("trouveur", system.id)
    kept = reuse.round(key, system, links)
    for kind_id, entities in system.entities.items():
        kind = schemas.kinds(system.id)[kind_id]
        has_condition = any(
            spec.get("x-rendu") == "condition" for spec in kind.schema["properties"].values()
        )
        for entity in entities:
            row = partial(_row, links, system, site, kind, has_condition, entity)
            out.append(kept.value(entity, row))
    reuse.keep(key, kept)
    return out


def _row(
    links: CorpusLinks, system, site, kind, has_condition: bool, entity: Entity, reads
) -> dict:
    """The entity's row; what it reads of `system` is noted in `reads`."""
    system = per_entity.view(reads, system, links).system
    own = getattr(site, "condition", None) if has_condition else None
    if own is not None:  # the system's own words
        condition = _plain(links, system, own(entity.data, _names(system)))
    else:
        condition = corpus_conditions.sentence(system, entity, lambda target: target.name)
    return entity_index.row(
        system=(system.id, system.name),
        kind=kind,
        data=entity.data,
        url=urls.url(entity.docs_path).lstrip("/"),
        condition=condition,
        name_of=_name_of(system),
        plain=partial(_plain, links, system),
        requires=clauses(system, entity),
    )


def index_json(found: list[dict]) -> str:
    """The finder's index, from its `rows` (the GM cards are made from them too)."""
    return json.dumps(found, ensure_ascii=False, separators=(",", ":"))
