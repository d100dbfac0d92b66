"""Dice expressions of the rules text (`{@des 3d6+4}`): read, and their exact law.

An expression is a sum of terms: dice (« 3d6 », « 2D10 », « d20 » for one die) and
whole numbers, joined by « + » or « − » (spaces allowed): « 1d10 + 5 », « 2d6+1d4−1 ».
The build refuses an expression it cannot read, or whose law is beyond the limits below;
it writes each tag's terms and law into its button (`page_data`), and the page rolls the
dice itself (assets/lancer.js): the browser never reads an expression.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from generator.engine.law import Law
from generator.engine.results import format_number, format_percent

# Limits: the worst law they allow is computed, with its summary, within 50 ms
# (docs/benchmarks.md, « Dés du texte »), and its button stays a few hundred kilobytes.
MAX_LENGTH = 200  # characters of an expression, checked before anything is read
MAX_DICE = 50  # dice in one expression
MAX_FACES = 1000
MAX_TOTALS = 1000  # totals the expression can give: the rows of its law
MAX_NUMBER = 1_000_000  # a whole number added or taken away
# Digits 0 to 9 only: « \d » would take any script's digits (« ٣d6 »).
TERM = re.compile(r"\s*([+\-−])?\s*(?:([0-9]*)\s*[dD]\s*([0-9]+)|([0-9]+))\s*")
EXAMPLE = "attendu par exemple 3d6+4, 1D10 + 5 ou 2d6−1"
SHOWN = 40  # characters of an expression quoted in a message


class DiceError(ValueError):
    """An expression that is not one: the message says why, in French."""


@dataclass(frozen=True)
class Term:
    sign: int  # +1 or −1
    count: int  # 0 for a whole number
    faces: int  # the number itself, for a whole number


def parse(text: str) -> tuple[Term, ...]:
    """The terms of `text`, or DiceError."""
    if len(text) > MAX_LENGTH:
        _refuse(text, f"{MAX_LENGTH} caractères au plus")
    other = next((c for c in text if c.isdigit() and c not in "0123456789"), None)
    if other:
        _refuse(text, f"« {other} » n'est pas un chiffre de 0 à 9 ({EXAMPLE})")
    terms, position = [], 0
    while position < len(text):
        match = TERM.match(text, position)
        if not match or match.end() == position or (terms and not match.group(1)):
            raise DiceError(f"expression de dés « {_shown(text)} » invalide ({EXAMPLE})")
        sign = -1 if match.group(1) in ("-", "−") else 1
        if match.group(4) is not None:
            terms.append(Term(sign, 0, int(match.group(4))))
        elif int(match.group(2) or 1) == 0:
            _refuse(text, f"zéro dé ({EXAMPLE})")
        else:
            terms.append(Term(sign, int(match.group(2) or 1), int(match.group(3))))
        position = match.end()
    _check(text, terms)
    return tuple(terms)


def _shown(text: str) -> str:
    text = text.strip()
    return text if len(text) <= SHOWN else f"{text[:SHOWN]}…"


def _refuse(text: str, why: str) -> None:
    raise DiceError(f"expression de dés « {_shown(text)} » : {why}")


def _check(text: str, terms: list[Term]) -> None:
    dice = [t for t in terms if t.count]
    if not dice:
        raise DiceError(f"expression de dés « {_shown(text)} » sans dé ({EXAMPLE})")
    if any(t.faces < 2 or t.faces > MAX_FACES for t in dice):
        _refuse(text, f"un dé a de 2 à {MAX_FACES} faces")
    if any(t.faces > MAX_NUMBER for t in terms if not t.count):
        _refuse(text, f"un nombre vaut {MAX_NUMBER} au plus")
    if sum(t.count for t in dice) > MAX_DICE:
        _refuse(text, f"{MAX_DICE} dés au plus")
    totals = sum(t.count * (t.faces - 1) for t in dice) + 1
    if totals > MAX_TOTALS:
        _refuse(text, f"{totals} totaux possibles, {MAX_TOTALS} au plus")


def ways(terms: Iterable[Term]) -> Law:
    """The law of the sum. Dice of the same faces, added or taken away, are one sum of dice
    (a die taken away has the same law as one added, shifted): only the lowest total
    depends on the signs."""
    lowest, dice = 0, Counter()
    for term in terms:
        if term.count:
            dice[term.faces] += term.count
            lowest += term.count * (1 if term.sign > 0 else -term.faces)
        else:
            lowest += term.sign * term.faces
    found = Law.constant(0)
    for faces, count in dice.items():
        found = found + Law.dice(count, faces)
    return found + (lowest - found.lowest)


def law(terms: Iterable[Term]) -> dict[int, Fraction]:
    """Total → exact probability."""
    return dict(ways(terms).items())


def summary(found: Law) -> dict:
    """What the popover shows: minimum, maximum, mean, and each total's chance (as a
    percentage and exactly)."""
    return {
        "minimum": found.lowest,
        "maximum": found.highest,
        "moyenne": format_number(found.mean),
        "totaux": [[t, format_percent(p), str(p)] for t, p in found.items()],
    }


def page_data(expression: str) -> dict:
    """What a dice button carries for the page to roll it without the engine: its terms
    ([sign, dice, faces], or [sign, 0, number]) and its law as `summary` writes it."""
    terms = parse(expression)
    return {"termes": [[t.sign, t.count, t.faces] for t in terms], **summary(ways(terms))}


def page_law(expression: str) -> str:
    """`page_data` as a dice button's `data-loi` holds it: compact JSON (the official pages
    and the house rules' pages write the same text)."""
    return json.dumps(page_data(expression), ensure_ascii=False, separators=(",", ":"))
