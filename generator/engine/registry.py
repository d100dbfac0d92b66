"""Calculator declarations: inputs + one pure function, registered by system and id."""

from __future__ import annotations

import dis
import inspect
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import CodeType, FunctionType

from generator.core import reperes, urls
from generator.engine import tirage
from generator.engine.inputs import (
    ChoiceInput,
    FieldError,
    Input,
    InputError,
    InputGroup,
    with_rules,
)
from generator.engine.results import Block, Checks, Page, to_html
from generator.engine.tirage import Issue


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
    """A button that appends `token` to the text field `field` (e.g. a move in a log), or,
    with `removes`, takes the field's last token away (undo)."""

    label: str
    field: str
    token: str = ""
    removes: bool = False
    # (whole-number field, n): the button is shown only while that field is at least n
    # (a button per player, for as many players as the form says).
    shown_from: tuple[str, int] | None = None


@dataclass(frozen=True)
class ShownWhen:
    """Fields that matter only for some values of a choice (a DD only against a DD): the
    form hides them otherwise, so a phone shows only what counts for the answer."""

    fields: tuple[str, ...]
    choice: str  # the name of the ChoiceInput they depend on
    values: tuple[str, ...]  # its values for which they are shown


@dataclass(frozen=True)
class FormSection:
    """A part of a long form (a character sheet): its title, and the field it starts at.
    The form shows it as a section the reader can fold, to find a field on a phone."""

    title: str
    first: str  # the name of its first field; the section runs to the next one


CHANCE = "hasard"  # the parameter of a `plays` function that receives the random bits
# The parameter of a function that receives every field at once, as one `Values` object
# (`valeurs.seuil`), instead of one parameter per field: for a long form whose fields
# several functions read (its result, its outcomes, its roll).
VALUES = "valeurs"


class Values:
    """The values read for a calculator's fields, one read-only attribute per field."""

    __slots__ = ("_fields",)

    def __init__(self, fields: Mapping) -> None:
        object.__setattr__(self, "_fields", dict(fields))

    def __getattr__(self, name: str) -> object:
        try:
            return self._fields[name]
        except KeyError:
            raise AttributeError(f"aucun champ « {name} » parmi les valeurs") from None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("les valeurs d'un calculateur ne se modifient pas")

    def __repr__(self) -> str:
        return f"Values({self._fields!r})"


