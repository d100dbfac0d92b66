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


# Backlink sections only repeat other pages' names: as search hits they are noise.
BACKLINK_SECTIONS = ("#cite-par", "#requis-par", "#incompatible-avec")


def where_labels(corpus) -> dict[str, tuple[str, str]]:
    """Page URL (as the search index writes it) -> what a hit on the page, and on one of
    its sections, must say it is: the kind and system of an entity; for a chapter,
    « Règles » and the system, or the chapter's title and the system for its sections."""
    from . import schemas, urls

    labels = {}
    for system in corpus.systems.values():
        short = system.meta.get("nom_court", system.name)
        for entity in system.all_entities():
            kind = schemas.kinds(system.id)[entity.kind].label
            label = f"{kind} · {short}"
            labels[urls.url(entity.docs_path).lstrip("/")] = (label, label)
        for chapter in system.chapters:
            page = urls.url(chapter.docs_path).lstrip("/")
            labels[page] = (f"Règles · {short}", f"{chapter.title} · {short}")
    return labels


def improve_index(index_file: Path, labels: dict[str, tuple[str, str]]) -> None:
    """Every hit says what it is (« Dextérité · Caractéristique · Divin (6)thème »), and
    every word is found with or without its accents."""
    index = json.loads(index_file.read_text(encoding="utf-8"))
    docs = []
    for doc in index["docs"]:
        page, _, anchor = doc["location"].partition("#")
        if anchor and f"#{anchor}" in BACKLINK_SECTIONS:
            continue
        if page in labels:
            doc["title"] = f"{doc['title']} · {labels[page][1 if anchor else 0]}"
        docs.append(doc)
    index["docs"] = docs
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
