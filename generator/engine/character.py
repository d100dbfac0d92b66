"""A character as a value: the choices a player makes, read from a calculator's URL query,
written back to it, and kept as JSON (saved characters). Generic: a system declares a
frozen dataclass whose fields are its calculator's inputs (`systems/<system>/character.py`)
and this module does the rest: the query, the JSON, its schema, with the calculator's own
reading of each field, so a value read from JSON is checked as a query is, with the same
French messages at the same fields.

The JSON of a character:
    {"format": 1, "systeme": "<id>", "calculateur": "<id>", "personnage": {champ: valeur}}
A field left out takes its default, as in the query; a group of fields (a score per
attribute of the data…) is an object {champ: valeur}.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import ClassVar

from generator.core.reperes import plain
from generator.core.schema_check import ID_PATTERN
from generator.core.typographie import texte
from generator.engine.inputs import (
    BoolInput,
    ChoiceInput,
    DecimalInput,
    InputGroup,
    IntInput,
    IntListInput,
    MultiChoiceInput,
    TextInput,
    _decimal,
    shown,
    with_rules,
)
from generator.engine.registry import Calculator, get, systems

FORMAT = 1
# What every character sheet calculator is and answers: (title, summary).
SHEET = (
    "Feuille de personnage",
    "Que vaut chaque ligne de la fiche, et la création respecte-t-elle les règles ?",
)
JSON_SCHEMA = "https://json-schema.org/draft/2020-12/schema"


def score_inputs(
    fields: tuple[tuple[str, str, int], ...], minimum: int, maximum: int, help_text: str
) -> tuple[IntInput, ...]:
    """One whole-number input per (field, label, default): a character's scores, all
    within the same bounds and with the same help."""
    return tuple(
        IntInput(key, label, default, minimum, maximum, help_text) for key, label, default in fields
    )


class CharacterError(ValueError):
    """Fields a character cannot take: {field: French message}, as a calculator reports
    them (`message` for what belongs to no field)."""

    def __init__(self, errors: Mapping[str, str], message: str = ""):
        # In French typography, as the calculators say them (engine.api).
        # Plain text (a message is shown at its field): no source tag.
        self.errors = {name: texte(plain(text)) for name, text in errors.items()}
        self.message = texte(plain(message))
        super().__init__(message or "; ".join(f"{k} : {v}" for k, v in self.errors.items()))


def as_text(value: object) -> str:
    """A field's value as the URL query writes it (the inputs' own `to_text`)."""
    if isinstance(value, bool):
        return "oui" if value else "non"
    if isinstance(value, Fraction):
        return _decimal(value)
    if isinstance(value, tuple) and value and all(isinstance(v, int) for v in value):
        return ", ".join(map(str, value))  # as IntListInput writes it
    if isinstance(value, tuple):
        return ",".join(value)  # as MultiChoiceInput writes it
    return str(value)


def _as_json(value: object) -> object:
    if isinstance(value, Fraction):
        return _decimal(value)
    return list(value) if isinstance(value, tuple) else value


def _json_text(value: object, field: str) -> str:
    """A JSON value back to the query's text, for the calculator to read it: a list is of
    texts (choices) or of integers, not of both, nor of true/false."""
    texts = isinstance(value, list) and all(isinstance(v, str) for v in value)
    numbers = isinstance(value, list) and all(type(v) is int for v in value)
    if texts or numbers:
        return as_text(tuple(value))
    if isinstance(value, bool | str | int):
        return as_text(value)
    raise CharacterError({field: "Valeur illisible : un texte, un nombre ou une liste."})


def _group_query(name: str, value: object, members: list[str]) -> dict[str, str]:
    """A group's JSON object ({field: value}) back to the query's fields."""
    if not isinstance(value, dict):
        raise CharacterError({name: "Valeur illisible : un objet {champ: valeur}."})
    stray = [str(k) for k in value if k not in members]
    if stray:
        raise CharacterError({}, f"Champ inconnu dans « {name} » : « {stray[0]} ».")
    return {str(k): _json_text(v, str(k)) for k, v in value.items()}


@dataclasses.dataclass(frozen=True)
class CharacterView:
    """Another calculator of the system that works on the same character (a planner…):
    `query(character)` is its URL query for that character, `update(character, query,
    rules)` the character once that calculator's query is kept in it (CharacterError)."""

    query: Callable[[Character], dict[str, str]]
    update: Callable[[Character, Mapping[str, str], object], Character]


