"""Calculator inputs: how each one is declared, and how a raw string (from the URL query
or a form field) becomes a value or a French message for the reader."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

from generator.core.typographie import pluriel
from generator.engine.results import format_number

# A list of (value, French label) pairs, or a function that draws it from the system's
# rules (talents, skills…), so a list that lives in the data is never copied into code.
# An input whose choices or suggestions are the entities of one kind of the data says
# which (`genre`, the kind's id): the page adds the reader's house entities of that kind
# (engine/form.py, assets/calc.js): a choice by its id, a suggestion by its name.
Choices = tuple[tuple[str, str], ...] | Callable[[object], tuple[tuple[str, str], ...]]


def with_rules(item, rules: object):
    """The input with its choices, suggestions, default or help drawn from `rules` when they
    come from the data."""
    drawn = {
        name: value(rules)
        for name in ("choices", "suggestions", "default", "help", "max_length")
        if callable(value := getattr(item, name, None))
    }
    for name in ("choices", "suggestions"):
        if name in drawn:
            drawn[name] = tuple(drawn[name])
    return replace(item, **drawn) if drawn else item


@dataclass(frozen=True)
class InputGroup:
    """Several inputs drawn from the rules, one per entity of the data (a score per
    attribute…), so the list is never copied into code. The calculator's function takes
    them through `**values`."""

    name: str  # what they are, for messages
    expand: Callable[[object], tuple]


# Numbers are read from plain ASCII digits, short enough that no value can make the engine
# compute for long: the widest field bound has far fewer digits than this.
MAX_DIGITS = 9
INTEGER = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")
DECIMAL = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}(\.[0-9]{{1,{MAX_DIGITS}}})?")
# French writes thousands apart: « 1 000 », with a space, a non-breaking space (U+00A0) or a
# narrow one (U+202F). Digits split otherwise (« 1 2 ») are refused: 12, or 1 and 2?
SPACES = " \u00a0\u202f"
SPACED_DIGITS = re.compile(f"(?<![0-9])[0-9]+(?:[{SPACES}]+[0-9]+)+")
THOUSANDS = re.compile(f"[0-9]{{1,3}}(?:[{SPACES}][0-9]{{3}})+")


class InputError(ValueError):
    """A value the reader typed that the calculator cannot take; the message is shown at the field."""


class FieldError(InputError):
    """Raised by a calculator's function when a rule ties several fields together: names the
    field to blame, so the message is still shown at that field."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


QUOTED = 40  # characters of the reader's text a message quotes at most


def shown(raw: str, limit: int = QUOTED) -> str:
    """What the reader typed, cut short for a message: a message never echoes a whole
    page of input back."""
    text = raw.strip()
    return text if len(text) <= limit else text[:limit] + "…"


def _shown(raw: str) -> str:
    return shown(raw, 20)


def _compact(raw: str) -> str:
    """The number without its spaces, once the spaces between digits are known to group
    thousands (« 1 000 ») and not to split an ambiguous number (« 1 2 »)."""
    text = raw.strip().replace("\u2212", "-")
    for run in SPACED_DIGITS.finditer(text):
        if not THOUSANDS.fullmatch(run.group()):
            raise InputError(
                f"« {_shown(raw)} » : des chiffres séparés par une espace. Écrivez le nombre "
                "d'un seul bloc (« 12 »), ou par tranches de trois chiffres (« 1 000 »)."
            )
    return "".join(c for c in text if c not in SPACES)


def _parse_int(raw: str) -> int:
    # Readers type "−3" (typographic minus) and "+2" as often as "-3" and "2".
    text = _compact(raw)
    if text == "":
        raise InputError("Ce champ est vide : indiquez un nombre entier.")
    if not INTEGER.fullmatch(text):
        raise InputError(f"« {_shown(raw)} » n'est pas un nombre entier.")
    return int(text)


@dataclass(frozen=True)
class IntInput:
    """A whole number within [minimum, maximum]."""

    name: str
    label: str
    default: int
    minimum: int
    maximum: int
    help: str = ""
    # Drawn at random by the page when its address gives none (a new shuffle for each
    # reader); the default stands for the pages written ahead and the engine's tests.
    drawn: bool = False

    def parse(self, raw: str) -> int:
        value = _parse_int(raw)
        if not self.minimum <= value <= self.maximum:
            raise InputError(
                f"Entrez un entier entre {format_number(self.minimum)} et "
                f"{format_number(self.maximum)} (reçu : {format_number(value)})."
            )
        return value

    def to_text(self, value: int) -> str:
        return str(value)


@dataclass(frozen=True)
class ChoiceInput:
    """One option among a fixed list of (value, French label) pairs."""

    name: str
    label: str
    default: str
    choices: Choices
    help: str = ""
    genre: str = ""  # the kind of the data whose entities are the choices, if they are

    def parse(self, raw: str) -> str:
        value = raw.strip()
        allowed = [v for v, _ in self.choices]
        if value not in allowed:
            raise InputError(
                "Choisissez une des options proposées : "
                + ", ".join(label for _, label in self.choices)
                + "."
            )
        return value

    def to_text(self, value: str) -> str:
        return value


