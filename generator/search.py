"""Accent-insensitive search: readers type « succes » as often as « succès ».

Material's search (lunr) indexes every field listed in the index's `config.fields`. After
MkDocs has written `search/search_index.json`, each page gets two more fields holding,
without diacritics, the words of its title and of its text that have some (each word
once: the index stays small), weighted like the originals; they are searched but never
displayed.
"""

from __future__ import annotations

import html
import json
import re
import unicodedata
from pathlib import Path

# new field -> (field it copies, boost of the original)
FIELDS = {"titre_sans_accents": "title", "texte_sans_accents": "text"}
TAGS = re.compile(r"<[^>]+>")
WORDS = re.compile(r"\w+")


def strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize(
        "NFC", "".join(c for c in decomposed if not unicodedata.combining(c))
    )


def add_unaccented_field(index_file: Path) -> None:
    index = json.loads(index_file.read_text(encoding="utf-8"))
    for doc in index["docs"]:
        for field, original in FIELDS.items():
            plain = html.unescape(TAGS.sub(" ", doc.get(original, "")))
            accented = dict.fromkeys(w for w in WORDS.findall(plain) if strip_accents(w) != w)
            if accented:
                doc[field] = " ".join(strip_accents(w) for w in accented)
    for field, original in FIELDS.items():
        index["config"]["fields"][field] = dict(index["config"]["fields"][original])
    index_file.write_text(
        json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8"
    )