@dataclass(frozen=True)
class Calculator:
    system: str
    id: str
    title: str
    summary: str  # one French sentence: what question it answers
    inputs: tuple[Input, ...]
    compute: Callable[..., tuple[Block, ...]]
    assumptions: tuple[str, ...] = ()  # what the model takes for granted, shown on the page
    # Buttons, or a function that draws them from the rules (a button per suit…).
    actions: tuple[Action, ...] | Callable[[object], tuple[Action, ...]] = ()
    shown_when: tuple[ShownWhen, ...] = ()
    # A resolution calculator's outcomes (engine/tirage.py): a function of the same
    # arguments as `compute`, for « Lancer », a real roll of the configured test.
    issues: Callable[..., Iterable[Issue]] | None = None
    # When the rules play a roll step by step (cards turned from a deck, a die rerolled),
    # a function of the same arguments plus `hasard` (random bits, engine/tirage.py) that
    # plays it and returns (the name of the outcome reached, what was played).
    plays: Callable[..., tuple[str, str]] | None = None
    # The parts of a long form, in the order of its fields (see FormSection).
    sections: tuple[FormSection, ...] = ()
    # The rules it computes, where the site writes them, as a tag names them: a chapter's
    # section (« regle combat#degats »), a whole chapter (« regle encombrement ») or an
    # entity (« manoeuvre degats »). Each such page links to the calculator, and back.
    computes: tuple[str, ...] = ()

    @property
    def defaults(self) -> dict:
        """The defaults of the inputs declared in code (groups drawn from the rules aside)."""
        return {i.name: i.default for i in self.inputs if not isinstance(i, InputGroup)}

    def __post_init__(self) -> None:
        names = [i.name for i in self.inputs if not isinstance(i, InputGroup)]
        if self.takes_values:
            self._check_values(names)
        else:
            self._check_parameters(names)
        self._check_shown_when(names)
        starts = [section.first for section in self.sections]
        if starts != [n for n in names if n in starts]:
            raise TypeError(
                f"calculateur {self.system}/{self.id} : les sections doivent commencer à des "
                f"champs déclarés, dans leur ordre (reçu {starts})"
            )
        if self.issues is not None and not self._takes_inputs(self.issues):
            raise TypeError(
                f"calculateur {self.system}/{self.id} : sa fonction d'issues doit prendre "
                f"les mêmes paramètres que {self.compute.__name__}, {_parameters(self.compute)}"
            )
        if self.plays is not None and (
            self.issues is None
            or CHANCE not in _parameters(self.plays)
            or not self._takes_inputs(self.plays)
        ):
            raise TypeError(
                f"calculateur {self.system}/{self.id} : sa fonction de jeu demande des issues, "
                f"et prend « {CHANCE} » en plus des paramètres de {self.compute.__name__}"
            )

    def _check_parameters(self, names: list[str]) -> None:
        """The function's parameters must be the inputs' names (after `regles`, the rules
        built from the data, for a calculator that reads them): checked once, at import."""
        signature = inspect.signature(self.compute).parameters.values()
        params = [p.name for p in signature if p.kind is not p.VAR_KEYWORD]
        rest = any(p.kind is p.VAR_KEYWORD for p in signature)  # **values takes the other inputs
        groups = [i.name for i in self.inputs if isinstance(i, InputGroup)]
        named = params[1:] if params[:1] == ["regles"] else params
        if (set(named) != set(names) and not (rest and set(named) <= set(names))) or (
            groups and not rest
        ):
            raise TypeError(
                f"calculateur {self.system}/{self.id} : la fonction {self.compute.__name__} prend "
                f"{params}, les champs déclarés sont {names + groups} (précédés de « regles » s'il "
                "lit les données, suivis de **valeurs s'il reçoit un groupe de champs, ou "
                f"« {VALUES} » seul pour les recevoir tous)"
            )

    def _check_values(self, names: list[str]) -> None:
        """A function that takes `valeurs` reads only declared fields, and its functions
        together read every one (a group's fields, drawn from the data, aside): read in
        their code, and in that of the functions of their module they hand `valeurs` to."""
        lead = ["regles"] if self.needs_rules else []
        if _parameters(self.compute) != [*lead, VALUES]:
            raise TypeError(
                f"calculateur {self.system}/{self.id} : la fonction {self.compute.__name__} "
                f"prend {_parameters(self.compute)} ; avec « {VALUES} », elle ne prend rien "
                "d'autre (sauf « regles » d'abord, si elle lit les données)"
            )
        read: set[str] = set()
        for function in (self.compute, self.issues, self.plays):
            if function is None:
                continue
            found = _attributes_read(function)
            unknown = sorted(found - set(names))
            if unknown:
                raise TypeError(
                    f"calculateur {self.system}/{self.id} : la fonction {function.__name__} lit "
                    f"{', '.join(f'{VALUES}.{n}' for n in unknown)}, les champs déclarés sont "
                    f"{names}"
                )
            read |= found
        unread = [n for n in names if n not in read]
        if unread:
            raise TypeError(
                f"calculateur {self.system}/{self.id} : aucune de ses fonctions ne lit les "
                f"champs déclarés {unread} (« {VALUES}.<champ> ») : retirez-les ou lisez-les"
            )

    @property
    def takes_values(self) -> bool:
        """Does its function take every field as one `Values` object?"""
        return VALUES in _parameters(self.compute)

    def _takes_inputs(self, function: Callable) -> bool:
        """Does `function` take what `compute` takes: the same parameters, or `regles` (if
        `compute` reads the rules) and **values (not with `valeurs`)? `hasard`, the random
        bits, aside."""
        own = [p for p in _parameters(function) if p != CHANCE]
        lead = ["regles"] if self.needs_rules else []
        return own == _parameters(self.compute) or (
            not self.takes_values
            and own[:-1] == lead
            and own[-1:] != []
            and own[-1].startswith("**")
        )

    def _check_shown_when(self, names: list[str]) -> None:
        choices = {i.name: i for i in self.inputs if isinstance(i, ChoiceInput)}
        for rule in self.shown_when:
            choice = choices.get(rule.choice)
            allowed = [] if choice is None or callable(choice.choices) else choice.choices
            unknown = [f for f in rule.fields if f not in names] + [
                v for v in rule.values if allowed and v not in dict(allowed)
            ]
            if choice is None or unknown:
                raise TypeError(
                    f"calculateur {self.system}/{self.id} : condition d'affichage sur "
                    f"« {rule.choice} » incohérente (champ de choix absent, ou inconnus : {unknown})"
                )

    def shown_when_for(self, field: str) -> ShownWhen | None:
        return next((rule for rule in self.shown_when if field in rule.fields), None)

    @property
    def needs_rules(self) -> bool:
        return next(iter(inspect.signature(self.compute).parameters), None) == "regles"

    def _call(self, rules: object, values: Mapping, function: Callable | None = None):
        function = function or self.compute
        if self.needs_rules and rules is None:
            raise TypeError(
                f"calculateur {self.system}/{self.id} : il lit les données, passez-lui ses règles"
            )
        lead = (rules,) if self.needs_rules else ()
        if not self.takes_values:
            return function(*lead, **values)
        chance = {CHANCE: values[CHANCE]} if CHANCE in values else {}
        fields = Values({k: v for k, v in values.items() if k != CHANCE})
        return function(*lead, fields, **chance)

    def outcomes(self, values: Mapping, rules: object = None) -> tuple[Issue, ...]:
        """The exact outcomes of the configured test (a resolution calculator only)."""
        return tirage.merged(self._call(rules, values, self.issues))

    def roll(self, query: Mapping[str, str], words, rules: object = None):
        """Read the query and draw one outcome from the random 32-bit `words`: an
        `Outcome` with its errors, or (values, tirage.Roll)."""
        outcome = self.read(query, rules)
        if not outcome.ok:
            return outcome
        try:
            issues = self.outcomes(outcome.values, rules)
            return outcome.values, self.draw(outcome.values, issues, words, rules)
        except FieldError as error:
            return Outcome(outcome.values, {error.field: str(error)})

    def draw(self, values: Mapping, issues, words, rules: object = None) -> tirage.Roll:
        """One roll among `issues`, the outcomes of `values`: played by the rules when the
        calculator says how (`plays`), else drawn from their exact chances."""
        if self.plays is None:
            return tirage.roll(issues, words)
        chance = {**values, CHANCE: tirage.bits_of(words)}
        name, detail = self._call(rules, chance, self.plays)
        return tirage.played(issues, name, detail)

    def inputs_for(self, rules: object) -> tuple[Input, ...]:
        """The inputs, with the choices (and the groups) that come from the data drawn from
        `rules`."""
        found: list[Input] = []
        for item in self.inputs:
            if isinstance(item, InputGroup):
                found += item.expand(rules)
            else:
                found.append(with_rules(item, rules))
        return tuple(found)

    def actions_for(self, rules: object) -> tuple[Action, ...]:
        return tuple(self.actions(rules) if callable(self.actions) else self.actions)

    def read(self, query: Mapping[str, str], rules: object = None) -> Outcome:
        """Parse raw strings; a name missing from the query takes its default."""
        values, errors = {}, {}
        for item in self.inputs_for(rules):
            raw = query.get(item.name)
            if raw is None:
                values[item.name] = item.default
                continue
            try:
                values[item.name] = item.parse(str(raw))
            except InputError as error:
                errors[item.name] = str(error)
        return Outcome(values, errors)

    def run(self, query: Mapping[str, str], rules: object = None) -> Outcome:
        """Read the query and compute; `rules` is what the system's rules.build made of the data."""
        outcome = self.read(query, rules)
        if not outcome.ok:
            return outcome
        try:
            return Outcome(outcome.values, {}, self._call(rules, outcome.values))
        except FieldError as error:
            return Outcome(outcome.values, {error.field: str(error)})

    def html(self, blocks: tuple[Block, ...], rules: object = None) -> str:
        """The result's HTML, its links made from this calculator's page, its checks
        pointing at this form's fields (ids as engine/form.py writes them)."""
        fields = {}
        if any(isinstance(block, Checks) for block in blocks):  # drawing inputs has a cost
            fields = {i.name: (f"{self.id}-{i.name}", i.label) for i in self.inputs_for(rules)}
        html = to_html(blocks, Page(urls.calculator(self.system, self.id), fields))
        return reperes.with_markers(html, self.system)

    def default_html(self, rules: object = None) -> str:
        defaults = {i.name: i.default for i in self.inputs_for(rules)}
        return self.html(self._call(rules, defaults), rules)


