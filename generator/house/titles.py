"""A house entity's fields named by their titles (« Règles maison »): a game master
reads « Prises › Texte », not « prises.texte », in the messages of the form and of an
import. Read in the kind's house schema (reader.entity_schema), its local `$ref` followed
as the form follows them (lib/maison-schema.js `resolved`: a property's own title wins)."""

from __future__ import annotations

import re

from generator.core import schema_check

SEPARATOR = " › "
MAX_REF_STEPS = 8  # `$ref` followed at one step: the schemas' are one deep
# schema_check's sentence for a required field left out, said at the object that lacks it.
_MISSING = re.compile(r"champ obligatoire « (.+) » manquant")


def _resolved(spec: object, root: dict) -> dict:
    """A schema node with its local `$ref` followed, its own title kept."""
    own = spec if isinstance(spec, dict) else {}
    found = own
    for _ in range(MAX_REF_STEPS):
        ref = found.get("$ref")
        if not isinstance(ref, str) or not ref.startswith("#/$defs/"):
            break
        found = root.get("$defs", {}).get(ref.removeprefix("#/$defs/"), {})
        found = found if isinstance(found, dict) else {}
    return {**found, **{k: v for k, v in own.items() if k != "$ref"}}


def field_titles(schema: dict, path: tuple) -> list[str]:
    """The title of each field on `path` in an entity of `schema` (list positions left
    out); a field the schema does not know is said by its name."""
    node, titles = schema, []
    for part in path:
        node = _resolved(node, schema)
        if isinstance(part, int):
            node = node.get("items", {})
            continue
        child = node.get("properties", {}).get(part) if isinstance(part, str) else None
        if child is None:
            titles.append(str(part))
            node = {}
            continue
        node = _resolved(child, schema)
        titles.append(str(node.get("title") or part))
    return titles


def at(schema: dict, path: tuple) -> str:
    """The « field » : that starts a message about `path` in the entity; "" for the whole
    entity."""
    titles = field_titles(schema, path)
    return f"« {SEPARATOR.join(titles)} » : " if titles else ""


def titled(schema: dict, path: tuple, message: str) -> tuple[tuple, str]:
    """(path, message) of schema_check's message at `path` in the entity, its field named
    by its title; a missing required field said at its own place, so that the form shows
    it under that field."""
    prefix = schema_check.where(path)
    said = message[len(prefix) :] if message.startswith(prefix) else message
    missing = _MISSING.fullmatch(said)
    if missing:
        path = (*path, missing.group(1))
        return path, f"{at(schema, path)}champ obligatoire manquant"
    if prefix and message.startswith(prefix):
        return path, f"{at(schema, path)}{said}"
    return path, message  # said of its field without naming it (« champ inconnu « x » »)


def retitled(schema: dict, path: tuple, message: str) -> str:
    """A message that starts with `path`'s « field » : as `check` says it (list positions
    left out, or kept), with the field's titles instead."""
    for prefix in (schema_check.where(path), f"« {'.'.join(map(str, path))} » : "):
        if message.startswith(prefix):
            return f"{at(schema, path)}{message[len(prefix) :]}"
    return message
