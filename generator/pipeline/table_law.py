"""Rollable tables: a table whose first column is a die result declares its roll in the
property its schema marks `"x-loi": true` (found by that keyword, never by its name).

Each row's first cell gives its faces: a face (`5`, `"05"`), a range (`"1–4"`, en dash or
hyphen) or a list of them (`"1, 2, 3 ou 4"`). `check` proves the rows cover every total of
the roll's law exactly once and reports a gap or an overlap at the row's line; `rows`
gives each row's faces and exact chance, for its page and the partie page.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from fractions import Fraction

from generator.engine import roll_tags
from generator.engine.law import Law
from generator.engine.results import format_percent
from generator.pipeline import schemas
from generator.pipeline.corpus import Corpus, Entity, System
from generator.pipeline.errors import Problems

LAW_KEYWORD = "x-loi"
# A row's faces: ranges or single faces, separated by a comma or « ou ».
FACES_PART = re.compile(r"^\s*([0-9]{1,4})\s*(?:[–-]\s*([0-9]{1,4}))?\s*$")
FACES_SEPARATOR = re.compile(r",|\bou\b")


class FacesError(ValueError):
    """A first cell that gives no faces: the message says why, in French."""


@dataclass(frozen=True)
class Row:
    index: int  # position in `lignes`
    faces: tuple[int, ...]  # the totals that draw it, ascending
    chance: Fraction


def law_field(schema: dict) -> str | None:
    """The property of a kind's schema that holds a table's roll, if it has one."""
    for name, prop in schema.get("properties", {}).items():
        if isinstance(prop, dict) and prop.get(LAW_KEYWORD) is True:
            return name
    return None


def roll_of(entity: Entity) -> str | None:
    """The entity's declared roll, when its kind has a law field and it fills it."""
    field = law_field(schemas.kinds(entity.system)[entity.kind].schema)
    value = entity.data.get(field) if field else None
    return value if isinstance(value, str) else None


def faces(cell: object) -> tuple[int, ...]:
    """The totals a first cell names, or FacesError."""
    if isinstance(cell, int) and not isinstance(cell, bool):
        return (cell,)
    if not isinstance(cell, str):
        raise FacesError("la première cellule doit donner une face ou des faces")
    found: list[int] = []
    for part in FACES_SEPARATOR.split(cell):
        match = FACES_PART.match(part)
        if not match:
            raise FacesError(
                f"« {cell} » ne donne pas de faces (attendu par exemple 5, 1–4 ou 1, 2 ou 3)"
            )
        low = int(match.group(1))
        high = int(match.group(2)) if match.group(2) else low
        if high < low:
            raise FacesError(
                f"« {cell} » : l'intervalle va de la plus petite face à la plus grande"
            )
        found.extend(range(low, high + 1))
    return tuple(found)


def law_of(expression: str) -> dict:
    """The exact law of a dice expression, in whole numbers: total `lowest + i` comes
    `counts[i]` times out of `outcomes` (what the page draws with, lib/partie.js)."""
    found = law(expression)
    return {"lowest": found.lowest, "counts": list(found.counts), "outcomes": found.outcomes}


def law(roll: str) -> Law:
    """The law of a declared roll (the parser of the text's dice tags), or DiceError."""
    return roll_tags.ways(roll_tags.parse(roll))


def rows(entity: Entity) -> list[Row]:
    """Each row's faces and exact chance (the table passed `check`)."""
    found = dict(law(roll_of(entity)).items())
    result = []
    for index, row in enumerate(entity.data["lignes"]):
        totals = faces(row[0])
        result.append(Row(index, totals, sum((found[t] for t in totals), Fraction(0))))
    return result


def check(corpus: Corpus, problems: Problems) -> None:
    """Every table with a declared roll: its rows cover each total once."""
    for system in corpus.systems.values():
        for entity in system.all_entities():
            if roll_of(entity) is not None and isinstance(entity.data.get("lignes"), list):
                _check_table(entity, problems)


def _check_table(entity: Entity, problems: Problems) -> None:
    field = law_field(schemas.kinds(entity.system)[entity.kind].schema)
    try:
        totals = law(entity.data[field])
    except roll_tags.DiceError as error:
        problems.add(entity.file, entity.line((field,)), f"table à tirer : {error}")
        return
    possible = range(totals.lowest, totals.highest + 1)
    drawn: dict[int, int] = {}  # total -> the row that draws it
    for index, row in enumerate(entity.data["lignes"]):
        where = entity.line(("lignes", index))

        def say(message: str, where: int = where) -> None:
            problems.add(entity.file, where, f"table à tirer « {entity.id} » : {message}")

        try:
            named = faces(row[0]) if row else ()
        except FacesError as error:
            say(str(error))
            continue
        if named and list(named) != list(range(named[0], named[-1] + 1)):
            say(
                f"les faces « {row[0]} » d'une ligne se suivent, de la plus petite à la plus grande"
            )
            continue
        for total in named:
            if total not in possible:
                say(f"{total} n'est pas un résultat de {entity.data[field]} ({_span(totals)})")
            elif total in drawn:
                say(f"le résultat {total} est déjà tiré par la ligne {drawn[total] + 1}")
            else:
                drawn[total] = index
    _check_gaps(entity, field, totals, drawn, problems)


def _check_gaps(entity: Entity, field: str, totals: Law, drawn: dict, problems: Problems):
    """A total no row draws, reported at the row after the gap (the last row at the end)."""
    count = len(entity.data["lignes"])
    for total in range(totals.lowest, totals.highest + 1):
        if total in drawn:
            continue
        following = [drawn[t] for t in drawn if t > total]
        index = min(following) if following else count - 1
        problems.add(
            entity.file,
            entity.line(("lignes", index)),
            f"table à tirer « {entity.id} » : aucune ligne ne donne le résultat {total} "
            f"de {entity.data[field]}",
        )


def _span(totals: Law) -> str:
    return f"de {totals.lowest} à {totals.highest}"


def page_roll(entity: Entity) -> dict | None:
    """What a table's page shows and rolls: its roll, each row's chance (French percent)
    and, for assets/table-tirage.js, the law and each row's lowest and highest face."""
    roll = roll_of(entity)
    if roll is None:
        return None
    found = rows(entity)
    data = {"loi": law_of(roll), "lignes": [{"de": r.faces[0], "a": r.faces[-1]} for r in found]}
    return {
        "jet": roll,
        "chances": [format_percent(r.chance) for r in found],
        "donnees": json.dumps(data, separators=(",", ":")),
    }


def rollable_tables(system: System) -> list[dict]:
    """The partie page's tables (payload `tables`): each table with a roll, its law and
    each row's faces, text (its other cells) and chance."""
    tables = []
    for entity in system.all_entities():
        roll = roll_of(entity)
        if roll is None:
            continue
        tables.append(
            {
                "id": entity.id,
                "nom": entity.name,
                "lien": entity.url,
                "des": roll,
                "loi": law_of(roll),
                "lignes": [
                    {
                        "de": r.faces[0],
                        "a": r.faces[-1],
                        "texte": " · ".join(str(c) for c in entity.data["lignes"][r.index][1:]),
                        "chances": format_percent(r.chance),
                    }
                    for r in rows(entity)
                ],
            }
        )
    return tables
