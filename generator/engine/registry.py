"""Calculator declarations: inputs + one pure function, registered by system and id."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable, Mapping

from .inputs import FieldError, Input, InputError
from .results import Block, to_html


@dataclass(frozen=True)
class Outcome:
    """The values read, the French message per field in error, and the result if none."""

    values: dict
    errors: dict[str, str]
    blocks: tuple[Block, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.errors


@dataclass(frozen=True)
class Action:
    """A button that appends `token` to the text field `field` (e.g. a move in a log)."""

    label: str
    field: str
    token: str


@dataclass(frozen=True)
class Calculator:
    system: str
    id: str
    title: str
    summary: str  # one French sentence: what question it answers
    inputs: tuple[Input, ...]
    compute: Callable[..., tuple[Block, ...]]
    assumptions: tuple[str, ...] = ()  # what the model takes for granted, shown on the page
    actions: tuple[Action, ...] = ()

    @property
    def defaults(self) -> dict:
        return {i.name: i.default for i in self.inputs}

    def read(self, query: Mapping[str, str]) -> Outcome:
        """Parse raw strings; a name missing from the query takes its default."""
        values, errors = {}, {}
        for item in self.inputs:
            raw = query.get(item.name)
            if raw is None:
                values[item.name] = item.default
                continue
            try:
                values[item.name] = item.parse(str(raw))
            except InputError as error:
                errors[item.name] = str(error)
        return Outcome(values, errors)

    def run(self, query: Mapping[str, str]) -> Outcome:
        outcome = self.read(query)
        if not outcome.ok:
            return outcome
        try:
            return Outcome(outcome.values, {}, self.compute(**outcome.values))
        except FieldError as error:
            return Outcome(outcome.values, {error.field: str(error)})

    def default_html(self) -> str:
        return to_html(self.compute(**self.defaults))

    def query_text(self, values: Mapping) -> dict[str, str]:
        return {i.name: i.to_text(values[i.name]) for i in self.inputs}


_REGISTRY: dict[tuple[str, str], Calculator] = {}


def register(calculator: Calculator) -> Calculator:
    key = (calculator.system, calculator.id)
    if key in _REGISTRY:
        raise ValueError(f"calculateur déclaré deux fois : {key}")
    _REGISTRY[key] = calculator
    return calculator


# System id -> module declaring its calculators. Imported on demand: the browser only
# pays for the system of the page it shows.
MODULES = {"reserve-d6": "reserve_d6", "talon": "talon", "divin6": "divin6"}


def _load(system: str) -> None:
    if system in MODULES:
        importlib.import_module(f"{__package__}.{MODULES[system]}")


def all_calculators() -> list[Calculator]:
    for system in MODULES:
        _load(system)
    return list(_REGISTRY.values())


def get(system: str, calc_id: str) -> Calculator:
    _load(system)
    return _REGISTRY[(system, calc_id)]
