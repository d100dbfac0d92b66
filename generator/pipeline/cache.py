"""The one place where `serve` keeps what the generator made, from one judgement of the
project to the next (docs/decisions.md, « Un seul cache, une clé : les fichiers du système »).

A system's part of the site (its loading and what it reported, its engine data and rules,
its checked links, the links written in its texts, its unused abbreviations, its pages,
its finder rows and cards, its API files) is a function of its own files, of the templates
and of the code: its texts cite its own entities and chapters only, which the build
checks (`per_entity.Outside` in place of the corpus, `links._own_pages_only`). Everything
made of one system is kept in one entry, `Work`, keyed by the digest of the bytes of its
files (`corpus.inputs`); what the templates shape is kept in it under their digest. The entry holds the loaded system itself: what was made of it
(backlinks that list its entities, say) always goes with the objects it names.

The code is in no key: `serve` starts a new process when it changes.

Inside an edited system, what was made of one entity (its page, its finder row, its card)
is reused when nothing it read has changed (generator/pipeline/per_entity.py): the values made from
the system's last version are kept here too, by system.

The other modules know nothing of this: they are pure functions, given the kept versions
of their per-system steps by the pipeline (generator/pipeline/build.py).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import BytecodeCache

from generator.pipeline import corpus as corpus_module
from generator.pipeline import per_entity
from generator.pipeline.errors import Problems


class Memo:
    """A memo with bounds: at most `size` entries, of at most `budget` in weight (the
    length of the texts kept, say); the least recently used entries go first."""

    def __init__(self, size: int, budget: int | None = None):
        self.size, self.budget = size, budget
        self._entries: OrderedDict = OrderedDict()  # key -> (value, weight)
        self._weight = 0

    def get(self, key):
        """The value kept for `key`, or None."""
        entry = self._entries.get(key)
        if entry is None:
            return None
        self._entries.move_to_end(key)
        return entry[0]

    def put(self, key, value, weight: int = 0) -> None:
        if key in self._entries:
            self._weight -= self._entries.pop(key)[1]
        self._entries[key] = (value, weight)
        self._weight += weight
        while len(self._entries) > self.size or (
            self.budget is not None and self._weight > self.budget and len(self._entries) > 1
        ):
            self._weight -= self._entries.popitem(last=False)[1][1]


@dataclass
class Work:
    """Everything made of one version of a system (its files' digest)."""

    system: object  # the System loaded from these files
    reported: list  # the problems its loading reported
    made: dict = field(default_factory=dict)  # step (and templates' digest) -> value


# One entry per version of a system: a few versions of each of them.
_WORK = Memo(16, budget=30_000_000)  # bytes of the files read
# What each entity gave in the system's last version, with what it read, by step and
# system (and templates' digest, for pages): see generator/pipeline/per_entity.py.
_EARLIER = Memo(64)


def load_system(folder: Path, content: Path, problems: Problems):
    """`corpus.load_system`, kept by the digest of the files it reads."""
    key, size = corpus_module.inputs(folder, content / folder.name, problems.root)
    work = _WORK.get(key) if key is not None else None
    if work is not None:
        problems.items.extend(work.reported)
        return work.system
    before = len(problems.items)
    system = corpus_module.load_system(folder, content, problems)
    if key is not None and system is not None:
        system.files_digest = key
        _WORK.put(key, Work(system, problems.items[before:]), size)
    return system


def load_corpus(root: Path, problems: Problems):
    return corpus_module.load_corpus(root, problems, load=load_system)


class _Compiled(BytecodeCache):
    """Compiled templates kept in memory across renderers: `serve` makes one per edit.
    Jinja compares each template's source with the one it was compiled from."""

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        if bucket.key in self.kept:
            bucket.bytecode_from_string(self.kept[bucket.key])

    def dump_bytecode(self, bucket) -> None:
        self.kept[bucket.key] = bucket.bytecode_to_string()


class Kept(per_entity.Fresh):
    """The steps' values kept from one judgement to the next (`per_entity.Fresh`)."""

    bytecode = _Compiled()

    def made(self, step: str, system, make, *args):
        """Kept with the system's version; made afresh for a system whose files could not
        all be read (it has no digest)."""
        digest = system.files_digest
        work = _WORK.get(digest) if digest is not None else None
        if work is None or work.system is not system:
            return make(*args)
        if step not in work.made:
            work.made[step] = make(*args)
        return work.made[step]

    def round(self, key, system, links) -> per_entity.Round:
        found = _EARLIER.get(key)
        return per_entity.Round(system, links, per_entity.earlier(found, system))

    def keep(self, key, finished: per_entity.Round) -> None:
        _EARLIER.put(key, finished.kept())


KEPT = Kept()
