"""The inline tags of a text (`{@kind id}`, `{@kind id|label}`, docs/schema-vocabulaire.md):
their pattern, and a text with each tag written as its label, on one line. The build
resolves tags against the corpus (pipeline/links.py), the browser against what it was sent
(house/text.py): both read them here."""

from __future__ import annotations

import re
from collections.abc import Callable

TAG = re.compile(r"\{@([a-z-]+)\s+([^}|]*?)(?:\|([^}]*))?\}")


def plain(text: str, label: Callable[[re.Match], str]) -> str:
    """`text` with each tag replaced by `label(match)`, its white space collapsed."""
    return " ".join(TAG.sub(label, text).split())
