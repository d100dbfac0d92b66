"""The site's search index, made by Pagefind from the built pages (docs/decisions.md).

Pagefind reads the pages after the typography pass (generator/hooks/mkdocs_hooks.py): its
text keeps its non-breaking spaces, but its excerpts join words with plain spaces: the
search box applies the same rules to them (`assets/typographie.json`). The titles and
summaries written here get the same pass.

Pagefind splits the index into small parts that the reader's browser fetches only for the
words typed, stems French words and folds accents. Each page tells it, in its front matter
(`lieu`, rendered by site_overrides/main.html), what a hit on it is: « Atout · Divin
(6)thème ». Backlink lists, permalink signs, source markers and the links between a rule
and its calculator are not indexed: they only repeat other pages' names or the source's.

Every word of the rules (five letters or more) also goes to `assets/vocabulaire.json`, with
the spelling the rules give it: the search box corrects a one-letter typo in a word that is not there (assets/recherche.js).
The words the table uses for one another in every system (« fiche », « feuille ») are
declared in `data/synonymes.yaml` and go to `assets/synonymes.json`.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import tempfile
import threading
import time
import unicodedata
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import yaml

from generator.core.typographie import regles, texte
from generator.pipeline.npm import npm_advice
from generator.pipeline.pagefind_stable import stabilise
from generator.pipeline.per_entity import FRESH, Fresh

OUTPUT = "pagefind"
VOCABULARY = "assets/vocabulaire.json"
TITLES = "assets/titres.json"
ABBREVIATIONS = "assets/abreviations.json"
TYPOGRAPHY = "assets/typographie.json"
SYNONYMS = "assets/synonymes.json"
SYNONYMS_FILE = "data/synonymes.yaml"  # generic vocabulary, beside the systems' folders
ARTICLES = re.compile(r"^(?:(?:le|la|les|un|une|des|du|de)\s+|l['’]\s*)")
NOT_INDEXED = (
    ".headerlink, .md-path, .srd-kind, .srd-renvois, .srd-source, .srd-appel-note, "
    ".srd-retour-note, .srd-src, .srd-src-bulle, .srd-src-notes, .srd-vers-calcul, .srd-vers-regle"
)
WORDS = re.compile(r"[^\W\d_]{5,}")  # typos are only corrected in words of five letters


class SearchIndexError(Exception):
    pass


class IndexCancelled(Exception):
    """The index was no longer wanted (a newer edit came): Pagefind was stopped."""


def pagefind_binary(root: Path) -> Path:
    binary = root / "node_modules" / ".bin" / "pagefind"
    if not binary.exists():
        raise SearchIndexError(f"{binary} absent ; {npm_advice(root)}.")
    return binary


def _run(command: list[str], cancel: threading.Event | None) -> subprocess.CompletedProcess:
    """`command`'s outcome, or IndexCancelled once `cancel` is set (the command killed)."""
    if cancel is None:
        return subprocess.run(command, capture_output=True, text=True)
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        # Its own process group: node_modules/.bin/pagefind is a Node script that starts
        # Pagefind's binary, which must stop too.
        process = subprocess.Popen(
            command, stdout=out, stderr=err, text=True, start_new_session=True
        )
        while process.poll() is None:
            if cancel.wait(0.05):
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
                _wait_gone(process.pid)  # nothing more written where it wrote
                raise IndexCancelled
        out.seek(0)
        err.seek(0)
        return subprocess.CompletedProcess(command, process.returncode, out.read(), err.read())


