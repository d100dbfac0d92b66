"""The finder's index: one row per entity of every system, in plain text, for the « Trouver »
page and the link previews (site_overrides/assets/trouver.js, apercu.js).

Each row: system and kind (ids and names), name, URL (from the site root), summary,
condition (the sentence the system writes), and the values of the kind's index columns.
"""

from __future__ import annotations

import json

from . import schemas, systems, urls
from .corpus import Corpus, Entity, System
from .links import TAG, Links, _follow

INDEX = "assets/entites.json"


def _plain(links: Links, system: System, text: str) -> str:
    """A text with its tags replaced by their labels, on one line."""

    def label(match) -> str:
        target = links.resolve(system, match.group(1), match.group(2), match.group(3))
        return getattr(target, "label", match.group(2))

    return " ".join(TAG.sub(label, text).split())


def _cell(links: Links, system: System, entity: Entity, field: str) -> str:
    kind = schemas.kinds(system.id)[entity.kind]
    spec = kind.schema["properties"][field]
    if spec.get("x-rendu") == "condition":
        return ""  # the condition has its own column
    value = entity.data.get(field)
    refs = {path: target for path, target, *_ in kind.references()}
    ref_kind = refs.get((field, "*")) or refs.get((field,))
    labels = spec.get("x-libelles", {})
    shown = []
    for item in value if isinstance(value, list) else [value]:
        if item is None or isinstance(item, dict):
            continue
        if ref_kind:
            target = system.entity(ref_kind, item)
            shown.append(target.name if target else str(item))
        elif isinstance(item, bool):
            shown.append("oui" if item else "non")
        else:
            shown.append(labels.get(item, _plain(links, system, str(item))))
    return ", ".join(shown)


def _names(system: System):
    """For a condition sentence in plain text: an entity is written by its name."""
    return lambda kind, ref: getattr(system.entity(kind, ref), "name", ref)


def _requirements(system: System, entity: Entity) -> str:
    """For a kind with no condition sentence: what its `requis` references name."""
    kinds = schemas.kinds(system.id)
    parts = []
    for pattern, target_kind, relation, _ in kinds[entity.kind].references():
        if relation != "requis" or target_kind not in kinds:
            continue
        for _path, value in _follow(entity.data, pattern, ()):
            target = system.entity(target_kind, value)
            if target is not None:
                parts.append(f"{kinds[target_kind].label} requis : {target.name}")
    return " ; ".join(parts)


def rows(corpus: Corpus, links: Links) -> list[dict]:
    out = []
    for system in corpus.systems.values():
        if not system.ready:
            continue
        site = systems.module(system.id, "site")
        for kind_id, entities in system.entities.items():
            kind = schemas.kinds(system.id)[kind_id]
            has_condition = any(
                spec.get("x-rendu") == "condition" for spec in kind.schema["properties"].values()
            )
            for entity in entities:
                condition = "" if has_condition else _requirements(system, entity)
                if has_condition and site is not None:
                    condition = _plain(
                        links,
                        system,
                        site.condition(entity.data, _names(system)),
                    )
                out.append(
                    {
                        "s": system.id,
                        "sn": system.meta.get("nom_court", system.name),
                        "k": kind_id,
                        "kn": kind.label,
                        "n": entity.name,
                        "u": urls.url(entity.docs_path).lstrip("/"),
                        "r": _plain(links, system, entity.data.get("resume", "")),
                        "c": condition,
                        "f": {
                            title: text
                            for field, title in kind.columns
                            if (text := _cell(links, system, entity, field))
                        },
                    }
                )
    return out


def index_json(corpus: Corpus, links: Links) -> str:
    return json.dumps(rows(corpus, links), ensure_ascii=False, separators=(",", ":"))