class Character:
    """Base of a system's character type, a frozen dataclass whose fields are the inputs
    of the calculator `CALCULATOR` (system, id); a group of inputs is one field holding
    ((name, value), …) pairs, in the group's order. It is all the engine reads of a
    system's sheet (`systems/<system>/character.py: CHARACTER`)."""

    CALCULATOR: ClassVar[tuple[str, str]]
    # What its printed sheet keeps of the calculator's result (engine/printout.py).
    PRINTOUT: ClassVar[object]
    # {calculator id: CharacterView}: the system's other calculators that show this character.
    VIEWS: ClassVar[Mapping[str, CharacterView]] = {}

    def resume(self, rules: object) -> str:
        """What a list of saved characters shows beside the name (level, tier…): the
        system says it (its `character.py`)."""
        return ""

    def combattant(self, rules: object) -> dict[str, int]:
        """What a fight needs of this character (« Mener la partie »): the values of its
        system's `partie.valeurs` (systeme.yaml) its sheet gives, by valeur id. None by
        default: the page asks the game master for them. The system says it (its
        `character.py`)."""
        return {}

    def label(self, field: str, rules: object) -> str:
        """The French label of a choice field's value, as the calculator's list shows it."""
        item = next(i for i in self.calculator().inputs if i.name == field)
        value = getattr(self, field)
        return dict(with_rules(item, rules).choices).get(value, value)

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if not hasattr(cls, "CALCULATOR"):
            raise TypeError(f"{cls.__name__} : indiquez CALCULATOR = (système, calculateur)")
        if not hasattr(cls, "PRINTOUT"):
            raise TypeError(
                f"{cls.__name__} : indiquez PRINTOUT = Imprimable(…), sa fiche à imprimer"
            )

    @classmethod
    def calculator(cls) -> Calculator:
        return get(*cls.CALCULATOR)

    @classmethod
    def check_fields(cls) -> None:
        """The dataclass's fields are the calculator's inputs, no more, no less."""
        declared = [i.name for i in cls.calculator().inputs]
        fields = [f.name for f in dataclasses.fields(cls)]
        if declared != fields:
            raise TypeError(
                f"{cls.__name__} : champs {fields}, le calculateur "
                f"{'/'.join(cls.CALCULATOR)} déclare {declared} (mêmes noms, même ordre)"
            )

    @classmethod
    def _group_names(cls) -> set[str]:
        return {i.name for i in cls.calculator().inputs if isinstance(i, InputGroup)}

    @classmethod
    def _groups(cls, rules: object) -> dict[str, list[str]]:
        return {
            i.name: [item.name for item in i.expand(rules)]
            for i in cls.calculator().inputs
            if isinstance(i, InputGroup)
        }

    # --- the URL query -----------------------------------------------------------------

    @classmethod
    def from_values(cls, values: Mapping[str, object], rules: object):
        """From the values a calculator read (a group's fields folded into its field)."""
        groups = cls._groups(rules)
        folded = {
            f.name: tuple((n, values[n]) for n in groups[f.name])
            if f.name in groups
            else values[f.name]
            for f in dataclasses.fields(cls)
        }
        return cls(**folded)

    @classmethod
    def from_query(cls, query: Mapping[str, str], rules: object):
        """Read as the calculator reads its query; CharacterError names the fields in error."""
        outcome = cls.calculator().read({str(k): str(v) for k, v in query.items()}, rules)
        if not outcome.ok:
            raise CharacterError(outcome.errors)
        return cls.from_values(outcome.values, rules)

    def values(self) -> dict[str, object]:
        """The calculator's values, a group's fields unfolded."""
        found: dict[str, object] = {}
        groups = self._group_names()
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            found.update(dict(value) if field.name in groups else {field.name: value})
        return found

    def to_query(self) -> dict[str, str]:
        """Every field, as the URL query writes it: read back, the same character."""
        return {name: as_text(value) for name, value in self.values().items()}

    # --- JSON --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, object]:
        fields, groups = {}, self._group_names()
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            fields[field.name] = dict(value) if field.name in groups else _as_json(value)
        system, calc_id = self.CALCULATOR
        return {"format": FORMAT, "systeme": system, "calculateur": calc_id, "personnage": fields}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    @classmethod
    def from_dict(cls, data: object, rules: object):
        """Checked as a query is: the same messages, at the same fields."""
        return cls.from_query(cls.dict_query(data, rules), rules)

    @classmethod
    def dict_query(cls, data: object, rules: object) -> dict[str, str]:
        """A character's JSON as the calculator's query (its values not read yet)."""
        system, calc_id = cls.CALCULATOR
        if not isinstance(data, dict) or not isinstance(data.get("personnage"), dict):
            raise CharacterError({}, "Personnage illisible : un objet JSON avec « personnage ».")
        if data.get("format") != FORMAT:
            said = shown(repr(data.get("format")))  # a whole page of text is not echoed
            raise CharacterError({}, f"Format de personnage inconnu : {said}.")
        if (data.get("systeme"), data.get("calculateur")) != (system, calc_id):
            raise CharacterError(
                {}, f"Ce personnage n'est pas du système « {system} » ({calc_id})."
            )
        groups = cls._groups(rules)
        known = {f.name for f in dataclasses.fields(cls)}
        query: dict[str, str] = {}
        for name, value in data["personnage"].items():
            if name not in known:
                raise CharacterError({}, f"Champ inconnu dans le personnage : « {name} ».")
            if name in groups:
                query.update(_group_query(name, value, groups[name]))
            else:
                query[name] = _json_text(value, name)
        return query

    @classmethod
    def from_json(cls, text: str, rules: object):
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError):
            raise CharacterError({}, "Personnage illisible : ce n'est pas du JSON.") from None
        return cls.from_dict(data, rules)

    # --- its JSON Schema ---------------------------------------------------------------

    @classmethod
    def json_schema(cls, rules: object) -> dict:
        calc = cls.calculator()
        system, calc_id = cls.CALCULATOR
        properties = {}
        for item in calc.inputs:
            if isinstance(item, InputGroup):
                parts = item.expand(rules)
                properties[item.name] = {
                    "type": "object",
                    "title": item.name.capitalize(),
                    "properties": {p.name: field_schema(with_rules(p, rules)) for p in parts},
                    "additionalProperties": False,
                }
            else:
                properties[item.name] = field_schema(with_rules(item, rules))
        return {
            "$schema": JSON_SCHEMA,
            "title": f"Personnage — {calc.title}",
            "description": "Les choix du joueur, tels que le calculateur les lit ; un champ "
            "absent prend sa valeur par défaut.",
            "type": "object",
            "required": ["format", "systeme", "calculateur", "personnage"],
            "properties": {
                "format": {"title": "Version du format", "const": FORMAT},
                "systeme": {"title": "Système", "const": system},
                "calculateur": {"title": "Calculateur qui lit ce personnage", "const": calc_id},
                "personnage": {
                    "title": "Choix du joueur",
                    "type": "object",
                    "properties": properties,
                    "additionalProperties": False,
                },
            },
            "additionalProperties": False,
        }


