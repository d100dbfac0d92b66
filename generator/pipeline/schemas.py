"""JSON Schemas: one per entity kind, the single definition of the data format.

Each `systems/<system>/publication/schemas/<kind>.json` holds a kind's own fields (kinds differ from
one system to the next: one system's characteristic is not another's attribute); `schemas/
_entite.json` the fields every entity shares. `compose` joins them into the self-contained
schema that validates the YAML and is published under `api/schemas/<system>/`.

Besides JSON Schema, a schema says what its fields mean (`title`, the French label of
every property, and the `x-…` keywords), and the generic code follows it: every keyword is
declared, with its meaning, in `vocabulary.py`.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Collection
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from generator import systems
from generator.core import schema_check, schema_refs
from generator.pipeline import vocabulary
from generator.pipeline.yamlload import Located, YamlProblem, parse_yaml

SCHEMA_DIR = Path(__file__).parent / "schemas"
DIALECT = "https://json-schema.org/draft/2020-12/schema"


@dataclass(frozen=True)
class Kind:
    """An entity kind: its id (file and URL segment), French labels and composed schema."""

    system: str
    id: str
    label: str
    plural: str
    columns: tuple[tuple[str, str], ...]  # (field, header) shown in the index table
    schema: dict
    facets: tuple[str, ...] = ()  # column headers the index can be filtered by (a menu each)
    short_field: str = ""  # field holding a short name for links in tables (x-libelle-court)
    # column field -> key read in each of its items (a list of objects shown as numbers)
    subfields: tuple[tuple[str, str], ...] = ()
    feminine: bool = False  # the kind's name, for agreement (« compétence requise »)

    def short_name(self, data: dict) -> str:
        return (data.get(self.short_field) if self.short_field else None) or data["nom"]

    def references(self) -> list[schema_refs.Reference]:
        """(pattern, target kind, relation, threshold) of each `x-ref` (schema_refs.py)."""
        return list(_walked(self, "references", self._references))

    def requirements(self) -> list[schema_refs.Requirement]:
        """(pattern, target kind, threshold, alternatives) of each requirement."""
        return list(_walked(self, "requirements", self._requirements))

    def _references(self) -> list[schema_refs.Reference]:
        """What `schema_refs.references` finds in the kind's schema."""
        return schema_refs.references(self.schema)

    def _requirements(self) -> list[schema_refs.Requirement]:
        """What `schema_refs.requirements` finds in the kind's schema."""
        return schema_refs.requirements(self.schema)


def _walked(kind: Kind, name: str, walk) -> tuple:
    """What a kind's schema says, read once per kind (pages ask it for every entity), kept
    on the kind itself: a composed schema is never modified."""
    attribute = f"_walked_{name}"
    found = kind.__dict__.get(attribute)
    if found is None:
        found = tuple(walk())
        object.__setattr__(kind, attribute, found)  # frozen: set once, as a cache
    return found


class ByRepr:
    """A value made of texts, numbers, lists and dicts as a key: its repr tells them all
    apart (1, 1.0, True and "1"; keys included)."""

    __slots__ = ("value", "key")

    def __init__(self, value: object):
        self.value, self.key = value, repr(value)

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ByRepr) and self.key == other.key


class _ById:
    """A composed schema as a key: it is never modified once composed (`kinds` and
    `system_schema` are cached), and the key holds it, so that its id stays its own."""

    __slots__ = ("schema",)

    def __init__(self, schema: dict):
        self.schema = schema

    def __hash__(self) -> int:
        return id(self.schema)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _ById) and self.schema is other.schema


def _read(name: str) -> dict:
    return json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))


@cache
def base() -> dict:
    return _read("_entite.json")


def compose(system: str, kind_id: str, own: dict) -> dict:
    common = base()
    properties = {**common["properties"], **own.get("properties", {}), **common["properties_fin"]}
    return {
        "$schema": DIALECT,
        "$id": f"{system}/{kind_id}.schema.json",
        "title": own["title"],
        "description": own.get("description", ""),
        "type": "object",
        "properties": properties,
        "required": list(dict.fromkeys(common["required"] + own.get("required", []))),
        "additionalProperties": False,
        "$defs": {**common["$defs"], **own.get("$defs", {})},
    }


GENDERS = ("masculin", "feminin")


