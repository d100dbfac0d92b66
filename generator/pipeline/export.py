"""JSON export: api/index.json, api/<system>/<kind>.json, api/<system>/systeme.json, api/schemas/
(the schemas of the data, of each system's saved character, and of house rules)."""

from __future__ import annotations

import json
from functools import lru_cache

from generator import systems
from generator.core import reperes, urls
from generator.engine import character, rules, saved
from generator.house import reader
from generator.pipeline import partie_fichier, schemas
from generator.pipeline.corpus import Corpus
from generator.pipeline.per_entity import FRESH, Fresh

FORMAT = 1


def _dump(value: object) -> str:
    return _dumped(schemas.ByRepr(value))


# A pure function of the value: `serve` exports again after each edit, and most files
# have not changed; json with an indent is slow.
@lru_cache(maxsize=4096)
def _dumped(value: schemas.ByRepr) -> str:
    return json.dumps(value.value, ensure_ascii=False, indent=1) + "\n"


def _dump_list(items: list) -> str:
    """`_dump(items)`, made of each item's own text (after an edit, only the edited
    entities are written again)."""
    if not items:
        return _dump(items)
    return "[\n" + ",\n".join(_item(schemas.ByRepr(item)) for item in items) + "\n]\n"


@lru_cache(maxsize=1 << 15)  # the ×10 data have 11,000 entities
def _item(item: schemas.ByRepr) -> str:
    """An item of a list with `indent=1`: one space more on each line (a JSON text has no
    line break inside its strings)."""
    return " " + json.dumps(item.value, ensure_ascii=False, indent=1).replace("\n", "\n ")


def export(corpus: Corpus, built: dict[str, object], reuse: Fresh = FRESH) -> dict[str, str]:
    """{path under api/: JSON text}: each system's files (made of its own files alone),
    the index, the schemas; `built`: each system's rules (rulebook.py), which its saved
    character's schema reads."""
    files: dict[str, str] = {}
    index = {"format": FORMAT, "schemas": "schemas/", "systemes": {}}
    for system in corpus.systems.values():
        own, entry = reuse.made("api", system, system_files, system)
        files |= own
        index["systemes"][system.id] = dict(entry)  # its character's schema is added below
    files |= character_schemas(index, built)
    files |= house_schemas(corpus, index)
    files[f"schemas/{partie_fichier.SCHEMA}"] = _dump(partie_fichier.file_schema())
    index["parties"] = {
        "schema": f"schemas/{partie_fichier.SCHEMA}",
        "format": partie_fichier.FORMAT,
    }
    files["index.json"] = _dump(index)
    original = [s.id for s in corpus.systems.values() if s.original]
    for name, schema in (schemas.published(original) | schemas.list_schemas()).items():
        files[f"schemas/{name}"] = _dump(schema)
    return files


def published_meta(meta: dict) -> dict:
    """A system's file as published: without the fields its schema says are written but
    never shown (`writeOnly`: the name of its source text's file, outside the repository)."""
    fields = schemas.system_schema()["properties"]
    return {k: v for k, v in meta.items() if not fields.get(k, {}).get("writeOnly")}


def system_files(system) -> tuple[dict[str, str], dict]:
    """A system's files under api/, and its entry of the index."""
    files = {f"{system.id}/systeme.json": _dump(published_meta(system.meta))}
    entry = {
        "nom": system.full_name,
        "statut": system.meta["statut"],
        "url": f"/{system.id}/",
        "fiche": f"{system.id}/systeme.json",
        "genres": {},
    }
    for kind_id, entities in system.entities.items():
        files[f"{system.id}/{kind_id}.json"] = _dump_list(
            [{**e.data, "url": e.url} for e in entities]
        )
        entry["genres"][kind_id] = {
            "nom": schemas.kinds(system.id)[kind_id].plural,
            "nombre": len(entities),
            "donnees": f"{system.id}/{kind_id}.json",
            "schema": f"schemas/{system.id}/{kind_id}.schema.json",
        }
    return files, entry


def character_schemas(index: dict, built: dict[str, object]) -> dict[str, str]:
    """The JSON Schema of each system's saved character (engine/character.py), listed in
    the index beside the system's kinds; `built`: each system's rules."""
    files = {}
    for system_id, kind in character.types().items():
        if system_id not in built or system_id not in index["systemes"]:
            continue
        path = f"schemas/{system_id}/personnage.schema.json"
        files[path] = _dump(kind.json_schema(built[system_id]))
        index["systemes"][system_id]["personnage"] = {
            "schema": path,
            "calculateur": "/" + urls.calculator(*kind.CALCULATOR).removesuffix(".md") + "/",
        }
    # The file of « Mes personnages » (export, import): its characters are these.
    relative = {s: path.removeprefix("schemas/") for s, path in _paths(files).items()}
    files[f"schemas/{SAVED_SCHEMA}"] = _dump(saved.file_schema(relative))
    index["personnages"] = {"schema": f"schemas/{SAVED_SCHEMA}", "format": saved.FILE_FORMAT}
    return files


SAVED_SCHEMA = "personnages.schema.json"
HOUSE_SCHEMA = "regles-maison.schema.json"


def house_schemas(corpus: Corpus, index: dict) -> dict[str, str]:
    """The schema of a house entity of each kind (as the engine judges one: `source`
    optional, house/reader.py) and of a collection of house rules, file or link."""
    files, addresses = {}, {}
    for system in corpus.systems.values():
        for kind_id, kind in schemas.kinds(system.id).items():
            path = f"schemas/{system.id}/{kind_id}.maison.schema.json"
            files[path] = _dump(reader.entity_schema(kind.schema))
            addresses.setdefault(system.id, {})[kind_id] = path.removeprefix("schemas/")
    files[f"schemas/{HOUSE_SCHEMA}"] = _dump(reader.file_schema(addresses))
    index["regles_maison"] = {"schema": f"schemas/{HOUSE_SCHEMA}", "format": reader.FORMAT}
    return files


def _paths(files: dict[str, str]) -> dict[str, str]:
    """{system: path of its character's schema} among the files written."""
    return {p.split("/")[1]: p for p in files if p.endswith("/personnage.schema.json")}


def engine_data(corpus: Corpus, reuse: Fresh = FRESH) -> dict[str, dict]:
    """{system: {kind: {id: fields}}}: the fields each system's rules declare they read
    (`systems/<system>/rules.py: NEEDS`), for the build and for the browser."""
    data: dict[str, dict] = {}
    for system_id in systems.ids():
        system = corpus.systems.get(system_id)
        if system is not None:
            # Read, never changed: `serve` keeps them with the system's files.
            data[system_id] = reuse.made("moteur", system, system_engine_data, system)
    return data


def system_engine_data(system) -> dict:
    values = {
        kind: {
            e.id: {f: e.data[f] for f in fields if f in e.data}
            for e in system.entities.get(kind, [])
        }
        for kind, fields in rules.needs(system.id).items()
    }
    # What the calculators' source markers say (core/reperes.py).
    values[reperes.SOURCES] = reperes.index(
        system.meta.get("nom_court") or system.meta.get("nom") or system.id,  # read even broken
        [chapter.meta["source"] for chapter in system.chapters if "source" in chapter.meta],
    )
    return values
