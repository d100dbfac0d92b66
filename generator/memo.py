"""What `serve` keeps from one judgement of the project to the next (in one process).

Every value kept here is a pure function of its key, so that a judgement with things kept
gives exactly what a fresh process gives. `forget_all` empties everything: for a change the
keys do not see (Python code reloaded, say).
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict

_ALL: list = []  # every Memo, and every functools cache registered with `kept`


class Memo:
    """A memo with bounds: at most `size` entries, of at most `budget` in weight (the
    length of the texts kept, say); the least recently used entries go first."""

    def __init__(self, size: int, budget: int | None = None):
        self.size, self.budget = size, budget
        self._entries: OrderedDict = OrderedDict()  # key -> (value, weight)
        self._weight = 0
        _ALL.append(self)

    def get(self, key):
        """The value kept for `key`, or None."""
        entry = self._entries.get(key)
        if entry is None:
            return None
        self._entries.move_to_end(key)
        return entry[0]

    def put(self, key, value, weight: int = 0) -> None:
        if key in self._entries:
            self._weight -= self._entries.pop(key)[1]
        self._entries[key] = (value, weight)
        self._weight += weight
        while len(self._entries) > self.size or (
            self.budget is not None and self._weight > self.budget and len(self._entries) > 1
        ):
            self._weight -= self._entries.popitem(last=False)[1][1]

    def made(self, key, make, *args):
        """The value kept for `key`, else `make(*args)`, kept (None included)."""
        entry = self._entries.get(key)
        if entry is not None:
            self._entries.move_to_end(key)
            return entry[0]
        value = make(*args)
        self.put(key, value)
        return value

    def cache_clear(self) -> None:
        self._entries.clear()
        self._weight = 0


def kept(cached):
    """Register a functools cache (lru_cache), or anything with a `clear` method, with
    `forget_all`; returns it."""
    _ALL.append(cached)
    return cached


def forget_all() -> None:
    for memo in _ALL:
        getattr(memo, "cache_clear", None) or memo.clear()


def digest(value: object) -> bytes:
    """A short key for a value made of texts, numbers, lists, dicts and paths: its repr
    tells them apart (1, 1.0, True and "1" included)."""
    return hashlib.blake2b(repr(value).encode("utf-8", "surrogatepass")).digest()
