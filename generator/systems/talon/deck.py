"""The Talon de la Destinée: lames, cycle shuffle, and exact odds of a test.

Source: shared/sources/004_6bba7f364af6ae29.txt (line numbers below refer to it).
Exact means exact: no sampling. The odds use exchangeability: in a uniformly shuffled
deck the first honour is uniform among the honours left, whatever arcana come before it;
the number of arcana skipped only changes how many lames are left for what follows.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from math import comb, lcm

from generator.engine.inputs import InputError

SANS_NOM = "SN"

Honour = tuple[str, int]  # (suit id, value)


@dataclass(frozen=True)
class Suit:
    id: str
    name: str
    symbol: str
    letter: str  # how a lame's code writes it (« 12E »)


@dataclass(frozen=True)
class Lame:
    """One card: an honour (suit + value), a numbered arcanum, or the Arcane Sans Nom."""

    code: str
    name: str
    suit: str | None = None
    value: int = 0
    arcanum: int = 0
    sans_nom: bool = False


@dataclass(frozen=True)
class Pack:
    """The Talon's lames as the data give them (rules.py builds it)."""

    suits: tuple[Suit, ...]
    honour_names: tuple[tuple[int, str], ...]  # (value, name), ascending: (1, "As")…
    ace: int
    king: int
    arcana: tuple[tuple[int, str], ...]  # (number, name) of the numbered arcana
    sans_nom: str  # the name of the arcanum that ends the cycle

    @cached_property
    def suit(self) -> dict[str, Suit]:
        return {suit.id: suit for suit in self.suits}

    @cached_property
    def lames(self) -> tuple[Lame, ...]:
        return (
            tuple(
                Lame(f"{value}{suit.letter}", _honour_name(name, suit.name), suit.id, value)
                for suit in self.suits
                for value, name in self.honour_names
            )
            + tuple(Lame(f"A{n}", name, arcanum=n) for n, name in self.arcana)
            + (Lame(SANS_NOM, self.sans_nom, sans_nom=True),)
        )

    @cached_property
    def by_code(self) -> dict[str, Lame]:
        return {lame.code: lame for lame in self.lames}

    def honour_name(self, value: int) -> str:
        return dict(self.honour_names)[value]

    def fresh_deck(self) -> Deck:
        return self.deck_without([])

    def deck_without(self, lames: list[Lame]) -> Deck:
        gone = {lame.code for lame in lames}
        honours = tuple(
            (lame.suit, lame.value) for lame in self.lames if lame.suit and lame.code not in gone
        )
        arcana = tuple(
            lame.arcanum for lame in self.lames if lame.arcanum and lame.code not in gone
        )
        return Deck(self, honours, arcana)


def _honour_name(honour: str, suit: str) -> str:
    return f"{honour} {'d’' if suit[0] in 'AÉEIOU' else 'de '}{suit}"


@dataclass(frozen=True)
class Deck:
    """The lames a test can still reveal (the Arcane Sans Nom is not among them)."""

    pack: Pack
    honours: tuple[Honour, ...]
    arcana: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.honours) + len(self.arcana)


@dataclass(frozen=True)
class Test:
    """What the test is: the numbers and the choices that change its odds."""

    base: int  # skill or attribute + every modifier
    skill: int  # the raw value, compared with an arcanum's number in the fumble rule
    difficulty: int
    chips: int = 0  # Cheap-chips the player can spend after revealing (+1 each)
    archetype_suit: str | None = None
    archetype_bonus: int = 0  # per lame of the archetype's suit, on a skill of that suit
    archetype_malus: int = 0  # per lame of another suit, on a skill of another suit
    skill_suit: str | None = None
    continuation: str = "autre"  # a suit, or "autre": a suit other than the King's
    ace_fails: bool = True
    # After an As, the player declares the critical failure (a Cheap-chip, a lame in
    # reserve) instead of revealing the next lame (l.114).
    declares_fumble: bool = False
    mode: str = "normal"  # normal | avantage | desavantage


def above_value(arcanum: int, test: Test) -> bool:
    """An arcanum numbered above the raw value (l.114): every numbered arcanum is above a
    value of 0 or less. Both « Lancer » and the exact odds ask this one question."""
    return arcanum > test.skill


def fumbles_after_ace(lame: Lame, test: Test, pack: Pack) -> bool:
    """Does the lame turned after an As make it a critical failure: a Roi, or a numbered
    arcanum above the raw value (l.114)?"""
    return (
        lame.value == pack.king
        if lame.suit
        else bool(lame.arcanum) and above_value(lame.arcanum, test)
    )


