"""Each system's rules, as its calculators receive them: built once per judgement of the
project, from the data `export.engine_data` draws for them, and handed to whoever needs
them (the links' checks, the pages, the calculators' default results, the JSON export).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from generator.core import reperes
from generator.engine import rules
from generator.pipeline.corpus import Corpus
from generator.pipeline.diagnose import diagnose
from generator.pipeline.errors import Problems
from generator.pipeline.export import engine_data
from generator.pipeline.per_entity import FRESH, Fresh


@dataclass(frozen=True)
class Rulebook:
    """What the build gives the calculators of each system."""

    data: dict[str, dict]  # `engine_data`: what the rules read (the wheel ships it too)
    built: dict[str, object]  # system -> its rules; None when its code fails on its data
    markers: dict[str, Mapping]  # system -> what its calculators' source markers say


def rulebook(corpus: Corpus, problems: Problems, reuse: Fresh = FRESH) -> Rulebook:
    """Each system's rules from its data. When a system's rule code fails on its data (a
    malformed table, say), the problem is reported at the value it read last; the system
    gets None."""
    data = engine_data(corpus, reuse)
    built = {}
    for system_id, values in data.items():
        try:
            built[system_id] = system_rules(corpus.systems[system_id], values, reuse)
        except Exception:
            built[system_id] = None
            _report(corpus, system_id, values, problems)
    # What the calculators' markers say is in the data (engine/reperes.py).
    markers = {system_id: values.get(reperes.SOURCES) for system_id, values in data.items()}
    return Rulebook(data, built, markers)


def _report(corpus: Corpus, system_id: str, values: dict, problems: Problems) -> None:
    """Why a system's rules cannot be built from `values`, at the value read last."""
    system = corpus.systems[system_id]
    if system.unreadable & set(values):
        return  # a file these rules read could not be: its error says it all
    what = f"les règles de {system_id} ne se lisent pas dans les données"
    found = diagnose(
        corpus, system_id, values, lambda traced: engine_rules({system_id: traced}), what
    )
    file, line, message = found or (system.file, 1, what)
    # An error already reported in this system's data usually explains it (a wrong type
    # read further on): not said twice, nor blamed on another file.
    files = {problems.relative(file), problems.relative(system.file)}
    files |= {problems.relative(e.file) for e in system.all_entities()}
    if not any(p.path in files for p in problems.items):
        problems.add(file, line, message)


def system_rules(system, values: dict, reuse: Fresh = FRESH) -> object:
    """`engine_rules` of one loaded system, whose `engine_data` are `values` (drawn from
    its own files)."""
    return reuse.made("regles", system, _one_system_rules, system.id, values)


def _one_system_rules(system_id: str, values: dict) -> object:
    return engine_rules({system_id: values})[system_id]


def engine_rules(data: dict[str, dict]) -> dict[str, object]:
    """{system: the rules its calculators receive}, built from `engine_data`."""
    return {system_id: rules.build(system_id, values) for system_id, values in data.items()}