@cache
def kinds(system: str) -> dict[str, Kind]:
    """The entity kinds of one system, from schemas/<system>/*.json; a schema with faults
    (`faults`) is left out: its faults are reported at its own lines."""
    result = {}
    for path in sorted((systems.publication(system) / "schemas").glob("*.json")):
        if faults_of(path):
            continue
        own = json.loads(path.read_text(encoding="utf-8"))
        columns = tuple((c["champ"], c["titre"]) for c in own.get("x-colonnes", []))
        result[path.stem] = Kind(
            system,
            path.stem,
            own["title"],
            own["x-pluriel"],
            columns,
            compose(system, path.stem, own),
            tuple(own.get("x-facettes", ())),
            own.get("x-libelle-court", ""),
            tuple(
                (c["champ"], c["sous_champ"])
                for c in own.get("x-colonnes", [])
                if "sous_champ" in c
            ),
            own.get("x-genre") == "feminin",
        )
    return result


def faults(system: str) -> dict[str, list[tuple[Path, int, str]]]:
    """{kind: [(schema file, line, French message)]} for each schema of `system` that
    cannot be used: invalid JSON, a property without `title`, a keyword with a wrong value."""
    found = {}
    for path in sorted((systems.publication(system) / "schemas").glob("*.json")):
        if problems_here := faults_of(path):
            found[path.stem] = problems_here
    return found


@cache
def faults_of(path: Path) -> list[tuple[Path, int, str]]:
    text = path.read_text(encoding="utf-8")
    try:
        own = json.loads(text)
    except json.JSONDecodeError as error:
        return [(path, *_json_error(text, error))]
    if not isinstance(own, dict):
        return [(path, 1, "un schéma est un objet JSON ({ … })")]
    try:  # JSON is YAML: its loader gives the line of each key
        located = parse_yaml(text)
    except YamlProblem:
        located = Located(own, {})
    found = []
    for key in ("title", "x-pluriel"):
        if not isinstance(own.get(key), str):
            found.append((path, 1, f"« {key} » manquant : le nom français du genre ({key})"))
    if own.get("x-genre", "masculin") not in GENDERS:
        found.append(
            (
                path,
                located.line(("x-genre",)),
                f"« x-genre » vaut « masculin » ou « feminin », pas « {own['x-genre']} »",
            )
        )

    def walk(node: object, where: tuple) -> None:
        if not isinstance(node, dict):
            return
        for name, child in (node.get("properties") or {}).items():
            here = (*where, "properties", name)
            if isinstance(child, dict) and "title" not in child:
                found.append(
                    (
                        path,
                        located.line(here),
                        f"propriété « {name} » sans « title » : donnez-lui son libellé français",
                    )
                )
            walk(child, here)
        if isinstance(node.get("items"), dict):
            walk(node["items"], (*where, "items"))
        for name, child in (node.get("$defs") or {}).items():
            walk(child, (*where, "$defs", name))

    walk(own, ())
    if not found:  # a keyword the check does not know is said here, not as a traceback
        try:
            schema_check.Validator(compose(package_system(path), path.stem, own))
        except schema_check.UnsupportedSchema as error:
            found.append((path, located.line(error.where), str(error)))
    return found


def warnings(system: str) -> list[tuple[Path, int, str]]:
    """(schema file, line, French message) of what a readable schema of `system` says that
    the generator would read otherwise than meant; `check` shows them, and goes on."""
    found = []
    for path in sorted((systems.publication(system) / "schemas").glob("*.json")):
        if not faults_of(path):
            found += warnings_of(path)
    return found


@cache
def warnings_of(path: Path) -> list[tuple[Path, int, str]]:
    text = path.read_text(encoding="utf-8")
    located = parse_yaml(text)  # read already by faults_of: JSON is YAML
    found = []

    def walk(node: object, where: tuple) -> None:
        if isinstance(node, list):
            for index, child in enumerate(node):
                walk(child, (*where, index))
            return
        if not isinstance(node, dict):
            return
        named = where and where[-1] in ("properties", "$defs")  # keys are names, not keywords
        for key in node:
            if not named and key.startswith("x-") and key not in vocabulary.BY_NAME:
                close = difflib.get_close_matches(key, vocabulary.BY_NAME, n=1)
                hint = f" ; vouliez-vous « {close[0]} » ?" if close else ""
                found.append(
                    (
                        path,
                        located.line((*where, key)),
                        f"mot-clé « {key} » inconnu, le générateur l'ignore{hint} "
                        f"(vocabulaire : {vocabulary.DOC})",
                    )
                )
        if isinstance(node.get("x-seuil"), str):
            # The threshold goes to every direct reference without its own x-seuil-fixe.
            refs = [
                name
                for name, child in (node.get("properties") or {}).items()
                if isinstance(child, dict) and "x-ref" in child and "x-seuil-fixe" not in child
            ]
            if len(refs) > 1:
                found.append(
                    (
                        path,
                        located.line((*where, "x-seuil")),
                        f"« x-seuil: {node['x-seuil']} » vaudrait pour chacun des renvois "
                        f"{', '.join(f'« {r} »' for r in refs)} de cet objet : donnez aux "
                        "autres leur « x-seuil-fixe », ou mettez chaque renvoi et son seuil "
                        "dans un objet à lui",
                    )
                )
        for key, child in node.items():
            if key not in ("enum", "const", "default", "examples", "required", "x-libelles"):
                walk(child, (*where, key))

    walk(located.data, ())
    return found