def adjustment(suit: str, test: Test) -> int:
    """Archetype bonus or malus of one counted lame (l.326); none for a skill without suit."""
    if test.archetype_suit is None or test.skill_suit is None:
        return 0
    if test.skill_suit == test.archetype_suit:
        return test.archetype_bonus if suit == test.archetype_suit else 0
    return 0 if suit == test.archetype_suit else test.archetype_malus


def _falling(n: int, k: int) -> int:
    result = 1
    for i in range(k):
        result *= n - i
    return result


def arcana_before(arcana: int, honours: int, r: int) -> dict[int, Fraction]:
    """P(k arcana are revealed before the r-th honour), deck of arcana + honours lames."""
    n = arcana + honours
    return {
        k: Fraction(
            comb(k + r - 1, r - 1) * _falling(arcana, k) * _falling(honours, r), _falling(n, k + r)
        )
        for k in range(arcana + 1)
    }


@lru_cache(maxsize=4096)
def _subset_sums(values: tuple[int, ...]) -> tuple[dict[int, int], ...]:
    """counts[j][t] = number of j-element subsets of `values` summing to t."""
    counts = [dict() for _ in range(len(values) + 1)]
    counts[0][0] = 1
    for v in values:
        for j in range(len(values) - 1, -1, -1):
            for t, c in counts[j].items():
                counts[j + 1][t + v] = counts[j + 1].get(t + v, 0) + c
    return tuple(counts)


@lru_cache(maxsize=4096)
def _subset_sums_without(values: tuple[int, ...], removed: tuple[int, ...]) -> tuple[dict, ...]:
    """_subset_sums of `values` once each of `removed` (some of `values`) is taken out.
    A subset of the rest is a subset of `values`, less those that hold v (a subset of the
    rest one element smaller, plus v): one pass per value taken out, and the counts of a
    whole suit are shared by every test that reveals some of it."""
    counts = _subset_sums(values)
    for v in removed:
        without = [dict(counts[0])]
        for j in range(1, len(counts) - 1):
            row = dict(counts[j])
            for t, c in without[j - 1].items():
                left = row[t + v] - c
                if left:
                    row[t + v] = left
                else:
                    del row[t + v]
            without.append(row)
        counts = tuple(without)
    return counts


# (lames left, numerator, denominator) of each possible number of lames left: whole
# numbers, quick to hash as a key of the memos below (a Fraction's hash is slow).
Remaining = tuple[tuple[int, int, int], ...]


@lru_cache(maxsize=256)
def _stop_weights(s: int, remaining: Remaining) -> tuple[int, tuple[int, ...]]:
    """P(the continuation draws exactly j lames of its suit), j = 0…s, the number of lames
    left being `left` with probability p for each (left, p) of `remaining`: (denominator,
    numerators), whole numbers.

    With `left` lames, P(the first j are of the suit) = F(s, j) / F(left, j) (F: falling
    factorial), so P(exactly j) = F(s, j)·(left − s) / F(left, j + 1) for j < s, and
    F(s, s) / F(left, s) for j = s: every denominator divides F(left, s)."""
    own = [1]  # own[j] = F(s, j)
    for j in range(s):
        own.append(own[-1] * (s - j))
    denominator, numerators = 1, [0] * (s + 1)
    for left, p_numerator, p_denominator in remaining:
        tail = [1]  # tail[i] = F(left − s + i, i) = F(left, s) / F(left, s − i)
        for i in range(s):
            tail.append(tail[-1] * (left - s + 1 + i))
        whole = tail[s]  # F(left, s): over this, then over p's denominator
        these = [p_numerator * own[j] * (left - s) * tail[s - j - 1] for j in range(s)] + [
            p_numerator * own[s]
        ]
        pair = p_denominator * whole
        common = lcm(denominator, pair)
        up, scale = common // denominator, common // pair
        numerators = [n * up + m * scale for n, m in zip(numerators, these, strict=True)]
        denominator = common
    return denominator, tuple(numerators)


