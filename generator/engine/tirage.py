"""Real rolls: a resolution calculator's exact outcomes, and one of them drawn at random.

A calculator that resolves a test declares `issues`, a function taking the same
arguments as its `compute` and returning its outcomes (`Issue`: a name, its exact
probability, and the wider class it belongs to, if any). A roll draws one of them from
random bits: the browser supplies 32-bit words from `crypto.getRandomValues`, a test a
seeded `random.Random`; both go through `draw` below, so the test checks the very code
the reader uses.

The draw is exact: the random bits are read as the binary digits of a number U in
[0, 1), one at a time, until the digits read fix which outcome's slice of [0, 1) holds U
(a few bits on average). No probability is rounded on the way.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate

WORD_BITS = 32
# Words the browser sends for one roll: a draw needs a few bits on average; running out
# of 2048 bits has a probability below 2 ** −2000.
WORDS_PER_ROLL = 64


class NotEnoughRandomness(ValueError):
    """The random words supplied ran out before the outcome was fixed."""


@dataclass(frozen=True)
class Issue:
    name: str  # « Réussite avec Espérance », « Total 14 : marge +2 »…
    probability: Fraction
    group: str = ""  # the class it belongs to (« Réussite »), whose chance is shown too


def merged(issues: Iterable[Issue]) -> tuple[Issue, ...]:
    """The outcomes, each name once (probabilities added), those that cannot happen left
    out, in their first order."""
    found: dict[str, Issue] = {}
    for issue in issues:
        probability = Fraction(issue.probability)
        if issue.name in found:
            probability += found[issue.name].probability
        found[issue.name] = Issue(issue.name, probability, issue.group)
    return tuple(issue for issue in found.values() if issue.probability > 0)


def group_chance(issues: Sequence[Issue], group: str) -> Fraction:
    return sum((i.probability for i in issues if i.group == group), Fraction(0))


def bits_of(words: Iterable[int]) -> Iterator[int]:
    """The bits of 32-bit words, highest first."""
    for word in words:
        for shift in range(WORD_BITS - 1, -1, -1):
            yield (int(word) >> shift) & 1


def draw(probabilities: Sequence[Fraction], bits: Iterator[int]) -> int:
    """The index of the outcome drawn: the slice of [0, 1) that holds U, whose binary
    digits are `bits`. The probabilities need not add up to exactly 1 (they are scaled)."""
    total = sum(probabilities, Fraction(0))
    if total <= 0:
        raise ValueError("aucune issue possible")
    ends = [c / total for c in accumulate(probabilities)]
    low, width = Fraction(0), Fraction(1)  # U lies in [low, low + width)
    while True:
        index = next(i for i, end in enumerate(ends) if end > low)
        if low + width <= ends[index]:
            return index
        width /= 2
        try:
            low += width * next(bits)
        except StopIteration:
            raise NotEnoughRandomness from None


def uniform(n: int, bits: Iterator[int]) -> int:
    """A whole number drawn uniformly from 0…n − 1: `draw` over n equal slices, in whole
    numbers (a card turned from n, a die of n faces, many times per roll)."""
    if n < 1:
        raise ValueError("aucune issue possible")
    low, scale = 0, 1  # U lies in [low, low + 1) / scale, scale a power of two
    while True:
        first = low * n // scale
        if (low + 1) * n <= (first + 1) * scale:
            return first
        try:
            low, scale = 2 * low + next(bits), 2 * scale
        except StopIteration:
            raise NotEnoughRandomness from None


@dataclass(frozen=True)
class Roll:
    issue: Issue
    group_probability: Fraction | None  # the chance of its class, when it has one
    detail: str = ""  # what was played to reach it: the cards turned, the dice rerolled


def _rolled(issues: Sequence[Issue], issue: Issue, detail: str = "") -> Roll:
    group = group_chance(issues, issue.group) if issue.group else None
    return Roll(issue, group, detail)


def roll(issues: Sequence[Issue], words: Iterable[int]) -> Roll:
    """One real roll among `issues` (already merged), from random 32-bit words."""
    return _rolled(issues, issues[draw([i.probability for i in issues], bits_of(words))])


def played(issues: Sequence[Issue], name: str, detail: str) -> Roll:
    """A roll the calculator played itself (cards turned, dice rolled and rerolled): the
    outcome it reached, which must be one of `issues`, with its exact chance."""
    issue = next((i for i in issues if i.name == name), None)
    if issue is None:
        raise LookupError(f"issue jouée absente des issues exactes : {name}")
    return _rolled(issues, issue, detail)
