"""« Lancer » a Talon test: the lames turned one at a time from the talon left, as the
rules play it (l.100–118), with what each lame did.

Each lame turned is drawn uniformly from those not yet turned: turning them so is a
uniform shuffle, the very model of the exact odds (deck.py), which the roll's outcome is
then named by. The Arcane Sans Nom, among the last lames of the cycle, is not reached.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from generator.engine.results import signed
from generator.engine.tirage import uniform
from generator.systems.talon.deck import (
    Lame,
    Pack,
    Test,
    adjustment,
    continuation_suit,
    effective,
    fumbles_after_ace,
)


@dataclass
class Played:
    """What a test came to: a margin, or an As (a failure, critical or not)."""

    margin: int | None = None
    ace: bool = False
    fumble: bool = False
    lines: list[str] = field(default_factory=list)  # what happened, in order

    @property
    def detail(self) -> str:
        return " ".join(self.lines)


@dataclass
class _Talon:
    lames: list[Lame]  # not yet turned, in no order: the next one is drawn among them
    bits: Iterator[int]

    def turn(self) -> Lame | None:
        if not self.lames:
            return None
        return self.lames.pop(uniform(len(self.lames), self.bits))


def talon_left(pack: Pack, revealed: list[Lame]) -> list[Lame]:
    """The lames a test can turn: the pack but those already revealed this cycle and the
    Arcane Sans Nom."""
    gone = {lame.code for lame in revealed}
    return [lame for lame in pack.lames if not lame.sans_nom and lame.code not in gone]


def play(pack: Pack, test: Test, revealed: list[Lame], bits: Iterator[int]) -> Played:
    """One test played lame by lame."""
    talon = _Talon(talon_left(pack, revealed), bits)
    wanted = 1 if test.mode == "normal" else 2
    turned, honours = [], []
    while len(honours) < wanted:
        lame = talon.turn()
        turned.append(lame)
        if lame.suit:
            honours.append(lame)
    played = Played()
    set_aside = " (arcanes mis de côté)" if any(lame.arcanum for lame in turned) else ""
    played.lines.append(f"Lames tournées : {', '.join(lame.name for lame in turned)}{set_aside}.")
    kept = _kept(pack, test, honours, played)
    if kept.value == pack.ace and test.ace_fails:
        _ace(pack, test, kept, talon, played)
        return played
    total = test.base + kept.value + adjustment(kept.suit, test)
    if kept.value == pack.king:
        total += _continuation(pack, test, kept, talon, played)
    played.margin = total - test.difficulty
    played.lines.append(f"Total {total} contre {test.difficulty}.")
    return played


def _strength(pack: Pack, test: Test, lame: Lame) -> int:
    return effective((lame.suit, lame.value), test, pack)


def _kept(pack: Pack, test: Test, honours: list[Lame], played: Played) -> Lame:
    """The honour that counts: the only one, or the better (Avantage, the player keeps it)
    or the worse (Désavantage, the GM keeps it) of two; of two as strong, the first in the
    pack's order, as the exact odds count them."""
    if len(honours) == 1:
        return honours[0]
    order = {lame.code: n for n, lame in enumerate(pack.lames)}
    first, second = sorted(honours, key=lambda lame: order[lame.code])
    a, b = _strength(pack, test, first), _strength(pack, test, second)
    better = b > a if test.mode == "avantage" else b < a
    kept = second if better else first
    who = "Le joueur garde" if test.mode == "avantage" else "Le MJ garde"
    played.lines.append(f"{who} : {kept.name}.")
    return kept


def _ace(pack: Pack, test: Test, ace: Lame, talon: _Talon, played: Played) -> None:
    """The As fails (l.112–114): the player declares a critical failure, gaining a
    Cheap-chip and drawing a lame into their reserve, or turns the next lame, which tells
    a critical failure (deck.fumbles_after_ace)."""
    played.ace = True
    after = talon.turn()
    if test.declares_fumble:
        played.fumble = True
        drawn = f"{after.name} tirée pour sa réserve" if after else "plus de lame à tirer"
        played.lines.append(
            f"{ace.name} : le joueur déclare un échec critique ; +1 Cheap-chip, {drawn}."
        )
        return
    if after is None:
        played.lines.append(f"{ace.name} : échec ; plus de lame à tourner.")
        return
    played.fumble = fumbles_after_ace(after, test, pack)
    what = "échec critique" if played.fumble else "échec simple"
    played.lines.append(f"{ace.name} : échec ; lame suivante, {after.name} : {what}.")


def _continuation(pack: Pack, test: Test, king: Lame, talon: _Talon, played: Played) -> int:
    """After a Roi (l.118): lames turned while they are of the suit followed, each adding
    its value; the first of another suit, or an arcanum, stops it."""
    left: dict[str, int] = {}
    for lame in talon.lames:
        if lame.suit:
            left[lame.suit] = left.get(lame.suit, 0) + 1
    suit = continuation_suit(test, pack, king.suit, left)
    added, names, stop = 0, [], None
    while (lame := talon.turn()) is not None:
        if lame.suit != suit:
            stop = lame
            break
        added += lame.value + adjustment(suit, test)
        names.append(lame.name)
    name = pack.suit[suit].name
    kept = ", ".join(names) if names else "aucune lame"
    end = f", arrêtée par {stop.name}" if stop else ", talon épuisé"
    played.lines.append(f"{king.name} : continuation à {name} ; {kept}{end} ({signed(added)}).")
    return added
