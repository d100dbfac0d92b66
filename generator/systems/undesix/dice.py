"""Dice of UnDéSix: one d6 rolled under a value (a test, an opposition, an attack, each
roll of a spell), and the five dice of a random creation (line numbers refer to the
source text). The faces and the faces that always succeed or fail come from the data,
through the `Rules` (rules.py)."""

from __future__ import annotations

from fractions import Fraction

from generator.engine.law import Law
from generator.systems.undesix.rules import Rules

CREATION_DICE = 5  # one die per characteristic


def succeeds(rules: Rules, die: int, value: int, automatic: bool, six_fails: bool = False) -> bool:
    """A die at most the value succeeds; with the option, 1 always does and 6 never; when
    resisting a spell, only the 6 always fails (l. 360)."""
    if automatic and die == rules.always_success:
        return True
    if (automatic or six_fails) and die == rules.always_failure:
        return False
    return die <= value


def success_chance(rules: Rules, value: int, automatic: bool, six_fails: bool = False) -> Fraction:
    wins = sum(succeeds(rules, d, value, automatic, six_fails) for d in range(1, rules.faces + 1))
    return Fraction(wins, rules.faces)


def opposed(rules: Rules, value_a: int, value_b: int) -> tuple[Fraction, Fraction, Fraction]:
    """P(A's margin is larger), P(B's), P(tie) on one pair of rolls (l. 761–765)."""
    faces = range(1, rules.faces + 1)
    a = b = tie = 0
    for da in faces:
        for db in faces:
            ma, mb = value_a - da, value_b - db
            a, b, tie = a + (ma > mb), b + (mb > ma), tie + (ma == mb)
    total = rules.faces**2
    return Fraction(a, total), Fraction(b, total), Fraction(tie, total)


def hits(rules: Rules, die: int, threshold: int) -> bool:
    """A 6 always misses, a 1 always hits (l. 57); otherwise a die at most the value hits."""
    return die != rules.always_failure and (die <= threshold or die == rules.always_success)


def attack_damage(rules: Rules, value: int, die: int) -> int:
    """Fiche 1 (l. 57–77): a hit does value − die, at least 1 on a 1."""
    if not hits(rules, die, value):
        return 0
    return max(value - die, 1 if die == rules.always_success else 0)


def fiche_8_damage(rules: Rules, roll: int, bonus: int, die: int) -> int:
    """Fiche 8 (l. 851): the attack succeeds as a test of the roll's value; the damage is
    the margin plus the weapon minus the CA (`bonus`), never below 0, and at least 1 on a
    1 as Fiche 1 says (l. 57)."""
    if not hits(rules, die, roll):
        return 0
    damage = max(0, roll - die + bonus)
    return max(damage, 1) if die == rules.always_success else damage


def damage_law(rules: Rules, damage) -> Law:
    """The damage law of one die, `damage` giving each face's."""
    return Law.die(rules.faces).map(damage)


def attack(rules: Rules, value: int) -> Law:
    """Damage law of one attack by the Fiche 1 formula."""
    return damage_law(rules, lambda die: attack_damage(rules, value, die))


def hit_chance(rules: Rules, value: int) -> Fraction:
    return Fraction(sum(hits(rules, d, value) for d in range(1, rules.faces + 1)), rules.faces)


def attack_fiche_8(rules: Rules, roll: int, bonus: int) -> Law:
    """Damage law by the Fiche 8 formula."""
    return damage_law(rules, lambda die: fiche_8_damage(rules, roll, bonus, die))


def all_succeed(rules: Rules, values) -> Fraction:
    """Chance that every roll of the spell succeeds (one die each, independent)."""
    chance = Fraction(1)
    for value in values:
        chance *= success_chance(rules, value, False)
    return chance


def low_total_chance(faces: int, at_most: int) -> Fraction:
    """P(the five dice of a random creation total `at_most` or less): the chance of a
    reroll (U4: 197/1296)."""
    return Law.dice(CREATION_DICE, faces).at_most(at_most)


def failures(rules: Rules, values) -> dict[int, Fraction]:
    """How many of a spell's rolls (one die under each value) fail -> chance. A dict, not
    a `Law`: it keeps the counts of chance 0 that the outcomes list."""
    found = {0: Fraction(1)}  # failed rolls -> chance, one roll added at a time
    for value in values:
        ok = success_chance(rules, value, False)
        after: dict[int, Fraction] = {}
        for failed, chance in found.items():
            after[failed] = after.get(failed, Fraction(0)) + chance * ok
            after[failed + 1] = after.get(failed + 1, Fraction(0)) + chance * (1 - ok)
        found = after
    return found
