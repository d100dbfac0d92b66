"""A virtual Talon: the cycle rules replayed from a seed and a log of moves.

The whole state follows from (seed, players, log): the page keeps them in its URL, so the
talon survives a reload and can be shared. Moves (tokens of the log):
  t  new test: reveal lames up to the first honour (arcana set aside)
  a  new test with an Avantage: reveal lames up to the second honour
  n  reveal one more lame (the As rule, or by hand)
  cE cC cD cB  continuation after a Roi, in that suit: reveal while the lames are of it
  r1 … r6  player N draws the top lame into their réserve
  f  end of the test: revealed lames to the défausse
  m  new cycle (reshuffle by hand)
  u  undo the previous move
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from generator.core.typographie import pluriel
from generator.engine.inputs import FieldError
from generator.engine.registry import Action
from generator.systems.talon import deck

PLAIN_MOVES = ("t", "a", "n", "f", "m", "u")
MAX_PLAYERS = 6


def moves(pack: deck.Pack) -> set[str]:
    return (
        set(PLAIN_MOVES)
        | {f"c{suit.letter}" for suit in pack.suits}
        | {f"r{n}" for n in range(1, MAX_PLAYERS + 1)}
    )


class _Random(random.Random):
    """random.Random with the same draws, whose shuffle does not call a method per lame:
    random.py's shuffle and _randbelow (the getrandbits one) written as one loop. Same
    seed, same draws, same swaps, so the same talon (checked at import: `_EXACT`)."""

    def shuffle(self, x: list) -> None:
        getrandbits = self.getrandbits
        bits = _BITS if len(x) < len(_BITS) else [n.bit_length() for n in range(len(x) + 1)]
        for i in range(len(x) - 1, 0, -1):
            n = i + 1
            k = bits[n]
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]


_BITS = tuple(n.bit_length() for n in range(128))


def _same_as_random(seeds: range = range(3), sizes: tuple = (0, 1, 2, 11, 73, 130)) -> bool:
    """Does _Random shuffle as random.Random does, and leave it in the same state?"""
    for seed in seeds:
        plain, fast = random.Random(seed), _Random(seed)
        for size in sizes:
            a, b = list(range(size)), list(range(size))
            plain.shuffle(a)
            fast.shuffle(b)
            if a != b:
                return False
        if plain.random() != fast.random():
            return False
    return True


_EXACT = _same_as_random()  # else (another random.py) random.Random's own shuffle
_RNG = _Random if _EXACT else random.Random


def reserve_actions(field: str, players: str) -> tuple[Action, ...]:
    """A « Réserve » button per player the form allows, each shown while the field
    `players` counts that player."""
    return tuple(
        Action(f"Réserve J{n}", field, f"r{n}", shown_from=(players, n))
        for n in range(1, MAX_PLAYERS + 1)
    )


@dataclass
class Talon:
    pack: deck.Pack
    seed: int
    players: int
    rng: random.Random = field(init=False)
    cycle: int = 0
    talon: list = field(default_factory=list)  # top first
    discard: list = field(default_factory=list)
    reserves: list = field(default_factory=list)
    revealed: list = field(default_factory=list)  # lames of the test in progress
    events: list = field(default_factory=list)  # (move, what happened)

    def __post_init__(self):
        self.rng = _RNG(self.seed)
        self._suits = {f"c{suit.letter}": suit for suit in self.pack.suits}
        self.reserves = [[] for _ in range(self.players)]
        self.new_cycle()

    def new_cycle(self) -> str:
        """l.145 and l.151: every lame back, Sans Nom among the last 11, one lame each."""
        everything = (
            self.talon + self.discard + self.revealed + [lame for r in self.reserves for lame in r]
        )
        if not everything:
            everything = list(self.pack.lames)
        self.talon = deck.shuffle_cycle(self.rng, everything, self.pack)
        self.discard, self.revealed = [], []
        self.reserves = [[self.talon.pop(0)] for _ in range(self.players)]
        self.cycle += 1
        return f"cycle {self.cycle} : talon rebattu, une lame distribuée à chaque joueur"

    def _reveal(self) -> tuple[deck.Lame | None, str]:
        lame = self.talon.pop(0)
        self.revealed.append(lame)
        if lame.sans_nom:
            # l.151: everyone discards their réserve (the revealer's Cheap-chip is not tracked here).
            message = "Arcane Sans Nom : fin du cycle, réserves défaussées ; " + self.new_cycle()
            return None, message
        return lame, ""

    def _end_test(self) -> None:
        self.discard += self.revealed
        self.revealed = []

    def _reveal_honours(self, wanted: int) -> str:
        honours = 0
        while honours < wanted:
            lame, message = self._reveal()
            if lame is None:
                return message
            honours += 0 if lame.arcanum else 1
        return "révélées : " + ", ".join(lame.name for lame in self.revealed)

    def play(self, move: str) -> str:
        kind = move[0]
        if kind == "r":
            player = int(move[1:])
            lame = self.talon.pop(0)
            if lame.sans_nom:
                self.revealed.append(lame)
                return "Arcane Sans Nom : fin du cycle, réserves défaussées ; " + self.new_cycle()
            self.reserves[player - 1].append(lame)
            return f"joueur {player} ajoute {lame.name} à sa réserve"
        if kind == "c":
            suit = self._suits[move]
            added = []
            while self.talon:
                lame, message = self._reveal()
                if lame is None:
                    return message
                if lame.suit != suit.id:
                    return f"continuation ({suit.name}) : {', '.join(added) or 'rien'} ; arrêtée par {lame.name}"
                added.append(lame.name)
            return "talon épuisé"
        if move in ("t", "a"):
            self._end_test()
            return self._reveal_honours(1 if move == "t" else 2)
        if move == "n":
            lame, message = self._reveal()
            return message or f"lame suivante : {lame.name}"
        if move == "f":
            self._end_test()
            return "lames du test défaussées"
        if move == "m":
            return self.new_cycle()
        raise AssertionError(move)

    def remaining_deck(self) -> deck.Deck:
        honours = tuple((lame.suit, lame.value) for lame in self.talon if lame.suit)
        arcana = tuple(lame.arcanum for lame in self.talon if lame.arcanum)
        return deck.Deck(self.pack, honours, arcana)


def replay(
    pack: deck.Pack, seed: int, players: int, log: str, field_name: str = "journal"
) -> Talon:
    known = moves(pack)
    too_many = {f"r{n}" for n in range(players + 1, MAX_PLAYERS + 1)}
    played = []
    for token in log.split():
        if token not in known:
            continuations = ", ".join(f"c{suit.letter}" for suit in pack.suits)
            raise FieldError(
                field_name,
                f"« {token} » n'est pas une action (t, a, n, {continuations}, r1 à r{MAX_PLAYERS}, f, m, u).",
            )
        if token in too_many:
            raise FieldError(
                field_name,
                f"« {token} » : il n'y a que {players} {pluriel(players, 'joueur', 'joueurs')}.",
            )
        if token == "u":
            if played:
                played.pop()
            continue
        played.append(token)
    talon = Talon(pack, seed, players)
    play, events = talon.play, talon.events
    for move in played:
        events.append((move, play(move)))
    return talon
