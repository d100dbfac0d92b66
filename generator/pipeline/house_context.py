"""The context of the « Règles maison » page: `assets/maison.json`, what the
engine needs in the browser to judge, index and show a house entity as the build would an
official one (house/queries.py), the finder's rows (assets/entites.json) aside.

{"format": 1, "systemes": {<system>: {
    "nom": its name, as every page says it,
    "genres": {<kind>: {"nom": its plural label (the index's), "titre": its schema's title
        (singular), "schema": the schema of a house entity of that kind
        (reader.entity_schema), "colonnes": [[field, title]] of its index table,
        "sous_champs": {field: key read in each item}, "feminin": its gender}},
    "chapitres": {<chapter>: {"titre": its title, "ancres": {anchor: heading}}},
    "calculateurs": {<calculator>: its title}}}}
for each ready system, kinds in the system's order (its data files', as the finder's)."""

from __future__ import annotations

import json

from generator import systems
from generator.engine import registry
from generator.house import reader
from generator.pipeline import schemas
from generator.pipeline.anchors import chapter_anchors
from generator.pipeline.corpus import Corpus, System

INDEX = "assets/maison.json"
FORMAT = 1


def kind_entry(kind: schemas.Kind) -> dict:
    return {
        "nom": kind.plural,
        "titre": kind.label,
        "schema": reader.entity_schema(kind.schema),
        "colonnes": [list(column) for column in kind.columns],
        "sous_champs": dict(kind.subfields),
        "feminin": kind.feminine,
    }


def system_entry(system: System) -> dict:
    kinds = schemas.kinds(system.id)
    ordered = [k for k in system.entities if k in kinds] + [
        k for k in kinds if k not in system.entities
    ]
    calculators = registry.of_system(system.id) if system.id in systems.ids() else []
    return {
        "nom": system.name,
        "genres": {kind_id: kind_entry(kinds[kind_id]) for kind_id in ordered},
        "chapitres": {
            chapter.id: {"titre": chapter.title, "ancres": chapter_anchors(chapter)}
            for chapter in system.chapters
        },
        "calculateurs": {c.id: c.title for c in calculators},
    }


def index_json(corpus: Corpus) -> str:
    found = {system.id: system_entry(system) for system in corpus.systems.values() if system.ready}
    return json.dumps(
        {"format": FORMAT, "systemes": found}, ensure_ascii=False, separators=(",", ":")
    )
