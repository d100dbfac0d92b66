"""French typography: the spaces that must not break (docs/decisions.md, « Typographie »).

A narrow no-break space (U+202F) before « ; ! ? », inside « » and between a number and
« % », a no-break space (U+00A0) before « : », so that no line of a phone's screen starts
with a colon, a closing guillemet or a per cent sign; a minus sign (U+2212) for a hyphen
that starts a number. One function for plain text
(`texte`), one for HTML (`html`): the site's pages (a final pass of the build,
generator/hooks/mkdocs_hooks.py), the search index and the calculators' results (this package runs
under Pyodide too: standard library only).

Only existing spaces are made non-breaking (and a missing one inside « » added): « 10:30 »,
« http://… » or « ?q=1 » are left alone. Both functions are idempotent.
"""

from __future__ import annotations

import re
from functools import lru_cache

FINE = "\u202f"  # narrow no-break space: before ; ! ? and inside « »
INSECABLE = "\u00a0"  # no-break space: before :

_SPACES = "[ \t\r\n\u00a0\u202f]"
# The punctuation ends a word: end of text, a space or closing punctuation follows it.
_END = r"(?=$|[\s)\]»…,.;:!?'\"’])"
_BEFORE_HIGH = re.compile(rf"{_SPACES}+(?=[;!?]{_END})")
_BEFORE_COLON = re.compile(rf"{_SPACES}+(?=:{_END})")
_AFTER_OPENING = re.compile(rf"«{_SPACES}*")
_BEFORE_CLOSING = re.compile(rf"(?<=[^\s«]){_SPACES}*»|^{_SPACES}+»")
_BEFORE_PERCENT = re.compile(rf"(?<=\d){_SPACES}+(?=%)")  # « 12 % »
# A hyphen that starts a number is a minus (« -13 », « (X) -0/15 ») : U+2212. Not after a
# letter, a digit or a decimal mark (« PSY-5 », « 1-3 », « 2,5-3 » are left alone).
_MINUS = re.compile(r"(?<![\w.,\-\u2212])-(?=\d)")
_MARKS = re.compile("[;!?:«»%-]")
_TRAILING = re.compile(rf"{_SPACES}+$")


# In this order. The search box applies the same rules to Pagefind's excerpts (it joins
# their words with plain spaces): search.py writes them out for it (`regles`).
RULES = (
    (_BEFORE_HIGH, FINE),
    (_BEFORE_COLON, INSECABLE),
    (_AFTER_OPENING, "«" + FINE),
    (_BEFORE_CLOSING, FINE + "»"),
    (_BEFORE_PERCENT, FINE),
    (_MINUS, "\u2212"),
)


@lru_cache(maxsize=1 << 16)  # the build asks again for the same texts after each edit
def texte(text: str) -> str:
    """`text` with French non-breaking spaces (plain text, no markup)."""
    if not _MARKS.search(text):
        return text
    for pattern, replacement in RULES:
        text = pattern.sub(replacement, text)
    return text


def regles() -> list[list[str]]:
    """The rules as [regular expression, replacement] pairs, for JavaScript's RegExp."""
    return [[pattern.pattern, replacement] for pattern, replacement in RULES]


# Tags, comments and the elements whose text is not prose (what the browser runs): each
# is one piece, kept as it is; the text between them is the prose.
_PIECES = re.compile(
    r"(<script\b.*?</script\s*>|<style\b.*?</style\s*>|<textarea\b.*?</textarea\s*>"
    r"|<!--.*?-->|<[^>]*>)",
    re.S | re.I,
)
# Code: its text is kept too, up to the tag that closes it.
_VERBATIM = re.compile(r"<(/?)(?:code|pre|kbd|samp|var)\b", re.I)
# After these, a space that ended the previous text is not before the next one's mark.
_BREAK = re.compile(
    r"<(?:!--|/?(?:script|style|textarea|br|p|li|td|th|tr|div|h\d|dt|dd|section)\b)", re.I
)
_STARTS_WITH_MARK = re.compile(rf"[;!?:]{_END}|»")


def html(document: str) -> str:
    """`document` with French typography in its text only: tags, attributes, URLs,
    comments and the contents of code, pre, script and style are kept byte for byte."""
    pieces = _PIECES.split(document)  # text at even indices, the rest at odd ones
    verbatim = 0
    previous = None  # the last prose text, whose final space may stand before a mark
    for index in range(0, len(pieces), 2):
        if index:
            tag = pieces[index - 1]
            code = _VERBATIM.match(tag)
            if code or _BREAK.match(tag):
                previous = None
            if code and not tag.endswith("/>"):
                verbatim += -1 if code.group(1) else 1
        piece = pieces[index]
        if verbatim or not piece:
            continue
        text = pieces[index] = texte(piece)
        if previous is not None and _STARTS_WITH_MARK.match(text):
            pieces[previous] = _before_next(pieces[previous], text)
        previous = index
    return "".join(pieces)


def _before_next(text: str, following: str) -> str:
    """The space that ends `text` made non-breaking: `following` (the next text, after
    a tag) starts with the punctuation it stands before."""
    return _TRAILING.sub(INSECABLE if following[0] == ":" else FINE, text)


def pluriel(n: int, un: str, plusieurs: str) -> str:
    """The word for `n` things, in French: singular below two (« 0 point », « 1 point »,
    « 2 points »). Never « point(s) »."""
    return un if abs(n) < 2 else plusieurs
