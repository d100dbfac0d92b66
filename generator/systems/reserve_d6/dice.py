"""Dice of the réserve de d6: a pool's successes, and an opposed roll's difference.

Line numbers refer to the source text. What each face is worth comes from the data,
through the `Rules` (rules.py).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from generator.engine.law import Law
from generator.systems.reserve_d6.rules import Rules


def pool_size(
    caracteristique: int, competence: int, equipement: int, permanent: int, blessures: int
) -> int:
    """Dice rolled (l.20, 26, 32, 38, 50); never below zero (l.66: no dice, no action)."""
    return max(0, caracteristique + competence + equipement + permanent - blessures)


def successes(rules: Rules, dice: int) -> Law:
    """The law of the successes of a pool of `dice` dice; each face is worth
    successes_by_face[face − 1] successes (l.46)."""
    return _successes(rules.successes_by_face, dice)


@lru_cache(maxsize=64)
def _successes(faces: tuple[int, ...], dice: int) -> Law:
    return Law.counted(Counter(faces), len(faces)).repeated(dice)


def opposed(rules: Rules, attacker: int, defender: int) -> dict[str, object]:
    """Both sides roll (l.60, 64). Ties are not resolved by the text: reported apart. The
    damage is the difference of successes when the attacker has more, else none."""
    difference = successes(rules, attacker) - successes(rules, defender)
    return {
        "attaquant": difference.at_least(1),
        "egalite": difference[0],
        "defenseur": difference.at_most(-1),
        "degats": difference.map(lambda d: max(0, d)),
    }
