"""The rules a system's calculators read from the data, as one immutable object.

A system whose calculators read rule values declares, in `systems/<system>/rules.py`,
`NEEDS` (kind → fields of its entities) and `build(data)`. `data` holds those fields,
{kind: {id: {field: value}}}: the generator takes them from the corpus at build time,
and the same JSON travels inside the engine wheel to the browser, so both sides build the
same rules from the same values.

The reader's house rules (« Règles maison », house/reader.py, kept by the browser) change
them: each calculator call may carry the active entries of the reader's collection,
`{"systeme", "genre", "entite": {fields as in data/}, "base"?: <official id>}`.
`with_house` builds the rules from the shipped data with those of the system merged in: a
new entity is added under its id, an amendment (`base`, its id the official one) replaces
the official entity's fields. Only the fields `NEEDS` lists are read, as from data/; the
same house set (those fields) reuses the rules built for it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from types import MappingProxyType

from generator.core import reperes
from generator.core.imbrication import too_deep
from generator.engine.registry import systems

DATA_FILE = "donnees.json"  # in each system's package, inside the engine wheel


def needs(system: str) -> Mapping[str, tuple[str, ...]]:
    module = systems().module(system, "rules")
    return module.NEEDS if module else {}


def freeze(value: object) -> object:
    """Read-only views of nested dicts and lists: rules cannot be changed by a calculator."""
    if isinstance(value, dict):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


def build(system: str, data: Mapping) -> object:
    """The system's rules from its data, or None for a system whose calculators read none.
    The data's SOURCES entry is for the calculators' source markers (core/reperes.py)."""
    reperes.declare(system, data.get(reperes.SOURCES))
    module = systems().module(system, "rules")
    values = {kind: value for kind, value in data.items() if kind != reperes.SOURCES}
    return module.build(freeze(values)) if module else None


@cache
def shipped_data(system: str) -> Mapping | None:
    """In the browser: the data shipped in the wheel for the system's rules (read once),
    or None for a system whose calculators read none."""
    # A plain file beside the system's package (importlib.resources would import some ten
    # more modules, compiled on the reader's phone before the first answer).
    shipped_file = systems().folder(system) / DATA_FILE
    if systems().module(system, "rules") is None and not shipped_file.is_file():
        return None  # outside a build, a system whose calculators read no data
    return json.loads(shipped_file.read_text(encoding="utf-8"))


@cache
def shipped(system: str) -> object:
    """In the browser: the rules built from the data shipped in the wheel (read once)."""
    data = shipped_data(system)
    return None if data is None else build(system, data)


# --- the reader's house rules --------------------------------------------------------------

# Bounds of the house entries a call carries, told before they are read: those of a
# collection (house/reader.py MAX_TEXT_CHARS, MAX_DEPTH, MAX_ENTRIES).
MAX_HOUSE_CHARS = 1_000_000
MAX_HOUSE_DEPTH = 16
MAX_HOUSE_ENTRIES = 500
HOUSE_KEPT = 4  # house sets whose rules are kept, per system (the last ones used)
HOUSE_PAGE = "rechargez la page « Règles maison » pour les vérifier"


class HouseError(ValueError):
    """House entries the calculators cannot read: a French sentence."""


def house_entries(maison_json: object) -> list:
    """The house entries a call carries (a JSON list; empty text: none), bounded before
    they are read. HouseError when they are not such a list."""
    if maison_json in (None, ""):
        return []
    if not isinstance(maison_json, str):
        raise HouseError(f"Règles maison illisibles : une liste JSON est attendue ; {HOUSE_PAGE}.")
    if len(maison_json) > MAX_HOUSE_CHARS:
        raise HouseError(
            f"Règles maison trop longues : {len(maison_json)} caractères, pour "
            f"{MAX_HOUSE_CHARS} au plus ; {HOUSE_PAGE}."
        )
    if too_deep(maison_json, MAX_HOUSE_DEPTH):
        raise HouseError(
            f"Règles maison trop imbriquées : plus de {MAX_HOUSE_DEPTH} niveaux ; {HOUSE_PAGE}."
        )
    try:
        found = json.loads(maison_json)
    except (TypeError, ValueError, RecursionError):
        found = None
    if not isinstance(found, list):
        raise HouseError(f"Règles maison illisibles : une liste JSON est attendue ; {HOUSE_PAGE}.")
    if len(found) > MAX_HOUSE_ENTRIES:
        raise HouseError(
            f"Trop de règles maison : {len(found)}, pour {MAX_HOUSE_ENTRIES} au plus ; "
            f"{HOUSE_PAGE}."
        )
    return found


def _read(system: str, entries: Sequence) -> list[tuple[str, str, bool, dict]]:
    """(kind, id, amends?, the fields the rules read) of each entry of `system` whose kind
    its rules read, in order; HouseError for an entry that is not one."""
    kinds, found = needs(system), []
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict) or entry.get("systeme") != system:
            continue  # another system's (« Mes personnages » sends them all)
        kind, entity, base = entry.get("genre"), entry.get("entite"), entry.get("base")
        entity_id = entity.get("id") if isinstance(entity, dict) else None
        if not isinstance(kind, str) or not isinstance(entity_id, str) or not entity_id:
            raise HouseError(
                f"Règle maison n° {number} illisible : « genre » et « entite » avec son "
                f"« id » sont attendus ; {HOUSE_PAGE}."
            )
        if base is not None and base != entity_id:
            raise HouseError(
                f"Règle maison « {entity_id} » : elle modifie « {base} » et doit en garder "
                f"l'identifiant ; {HOUSE_PAGE}."
            )
        if kind in kinds:
            fields = {f: entity[f] for f in kinds[kind] if f in entity}
            found.append((kind, entity_id, base is not None, fields))
    return found


def merged(data: Mapping, own: Sequence[tuple[str, str, bool, dict]]) -> dict:
    """The data with the house entities in: a new one added, an amendment in place of
    the official entity's fields. HouseError for an amendment of nothing official, or a
    new entity under an official id."""
    values = dict(data)
    changed: dict[str, dict] = {}
    for kind, entity_id, amends, fields in own:
        official = data.get(kind, {})
        if amends and entity_id not in official:
            raise HouseError(
                f"Règle maison « {entity_id} » : elle modifie une entité officielle "
                f"introuvable ; {HOUSE_PAGE}."
            )
        if not amends and entity_id in official:
            raise HouseError(
                f"Règle maison « {entity_id} » : cet identifiant est déjà celui d'une "
                f"entité officielle ; {HOUSE_PAGE}."
            )
        changed.setdefault(kind, dict(official))[entity_id] = fields
    return values | changed


_HOUSE: dict[str, dict[str, object]] = {}  # system -> {house set: its rules}, oldest first


def with_house(system: str, entries: Sequence, data: Mapping | None = None) -> object:
    """The system's rules with the reader's house `entries` merged in; the shipped rules
    when none of them is of this system or read by its rules. `data`: the system's own
    data instead of those shipped (the build, the tests), then nothing is kept.
    HouseError when the entries cannot be read."""
    own = _read(system, entries)
    if data is not None:
        return _built(system, data, own)
    if not own:
        return shipped(system)
    base = shipped_data(system)
    if base is None:
        return None
    key = json.dumps(own, ensure_ascii=False, sort_keys=True)
    kept = _HOUSE.setdefault(system, {})
    built = kept.pop(key, None) or _built(system, base, own)
    kept[key] = built  # the last used, kept longest
    while len(kept) > HOUSE_KEPT:
        kept.pop(next(iter(kept)))
    return built


def _built(system: str, data: Mapping, own: Sequence) -> object:
    try:
        return build(system, merged(data, own) if own else data)
    except HouseError:
        raise
    except Exception as error:  # fields a schema allows but these rules cannot read
        if not own:
            raise
        raise HouseError(
            f"Règles maison inutilisables par les calculateurs ({type(error).__name__}) ; "
            f"{HOUSE_PAGE}."
        ) from None
