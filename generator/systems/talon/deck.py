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
from math import comb

from ...engine.inputs import InputError

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
    mode: str = "normal"  # normal | avantage | desavantage


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


def _stop_weights(s: int, remaining: tuple[tuple[int, Fraction], ...]) -> list[Fraction]:
    """P(the continuation draws exactly j lames of its suit), j = 0…s, the number of lames
    left being `r` with probability p for each (r, p) of `remaining`."""
    weights = [Fraction(0)] * (s + 1)
    for left, p in remaining:
        at_least = [
            Fraction(_falling(s, j), _falling(left, j)) if j <= s else Fraction(0)
            for j in range(s + 2)
        ]
        for j in range(s + 1):
            weights[j] += p * (at_least[j] - at_least[j + 1])
    return weights


@lru_cache(maxsize=4096)
def continuation_mixture(
    values: tuple[int, ...], remaining: tuple[tuple[int, Fraction], ...], bonus: int
) -> tuple[tuple[int, Fraction], ...]:
    """Distribution of what a continuation adds (l.118), when the number of lames left is
    itself random: (lames left, probability) pairs in `remaining`.

    `values`: the honours of the chosen suit still in the deck (an arcanum or another suit
    stops the continuation); `bonus`: the archetype adjustment per lame. The length law is
    mixed first, then combined once with the subset sums."""
    s = len(values)
    counts = _subset_sums(values)
    result: dict[int, Fraction] = {}
    for j, p_length in enumerate(_stop_weights(s, remaining)):
        if not p_length:
            continue
        subsets = comb(s, j)
        for total, count in counts[j].items():
            added = total + j * bonus
            result[added] = result.get(added, Fraction(0)) + p_length * Fraction(count, subsets)
    return tuple(sorted(result.items()))


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
    fumble: Fraction  # P(critical failure), the player revealing the lame after the As
    king: Fraction

    def at_least(self, margin: int) -> Fraction:
        return sum((p for m, p in self.margins.items() if m >= margin), Fraction(0))


def _continuation_suit(king: Honour, honours: list[Honour], test: Test, pack: Pack) -> str:
    if test.continuation != "autre":
        return test.continuation
    # The suit with the most honours left, the King's own suit excepted (l.118).
    others = [s.id for s in pack.suits if s.id != king[0]]
    return max(others, key=lambda s: (sum(1 for h in honours if h[0] == s), adjustment(s, test)))


class _Accumulator:
    def __init__(self, test: Test, pack: Pack):
        self.test = test
        self.pack = pack
        self.margins: dict[int, Fraction] = {}
        self.ace = Fraction(0)
        self.fumble = Fraction(0)
        self.king = Fraction(0)

    def add(self, total: int, p: Fraction) -> None:
        margin = total - self.test.difficulty
        self.margins[margin] = self.margins.get(margin, Fraction(0)) + p

    def kept(
        self,
        honour: Honour,
        rest: list[Honour],
        arcana: tuple[int, ...],
        p_k: dict[int, Fraction],
        weight: Fraction,
    ) -> None:
        """Account for `honour` being the lame kept; `rest` = honours still in the deck."""
        suit, value = honour
        test = self.test
        if value == self.pack.ace and test.ace_fails:
            self.ace += weight
            kings = sum(1 for h in rest if h[1] == self.pack.king)
            high = sum(1 for n in arcana if n > test.skill)
            for k, pk in p_k.items():
                left = len(rest) + len(arcana) - k
                if left > 0:
                    # The k arcana set aside are any k of the arcana: `high` loses k/A on average.
                    high_left = (
                        Fraction(high * (len(arcana) - k), len(arcana)) if arcana else Fraction(0)
                    )
                    self.fumble += weight * pk * (kings + high_left) / left
            return
        first = test.base + value + adjustment(suit, test)
        if value != self.pack.king:
            self.add(first, weight)
            return
        self.king += weight
        chosen = _continuation_suit(honour, rest, test, self.pack)
        values = tuple(sorted(h[1] for h in rest if h[0] == chosen))
        for added, pc in self._mixture(
            values, len(rest) + len(arcana), adjustment(chosen, test), p_k
        ):
            self.add(first + added, weight * pc)

    def _mixture(
        self, values: tuple[int, ...], left: int, bonus: int, p_k: dict[int, Fraction]
    ) -> tuple[tuple[int, Fraction], ...]:
        """What a continuation adds, averaged over the k arcana set aside before it."""
        remaining = tuple((left - k, pk) for k, pk in p_k.items() if pk)
        return continuation_mixture(values, remaining, bonus)


def _effective(honour: Honour, test: Test, pack: Pack) -> Fraction:
    suit, value = honour
    if value == pack.ace and test.ace_fails:
        return Fraction(-1000)
    # A King also brings its continuation: it beats an equal total.
    return Fraction(value + adjustment(suit, test)) + (Fraction(1, 2) if value == pack.king else 0)


def test_odds(deck: Deck, test: Test) -> Odds:
    honours = list(deck.honours)
    h = len(honours)
    acc = _Accumulator(test, deck.pack)
    if test.mode == "normal":
        if h < 1:
            raise InputError("Il ne reste aucun honneur dans le talon.")
        p_k = arcana_before(len(deck.arcana), h, 1)
        for i, honour in enumerate(honours):
            acc.kept(honour, honours[:i] + honours[i + 1 :], deck.arcana, p_k, Fraction(1, h))
    else:
        if h < 2:
            raise InputError(
                "Il faut au moins deux honneurs dans le talon pour un avantage ou un désavantage."
            )
        p_k = arcana_before(len(deck.arcana), h, 2)
        pair = Fraction(2, h * (h - 1))
        for i in range(h):
            for j in range(i + 1, h):
                a, b = honours[i], honours[j]
                best = max if test.mode == "avantage" else min
                kept = best((a, b), key=lambda x: _effective(x, test, deck.pack))
                rest = [x for n, x in enumerate(honours) if n not in (i, j)]
                acc.kept(kept, rest, deck.arcana, p_k, pair)
    return Odds(dict(sorted(acc.margins.items())), acc.ace, acc.fumble, acc.king)


# --- the cycle (l.141–151) ---------------------------------------------------------


def shuffle_cycle(rng: random.Random, lames: list[Lame], pack: Pack) -> list[Lame]:
    """Start of a cycle: the Sans Nom shuffled with 10 random lames, the rest on top (l.145).
    Returns the talon, top first."""
    others = [lame for lame in lames if not lame.sans_nom]
    rng.shuffle(others)
    bottom = others[:10] + [pack.by_code[SANS_NOM]]
    rng.shuffle(bottom)
    return others[10:] + bottom