def _wait_gone(group: int, seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return
        time.sleep(0.01)


def fold(text: str) -> str:
    """Lower case, without diacritics: « Épée » -> « epee »."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def vocabulary(texts: Iterable[str]) -> dict[str, str]:
    """{folded word: its most frequent spelling, in lower case} of the words of the texts,
    sorted: a typo is compared folded, and its correction shown as the rules write it
    (« faucon » is searched as « façon », not « facon »)."""
    counts = Counter(word.lower() for text in texts for word in WORDS.findall(text))
    spellings: dict[str, str] = {}
    for word, _ in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        spellings.setdefault(fold(word), word)
    return dict(sorted(spellings.items()))


def title_key(title: str) -> str:
    """« Le combat » and « combat » are the same query: folded, without a leading article."""
    return ARTICLES.sub("", fold(title)).strip()


def titles(corpus) -> list[list[str]]:
    """[key, title, URL from the site's root, what it is, summary, entity key or ""] of
    every entity and chapter: a page whose title is the query is shown first, whatever
    Pagefind's score (the entity key lets the hit be pinned to a list, assets/listes.js)."""
    from generator.core import urls
    from generator.pipeline import schemas

    rows = []
    for system in corpus.systems.values():
        short = system.name
        for kind_id in system.entities:  # list pages first: « talents » is their title
            kind = schemas.kinds(system.id)[kind_id]
            url = urls.url(urls.kind_index(system.id, kind_id))
            rows.append((kind.plural, url, f"Liste · {short}", None, ""))
    for system in corpus.systems.values():
        short = system.name
        for entity in system.all_entities():
            kind = schemas.kinds(system.id)[entity.kind].label
            key = f"{system.id}/{entity.kind}/{entity.id}"
            rows.append(
                (entity.name, entity.url, f"{kind} · {short}", entity.data.get("resume"), key)
            )
        for chapter in system.chapters:
            rows.append(
                (chapter.title, chapter.url, f"Règles · {short}", chapter.meta.get("resume"), "")
            )
    return [
        [title_key(t), texte(t), url.lstrip("/"), texte(where), texte(summary or ""), key]
        for t, url, where, summary, key in rows
    ]


def abbreviations(corpus) -> dict[str, list[list[str]]]:
    """{folded abbreviation: [[system id, what it stands for, synonyms…], …]}: each system
    declares the abbreviations its text uses (`abreviations` in systeme.yaml); the search
    box answers « PV » with what « PV » means in each system that uses it."""
    found: dict[str, list[list[str]]] = {}
    for system in corpus.systems.values():
        for short, meanings in system.meta.get("abreviations", {}).items():
            found.setdefault(fold(short), []).append([system.id, *meanings])
    return found


def synonyms(root: Path) -> list[list[str]]:
    """Groups of words the search takes for one another (« fiche », « feuille »), folded,
    from `data/synonymes.yaml` (none without it)."""
    path = root / SYNONYMS_FILE
    if not path.is_file():
        return []
    groups = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    return [[fold(word) for word in group] for group in groups]


def check_synonyms(root: Path, problems) -> None:
    """`data/synonymes.yaml` is a list of groups of two words or more."""
    path = root / SYNONYMS_FILE
    if not path.is_file():
        return
    text = path.read_text(encoding="utf-8")
    try:
        groups = yaml.safe_load(text) or []
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problems.add(path, mark.line + 1 if mark else 1, f"YAML illisible : {error}")
        return
    starts = [i for i, line in enumerate(text.splitlines(), 1) if line.startswith("-")]
    for index, group in enumerate(groups if isinstance(groups, list) else [groups]):
        words = group if isinstance(group, list) else []
        if len(words) < 2 or not all(isinstance(w, str) and w.strip() for w in words):
            line = starts[index] if index < len(starts) else 1
            problems.add(path, line, "attendu un groupe d'au moins deux mots : - [fiche, feuille]")


def system_texts(system) -> Iterable[str]:
    """Every text of a system's rules: names, descriptions, chapters."""

    def strings(value):
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for item in value.values():
                yield from strings(item)
        elif isinstance(value, list):
            for item in value:
                yield from strings(item)

    for entity in system.all_entities():
        yield from strings(entity.data)
    for chapter in system.chapters:
        yield chapter.title
        yield chapter.body


def check_abbreviations(corpus, problems, reuse: Fresh = FRESH) -> None:
    """A system declares only the abbreviations its own text uses, as written there."""
    for system in corpus.systems.values():
        if not isinstance(system.meta.get("abreviations"), dict):
            continue
        found = reuse.made("abreviations", system, unused_abbreviations, system)
        for line, message in found:
            problems.add(system.file, line, message)


def unused_abbreviations(system) -> list[tuple[int, str]]:
    """(line in systeme.yaml, message) of each abbreviation the system's text never uses."""
    written = system.file.read_text(encoding="utf-8")
    declared = system.meta["abreviations"]
    text = "\n".join(system_texts(system))
    lines = written.splitlines()
    found = []
    for short in declared:
        if not re.search(rf"\b{re.escape(short)}\b", text):
            line = next((i for i, t in enumerate(lines, 1) if t.strip().startswith(f"{short}:")), 1)
            found.append(
                (line, f"abréviation « {short} » que le texte du système n'emploie jamais")
            )
    return found


def index_site(
    root: Path,
    site: Path,
    texts: Iterable[str],
    title_rows: list,
    shorts: dict | None = None,
    same_words: list | None = None,
    output: Path | None = None,
    cancel: threading.Event | None = None,
) -> None:
    """Pagefind's index of `site`'s pages into site/pagefind (or `output`, to be moved
    there), and the search box's own files into site/assets. Pagefind is stopped, and
    IndexCancelled raised, as soon as `cancel` is set."""
    output = output or site / OUTPUT
    done = _run(
        [
            str(pagefind_binary(root)),
            "--site",
            str(site),
            "--output-path",
            str(output),
            "--root-selector",
            "article.md-content__inner",
            "--exclude-selectors",
            NOT_INDEXED,
            "--force-language",
            "fr",
            "--silent",
        ],
        cancel,
    )
    if done.returncode:
        raise SearchIndexError(f"Pagefind : {done.stderr.strip() or done.stdout.strip()}")
    if cancel is not None and cancel.is_set():
        raise IndexCancelled
    for unused in output.glob("pagefind-*ui*"):  # its ready-made interfaces
        unused.unlink()
    (output / "pagefind-highlight.js").unlink(missing_ok=True)
    stabilise(output)
    written = (
        (VOCABULARY, vocabulary(texts)),
        (TITLES, title_rows),
        (ABBREVIATIONS, shorts or {}),
        (TYPOGRAPHY, regles()),
        (SYNONYMS, same_words or []),
    )
    for name, content in written:
        (site / name).write_text(
            json.dumps(content, ensure_ascii=False, separators=(",", ":")), encoding="utf-8"
        )