def _enum(choices) -> dict:
    return {"enum": [value for value, _ in choices], "x-libelles": dict(choices)}


# A choice among a kind's entities may name one of the reader's house entities of that kind
# (the page offers them: assets/calc.js); the saved character lists them in « maison ».
HOUSE_CHOICE = {
    "type": "string",
    "pattern": ID_PATTERN,
    "title": "Entité maison de ce genre",
    "description": "Identifiant d'une règle maison du lecteur, que le personnage nomme "
    "aussi dans « maison ».",
}


def _choice(item) -> dict:
    """The official values of a choice, and a house entity's id where the choice is among a
    kind's entities (`genre`)."""
    official = _enum(item.choices)
    if not item.genre:
        return official
    return {
        "anyOf": [{"enum": official["enum"]}, HOUSE_CHOICE],
        "x-libelles": official["x-libelles"],
    }


def field_schema(item) -> dict:
    """The JSON Schema of one input's value."""
    about = {"title": item.label, **({"description": item.help} if item.help else {})}
    if isinstance(item, IntInput):
        return {**about, "type": "integer", "minimum": item.minimum, "maximum": item.maximum}
    if isinstance(item, BoolInput):
        return {**about, "type": "boolean"}
    if isinstance(item, ChoiceInput):
        return {**about, **_choice(item)}
    if isinstance(item, MultiChoiceInput):
        items = {"title": item.label, **_choice(item)}
        return {**about, "type": "array", "items": items, "uniqueItems": True}
    if isinstance(item, IntListInput):
        numbers = {"type": "integer", "minimum": item.minimum, "maximum": item.maximum}
        return {**about, "type": "array", "items": numbers, "maxItems": item.max_items}
    if isinstance(item, DecimalInput):
        return {**about, "type": "string", "pattern": "^[+-]?[0-9]+(,[0-9]+)?$"}
    if isinstance(item, TextInput):
        return {**about, "type": "string", "maxLength": item.max_length}
    raise TypeError(f"champ sans schéma : {item!r}")


def of_system(system_id: str) -> type[Character] | None:
    """The system's character type (`systems/<system>/character.py: CHARACTER`), or None
    for a system without a character sheet."""
    module = systems().module(system_id, "character")
    return None if module is None else module.CHARACTER


def types() -> dict[str, type[Character]]:
    """{system: its character type}, for the systems that declare one."""
    found = {system_id: of_system(system_id) for system_id in systems().ids()}
    return {system_id: kind for system_id, kind in found.items() if kind is not None}


def calculators() -> dict[tuple[str, str], type[Character]]:
    """{(system, calculator id): its character type}: each sheet, and the calculators
    that are other views of the same character (a planner…)."""
    found = {}
    for kind in types().values():
        system, sheet = kind.CALCULATOR
        for calc_id in (sheet, *kind.VIEWS):
            found[(system, calc_id)] = kind
    return found