def package_system(schema_file: Path) -> str:
    """The system a schema file belongs to (systems/<package>/publication/schemas/<kind>.json)."""
    return schema_file.parent.parent.parent.name.replace("_", "-")


_JSON_FRENCH = {
    "Expecting property name enclosed in double quotes": "nom de propriété attendu, entre guillemets doubles",
    "Expecting ',' delimiter": "« , » attendue entre deux éléments",
    "Expecting ':' delimiter": "« : » attendu après le nom de propriété",
    "Expecting value": "valeur attendue",
    "Extra data": "texte après la fin de l'objet JSON",
    "Unterminated string starting at": "texte entre guillemets jamais fermé",
    "Invalid control character at": "caractère de contrôle dans un texte (un retour à la ligne ? écrivez \\n)",
    "Invalid \\escape": "échappement inconnu après « \\ »",
}


def _json_error(text: str, error: json.JSONDecodeError) -> tuple[int, str]:
    """(line, French message) of a JSON syntax error; a trailing comma, the usual slip,
    is named at its own line."""
    before = text[: error.pos].rstrip()
    if before.endswith(",") and text[error.pos : error.pos + 1] in "}]":
        line = before.count("\n") + 1
        return line, "JSON invalide : virgule en trop après le dernier élément ; retirez-la"
    said = _JSON_FRENCH.get(error.msg, f"« {error.msg} »")
    return error.lineno, f"JSON invalide : {said} (colonne {error.colno})"


def systems_with_schemas() -> list[str]:
    return [s for s in systems.ids() if (systems.publication(s) / "schemas").is_dir()]


@cache
def system_schema() -> dict:
    own = _read("systeme.json")
    defs = {**base()["$defs"], **own.get("$defs", {})}  # its own beside the common ones
    return {"$schema": DIALECT, "$id": "systeme.schema.json", **own, "$defs": defs}


def published(original: Collection[str] = ()) -> dict[str, dict]:
    """File name -> schema, as published under api/schemas/. The kinds of the `original`
    systems (`origine: original` in their systeme.yaml) do not require `source`: their
    text cites no source text, and the loader does not ask for it either."""
    files = {"systeme.schema.json": system_schema()}
    for system in systems_with_schemas():
        for kind in kinds(system).values():
            exported = {
                **kind.schema,
                "properties": {**kind.schema["properties"], "url": URL_FIELD},
            }
            if system in original:
                exported["required"] = [r for r in exported["required"] if r != "source"]
            files[f"{system}/{kind.id}.schema.json"] = exported
    return files


def list_schemas() -> dict[str, dict]:
    """File name -> schema of a data file (a list of entities), published beside each
    kind's schema, which it refers to by a relative path: it works from a copy on disk."""
    files = {}
    for system in systems_with_schemas():
        for kind in kinds(system).values():
            files[f"{system}/{kind.id}.liste.schema.json"] = {
                "$schema": DIALECT,
                "title": f"{kind.plural} : un fichier de données",
                "description": f"data/{system}/{kind.id}.yaml, ou une de ses parties "
                f"({kind.id}.<partie>.yaml) : une liste d'entités.",
                "type": "array",
                "items": {"$ref": f"{kind.id}.schema.json"},
            }
    return files


# Added by the export, never written in the YAML.
URL_FIELD = {
    "title": "Adresse de la page",
    "type": "string",
    "readOnly": True,
    "description": "Adresse de la page de l'entité : /<système>/<genre>/<id>/.",
}


# Validators by schema, and findings by (schema, value): `serve` judges the project again
# after each edit, and most values have not changed. A schema is never modified once
# composed (`kinds` and `system_schema` are cached already); it is kept here with its
# validator, so that its id cannot be reused by another one. The value's repr tells
# apart everything YAML can give (1, 1.0, True, "1"; keys included).
def problems(schema: dict, instance: object) -> list[tuple[tuple, str]]:
    """(path in the instance, French message) for every way `instance` breaks `schema`:
    the engine's check (`schema_check`), the one the browser makes too."""
    return list(_found(_ById(schema), ByRepr(instance)))


@lru_cache(maxsize=200_000)  # the real data have 2,200 entities
def _found(schema: _ById, instance: ByRepr) -> tuple:
    return tuple(_validator(schema).problems(instance.value))


@lru_cache(maxsize=1024)
def _validator(schema: _ById) -> schema_check.Validator:
    return schema_check.Validator(schema.schema)
