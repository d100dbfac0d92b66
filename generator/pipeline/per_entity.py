"""What was made from one entity (its page, its finder row, its card) and what that read of
its system, to reuse it after an edit that changed none of it.

After an edit, `serve` renders the edited system again, and most of its entity pages come
out as they were: a page shows its entity, the entities it names and the pages that name
it, and little else. While a page is made, its template and filters see the system and
the links through watchers that note each read (`view`, the one such view, for pages,
finder rows and cards alike):
- an entity or chapter looked up (`system.entity`, `system.chapter`): reused only if it
  is still there with the same data (or still absent);
- its backlinks and thresholds (`links.backlinks`, `links.threshold`): reused only if they
  name the same pages, under the same names, with the same minimums;
- the system's `meta` and the chapters' front matter (source markers cite their sections):
  compared once for the whole system (`same_frame`).
Anything else (listing the system's entities or chapters, the engine rules) marks the
page as one to render each time: what it depends on is not written down. The corpus is
out of reach of a system's pages (`Outside`): reading it raises ReadOutside.

The steps of the generator are given `FRESH` (nothing reused) or the pipeline's cache
(generator/pipeline/cache.py), which keeps the rounds from one version of a system to the next.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# What a page may read of its system without more than `same_frame` to compare
# (`original` is read from `meta`).
FRAME = frozenset({"id", "name", "full_name", "meta", "original", "ready", "docs_path", "url"})


@dataclass
class Reads:
    entities: dict = field(default_factory=dict)  # (kind, id) -> the entity, or None
    chapters: dict = field(default_factory=dict)  # chapter id -> the chapter, or None
    backlinks: dict = field(default_factory=dict)  # target key -> what the page was told
    thresholds: dict = field(default_factory=dict)  # (target path, source path) -> minimum
    whole: bool = False  # read something not written down: render it again each time


def earlier(kept, system) -> dict:
    """What a `Round` over an earlier version of `system` made (`Round.kept`), if that
    version had the same frame (`same_frame`); else nothing."""
    return kept[1] if kept is not None and same_frame(kept[0], system) else {}


@dataclass
class Round:
    """One pass over a system's entities, reusing what a pass over an earlier version
    made (`earlier`); what it makes is `kept()` for the next one."""

    system: object
    links: object
    earlier: dict = field(default_factory=dict)  # (kind, id) -> (reads, inputs, value)
    made: dict = field(default_factory=dict)
    compared: dict = field(default_factory=dict)  # see `unchanged`

    def value(self, entity, make, inputs=None):
        """`make(reads)` for `entity` (it reads the system through `view(reads, …)`),
        or the earlier value if nothing it read has changed, nor `inputs`."""
        name = (entity.kind, entity.id)
        before = self.earlier.get(name)
        if (
            before is not None
            and before[1] == inputs
            and unchanged(before[0], self.system, self.links, self.compared)
        ):
            self.made[name] = before
            return before[2]
        reads = Reads(entities={name: entity})
        value = make(reads)
        self.made[name] = (reads, inputs, value)
        return value

    def kept(self) -> tuple:
        return self.system, self.made


class Fresh:
    """What the generator's steps are given to reuse what an earlier judgement made:
    here, nothing (a fresh process). `serve` gives them the pipeline's cache instead
    (generator/pipeline/cache.py), the only place where anything is kept."""

    bytecode = None  # where Jinja keeps compiled templates (jinja2.BytecodeCache)

    def made(self, step: str, system, make, *args):
        """`make(*args)`, one of `system`'s steps: made of its own files alone."""
        return make(*args)

    def round(self, key, system, links) -> Round:
        """A pass over `system`'s entities (`key`: the step, the system…)."""
        return Round(system, links)

    def keep(self, key, finished: Round) -> None:
        """The pass done, for the system's next version."""


FRESH = Fresh()


@dataclass
class View:
    """The one read-tracking view of what an entity's page, row or card is given."""

    system: object
    links: object
    corpus: object = None
    rules: object = None


def view(reads: Reads, system, links, corpus=None, rules=None) -> View:
    """What a value made for one entity sees: the system and the links through watchers
    that note each read in `reads`; anything else given (the corpus, the engine rules)
    through `Unwatched`."""
    return View(
        WatchedSystem(system, reads),
        WatchedLinks(links, reads),
        None if corpus is None else Unwatched(corpus, reads),
        None if rules is None else Unwatched(rules, reads),
    )


