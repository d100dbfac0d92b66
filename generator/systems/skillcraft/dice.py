"""The 2d10 test of SkillCraft, exact: an Espérance die and a Damnation die (l. 810–824),
advantages and disadvantages with an explicit reroll policy (guide §2.5: the text leaves
it open)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb

from generator.engine.law import Law
from generator.systems.skillcraft.rules import Rules

# Outcomes of one test, in the order they are shown.
CRITICAL, HOPE_SUCCESS, DOOM_SUCCESS, HOPE_FAILURE, DOOM_FAILURE, FUMBLE = range(6)
OUTCOMES = (
    "Réussite critique",
    "Réussite avec Espérance",
    "Réussite avec Damnation",
    "Échec avec Espérance",
    "Échec avec Damnation",
    "Échec critique",
)
SUCCESSES = (CRITICAL, HOPE_SUCCESS, DOOM_SUCCESS)

# Advantage: « optimal » rerolls the die (or stops) that best serves the success and keeps
# the higher value; « faible » always rerolls the lower die. Disadvantage: « fort » rerolls
# the higher die (the Damnation die on a tie) and keeps the lower; « choix » lets the player
# choose the die, who then rerolls the one already low.
ADVANTAGE_POLICIES = ("optimal", "faible")
DISADVANTAGE_POLICIES = ("fort", "choix")


def outcome(rules: Rules, hope: int, doom: int, needed: int) -> int:
    """The outcome of dice (hope, doom) when their sum must reach `needed`."""
    return _outcome(rules.critical_double, hope, doom, needed)


def _outcome(critical: int, hope: int, doom: int, needed: int) -> int:
    if hope == doom:
        return CRITICAL if hope >= critical else FUMBLE
    success = hope + doom >= needed
    if hope > doom:
        return HOPE_SUCCESS if success else HOPE_FAILURE
    return DOOM_SUCCESS if success else DOOM_FAILURE


# A law (how many ways each outcome happens) packed in one integer, BITS bits per outcome,
# with the ways that win packed above them: adding two laws, scaling one, or reading its
# wins is then a single integer operation. No count comes near 2**BITS: at most
# faces ** (2 + 5 rerolls) = 10**7 ways in all.
BITS = 48


def _unpack(packed: int, kinds: int) -> tuple[int, ...]:
    mask = (1 << BITS) - 1
    return tuple((packed >> (BITS * o)) & mask for o in range(kinds))


def _beyond(law: list[int], lines: list[range], higher: bool) -> list[int]:
    """For each pair, the sum of the laws of the pairs a reroll leads to when the kept value
    changes: the other pairs of its line (the pairs where only the rerolled die differs)
    above the old value (`higher`: the higher value is kept) or below it. One running sum
    per line, so a reroll costs two operations instead of a pass over the faces."""
    out = [0] * len(law)
    for line in lines:
        running = 0
        for i in reversed(line) if higher else line:
            out[i] = running
            running += law[i]
    return out


@lru_cache(maxsize=512)
def _total_law(faces, classes, winning, net, adv, dis) -> tuple[int, ...]:
    """The law of the outcome, summed over every pair of dice first rolled, with `net`
    rerolls (positive: advantages, negative: disadvantages) under the chosen policies; as
    whole counts out of faces ** (2 + |net|) (exact, and much faster than fractions). Built
    from the last reroll back to the first. `classes`: the outcome of each pair (hope, doom),
    row by row (pair i has hope i // faces + 1, doom i % faces + 1); `winning`: the outcomes
    a player rerolls for."""
    kinds = max(classes) + 1
    wins = BITS * kinds
    first = [1 << (BITS * c) | (c in winning) << wins for c in classes]
    pairs = range(faces * faces)
    hope_lines = [range(d, faces * faces, faces) for d in range(faces)]  # doom fixed
    doom_lines = [range(h * faces, (h + 1) * faces) for h in range(faces)]  # hope fixed
    hopes = [i // faces + 1 for i in pairs]
    dooms = [i % faces + 1 for i in pairs]
    higher = net > 0  # an advantage keeps the higher value, a disadvantage the lower
    if higher:  # the faces of a reroll that leave the kept value as it was
        hope_same, doom_same = hopes, dooms
    else:
        hope_same = [faces + 1 - v for v in hopes]
        doom_same = [faces + 1 - v for v in dooms]
    if net > 0 and adv == "faible":  # the lower die, the hope die on a tie
        forced = [h <= d for h, d in zip(hopes, dooms, strict=True)]
    elif net < 0 and dis == "fort":  # the higher die, the doom die on a tie
        forced = [h > d for h, d in zip(hopes, dooms, strict=True)]
    else:
        forced = None  # the player's best choice
    law = first
    for left in range(1, abs(net) + 1):
        scale = faces**left
        by_hope = _beyond(law, hope_lines, higher)
        by_doom = _beyond(law, doom_lines, higher)
        new = [0] * len(law)
        for i in pairs:
            reroll_hope = hope_same[i] * law[i] + by_hope[i]
            reroll_doom = doom_same[i] * law[i] + by_doom[i]
            if forced is not None:
                new[i] = reroll_hope if forced[i] else reroll_doom
                continue
            # the first of the best options, in the order: stop, hope die, doom die
            best = reroll_hope if reroll_hope >> wins >= reroll_doom >> wins else reroll_doom
            if higher:  # rerolling is a right: the player may stop
                stop = scale * first[i]
                if stop >> wins >= best >> wins:
                    best = stop
            new[i] = best
        law = new
    return _unpack(sum(law), kinds)


def test_law(
    rules: Rules, bonus: int, difficulty: int, net: int = 0, adv: str = "optimal", dis: str = "fort"
) -> tuple[Fraction, ...]:
    """Probability of each outcome (OUTCOMES order) of a test: 2d10 + bonus against DD."""
    return _test_law(rules.faces, rules.critical_double, difficulty - bonus, net, adv, dis)


@lru_cache(maxsize=4096)
def _test_law(faces, critical, needed, net, adv, dis) -> tuple[Fraction, ...]:
    needed = min(max(needed, 2), 2 * faces + 1)  # any need outside 3–19 shares one answer
    classes = tuple(
        _outcome(critical, h, d, needed) for h in range(1, faces + 1) for d in range(1, faces + 1)
    )
    total = _total_law(faces, classes, SUCCESSES, net, adv, dis)
    scale = faces ** (2 + abs(net))
    return tuple(Fraction(t, scale) for t in total)


def success(law: tuple[Fraction, ...]) -> Fraction:
    return sum((law[o] for o in SUCCESSES), Fraction(0))


def sum_law(rules: Rules, bonus: int) -> Law:
    """The target's total in an opposed test: the plain sum of its dice plus its bonus."""
    return Law.dice(2, rules.faces) + bonus


def damage(dice_count: int, faces: int, flat: int) -> Law:
    """Law of the sum of the damage dice plus the flat bonus (never below 0)."""
    return (Law.dice(dice_count, faces) + flat).map(lambda total: max(0, total))


def opposed_law(
    rules: Rules, bonus: int, target_bonus: int, net: int, adv: str, dis: str
) -> tuple[Fraction, ...]:
    """The initiator's outcomes when the target's total is the DD (ties to the initiator,
    l. 847–849); the initiator's doubles are critical, the target's dice a plain sum."""
    total = [Fraction(0)] * 6
    for difficulty, p in sum_law(rules, target_bonus).items():
        law = test_law(rules, bonus, difficulty, net, adv, dis)
        total = [t + p * q for t, q in zip(total, law, strict=True)]
    return tuple(total)


def check_law(
    rules: Rules,
    bonus: int,
    difficulty: int | None,
    target_bonus: int,
    net: int,
    adv: str,
    dis: str,
) -> tuple[Fraction, ...]:
    """The outcomes of a test against a DD (`difficulty`), or opposed (None) to a target
    whose bonus is `target_bonus`."""
    if difficulty is not None:
        return test_law(rules, bonus, difficulty, net, adv, dis)
    return opposed_law(rules, bonus, target_bonus, net, adv, dis)


def group_success(rules: Rules, chance: Fraction, participants: int) -> tuple[int, Fraction]:
    """(successes needed, P) of a group test: « 50 % + 1 » of the participants succeed."""
    needed = participants * rules.group_share // 100 + rules.group_extra
    p = sum(
        (
            comb(participants, k) * chance**k * (1 - chance) ** (participants - k)
            for k in range(needed, participants + 1)
        ),
        Fraction(0),
    )
    return needed, p


# Outcomes of an attack (l. 2573–2595), in the order they are shown.
ATTACK_OUTCOMES = (
    "Coup critique",
    "Touche le corps",
    "Touche l'armure ou le bouclier",
    "Esquivée",
    "Échec critique",
)
CRIT, BODY, ARMOUR, DODGED, ATTACK_FUMBLE = range(5)


def attack_law(
    rules: Rules,
    bonus: int,
    dodge: int,
    defence: int,
    lowest_crit_sum: int | None,
    wide_doubles: bool,
    net: int = 0,
    adv: str = "optimal",
    dis: str = "fort",
) -> tuple[Fraction, ...]:
    """Probability of each ATTACK_OUTCOMES of 2d10 + bonus against Esquive and Défense.
    A crit talent makes every sum from `lowest_crit_sum` a critical hit; `wide_doubles`
    (Coordination 20 with such a talent) makes every double but the lowest one critical."""
    return _attack_law(
        rules.faces,
        rules.critical_double,
        bonus,
        dodge,
        defence,
        lowest_crit_sum,
        wide_doubles,
        net,
        adv,
        dis,
    )


@lru_cache(maxsize=256)
def _attack_law(faces, critical, bonus, dodge, defence, lowest, wide, net, adv, dis):
    def outcome(h: int, d: int) -> int:
        if h == d:
            return CRIT if h >= critical or (wide and h > 1) else ATTACK_FUMBLE
        if lowest is not None and h + d >= lowest:
            return CRIT
        total = h + d + bonus
        if total < dodge:
            return DODGED
        return ARMOUR if total < defence else BODY

    classes = tuple(outcome(h, d) for h in range(1, faces + 1) for d in range(1, faces + 1))
    total = _total_law(faces, classes, (CRIT, BODY), net, adv, dis)
    scale = faces ** (2 + abs(net))
    return tuple(Fraction(t, scale) for t in total)


def crit_chance(rules: Rules, lowest_crit_sum: int | None, wide_doubles: bool) -> Fraction:
    """P(a plain roll of the two dice lands in the critical range): a confirmation roll."""
    law = _attack_law(
        rules.faces,
        rules.critical_double,
        0,
        0,
        0,
        lowest_crit_sum,
        wide_doubles,
        0,
        "optimal",
        "fort",
    )
    return law[CRIT]
