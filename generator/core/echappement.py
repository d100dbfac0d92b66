"""HTML escaping for the engine, without the standard library's `html` module.

`import html` also compiles `html.entities`, a table of some 2,200 named characters the
engine never writes. Pyodide compiles every module a first answer imports, on the reader's
phone: that table was the largest single import before a calculator's first answer.
"""

from __future__ import annotations

_ESCAPED = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape(text: str) -> str:
    """`text` safe inside an element or a quoted attribute: what `html.escape` returns."""
    return text.translate(_ESCAPED)
