"""Dice of Divin (6)thème: N d6 + modifiers against a difficulty or an opposed roll,
Prendre 10/15, the Destin reroll, criticals by margin, exploding damage dice.

Source: shared/sources/000_8c9a3b716e1ff7e0.txt (line numbers below refer to it).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from generator.engine.law import Law


@lru_cache(maxsize=64)
def action_dice(n: int) -> Law:
    """Sum of n d6 (n = 0: always 0, l.631: a character can be left with modifiers only)."""
    return Law.dice(n, 6)


def success(n: int, modifier: int, difficulty: int) -> Fraction:
    """P(n d6 + modifier ≥ difficulty): equal to the difficulty succeeds (l.437)."""
    return action_dice(n).at_least(difficulty - modifier)


def take(n: int, modifier: int, base: int) -> int:
    """Prendre 10 / Prendre 15 (l.443–449): 4 points per die above or below three."""
    return base + 4 * (n - 3) + modifier


@lru_cache(maxsize=64)
def sum_and_lowest(n: int) -> dict[tuple[int, int], int]:
    """Joint law of (sum, lowest die) of n d6, for the Destin reroll: how many of the 6^n
    rolls give each pair (whole numbers). The rolls whose dice all show `low` or more are
    counted by a sum of n dice with faces low…6; those whose lowest die is exactly `low`
    are the difference of two such counts."""
    if n == 0:
        return {(0, 7): 1}
    above: list[list[int]] = []  # above[low - 1][total]: rolls with every die ≥ low
    for low in range(1, 7):
        ways = [1]
        for _ in range(n):
            nxt = [0] * (len(ways) + 6)
            for total, count in enumerate(ways):
                if count:
                    for face in range(low, 7):
                        nxt[total + face] += count
            ways = nxt
        above.append(ways)
    above.append([0] * len(above[0]))  # every die ≥ 7: none
    return {
        (total, low): count
        for low in range(1, 7)
        for total, count in enumerate(
            a - b for a, b in zip(above[low - 1], above[low], strict=False)
        )
        if count
    }


def with_reroll(n: int, blind_below: int, modifier: int, difficulty: int) -> Law:
    """Law of the dice's total after one Destin point on an action roll (l.416): the lowest
    die rerolled. By default the player knows the roll failed and rerolls only then (the
    best use). With `blind_below`, the reroll is decided before the result is announced,
    on the dice alone: the lowest die is rerolled when it shows less than `blind_below`,
    success or not. Counted over the 6^(n + 1) rolls of the n dice and of the reroll."""
    if n == 0:
        return Law.constant(0)
    ways: dict[int, int] = {}
    for (total, low), count in sum_and_lowest(n).items():
        if rerolls(total, low, blind_below, modifier, difficulty):
            for face in range(1, 7):
                ways[total - low + face] = ways.get(total - low + face, 0) + count
        else:
            ways[total] = ways.get(total, 0) + 6 * count
    return Law.counted(ways, 6 ** (n + 1))


def rerolls(total: int, low: int, blind_below: int, modifier: int, difficulty: int) -> bool:
    """Is the lowest die rerolled: blind, when it shows less than `blind_below`; else when
    the roll failed."""
    return low < blind_below if blind_below else total + modifier < difficulty


def blind_threshold(destin: str) -> int:
    """The `blind_below` of a point of Destin: the blind reroll (« avant ») rerolls a
    lowest die of 1 to 3; the other reading (« oui », 0) a failed roll's."""
    return 4 if destin == "avant" else 0


def with_destin(n: int, destin: str, modifier: int, difficulty: int) -> Law:
    """The law of the dice's total against a difficulty, a point of Destin played as
    `destin` reads it, or not (« non »)."""
    if destin == "non":
        return action_dice(n)
    return with_reroll(n, blind_threshold(destin), modifier, difficulty)


def success_with_reroll(n: int, modifier: int, difficulty: int, blind_below: int = 0) -> Fraction:
    """P(success) with one Destin point (`with_reroll`)."""
    return with_reroll(n, blind_below, modifier, difficulty).at_least(difficulty - modifier)