class ReadOutside(Exception):
    """A system's step read something outside the system: what it made cannot be kept
    by the system's files alone (generator/pipeline/cache.py)."""


class Outside:
    """What a system's step is given in place of the whole corpus: reading it raises."""

    def __init__(self, what: str):
        self._what = what

    def _refuse(self, *_):
        raise ReadOutside(
            f"{self._what} lit le corpus entier : une page d'un système ne lit que ce système"
        )

    __getattr__ = __getitem__ = __iter__ = __len__ = __bool__ = _refuse


class WatchedSystem:
    """A system as an entity page sees it: each lookup is noted in `reads`."""

    def __init__(self, system, reads: Reads):
        self._system, self._reads = system, reads

    def entity(self, kind: str, entity_id: str):
        found = self._system.entity(kind, entity_id)
        self._reads.entities[kind, entity_id] = found
        return found

    def chapter(self, chapter_id: str):
        found = self._system.chapter(chapter_id)
        self._reads.chapters[chapter_id] = found
        return found

    def chapter_sources(self) -> list:
        return self._system.chapter_sources()  # front matter: compared by `same_frame`

    def __getattr__(self, name: str):
        if name not in FRAME:
            self._reads.whole = True
        return getattr(self._system, name)


class WatchedLinks:
    """The site's links as an entity page's template sees them."""

    def __init__(self, links, reads: Reads):
        self._links, self._reads = links, reads

    def backlinks(self, target) -> dict[str, list]:
        found = self._links.backlinks(target)
        self._reads.backlinks[_key(target)] = _told(found)
        return found

    def threshold(self, target, source):
        found = self._links.threshold(target, source)
        self._reads.thresholds[target.docs_path, source.docs_path] = found
        return found

    def __getattr__(self, name: str):
        self._reads.whole = True
        return getattr(self._links, name)


class Unwatched:
    """Anything else a template is given (the corpus, the engine rules): reading it makes
    the page one to render each time."""

    def __init__(self, value, reads: Reads):
        self._value, self._reads = value, reads

    def __getattr__(self, name: str):
        self._reads.whole = True
        return getattr(self._value, name)

    def __getitem__(self, key):
        self._reads.whole = True
        return self._value[key]

    def __iter__(self):
        self._reads.whole = True
        return iter(self._value)


def same_frame(before, after) -> bool:
    """Whether two versions of a system have the same meta and chapters' front matter."""
    return before.meta == after.meta and _fronts(before) == _fronts(after)


def unchanged(reads: Reads, system, links, compared: dict | None = None) -> bool:
    """Whether everything `reads` noted is the same in `system` and `links` (the same
    system's frame, see `same_frame`). `compared` keeps the entities compared already:
    many values read the same few entities, as they were at the same earlier version."""
    if reads.whole:
        return False
    compared = {} if compared is None else compared
    for (kind, entity_id), before in reads.entities.items():
        key = (kind, entity_id, id(before))
        if key not in compared:
            after = system.entity(kind, entity_id)
            compared[key] = (after is None) == (before is None) and (
                after is None or after.data == before.data
            )
        if not compared[key]:
            return False
    for chapter_id, before in reads.chapters.items():
        after = system.chapter(chapter_id)
        if (after is None) != (before is None) or (after is not None and after.body != before.body):
            return False
    for key, told in reads.backlinks.items():
        target = system.entity(*key[1:]) if key[0] == "entity" else system.chapter(key[1])
        if target is None or _told(links.backlinks(target)) != told:
            return False
    return all(links.minimum(*paths) == minimum for paths, minimum in reads.thresholds.items())


def _key(target) -> tuple:
    kind = getattr(target, "kind", None)
    return ("entity", kind, target.id) if kind else ("chapter", target.id)


def _told(backlinks: dict[str, list]) -> tuple:
    """Backlinks as a page shows them: each group's pages, by address and name."""
    return tuple(
        (group, tuple((source.docs_path, source.name) for source in sources))
        for group, sources in backlinks.items()
    )


def _fronts(system) -> list:
    return [(chapter.id, chapter.meta) for chapter in system.chapters]
