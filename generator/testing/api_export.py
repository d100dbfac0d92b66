"""The check of a built site's JSON export (api/): each system's file and each kind's list
are there, every entity of the data in its kind's list, each valid for the schema the site
publishes beside it, each with its page. One definition, read by the repository's tests
(tests/build/test_generator.py) and by a project's (generiques/test_site.py)."""

from __future__ import annotations

import json
from pathlib import Path

API = "api"


def _read(site: Path, path: str, problems: list[str]) -> object | None:
    file = site / API / path
    if not file.is_file():
        problems.append(f"{API}/{path} absent")
        return None
    return json.loads(file.read_text(encoding="utf-8"))


def export_problems(site: Path, expected: dict[str, dict[str, list[str]]]) -> list[str]:
    """What is wrong with `site`'s export, in French; `expected`: {system: {kind: the ids
    of its entities}}, as the data have them."""
    from jsonschema import Draft202012Validator  # the tests' own dependency

    problems: list[str] = []
    index = _read(site, "index.json", problems) or {"systemes": {}}
    sheet_schema = _read(site, "schemas/systeme.schema.json", problems)
    for system_id, kinds in expected.items():
        system = index["systemes"].get(system_id)
        if system is None:
            problems.append(f"{API}/index.json : système « {system_id} » absent")
            continue
        sheet = _read(site, system["fiche"], problems)
        if sheet is not None and sheet_schema is not None:
            for error in Draft202012Validator(sheet_schema).iter_errors(sheet):
                problems.append(f"{API}/{system['fiche']} : selon jsonschema, {error.message}")
        for kind, ids in kinds.items():
            entry = system["genres"].get(kind)
            if entry is None:
                problems.append(f"{API}/index.json : genre « {system_id}/{kind} » absent")
                continue
            problems += _kind_problems(site, entry, ids, Draft202012Validator)
    return problems


def _kind_problems(site: Path, entry: dict, ids: list[str], validator_class) -> list[str]:
    """One kind's list: every entity there, each valid for its schema, each with its page."""
    problems: list[str] = []
    schema = _read(site, entry["schema"], problems)
    entities = _read(site, entry["donnees"], problems)
    if schema is None or entities is None:
        return problems
    where = f"{API}/{entry['donnees']}"
    missing = sorted(set(ids) - {entity.get("id") for entity in entities})
    if missing:
        problems.append(f"{where} : entités absentes de l'export : {', '.join(missing)}")
    if entry["nombre"] != len(entities):
        problems.append(
            f"{where} : l'index annonce {entry['nombre']} entités, la liste en a {len(entities)}"
        )
    validator = validator_class(schema)
    for entity in entities:
        for error in validator.iter_errors(entity):
            path = "/".join(map(str, error.absolute_path)) or "(racine)"
            problems.append(
                f"{where} : « {entity.get('id')} » ne suit pas {API}/{entry['schema']} "
                f"({path}, selon jsonschema : {error.message})"
            )
        if not (site / str(entity.get("url", "")).strip("/") / "index.html").is_file():
            problems.append(f"{where} : « {entity.get('id')} » sans page à {entity.get('url')}")
    return problems


def expected_entities(corpus) -> dict[str, dict[str, list[str]]]:
    """{system: {kind: the ids of its entities}} of a judged corpus (pipeline/corpus.py)."""
    return {
        system.id: {kind: [e.id for e in entities] for kind, entities in system.entities.items()}
        for system in corpus.systems.values()
    }