def margins(attacker: tuple[int, int], defender: tuple[int, int]) -> Law:
    """Law of (attack total − defence total); each side is (dice, modifier)."""
    return action_dice(attacker[0]) + attacker[1] - action_dice(defender[0]) - defender[1]


def opposed(attacker: tuple[int, int], defender: tuple[int, int], ties: str) -> dict[str, Fraction]:
    """Opposed roll (l.451–455): ties go to the PJ against a PNJ; between PJs both lose
    1D6 PE and reroll, so only the rolls without a tie count."""
    law = margins(attacker, defender)
    win, tie = law.at_least(1), law[0]
    if ties == "pj-attaque":
        hit = win + tie
    elif ties == "pnj-attaque":
        hit = win
    else:
        hit = win / (1 - tie) if tie != 1 else Fraction(1, 2)
    return {"touche": hit, "egalite": tie, "victoire_stricte": win}


def critical_tiers(law: Law, science: bool) -> dict[int, Fraction]:
    """P(critical tier ≥ 6, 9, 12) from the margin (l.534–538). Science du critique adds 3
    to the margin of a hit that is already critical (l.1057)."""
    bonus = 3 if science else 0
    tiers = {}
    for tier in (6, 9, 12):
        threshold = 6 if tier == 6 else max(6, tier - bonus)
        tiers[tier] = law.at_least(threshold)
    return tiers


# --- exploding damage dice (l.355) ----------------------------------------------------


def _rolls(threshold: int | None, cap: int) -> int:
    """The most rolls one damage die makes to total at most `cap`: every roll but the last
    shows `threshold` or more."""
    return 1 if threshold is None else (cap - 1) // threshold + 1


@lru_cache(maxsize=64)
def exploding_die(threshold: int | None, cap: int) -> tuple[int, ...]:
    """P(one damage die totals v) × 6^rolls, for v ≤ cap (whole numbers: every probability
    is a multiple of 1/6^rolls, `rolls` the most rolls a total up to cap takes); a face ≥
    threshold adds a new roll."""
    scale = 6 ** _rolls(threshold, cap)
    p = [0] * (cap + 1)
    for v in range(1, cap + 1):
        total = 0
        for face in range(1, 7):
            if threshold is not None and face >= threshold:
                if v - face >= 1:
                    total += p[v - face] // 6
            elif v == face:
                total += scale // 6
        p[v] = total
    return tuple(p)


def damage(
    dice: int, threshold: int | None, bonus: int, armour: int, cap: int = 80
) -> tuple[Law, Fraction, Fraction]:
    """Law of max(0, dice + bonus − armour) exact up to `cap` (before the clamp: a law cut
    short), the exact mass of the tail beyond it, and the exact mean."""
    # Whole numerators over 6^(rolls × dice): exact, and much faster than Fractions.
    single = exploding_die(threshold, cap)
    faces = [(v, pv) for v, pv in enumerate(single) if pv]
    counts = [0] * (cap + 1)
    counts[0] = 1
    for _ in range(dice):
        nxt = [0] * (cap + 1)
        for s, ps in enumerate(counts):
            if ps:
                for v, pv in faces:
                    if s + v > cap:
                        break
                    nxt[s + v] += ps * pv
        counts = nxt
    cut = Law.counted(dict(enumerate(counts)), 6 ** (_rolls(threshold, cap) * dice))
    shift = bonus - armour
    die_mean = Fraction(7, 2) / (1 - Fraction(7 - threshold, 6)) if threshold else Fraction(7, 2)
    # E[max(0, X)] = E[X] + E[max(0, −X)]; the second term only involves small sums.
    shifted = cut + shift
    below = sum((-total * p for total, p in shifted.items() if total < 0), Fraction(0))
    mean = dice * die_mean + shift + below
    return shifted.map(lambda total: max(0, total)), 1 - cut.mass, mean
