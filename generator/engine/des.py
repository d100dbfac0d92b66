"""Dice expressions of the rules text (`{@des 3d6+4}`): read, rolled, and their exact law.

An expression is a sum of terms: dice (« 3d6 », « 2D10 », « d20 » for one die) and
whole numbers, joined by « + » or « − » (spaces allowed): « 1d10 + 5 », « 2d6+1d4−1 ».
The build refuses an expression it cannot read; the browser rolls it from random words
through the same draw as « Lancer » (engine/tirage.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from . import tirage
from .results import format_number, format_percent

MAX_DICE = 100  # dice in one expression: the exact law stays quick to compute
MAX_FACES = 1000
_TERM = re.compile(r"\s*([+\-−])?\s*(?:(\d*)\s*[dD]\s*(\d+)|(\d+))\s*")
EXAMPLE = "attendu par exemple 3d6+4, 1D10 + 5 ou 2d6−1"


class DiceError(ValueError):
    """An expression that is not one: the message says why, in French."""


@dataclass(frozen=True)
class Term:
    sign: int  # +1 or −1
    count: int  # 0 for a whole number
    faces: int  # the number itself, for a whole number


def parse(text: str) -> tuple[Term, ...]:
    """The terms of `text`, or DiceError."""
    terms, position = [], 0
    while position < len(text):
        match = _TERM.match(text, position)
        if not match or match.end() == position or (terms and not match.group(1)):
            raise DiceError(f"expression de dés « {text.strip()} » invalide ({EXAMPLE})")
        sign = -1 if match.group(1) in ("-", "−") else 1
        if match.group(4) is not None:
            terms.append(Term(sign, 0, int(match.group(4))))
        elif int(match.group(2) or 1) == 0:
            raise DiceError(f"expression de dés « {text.strip()} » : zéro dé ({EXAMPLE})")
        else:
            terms.append(Term(sign, int(match.group(2) or 1), int(match.group(3))))
        position = match.end()
    _check(text, terms)
    return tuple(terms)


def _check(text: str, terms: list[Term]) -> None:
    dice = [t for t in terms if t.count]
    if not dice:
        raise DiceError(f"expression de dés « {text.strip()} » sans dé ({EXAMPLE})")
    if any(t.faces < 2 or t.faces > MAX_FACES for t in dice):
        raise DiceError(f"expression de dés « {text.strip()} » : un dé a de 2 à {MAX_FACES} faces")
    if sum(t.count for t in dice) > MAX_DICE:
        raise DiceError(f"expression de dés « {text.strip()} » : {MAX_DICE} dés au plus")


def law(terms: Iterable[Term]) -> dict[int, Fraction]:
    """Total → exact probability."""
    ways, outcomes = {0: 1}, 1
    for term in terms:
        if not term.count:
            ways = {total + term.sign * term.faces: w for total, w in ways.items()}
            continue
        for _ in range(term.count):
            nxt: dict[int, int] = {}
            for total, w in ways.items():
                for face in range(1, term.faces + 1):
                    key = total + term.sign * face
                    nxt[key] = nxt.get(key, 0) + w
            ways, outcomes = nxt, outcomes * term.faces
    return {total: Fraction(w, outcomes) for total, w in sorted(ways.items())}


def roll(terms: Iterable[Term], words: Iterable[int]) -> tuple[int, str]:
    """The total, and what each term gave (« 4 + 1 + 6 + 4 »), every die drawn from
    `words` the way a « Lancer » is drawn."""
    bits = tirage.bits_of(words)
    total, shown = 0, ""
    for term in terms:
        values = (
            [
                tirage.draw([Fraction(1, term.faces)] * term.faces, bits) + 1
                for _ in range(term.count)
            ]
            if term.count
            else [term.faces]
        )
        total += term.sign * sum(values)
        for value in values:
            joined = "+" if term.sign > 0 else "−"
            shown = (
                f"{shown} {joined} {value}" if shown else f"{'−' if term.sign < 0 else ''}{value}"
            )
    return total, shown


def summary(distribution: dict[int, Fraction]) -> dict:
    """What the popover shows: minimum, maximum, mean, and each total's chance."""
    mean = sum((t * p for t, p in distribution.items()), Fraction(0))
    return {
        "minimum": min(distribution),
        "maximum": max(distribution),
        "moyenne": format_number(mean),
        "totaux": [[t, format_percent(p), str(p)] for t, p in distribution.items()],
    }
