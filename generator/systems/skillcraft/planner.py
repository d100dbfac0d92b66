"""Talent planner of SkillCraft: what the points buy now, and the way to a target talent
(l. 1121–1148: cost by tier, one required talent, tier gate, +4 points per level)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from generator.core.typographie import pluriel
from generator.engine.inputs import FieldError
from generator.engine.names import Names, unknown
from generator.systems.skillcraft.rules import Rules


@dataclass(frozen=True)
class Step:
    talent: str
    cost: int
    total: int  # points spent from the first missing step to this one


def capacity(rules: Rules) -> int:
    """Characters the list of owned talents may hold: every talent of the data, by name,
    separated by « , » as the picker writes them."""
    return sum(len(talent.name) + len(", ") for talent in rules.talents.values())


def read_talents(known: Mapping[str, str], text: str, field: str) -> list[str]:
    """The ids of a comma-separated list of talent names (or ids, from older links), in
    order, once each; a name the data do not know is reported as typed, with the nearest
    known name (`known`: id -> name)."""
    names = Names(known)
    parts = [part.strip() for part in names.split(text) if part.strip()]
    found = [names.find(part) for part in parts]
    wrong = [part for part, talent in zip(parts, found, strict=True) if talent is None]
    if wrong:
        raise unknown(field, ("Talent inconnu", "Talents inconnus"), wrong, names.known)
    return list(dict.fromkeys(t for t in found if t is not None))


def owned_talents(rules: Rules, character) -> set[str]:
    """The talents a character (character.py) owns: known names, each with its required
    talent (l. 1138); a problem is reported at the planner's field."""
    ids = character.talent_ids({k: t.name for k, t in rules.talents.items()}, "possedes")
    missing = [
        f"{rules.talents[t].name} requiert {rules.talents[need].name}"
        for t in ids
        if (need := rules.talents[t].prerequisite) is not None
        and need in rules.talents
        and need not in ids
    ]
    if missing:
        raise FieldError(
            "possedes",
            f"{pluriel(len(missing), 'Prérequis absent', 'Prérequis absents')} de la liste : {' ; '.join(missing)}{{@source 1138}}.",
        )
    return set(ids)


def chain(rules: Rules, target: str) -> list[str]:
    """The target's ancestors, from the root of its tree down to the target itself. Data
    whose prerequisites loop (the build refuses it) stop here instead of looping forever."""
    line = [target]
    while (parent := rules.talents[line[-1]].prerequisite) is not None:
        if parent in line:
            names = [rules.talents[t].name for t in line[line.index(parent) :] + [parent]]
            raise FieldError(
                "cible", f"Prérequis en boucle dans les données : {' → '.join(names)}."
            )
        if parent not in rules.talents:
            raise FieldError("cible", f"Talent requis inconnu des données : « {parent} ».")
        line.append(parent)
    return line[::-1]


def path(rules: Rules, owned: set[str], target: str) -> list[Step]:
    """The talents still to buy on the way to `target`, in buying order."""
    steps, total = [], 0
    for talent in chain(rules, target):
        if talent in owned and talent != target:
            continue
        if talent in owned and not rules.talents[talent].multiple:
            continue
        cost = rules.talent_cost[rules.talents[talent].tier]
        total += cost
        steps.append(Step(talent, cost, total))
    return steps


def buyable(rules: Rules, owned: set[str], points: int, tier: int) -> list[str]:
    """Talents whose requirement is met, whose tier the character has, that the points
    pay for; a talent already owned only if it can be bought again."""
    return [
        key
        for key, talent in rules.talents.items()
        if talent.tier <= tier
        and (talent.prerequisite is None or talent.prerequisite in owned)
        and (key not in owned or talent.multiple)
        and rules.talent_cost[talent.tier] <= points
    ]


def level_for(rules: Rules, points: int) -> int:
    """The lowest level whose talent points (creation, then each level) reach `points`."""
    missing = max(0, points - rules.creation_points)
    return -(-missing // rules.points_per_level)