@dataclass(frozen=True)
class BoolInput:
    """Yes or no; written « oui » / « non » in the URL query."""

    name: str
    label: str
    default: bool
    help: str = ""
    labels: tuple[str, str] = ("Non", "Oui")  # what the form shows for no, yes

    def parse(self, raw: str) -> bool:
        text = raw.strip().lower()
        if text in ("oui", "1", "true"):
            return True
        if text in ("non", "0", "false"):
            return False
        raise InputError("Répondez « oui » ou « non ».")

    def to_text(self, value: bool) -> str:
        return "oui" if value else "non"


@dataclass(frozen=True)
class IntListInput:
    """Several whole numbers separated by commas or spaces, e.g. "4, 7"."""

    name: str
    label: str
    default: tuple[int, ...]
    minimum: int
    maximum: int
    max_items: int
    help: str = ""
    optional: bool = False  # an empty list is allowed

    def parse(self, raw: str) -> tuple[int, ...]:
        parts = [p for p in raw.replace(";", ",").replace(" ", ",").split(",") if p.strip()]
        if not parts and self.optional:
            return ()
        if not parts:
            raise InputError(
                "Ce champ est vide : indiquez au moins un niveau, par exemple « 4, 7 »."
            )
        if len(parts) > self.max_items:
            raise InputError(f"Au plus {self.max_items} valeurs (reçu : {len(parts)}).")
        values = []
        for part in parts:
            value = _parse_int(part)
            if not self.minimum <= value <= self.maximum:
                raise InputError(
                    f"Chaque valeur doit être un entier entre {format_number(self.minimum)} et "
                    f"{format_number(self.maximum)} (reçu : {format_number(value)})."
                )
            values.append(value)
        return tuple(values)

    def to_text(self, value: tuple[int, ...]) -> str:
        return ", ".join(str(v) for v in value)


@dataclass(frozen=True)
class TextInput:
    """Free text (a list of names, a short log); the calculator's function reads it.

    `suggestions`, (text to add, description) pairs, give the form a picker beside the
    field: the reader searches the list and the chosen text is appended to the field,
    comma-separated; the field, and so the URL, keep their plain-text form."""

    name: str
    label: str
    default: str
    max_length: int | Callable[[object], int]  # or drawn from the rules (a list of names)
    help: str = ""
    suggestions: Choices = ()
    too_long: str = "Texte trop long"  # what a text over max_length is (« Journal plein »)
    genre: str = ""  # the kind of the data whose entities' names are the suggestions

    def parse(self, raw: str) -> str:
        text = raw.strip()
        if len(text) > self.max_length:
            raise InputError(
                f"{self.too_long} : {self.max_length} caractères au plus (reçu : {len(text)})."
            )
        return text

    def to_text(self, value: str) -> str:
        return value


@dataclass(frozen=True)
class MultiChoiceInput:
    """Any number of options among a fixed list, shown as check boxes; in the URL query,
    the chosen values joined by commas."""

    name: str
    label: str
    default: tuple[str, ...]
    choices: Choices
    help: str = ""
    genre: str = ""  # the kind of the data whose entities are the choices, if they are

    def parse(self, raw: str) -> tuple[str, ...]:
        allowed = {v for v, _ in self.choices}
        values = tuple(dict.fromkeys(v.strip() for v in raw.split(",") if v.strip()))
        unknown = [v for v in values if v not in allowed]
        if unknown:
            what = pluriel(len(unknown), "Valeur inconnue", "Valeurs inconnues")
            raise InputError(f"{what} : {shown(', '.join(unknown))}.")
        return values

    def to_text(self, value: tuple[str, ...]) -> str:
        return ",".join(value)


@dataclass(frozen=True)
class DecimalInput:
    """A number with a decimal part (« 8,5 »), kept exact as a Fraction."""

    name: str
    label: str
    default: Fraction
    minimum: Fraction
    maximum: Fraction
    help: str = ""

    def parse(self, raw: str) -> Fraction:
        text = _compact(raw).replace(",", ".")
        if text == "":
            raise InputError("Ce champ est vide : indiquez un nombre (par exemple 8,5).")
        if not DECIMAL.fullmatch(text):
            raise InputError(f"« {_shown(raw)} » n'est pas un nombre.")
        value = Fraction(text)
        if not self.minimum <= value <= self.maximum:
            raise InputError(
                f"Entrez un nombre entre {format_number(self.minimum)} et "
                f"{format_number(self.maximum)} (reçu : {format_number(value)})."
            )
        return value

    def to_text(self, value: Fraction) -> str:
        return _decimal(value)


def _decimal(value: Fraction) -> str:
    return (str(value.numerator) if value.denominator == 1 else f"{float(value):g}").replace(
        ".", ","
    )


Input = (
    IntInput | ChoiceInput | BoolInput | IntListInput | TextInput | MultiChoiceInput | DecimalInput
)
