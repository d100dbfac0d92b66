"""How close the project's prose is to the source texts: the share of near-verbatim sentences.

The site writes the rules in its own words. This measure finds the sentences that are
close to word for word: a sentence of at least `MIN_WORDS` words is « near-verbatim » when
at least `THRESHOLD` of its word 5-grams also occur in its system's source text.

Usage: python scripts/proximite.py SOURCES [--detail GROUPE]
SOURCES is the folder of the source texts, whose README maps each system to its file.
"""

from __future__ import annotations

import argparse
import re
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.pipeline.corpus import load_corpus  # noqa: E402
from generator.pipeline.errors import Problems  # noqa: E402

N = 5
MIN_WORDS = 8
THRESHOLD = 0.5
# Entity fields that are not the project's prose: identifiers, sourcing, editorial notes.
NOT_PROSE = {"id", "nom", "source", "notes_editoriales", "abreviations"}
MARKUP = re.compile(r"\{@\w+ [^}|]*(?:\|([^}]*))?\}|[*_#`>|]|\[|\]\([^)]*\)")
SENTENCE_END = re.compile(r"(?<=[.!?…;])\s+|\n\s*\n")
WORD = re.compile(r"\w+(?:'\w+)?")


def words(text: str) -> list[str]:
    text = unicodedata.normalize("NFKC", text).lower().replace("’", "'")
    return WORD.findall(MARKUP.sub(lambda m: m.group(1) or " ", text))


def grams(tokens: list[str]) -> list[tuple[str, ...]]:
    return [tuple(tokens[i : i + N]) for i in range(len(tokens) - N + 1)]


def source_files(sources: Path) -> dict[str, Path]:
    """{system id: its text}, read from the table of the sources' README."""
    found = {}
    for line in (sources / "README.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip(" `") for cell in line.split("|")]
        if len(cells) > 3 and cells[2].endswith(".txt"):
            found[cells[1]] = sources / cells[2]
    return found


def prose(value) -> list[str]:
    """Every string of an entity's prose fields, nested lists and mappings included."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [text for item in value for text in prose(item)]
    if isinstance(value, dict):
        return [text for key, item in value.items() if key not in NOT_PROSE for text in prose(item)]
    return []


@dataclass
class Sentence:
    group: str  # « skillcraft/talent », « skillcraft/chapitres »
    place: str
    text: str
    share: float  # of its 5-grams found in the source


def sentences(text: str) -> list[str]:
    return [part.strip() for part in SENTENCE_END.split(text) if part.strip()]


def measure(root: Path, sources: Path) -> list[Sentence]:
    problems = Problems(root)
    corpus = load_corpus(root, problems)
    texts = source_files(sources)
    measured = []
    for system in corpus.systems.values():
        path = texts.get(system.id) or texts.get(system.id.replace("_", "-"))
        if path is None:
            continue
        known = set(grams(words(path.read_text(encoding="utf-8"))))
        pieces = [
            (f"{system.id}/{entity.kind}", f"{entity.kind}/{entity.id}", text)
            for entity in system.all_entities()
            for text in prose(entity.data)
        ]
        pieces += [
            (f"{system.id}/chapitres", f"chapitre/{chapter.id}", chapter.body)
            for chapter in system.chapters
        ]
        for group, place, text in pieces:
            for sentence in sentences(text):
                sentence_grams = grams(words(sentence))
                if len(sentence_grams) + N - 1 < MIN_WORDS:
                    continue
                share = sum(gram in known for gram in sentence_grams) / len(sentence_grams)
                measured.append(Sentence(group, place, sentence, share))
    return measured


def shares(measured: list[Sentence]) -> dict[str, tuple[int, int]]:
    """{group: (near-verbatim sentences, sentences)}."""
    counts: dict[str, tuple[int, int]] = {}
    for sentence in measured:
        near, total = counts.get(sentence.group, (0, 0))
        counts[sentence.group] = (near + (sentence.share >= THRESHOLD), total + 1)
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sources", type=Path)
    parser.add_argument(
        "--detail", help="liste les phrases proches d'un groupe (ex. skillcraft/talent)"
    )
    args = parser.parse_args()
    measured = measure(ROOT, args.sources)
    for group, (near, total) in sorted(shares(measured).items()):
        print(f"{group:34} {near:4} / {total:5} phrases proches du texte ({near / total:.1%})")
    if args.detail:
        for sentence in sorted(measured, key=lambda s: -s.share):
            if sentence.group == args.detail and sentence.share >= THRESHOLD:
                print(f"\n{sentence.share:.0%} {sentence.place}\n  {sentence.text}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
