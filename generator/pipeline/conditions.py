"""What an entity requires and excludes, read from its kind's schema alone (`x-relation`,
`x-seuil`, `x-seuil-fixe`, `x-un-parmi`, `x-genre`): the clauses the finder's « J'ai… »
filter checks, and the built-in condition sentence that pages and the finder show, with
French agreement: « Esprit 3 ou plus ; don requis : Main sûre ». A system whose conditions
need other words writes `condition(value, link)` in its publication/__init__.py."""

from __future__ import annotations

from collections.abc import Callable

from generator.engine import schema_refs
from generator.engine.schema_refs import follow
from generator.pipeline import schemas
from generator.pipeline.corpus import Entity, System

# Alternatives, one of which is enough: (entity, minimum; None: having it is enough).
Clause = list[tuple[Entity, int | None]]


def clauses(system: System, entity: Entity) -> list[Clause]:
    """Every clause must be met; within one, one alternative is enough (`x-un-parmi`)."""
    found: dict[tuple, list[tuple[Entity, int | None]]] = {}
    kinds = schemas.kinds(system.id)
    for pattern, target_kind, threshold, group in kinds[entity.kind].requirements():
        for path, value in follow(entity.data, pattern, ()):
            target = system.entity(target_kind, value)
            if target is None:  # reported by the links
                continue
            clause = found.setdefault(
                (pattern, path) if group is None else (pattern[:group], path[:group]), []
            )
            alternative = (target, schema_refs.threshold(entity.data, path, threshold))
            if not _among(alternative, clause):
                clause.append(alternative)
    out = []
    for clause in found.values():
        # An alternative without its own minimum takes the clause's (« or Mystères »).
        shared = max((m for _, m in clause if m is not None), default=None)
        alternatives: Clause = []
        for target, minimum in clause:
            alternative = (target, shared if minimum is None else minimum)
            if not _among(alternative, alternatives):
                alternatives.append(alternative)
        out.append(alternatives)
    return out


def _among(alternative: tuple[Entity, int | None], clause: Clause) -> bool:
    target, minimum = alternative
    return any(t is target and m == minimum for t, m in clause)


def exclusions(system: System, entity: Entity) -> list[Entity]:
    """The entities it cannot be taken with (`x-relation: exclu`)."""
    found: list[Entity] = []
    for pattern, target_kind, relation, _ in schemas.kinds(system.id)[entity.kind].references():
        if relation != "exclu":
            continue
        for _path, value in follow(entity.data, pattern, ()):
            target = system.entity(target_kind, value)
            if target is not None and all(t is not target for t in found):
                found.append(target)
    return found


# The participle agrees with the kind named before it: « don requis », « aptitudes requises ».
PARTICIPLES = {"requis": ("requis", "requise"), "exclu": ("exclu", "exclue")}


def agreed(relation: str, feminine: bool, plural: bool) -> str:
    word = PARTICIPLES[relation][feminine]
    return word + "s" if plural and not word.endswith("s") else word


def listed(items: list[str], conjunction: str = "et") -> str:
    """« A », « A et B », « A, B et C » (or « A, B ou C »)."""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


def sentence(system: System, entity: Entity, show: Callable[[Entity], str]) -> str:
    """The built-in condition: each minimum (« Esprit 3 ou plus »), then what is required
    or excluded, by kind (« atouts requis : A et B »); "" when there is none. `show`
    writes an entity (a link on a page, its name in the finder)."""
    kinds = schemas.kinds(system.id)
    parts: list[str] = []
    named: dict[tuple[str, str], list[str]] = {}  # (kind, relation) -> its items
    for clause in clauses(system, entity):
        if any(minimum is not None for _, minimum in clause):
            part = listed(
                [show(t) + ("" if m is None else f" {m} ou plus") for t, m in clause], "ou"
            )
            if part not in parts:  # two ranks the schema cannot tell apart are said once
                parts.append(part)
        else:
            items = named.setdefault((clause[0][0].kind, "requis"), [])
            items.append(listed([show(t) for t, _ in clause], "ou"))
    for target in exclusions(system, entity):
        named.setdefault((target.kind, "exclu"), []).append(show(target))
    for (kind_id, relation), items in named.items():
        kind, plural = kinds[kind_id], len(items) > 1
        noun = kind.plural if plural else kind.label
        noun = noun[:1].lower() + noun[1:]
        parts.append(f"{noun} {agreed(relation, kind.feminine, plural)} : {listed(items)}")
    text = " ; ".join(parts)
    return text[:1].upper() + text[1:]


def chain(system: System, entity: Entity) -> list[Entity]:
    """The entity and, above it, the prerequisites of its own kind, root first, as long as
    each step requires exactly one entity of that kind (several would make a tree)."""
    line = [entity]
    while True:
        own_kind = [
            clause
            for clause in clauses(system, line[0])
            if any(target.kind == entity.kind for target, _ in clause)
        ]
        if len(own_kind) != 1 or len(own_kind[0]) != 1:
            return line
        above = own_kind[0][0][0]
        if any(step is above for step in line):  # a loop: `check` reports it
            return line
        line.insert(0, above)