@lru_cache(maxsize=4096)
def _whole_mixture(
    values: tuple[int, ...], removed: tuple[int, ...], remaining: Remaining, bonus: int
) -> tuple[int, tuple[tuple[int, int], ...]]:
    """Distribution of what a continuation adds (l.118), when the number of lames left is
    itself random: (lames left, numerator, denominator of its probability) in `remaining`.
    As (denominator, ((added, numerator)…)), whole numbers; only the values that can
    happen are listed, and the fraction is not reduced (the caller reduces once).

    `values` but `removed`: the honours of the chosen suit still in the deck (an arcanum
    or another suit stops the continuation); `bonus`: the archetype adjustment per lame.
    The length law is mixed first, then combined once with the subset sums: each
    j-element subset of the suit is as likely as any other, P(j lames) / C(s, j)."""
    s = len(values) - len(removed)
    counts = _subset_sums_without(values, removed)
    denominator, lengths = _stop_weights(s, remaining)
    subsets = 1
    for j in range(s + 1):
        subsets = lcm(subsets, comb(s, j))
    result: dict[int, int] = {}
    for j, p_length in enumerate(lengths):
        if not p_length:
            continue
        weight = p_length * (subsets // comb(s, j))
        for total, count in counts[j].items():
            added = total + j * bonus
            result[added] = result.get(added, 0) + weight * count
    return denominator * subsets, tuple(sorted(result.items()))


def continuation_mixture(
    values: tuple[int, ...], remaining: tuple[tuple[int, Fraction], ...], bonus: int
) -> tuple[tuple[int, Fraction], ...]:
    """_whole_mixture as (added, probability) pairs, `remaining` as (lames left,
    probability) pairs."""
    whole = tuple((left, p.numerator, p.denominator) for left, p in remaining)
    denominator, numerators = _whole_mixture(values, (), whole, bonus)
    return tuple((added, Fraction(n, denominator)) for added, n in numerators)


def continuation(
    values: tuple[int, ...], remaining: int, bonus: int
) -> tuple[tuple[int, Fraction], ...]:
    """What a continuation adds when exactly `remaining` lames are left."""
    return continuation_mixture(values, ((remaining, Fraction(1)),), bonus)


@dataclass
class Odds:
    margins: dict[
        int, Fraction
    ]  # margin (total − difficulty, before Cheap-chips) -> P, As excluded
    ace: Fraction  # P(the honour kept is an As): a failure whatever the total
    fumble: Fraction  # P(critical failure): declared on the As, or told by the lame after it
    king: Fraction

    def at_least(self, margin: int) -> Fraction:
        return sum((p for m, p in self.margins.items() if m >= margin), Fraction(0))


class _Accumulator:
    """Counts the cases by what decides their outcome (every case of a test has the same
    weight), then turns the counts into probabilities once: whole numbers while counting,
    few fractions at the end."""

    def __init__(self, test: Test, deck: Deck, revealed: int):
        self.test, self.deck, self.pack = test, deck, deck.pack
        self.left = len(deck.honours) - revealed + len(deck.arcana)  # lames after the reveal
        self.p_k = arcana_before(len(deck.arcana), len(deck.honours), revealed)
        self.suit_count = {s.id: 0 for s in self.pack.suits}
        for suit, _ in deck.honours:
            self.suit_count[suit] = self.suit_count.get(suit, 0) + 1
        self.kings_total = sum(1 for _, value in deck.honours if value == self.pack.king)
        self.suit_values = {  # the honours of each suit in the deck, ascending
            suit: tuple(sorted(v for s, v in deck.honours if s == suit)) for suit in self.suit_count
        }
        self.plain: dict[int, int] = {}  # total -> cases (no As, no Roi)
        # (total, values of the continuation's suit, those of them revealed, bonus) -> cases
        self.kings: dict[tuple[int, tuple[int, ...], tuple[int, ...], int], int] = {}
        self.aces: dict[int, int] = {}  # Rois left in the deck -> cases

    def kept(self, honour: Honour, gone: tuple[Honour, ...]) -> None:
        """`honour` is the honour kept; `gone`: every honour revealed (it included)."""
        suit, value = honour
        test, pack = self.test, self.pack
        if value == pack.ace and test.ace_fails:
            kings = self.kings_total - sum(1 for h in gone if h[1] == pack.king)
            self.aces[kings] = self.aces.get(kings, 0) + 1
            return
        first = test.base + value + adjustment(suit, test)
        if value != pack.king:
            self.plain[first] = self.plain.get(first, 0) + 1
            return
        chosen = self._continuation_suit(honour, gone)
        removed = tuple(sorted(v for s, v in gone if s == chosen))
        key = (first, self.suit_values[chosen], removed, adjustment(chosen, test))
        self.kings[key] = self.kings.get(key, 0) + 1

    def _continuation_suit(self, king: Honour, gone: tuple[Honour, ...]) -> str:
        left = {s: n - sum(1 for h in gone if h[0] == s) for s, n in self.suit_count.items()}
        return continuation_suit(self.test, self.pack, king[0], left)

    def odds(self, weight: Fraction) -> Odds:
        remaining = tuple(
            (self.left - k, pk.numerator, pk.denominator) for k, pk in self.p_k.items() if pk
        )
        # Totals as whole numbers over one common denominator, then one fraction per margin.
        parts = [(1, {first: cases for first, cases in self.plain.items()})]
        for (first, values, removed, bonus), cases in self.kings.items():
            denominator, numerators = _whole_mixture(values, removed, remaining, bonus)
            parts.append((denominator, {first + added: cases * n for added, n in numerators}))
        common = 1
        for denominator, _ in parts:
            common = lcm(common, denominator)
        totals: dict[int, int] = {}
        for denominator, counts in parts:
            scale = common // denominator
            for total, n in counts.items():
                totals[total] = totals.get(total, 0) + n * scale
        up, down = weight.numerator, weight.denominator * common
        margins = {
            total - self.test.difficulty: Fraction(up * n, down)
            for total, n in sorted(totals.items())
        }
        return Odds(
            margins,
            weight * sum(self.aces.values()),
            weight * (sum(self.aces.values()) if self.test.declares_fumble else self._fumble()),
            weight * sum(self.kings.values()),
        )

    def _fumble(self) -> Fraction:
        """Cases of a critical failure: the lame after the As is a Roi or a high arcanum."""
        arcana = len(self.deck.arcana)
        high = sum(1 for n in self.deck.arcana if above_value(n, self.test))
        # Σ cases · P(k) · (kings + high·(A − k)/A) / left, over one common denominator:
        # the k arcana set aside are any k of the A arcana, `high` loses k/A on average.
        numerator, denominator = 0, 1
        for kings, cases in self.aces.items():
            for k, pk in self.p_k.items():
                left = self.left - k
                if left > 0 and pk:
                    if arcana:
                        up = cases * pk.numerator * (kings * arcana + high * (arcana - k))
                        down = pk.denominator * arcana * left
                    else:
                        up, down = cases * pk.numerator * kings, pk.denominator * left
                    common = lcm(denominator, down)
                    numerator = numerator * (common // denominator) + up * (common // down)
                    denominator = common
        return Fraction(numerator, denominator)


def continuation_suit(test: Test, pack: Pack, king_suit: str, left: dict[str, int]) -> str:
    """The suit a continuation follows (l.118): the one chosen, or for « autre » the suit
    with the most honours `left` in the talon, the King's own excepted, the archetype's
    bonus breaking a tie (then the pack's order)."""
    if test.continuation != "autre":
        return test.continuation
    others = [s.id for s in pack.suits if s.id != king_suit]
    return max(others, key=lambda s: (left.get(s, 0), adjustment(s, test)))


def effective(honour: Honour, test: Test, pack: Pack) -> int:
    """Twice the honour's strength (whole numbers compare faster than fractions)."""
    suit, value = honour
    if value == pack.ace and test.ace_fails:
        return -2000
    # A King also brings its continuation: it beats an equal total (by a half).
    return 2 * (value + adjustment(suit, test)) + (1 if value == pack.king else 0)


def test_odds(deck: Deck, test: Test) -> Odds:
    honours = list(deck.honours)
    h = len(honours)
    if test.mode == "normal":
        if h < 1:
            raise InputError("Il ne reste aucun honneur dans le talon.")
        acc = _Accumulator(test, deck, 1)
        for honour in honours:
            acc.kept(honour, (honour,))
        return acc.odds(Fraction(1, h))
    if h < 2:
        raise InputError(
            "Il faut au moins deux honneurs dans le talon pour un avantage ou un désavantage."
        )
    acc = _Accumulator(test, deck, 2)
    strength = [effective(honour, test, deck.pack) for honour in honours]
    better = (lambda x, y: x > y) if test.mode == "avantage" else (lambda x, y: x < y)
    for i in range(h):
        for j in range(i + 1, h):
            # max/min keep the first of two equals: honours[i]
            kept = honours[j] if better(strength[j], strength[i]) else honours[i]
            acc.kept(kept, (honours[i], honours[j]))
    return acc.odds(Fraction(2, h * (h - 1)))


# --- the cycle (l.141–151) ---------------------------------------------------------


def shuffle_cycle(rng: random.Random, lames: list[Lame], pack: Pack) -> list[Lame]:
    """Start of a cycle: the Sans Nom shuffled with 10 random lames, the rest on top (l.145).
    Returns the talon, top first."""
    others = [lame for lame in lames if not lame.sans_nom]
    rng.shuffle(others)
    bottom = others[:10] + [pack.by_code[SANS_NOM]]
    rng.shuffle(bottom)
    return others[10:] + bottom
