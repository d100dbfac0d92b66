"""A JSON Schema `pattern` read as JSON Schema says: an ECMA-262 regular expression (with
its `u` flag, as the 2020-12 draft asks), searched anywhere in the text unless anchored.

Python's `re` reads most of it the same way, not all: its `$` also matches before a final
newline (`^[a-z]+$` would take « abc\\n »), its `.` takes a carriage return, its `\\d`
and `\\w` take other scripts' digits and letters, its `\\s` another set of spaces. So the
pattern is translated into a Python one that means what ECMA means; a construct whose
meaning differs and is not translated here (a Python-only group, an escape ECMA refuses, a
brace that is no quantifier…) is refused, never read the Python way.
"""

from __future__ import annotations

import re


class PatternError(ValueError):
    """A pattern this module cannot read as ECMA does: the French reason."""


# ECMA's line terminators (what `.` does not match) and white space (`\s`: Zs and the
# line terminators, tab, vertical tab, form feed, BOM), written for a Python class.
_LINE_ENDS = r"\n\r\u2028\u2029"
_SPACES = r"\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
# Escapes meaning the same in both (with re.ASCII for \d \w \b, ASCII in ECMA's too).
_SAME = set("dDwWbBfnrtv") | set(r"^$\.*+?()[]{}|/")
_HEX = re.compile(r"x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}")
_QUANTIFIER = re.compile(r"\{[0-9]+(,[0-9]*)?\}")
_GROUPS = ("(?:", "(?=", "(?!", "(?<=", "(?<!")  # ECMA's, which Python reads alike


def _escape(pattern: str, at: int, in_class: bool) -> tuple[str, int]:
    """The Python text of the escape at `at` (its backslash), and where it ends."""
    letter = pattern[at + 1 : at + 2]
    if not letter:
        raise PatternError("« \\ » en fin de motif")
    if letter == "s":
        return (_SPACES if in_class else f"[{_SPACES}]"), at + 2
    if letter == "S" and not in_class:
        return f"[^{_SPACES}]", at + 2
    hexadecimal = _HEX.match(pattern, at + 1)
    if hexadecimal:
        if 0xD800 <= int(hexadecimal[0][1:], 16) <= 0xDFFF:  # a pair in ECMA, two in Python
            raise PatternError(f"« \\{hexadecimal[0]} » : moitié de paire de substitution")
        return "\\" + hexadecimal[0], hexadecimal.end()
    if letter in _SAME - ({"B"} if in_class else set()) or (in_class and letter == "-"):
        return "\\" + letter, at + 2
    raise PatternError(f"« \\{letter} » : échappement qu'ECMA-262 lit autrement que Python")


def _class(pattern: str, at: int) -> tuple[str, int]:
    """The Python text of the character class opening at `at`, and where it ends."""
    start = at + 2 if pattern.startswith("[^", at) else at + 1
    if pattern.startswith("]", start):  # `[]` matches nothing in ECMA, `[^]` anything
        raise PatternError("classe « [] » ou « [^] », qu'ECMA-262 lit autrement que Python")
    out, index = [pattern[at:start]], start
    while index < len(pattern) and pattern[index] != "]":
        if pattern[index] == "\\":
            text, index = _escape(pattern, index, in_class=True)
        else:  # `[`, `&`, `~`, `|` are plain in ECMA's class: escaped, none starts a set
            char = pattern[index]
            text, index = ("\\" + char if char in "[&~|" else char), index + 1
        out.append(text)
    if index == len(pattern):
        raise PatternError("classe « [ » jamais fermée")
    return "".join(out) + "]", index + 1


def _quantifier(pattern: str, at: int) -> int | None:
    """Where the quantifier at `at` ends (its lazy `?` in), or None if there is none."""
    brace = _QUANTIFIER.match(pattern, at)
    end = brace.end() if brace else at + 1 if pattern[at] in "*+?" else None
    if end is not None and pattern.startswith("?", end):
        end += 1
    return end


def translate(pattern: str) -> str:
    """The Python pattern (for re.ASCII) that means what `pattern` means in ECMA-262."""
    out, index, repeatable = [], 0, False
    while index < len(pattern):
        char, end = pattern[index], _quantifier(pattern, index)
        if end is not None:
            if not repeatable:  # Python would read `a*+` as possessive, `{,2}` as {0,2}
                raise PatternError(f"quantificateur « {pattern[index:end]} » sans rien à répéter")
            out.append(pattern[index:end])
            index, repeatable = end, False
            continue
        if char == "\\":
            text, index = _escape(pattern, index, in_class=False)
        elif char == "[":
            text, index = _class(pattern, index)
        elif char == "(" and pattern.startswith("(?", index):
            group = next((g for g in _GROUPS if pattern.startswith(g, index)), None)
            if group is None:
                raise PatternError(f"groupe « {pattern[index : index + 3]} » propre à Python")
            text, index = group, index + len(group)
        elif char in "{}]":  # Python reads it as itself, ECMA refuses it
            raise PatternError(f"« {char} » hors d'un quantificateur ou d'une classe")
        else:
            text = {"$": r"\Z", ".": f"[^{_LINE_ENDS}]"}.get(char, char)
            index += 1
        out.append(text)
        repeatable = text not in ("^", r"\Z", "|", "(", *_GROUPS)
    return "".join(out)


def compile_pattern(pattern: str) -> re.Pattern:
    """`pattern` made ready for `search`, as ECMA-262 matches it; PatternError otherwise."""
    try:
        return re.compile(translate(pattern), re.ASCII)
    except re.error as error:
        raise PatternError(f"motif invalide ({error})") from None
