"""What a house rule changed in an official entity's field, word by word (« Règles
maison »): the two renderings (house/render.py) compared, the house
value's new words wrapped in {"ins": [inline]}, the official value's removed ones in
{"del": [inline]}. A word keeps its emphasis and its block: the same word in bold is
another word. A link or a dice button is one word."""

from __future__ import annotations

import difflib
import re

WORDS = re.compile(r"\s+|\S+")
MAX_WORDS = 5000  # beyond, a field is only said changed: the comparison grows as their product
WRAPPERS = ("em", "strong")
BLOCKS = ("p", "ul", "ol")


def _tokens(blocks: list[dict]) -> list[tuple]:
    """The words of blocks, each with where it stands, in reading order."""
    found: list[tuple] = []

    def inline(items: list[dict], where: tuple) -> None:
        for item in items:
            wrapper = next((w for w in WRAPPERS if w in item), None)
            if wrapper:
                inline(item[wrapper], (*where, wrapper))
            elif set(item) == {"t"}:
                found.extend((where, w) for w in WORDS.findall(item["t"]) if not w.isspace())
            else:
                found.append((where, tuple(sorted(item.items()))))

    for block in blocks:
        kind = next(k for k in BLOCKS if k in block)
        found.append(("¶", kind))
        if kind == "p":
            inline(block["p"], (kind,))
        else:
            for item in block[kind]:
                found.append(("•", kind))
                inline(item, (kind,))
    return found


def _marked(blocks: list[dict], changed: set[int], mark: str) -> list[dict]:
    """The blocks with their changed words (by their number in `_tokens`) wrapped."""
    count = 0

    def inline(items: list[dict]) -> list[dict]:
        nonlocal count
        out: list[dict] = []
        for item in items:
            wrapper = next((w for w in WRAPPERS if w in item), None)
            if wrapper:
                out.append({wrapper: inline(item[wrapper])})
            elif set(item) == {"t"}:
                out += text(item["t"])
            else:
                out.append({mark: [item]} if count in changed else item)
                count += 1
        return out

    def text(value: str) -> list[dict]:
        nonlocal count
        pieces: list[tuple[bool, str]] = []  # (changed, text), runs joined
        for part in WORDS.findall(value):
            if part.isspace():
                state = bool(pieces) and pieces[-1][0]
            else:
                state = count in changed
                count += 1
            if pieces and pieces[-1][0] == state:
                pieces[-1] = (state, pieces[-1][1] + part)
            else:
                pieces.append((state, part))
        out: list[dict] = []
        for state, part in pieces:
            if state and part.rstrip():  # trailing white space stays outside the mark
                trail = part[len(part.rstrip()) :]
                out.append({mark: [{"t": part.rstrip()}]})
                if trail:
                    out.append({"t": trail})
            else:
                out.append({"t": part})
        return out

    result = []
    for block in blocks:
        kind = next(k for k in BLOCKS if k in block)
        count += 1
        if kind == "p":
            result.append({"p": inline(block["p"])})
        else:
            items = []
            for item in block[kind]:
                count += 1
                items.append(inline(item))
            result.append({kind: items})
    return result


def compare(house: list[dict], official: list[dict]) -> tuple[list[dict], list[dict]]:
    """(house blocks with « ins », official blocks with « del »)."""
    new, old = _tokens(house), _tokens(official)
    if len(new) > MAX_WORDS or len(old) > MAX_WORDS:
        return house, official
    inserted, removed = set(), set()
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            removed.update(range(i1, i2))
            inserted.update(range(j1, j2))
    return _marked(house, inserted, "ins"), _marked(official, removed, "del")
