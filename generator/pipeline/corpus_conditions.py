"""What an entity requires and excludes, read from its kind's schema alone (`x-relation`,
`x-seuil`, `x-seuil-fixe`, `x-un-parmi`, `x-genre`): the clauses the finder's « J'ai… »
filter checks, and the built-in condition sentence that pages and the finder show, with
French agreement: « Esprit 3 ou plus ; don requis : Main sûre ». The rules are the
core's (core/conditions.py, which house rules use too), on the corpus's entities. A
system whose conditions need other words writes `condition(value, link)` in its
publication/__init__.py."""

from __future__ import annotations

from collections.abc import Callable

from generator.core import conditions
from generator.pipeline import schemas
from generator.pipeline.corpus import Entity, System

# Alternatives, one of which is enough: (entity, minimum; None: having it is enough).
Clause = list[tuple[Entity, int | None]]


def clauses(system: System, entity: Entity) -> list[Clause]:
    """Every clause must be met; within one, one alternative is enough (`x-un-parmi`)."""
    kind = schemas.kinds(system.id)[entity.kind]
    return conditions.clauses(entity.data, kind.requirements(), system.entity)


def exclusions(system: System, entity: Entity) -> list[Entity]:
    """The entities it cannot be taken with (`x-relation: exclu`)."""
    kind = schemas.kinds(system.id)[entity.kind]
    return conditions.exclusions(entity.data, kind.references(), system.entity)


def sentence(system: System, entity: Entity, show: Callable[[Entity], str]) -> str:
    """The built-in condition (core/conditions.py): « Esprit 3 ou plus ; don requis :
    Main sûre »; "" when there is none. `show` writes an entity (a link on a page, its
    name in the finder)."""
    return conditions.sentence(
        clauses(system, entity), exclusions(system, entity), schemas.kinds(system.id), show
    )


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
