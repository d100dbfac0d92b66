"""Pagefind's index, the same for the same pages.

Pagefind writes the values of a filter (`systeme`) in the order of a hash map, which
changes from one run to the next, and names that file, the language's metadata that
names it, and so on, by their contents: two builds of the same sources differed there, and
so did the offline copy's version. The values are sorted here, and the files renamed after
their new contents; nothing else changes (the search box reads them the same way).

The files are gzip'd CBOR after a signature; only arrays and texts are read, the rest is
kept byte for byte.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

ENTRY = "pagefind-entry.json"
SIGNATURE = b"pagefind_dcd"


def stabilise(output: Path) -> None:
    entry_path = output / ENTRY
    entry = json.loads(entry_path.read_text(encoding="utf-8"))
    for language, about in entry["languages"].items():
        meta_path = output / f"pagefind.{about['hash']}.pf_meta"
        meta = gzip.decompress(meta_path.read_bytes())
        for filter_path in sorted((output / "filter").glob(f"{language}_*.pf_filter")):
            meta = _rename_filter(filter_path, meta)
        about["hash"] = _name(language, meta, 10)
        meta_path.unlink()
        (output / f"pagefind.{about['hash']}.pf_meta").write_bytes(_gzip(meta))
    entry_path.write_text(
        json.dumps(entry, ensure_ascii=False, separators=(",", ":")), encoding="utf-8"
    )


def _rename_filter(path: Path, meta: bytes) -> bytes:
    """Sort the filter file's values, name it after them; the metadata naming it, updated."""
    data = gzip.decompress(path.read_bytes())
    if not data.startswith(SIGNATURE):
        raise ValueError(f"{path} : fichier de filtre Pagefind inattendu")
    body, end = _sorted(data, len(SIGNATURE))
    data = SIGNATURE + body + data[end:]
    old = path.name.removesuffix(".pf_filter")
    new = _name(old.split("_")[0], data, len(old.split("_")[1]))
    if meta.count(old.encode()) != 1 or len(new) != len(old):
        raise ValueError(f"{path} : nom absent des métadonnées de Pagefind")
    path.unlink()
    (path.parent / f"{new}.pf_filter").write_bytes(_gzip(data))
    return meta.replace(old.encode(), new.encode())


def _name(language: str, content: bytes, digits: int) -> str:
    return f"{language}_{hashlib.sha256(content).hexdigest()[:digits]}"


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


def _head(data: bytes, at: int) -> tuple[int, int, int]:
    """(major type, length or value, where the content starts) of the CBOR item at `at`."""
    major, info = data[at] >> 5, data[at] & 31
    at += 1
    if info < 24:
        return major, info, at
    if info > 27:
        raise ValueError("CBOR de longueur indéfinie : non pris en charge")
    size = 1 << (info - 24)
    return major, int.from_bytes(data[at : at + size], "big"), at + size


def _sorted(data: bytes, at: int) -> tuple[bytes, int]:
    """The item at `at`, each array of [text, …] pairs in it sorted by text; and its end."""
    major, length, start = _head(data, at)
    if major in (0, 1, 7):  # numbers and simple values: no content
        return data[at:start], start
    if major in (2, 3):  # bytes and text
        return data[at : start + length], start + length
    if major != 4:
        raise ValueError(f"CBOR de type {major} : non pris en charge")
    items, end = [], start
    for _ in range(length):
        item, end = _sorted(data, end)
        items.append(item)
    if items and all(_is_text_pair(item) for item in items):
        items.sort(key=_pair_text)
    return data[at:start] + b"".join(items), end


def _is_text_pair(item: bytes) -> bool:
    major, length, start = _head(item, 0)
    return major == 4 and length >= 1 and _head(item, start)[0] == 3


def _pair_text(item: bytes) -> bytes:
    start = _head(item, 0)[2]
    _, length, text = _head(item, start)
    return item[text : text + length]
