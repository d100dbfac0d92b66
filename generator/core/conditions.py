"""What an entity requires and excludes, read from its kind's schema alone (`x-relation`,
`x-seuil`, `x-seuil-fixe`, `x-un-parmi`, `x-genre`): the clauses the finder's « J'ai… »
filter checks, and the built-in condition sentence, with French agreement: « Esprit 3 ou
plus ; don requis : Main sûre ». On plain values: the build (pipeline/corpus_conditions.py) hands
it the corpus's entities, the browser (house rules) what it knows of them.

A target is any object with a `kind` attribute, found by `find(kind, id)` (None when there
is none), told apart by identity: `find` gives the same object for the same entity. A
kind is any object with `label`, `plural` and `feminine` (pipeline/schemas.Kind)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from generator.core import schema_refs
from generator.core.schema_refs import follow

# Alternatives, one of which is enough: (target, minimum; None: having it is enough).
Clause = list[tuple[object, int | None]]


def clauses(
    data: dict, requirements: list[schema_refs.Requirement], find: Callable
) -> list[Clause]:
    """Every clause must be met; within one, one alternative is enough (`x-un-parmi`)."""
    found: dict[tuple, Clause] = {}
    for pattern, target_kind, threshold, group in requirements:
        for path, value in follow(data, pattern, ()):
            target = find(target_kind, value)
            if target is None:  # reported by the links
                continue
            clause = found.setdefault(
                (pattern, path) if group is None else (pattern[:group], path[:group]), []
            )
            alternative = (target, schema_refs.threshold(data, path, threshold))
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


def _among(alternative: tuple[object, int | None], clause: Clause) -> bool:
    target, minimum = alternative
    return any(t is target and m == minimum for t, m in clause)


def exclusions(data: dict, references: list[schema_refs.Reference], find: Callable) -> list:
    """The entities it cannot be taken with (`x-relation: exclu`)."""
    found: list = []
    for pattern, target_kind, relation, _ in references:
        if relation != "exclu":
            continue
        for _path, value in follow(data, pattern, ()):
            target = find(target_kind, value)
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


def sentence(
    found: list[Clause], excluded: list, kinds: Mapping[str, object], show: Callable
) -> str:
    """The built-in condition: each minimum (« Esprit 3 ou plus »), then what is required
    or excluded, by kind (« atouts requis : A et B »); "" when there is none. `found`:
    its `clauses`, `excluded`: its `exclusions`; `show` writes a target (a link on a
    page, its name in the finder)."""
    parts: list[str] = []
    named: dict[tuple[str, str], list[str]] = {}  # (kind, relation) -> its items
    for clause in found:
        if any(minimum is not None for _, minimum in clause):
            part = listed(
                [show(t) + ("" if m is None else f" {m} ou plus") for t, m in clause], "ou"
            )
            if part not in parts:  # two ranks the schema cannot tell apart are said once
                parts.append(part)
        else:
            items = named.setdefault((clause[0][0].kind, "requis"), [])
            items.append(listed([show(t) for t, _ in clause], "ou"))
    for target in excluded:
        named.setdefault((target.kind, "exclu"), []).append(show(target))
    for (kind_id, relation), items in named.items():
        kind, plural = kinds[kind_id], len(items) > 1
        noun = kind.plural if plural else kind.label
        noun = noun[:1].lower() + noun[1:]
        parts.append(f"{noun} {agreed(relation, kind.feminine, plural)} : {listed(items)}")
    text = " ; ".join(parts)
    return text[:1].upper() + text[1:]
