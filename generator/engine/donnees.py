"""Rule data the calculators need from data/ (e.g. the structured conditions of atouts).

The engine does no I/O: the generator calls `charger` with data taken from the corpus,
and the browser worker calls it with the same data, shipped inside the engine wheel.
"""

from __future__ import annotations

_DATA: dict = {}


def charger(data: dict) -> None:
    _DATA.clear()
    _DATA.update(data)


def genre(system: str, kind: str) -> dict[str, dict]:
    """{id: entity fields} of one kind; empty when nothing was loaded."""
    return _DATA.get(system, {}).get(kind, {})


# Which fields of which kinds the engine uses: the generator ships only these.
NEEDED = {"divin6": {"atout": ("nom", "categorie", "prerequis", "caracteristique_liee", "prises")}}
