"""One judgement of the project, as `judge` (build.py) returns it: the rules, the pages and
every file of the docs folder. `check` judges the links against that list of files, and
`build` writes that same list: no file is named in two places.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from generator.pipeline import cartes, finder, house_context
from generator.pipeline.assets import asset_files
from generator.pipeline.corpus import Corpus
from generator.pipeline.export import export
from generator.pipeline.links import CorpusLinks
from generator.pipeline.pages import Renderer
from generator.pipeline.per_entity import FRESH, Fresh
from generator.pipeline.rulebook import Rulebook

# A file's content, or what makes it when it is written (the runtime assets: `check`
# needs their names alone).
Content = bytes | Callable[[], bytes]


@dataclass(frozen=True)
class Plan:
    """What `judge` found, for `check` to report on and `build` to write."""

    corpus: Corpus
    links: CorpusLinks
    rules: Rulebook
    renderer: Renderer
    pages: Mapping[str, str]  # docs path -> Markdown
    files: Mapping[str, Content]  # every file of the docs folder, pages included

    def contents(self) -> dict[str, bytes]:
        """{path under docs/: content} of every file, made now."""
        return {
            path: content if isinstance(content, bytes) else content()
            for path, content in self.files.items()
        }


def docs_files(
    root: Path,
    corpus: Corpus,
    links: CorpusLinks,
    rules: Rulebook,
    pages: Mapping[str, str],
    reuse: Fresh = FRESH,
) -> dict[str, Content]:
    """Every file of the docs folder: the pages, the JSON export, the runtime assets and
    the indexes the browser reads."""
    files: dict[str, Content] = {relative: text.encode() for relative, text in pages.items()}
    exported = export(corpus, rules.built, reuse)
    files.update({f"api/{relative}": text.encode() for relative, text in exported.items()})
    files.update(asset_files(root, rules.data))
    rows = functools.cache(lambda: finder.rows(corpus, links, reuse))  # the cards' too
    files[finder.INDEX] = lambda: finder.index_json(rows()).encode()
    files[cartes.INDEX] = lambda: cartes.index_json(corpus, links, rows(), reuse).encode()
    files[house_context.INDEX] = lambda: house_context.index_json(corpus).encode()
    return files