def _attributes_read(function: Callable) -> set[str]:
    """The attributes `function` reads of its parameter `valeurs` (`valeurs.seuil`), in
    its code, in the code nested in it (comprehensions, lambdas), and in the functions of
    its module it calls that take a `valeurs` themselves."""
    found: set[str] = set()
    seen: set[CodeType] = set()

    def visit(code: CodeType, names: Mapping) -> None:
        if code in seen:
            return
        seen.add(code)
        loaded = False  # the last instruction put `valeurs` on top of the stack
        for instruction in dis.get_instructions(code):
            if loaded and instruction.opname in ("LOAD_ATTR", "LOAD_METHOD"):
                found.add(instruction.argval)
            loaded = _loads_values(instruction)
            helper = names.get(instruction.argval) if instruction.opname == "LOAD_GLOBAL" else None
            if isinstance(helper, FunctionType) and VALUES in _parameters(helper):
                visit(helper.__code__, helper.__globals__)
        for constant in code.co_consts:
            if isinstance(constant, CodeType):
                visit(constant, names)

    visit(function.__code__, function.__globals__)
    return found


def _loads_values(instruction: dis.Instruction) -> bool:
    """Does this instruction leave `valeurs` on top of the stack? (A local, a closure's
    cell, or the second of two locals loaded at once, as Python 3.13 does.)"""
    if instruction.opname.startswith(("LOAD_FAST", "LOAD_DEREF")):
        value = instruction.argval
        return (value[-1] if isinstance(value, tuple) else value) == VALUES
    return False


