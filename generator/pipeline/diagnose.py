"""Where in the data a system's rule code broke: `file:line` instead of a traceback.

A system's `rules.build` (and the calculators that read its rules) take the values of the
data as plain mappings and tuples. When one of them fails on a malformed table, the same
code is run again on traced copies of those values, which remember the last value read:
that value's entity and field give the file and line to report. Nothing here knows a
system: the paths are the {kind: {id: {field: …}}} of `export.engine_data`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from generator.pipeline import code_faults
from generator.pipeline.corpus import Corpus


@dataclass
class Trail:
    last: tuple = ()  # path of the last value read: (kind, id, field, index…)
    reads: int = 0
    limit: int = 2_000_000  # reads before giving up: a loop on the data stops here

    def read(self, path: tuple) -> None:
        self.last = path
        self.reads += 1
        if self.reads > self.limit:
            raise _Endless


class _Endless(Exception):
    pass


def traced(value: object, path: tuple, trail: Trail) -> object:
    if isinstance(value, Mapping):
        return TracedMap(value, path, trail)
    if isinstance(value, (list, tuple)):
        return TracedSeq.of(value, path, trail)
    return value


@dataclass(frozen=True, eq=False)
class TracedMap(Mapping):
    data: Mapping
    path: tuple
    trail: Trail = field(repr=False)

    def __getitem__(self, key):
        self.trail.read(self.path + (key,))
        return traced(self.data[key], self.path + (key,), self.trail)

    def __iter__(self) -> Iterator:
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)


class TracedSeq(tuple):
    path: tuple
    trail: Trail

    @classmethod
    def of(cls, items, path: tuple, trail: Trail) -> TracedSeq:
        seq = cls(traced(v, path + (i,), trail) for i, v in enumerate(items))
        seq.path, seq.trail = path, trail
        return seq

    def __getitem__(self, index):
        if isinstance(index, int):
            self.trail.read(self.path + (index,))
        return tuple.__getitem__(self, index)

    def __iter__(self):
        for index, value in enumerate(tuple.__iter__(self)):
            self.trail.read(self.path + (index,))
            yield value


def _what(error: BaseException) -> str:
    if isinstance(error, _Endless):
        return "la lecture ne s'arrête pas (une boucle dans les données ?)"
    if isinstance(error, KeyError):
        return f"« {error.args[0] if error.args else ''} » introuvable"
    if isinstance(error, StopIteration):
        return "aucune ligne attendue n'y figure"
    if isinstance(error, RecursionError):
        return "lecture sans fin (une boucle dans les données ?)"
    return f"valeur de forme inattendue (détail : {type(error).__name__}: {error})"


def locate(corpus: Corpus, system_id: str, path: tuple):
    """(file, line, words) of a path of the rules' data: its entity and field, else the
    first file of its kind, else the system's systeme.yaml."""
    system = corpus.systems[system_id]
    kind = path[0] if path else None
    entities = system.entities.get(kind, []) if kind else []
    entity = next((e for e in entities if len(path) > 1 and e.id == path[1]), None)
    if entity is not None:
        inside = path[2:]
        shown = ".".join(str(p) for p in inside if not isinstance(p, int))
        where = f"{kind} « {entity.id} »" + (f", champ « {shown} »" if shown else "")
        return entity.file, entity.line(inside), where
    if len(path) > 1:
        where = f"{kind} « {path[1]} »"
        return (entities[0].file if entities else system.file), 1, where
    return system.file, 1, f"genre « {kind} »" if kind else "données"


def diagnose(
    corpus: Corpus, system_id: str, data: Mapping, run: Callable[[Mapping], object], what: str
) -> tuple[object, int, str] | None:
    """Run `run` on traced `data` of one system; if it fails, (file, line, message)."""
    trail = Trail()
    try:
        run(TracedMap(data, (), trail))
    except Exception as error:  # noqa: BLE001 - any failure of the system's code is reported
        if found := code_faults.of_the_code(error, what):
            return found  # the code's own fault, whatever it was reading
        file, line, where = locate(corpus, system_id, trail.last)
        return file, line, f"{what} : {_what(error)} ; dernière valeur lue : {where}"
    return None
