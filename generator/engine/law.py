"""The exact law of a whole-number total, as an immutable value (icepool's `Die` is the
model): a die, a sum of dice and numbers, a total read through a rule; its tails and its
mean. Every system uses it instead of passing `dict[int, Fraction]` and summing tails by
hand; `des.py` (the dice of the rules text) builds its laws with it.

A law is kept in whole numbers: `counts[i]` of `outcomes` equally likely outcomes give
the total `lowest + i`. Sums are products of polynomials done by Python's integers
(Kronecker substitution), and a probability becomes a `Fraction` only when it is read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import lcm


@dataclass(frozen=True, eq=False)
class Law:
    """Total `lowest + i` comes `counts[i]` times out of `outcomes`. The counts sum to
    `outcomes`, or to less for a law cut short at a cap (`mass` < 1: the rest lies beyond
    its highest total; such a law is read, never added). Two laws are equal when they give
    the same totals with the same probabilities, however counted."""

    lowest: int
    counts: tuple[int, ...]
    outcomes: int

    # --- construction -------------------------------------------------------------------

    @classmethod
    def constant(cls, total: int) -> Law:
        return cls(total, (1,), 1)

    @classmethod
    def die(cls, faces: int, lowest: int = 1) -> Law:
        """One die of `faces` equally likely faces, `lowest` … `lowest + faces − 1`."""
        return cls(lowest, (1,) * faces, faces)

    @classmethod
    def dice(cls, count: int, faces: int) -> Law:
        """The sum of `count` dice of `faces` faces (1 … faces); no die: always 0."""
        return cls.die(faces).repeated(count)

    @classmethod
    def of(cls, chances: Mapping[int, Fraction]) -> Law:
        """From total → probability (exact fractions)."""
        outcomes = lcm(*(Fraction(p).denominator for p in chances.values()))
        return cls.counted({t: int(p * outcomes) for t, p in chances.items()}, outcomes)

    @classmethod
    def counted(cls, ways: Mapping[int, int], outcomes: int) -> Law:
        """From total → how many of `outcomes` equally likely outcomes give it."""
        present = [t for t, c in ways.items() if c]
        if not present:
            return cls(0, (), outcomes)
        lowest = min(present)
        counts = [0] * (max(present) - lowest + 1)
        for total, count in ways.items():
            if count:
                counts[total - lowest] += count
        return cls(lowest, tuple(counts), outcomes)

    # --- operators ----------------------------------------------------------------------

    def __add__(self, other: Law | int) -> Law:
        """The law of the sum, `other` a number or an independent law."""
        if isinstance(other, int):
            return Law(self.lowest + other, self.counts, self.outcomes)
        if not isinstance(other, Law):
            return NotImplemented
        outcomes = self.outcomes * other.outcomes
        width = _width(outcomes)
        product = _pack(self.counts, width) * _pack(other.counts, width)
        size = len(self.counts) + len(other.counts) - 1
        return Law(self.lowest + other.lowest, _unpack(product, size, width), outcomes)

    __radd__ = __add__

    def repeated(self, count: int) -> Law:
        """The law of the sum of `count` independent totals of this law (`count` dice
        alike, each face worth what this law says); none: always 0. One power of the
        packed counts, however many they are."""
        if count == 0:
            return Law.constant(0)
        outcomes = self.outcomes**count
        width = _width(outcomes)  # bytes per count: none reaches `outcomes` + 1
        size = count * (len(self.counts) - 1) + 1
        power = _pack(self.counts, width) ** count
        return Law(count * self.lowest, _unpack(power, size, width), outcomes)

    def __neg__(self) -> Law:
        return Law(-self.highest, self.counts[::-1], self.outcomes)

    def __sub__(self, other: Law | int) -> Law:
        return self + (-other)

    def map(self, rule: Callable[[int], int]) -> Law:
        """The law of `rule(total)`: « never below 0 », a damage read from a face…"""
        ways: dict[int, int] = {}
        for total, count in self._present():
            ways[rule(total)] = ways.get(rule(total), 0) + count
        return Law.counted(ways, self.outcomes)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Law) and self.items() == other.items()

    def __hash__(self) -> int:
        return hash(self.items())

    # --- reading ------------------------------------------------------------------------

    @property
    def highest(self) -> int:
        return self.lowest + len(self.counts) - 1

    def __getitem__(self, total: int) -> Fraction:
        """P(total), 0 for a total the law never gives."""
        i = total - self.lowest
        return Fraction(self.counts[i], self.outcomes) if 0 <= i < len(self.counts) else Fraction(0)

    def items(self) -> tuple[tuple[int, Fraction], ...]:
        """(total, probability) of every total the law gives, from the lowest."""
        return tuple((t, Fraction(c, self.outcomes)) for t, c in self._present())

    def at_least(self, total: int) -> Fraction:
        return Fraction(sum(self.counts[max(0, total - self.lowest) :]), self.outcomes)

    def at_most(self, total: int) -> Fraction:
        return Fraction(sum(self.counts[: max(0, total - self.lowest + 1)]), self.outcomes)

    @property
    def mass(self) -> Fraction:
        """1, or less for a law cut short."""
        return Fraction(sum(self.counts), self.outcomes)

    @property
    def mean(self) -> Fraction:
        return Fraction(sum(t * c for t, c in self._present()), self.outcomes)

    def _present(self) -> Iterator[tuple[int, int]]:
        return ((self.lowest + i, c) for i, c in enumerate(self.counts) if c)


def _width(outcomes: int) -> int:
    """Bytes for one count of a law over `outcomes`: none reaches `outcomes` + 1."""
    return (outcomes.bit_length() + 7) // 8


def _pack(counts: tuple[int, ...], width: int) -> int:
    return int.from_bytes(b"".join(c.to_bytes(width, "little") for c in counts), "little")


def _unpack(number: int, size: int, width: int) -> tuple[int, ...]:
    raw = number.to_bytes(size * width, "little")
    return tuple(int.from_bytes(raw[i * width : (i + 1) * width], "little") for i in range(size))
