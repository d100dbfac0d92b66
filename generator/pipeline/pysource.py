"""Python sources made lighter for the browser: comments and docstrings removed.

The reader's browser downloads the standard-library files and icepool as source; their
documentation is a third of the bytes and nobody reads it there. Removing it keeps the code
token for token: a docstring becomes an empty string (the same statement, `__doc__` falsy),
a comment disappears, every line stays where it was (tracebacks keep their line numbers).
A file the tokenizer cannot read is kept as it is.
"""

from __future__ import annotations

import io
import re
import tokenize

# Tokens that may stand before a statement's first token.
_STATEMENT_START = {tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, None}
_IGNORED = {tokenize.NL, tokenize.COMMENT}
_CODING = re.compile(r"^[ \t\f]*#.*?coding[:=]")  # PEP 263


def _cuts(tokens: list[tokenize.TokenInfo]) -> list[tuple[tuple, tuple, str]]:
    """(start, end, replacement) for each comment and each string standing alone as a
    statement (docstrings, and strings that do nothing)."""
    significant = [t for t in tokens if t.type not in _IGNORED]
    cuts = [(t.start, t.end, "") for t in tokens if t.type == tokenize.COMMENT]
    for i, token in enumerate(significant):
        if token.type != tokenize.STRING:
            continue
        before = significant[i - 1].type if i else None
        after = significant[i + 1].type if i + 1 < len(significant) else None
        if before in _STATEMENT_START and after in (tokenize.NEWLINE, tokenize.ENDMARKER):
            cuts.append((token.start, token.end, '""'))
    return sorted(cuts)


def without_docs(source: bytes) -> bytes:
    try:
        text = source.decode("utf-8")
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (UnicodeDecodeError, tokenize.TokenError, SyntaxError):
        return source
    if any(_CODING.match(line) for line in text.splitlines()[:2]):
        return source  # an encoding declaration must stay
    lines = text.splitlines(keepends=True)
    for (row, col), (end_row, end_col), replacement in reversed(_cuts(tokens)):
        first, last = lines[row - 1], lines[end_row - 1]
        # The removed rows become empty lines, so later rows keep their numbers.
        kept = first[:col].rstrip() if not replacement else first[:col] + replacement
        tail = last[end_col:]
        if not replacement and not tail.strip():
            tail = "\n" if last.endswith("\n") else ""
        lines[row - 1 : end_row] = [kept + tail] + ["\n"] * (end_row - row)
    return "".join(lines).encode("utf-8")