def _parameters(function: Callable) -> list[str]:
    """Parameter names, `**values` written as such."""
    return [
        f"**{p.name}" if p.kind is p.VAR_KEYWORD else p.name
        for p in inspect.signature(function).parameters.values()
    ]


_REGISTRY: dict[tuple[str, str], Calculator] = {}

# The systems the engine serves, handed down by their package (generator/systems), which
# the engine never imports: any object with `ids()`, `module(system, name)` (the module
# `name` of a system's package, or None) and `folder(system)`.
_SYSTEMS: list = []


def use(found: object) -> None:
    """Hand the engine its systems: `generator.systems` does so as it is imported (the
    generator imports it, and so does the browser's worker before its first call)."""
    _SYSTEMS[:] = [found]


def systems() -> object:
    """The systems handed down by `use`."""
    if not _SYSTEMS:
        raise LookupError("aucun système remis au moteur : importez generator.systems d'abord")
    return _SYSTEMS[0]


def register(calculator: Calculator) -> Calculator:
    key = (calculator.system, calculator.id)
    if key in _REGISTRY:
        raise ValueError(f"calculateur déclaré deux fois : {key}")
    _REGISTRY[key] = calculator
    return calculator


_LOADED: set[str] = set()


def _load(system: str) -> None:
    """Register the system's calculators, the list `CALCULATORS` of its `calculators.py`:
    on demand, so the browser only pays for the system of the page it shows."""
    if system in _LOADED:
        return
    module = systems().module(system, "calculators")
    for calculator in getattr(module, "CALCULATORS", ()):
        register(calculator)
    _LOADED.add(system)


def all_calculators() -> list[Calculator]:
    for system in systems().ids():
        _load(system)
    return list(_REGISTRY.values())


def of_system(system: str) -> list[Calculator]:
    """A system's calculators, in the order its package declares them."""
    _load(system)
    return [c for c in _REGISTRY.values() if c.system == system]


def get(system: str, calc_id: str) -> Calculator:
    _load(system)
    return _REGISTRY[(system, calc_id)]
