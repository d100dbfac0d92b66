"""The rules a system's calculators read from the data, as one immutable object.

A system whose calculators read rule values declares, in `systems/<system>/rules.py`,
`NEEDS` (kind → fields of its entities) and `build(data)`. `data` holds those fields,
{kind: {id: {field: value}}}: the generator takes them from the corpus at build time,
and the same JSON travels inside the engine wheel to the browser, so both sides build the
same rules from the same values.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from generator.engine import reperes
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
    The data's SOURCES entry is for the calculators' source markers (engine/reperes.py)."""
    reperes.declare(system, data.get(reperes.SOURCES))
    module = systems().module(system, "rules")
    values = {kind: value for kind, value in data.items() if kind != reperes.SOURCES}
    return module.build(freeze(values)) if module else None


@cache
def shipped(system: str) -> object:
    """In the browser: the rules built from the data shipped in the wheel (read once)."""
    # A plain file beside the system's package (importlib.resources would import some ten
    # more modules, compiled on the reader's phone before the first answer).
    shipped_file = systems().folder(system) / DATA_FILE
    if systems().module(system, "rules") is None and not shipped_file.is_file():
        return None  # outside a build, a system whose calculators read no data
    return build(system, json.loads(shipped_file.read_text(encoding="utf-8")))
