"""JSON export: api/index.json, api/<system>/<kind>.json, api/<system>/systeme.json, api/schemas/."""

from __future__ import annotations

import json

from . import schemas
from .corpus import Corpus
from .engine import donnees

FORMAT = 1


def _dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, indent=1) + "\n"


def export(corpus: Corpus) -> dict[str, str]:
    """{path under api/: JSON text}."""
    files: dict[str, str] = {}
    index = {"format": FORMAT, "schemas": "schemas/", "systemes": {}}
    for system in corpus.systems.values():
        entry = {
            "nom": system.name,
            "statut": system.meta["statut"],
            "url": f"/{system.id}/",
            "fiche": f"{system.id}/systeme.json",
            "genres": {},
        }
        files[f"{system.id}/systeme.json"] = _dump(system.meta)
        for kind_id, entities in system.entities.items():
            files[f"{system.id}/{kind_id}.json"] = _dump([{**e.data, "url": e.url} for e in entities])
            entry["genres"][kind_id] = {
                "nom": schemas.kinds(system.id)[kind_id].plural,
                "nombre": len(entities),
                "donnees": f"{system.id}/{kind_id}.json",
                "schema": f"schemas/{system.id}/{kind_id}.schema.json",
            }
        index["systemes"][system.id] = entry
    files["index.json"] = _dump(index)
    for name, schema in schemas.published().items():
        files[f"schemas/{name}"] = _dump(schema)
    return files


def engine_data(corpus: Corpus) -> dict:
    """The fields of the entities the calculators read (engine/donnees.py: NEEDED)."""
    data: dict = {}
    for system_id, kinds in donnees.NEEDED.items():
        system = corpus.systems.get(system_id)
        for kind, fields in kinds.items():
            entities = system.entities.get(kind, []) if system else []
            data.setdefault(system_id, {})[kind] = {e.id: {f: e.data.get(f) for f in fields if f in e.data} for e in entities}
    return data
