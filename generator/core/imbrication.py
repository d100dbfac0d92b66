"""How deep a JSON text nests, told before it is parsed: JSON nested some thousand levels
deep exhausts Python's stack (RecursionError on CPython, a dead runtime on Pyodide, where
the browser's « Maximum call stack size exceeded » kills the worker). Each reader of
outside JSON (a calculator's query, an imported file) bounds its depth with this first."""

from __future__ import annotations

import re

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKETS = re.compile(r"[^\[\]{}]+")


def too_deep(text: str, limit: int) -> bool:
    """Whether brackets, outside strings, nest deeper than `limit`: one pass over the
    brackets alone, without parsing."""
    depth = 0
    for bracket in _BRACKETS.sub("", _STRING.sub('""', text)):
        depth += 1 if bracket in "[{" else -1
        if depth > limit:
            return True
    return False


def place_of(error: Exception) -> str:
    """Where a JSON text stopped being JSON, for a French message: « (ligne 3, colonne 7) »,
    or nothing when the error says no place."""
    if hasattr(error, "lineno"):
        return f" (ligne {error.lineno}, colonne {error.colno})"
    return ""
