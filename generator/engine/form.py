"""The HTML contract between a calculator and `generator/browser/calc.js`: the form
(from the inputs' declaration) around the result (`results.to_html`).

calc.js finds a calculator by ROOT (`data-system`, `data-calc`), its fields by their
`name`, the message slots of a field by the field's id + ERROR (the engine's refusal)
and + CHECKED (what the result's checks say of it), the one live region by ANNOUNCE,
and the parts below by their class; an action button by ACTION with `data-champ` / `data-ajoute` (or
`data-retire`, to take the last token away); a whole-number field's steppers by STEP,
its bounds by `data-min` / `data-max`, and DRAWN if the page draws it at random when
the address gives no value; a field needed only for some values of a
choice by SHOWN_IF and SHOWN_VALUES on its wrapper; an action button needed only from
some value of a whole-number field on by SHOWN_FROM_FIELD and SHOWN_FROM; a list of
entities of one kind of the data (a select's options, a picker's datalist, a group of
boxes) by KIND, the kind's id, where calc.js adds the reader's house entities of that
kind (HOUSE on each) and shows an amended one under its house name; a picker's suggestion
says its entity's id by ENTITY (a choice and a box have it as their value). The names are
written here only: the browser imports them from assets/lib/contrat.js, which
generator/pipeline/browser_contract.py writes from this module.

No blank line may appear in this HTML: it sits in a Markdown page as one raw block.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from generator.engine.inputs import (
    BoolInput,
    ChoiceInput,
    DecimalInput,
    IntInput,
    IntListInput,
    MultiChoiceInput,
    TextInput,
)
from generator.engine.names import Names
from generator.engine.registry import Action, Calculator

ROOT = "srd-calc"
FORM = "srd-calc-form"
STATUS = "srd-calc-status"
RESULT = "srd-calc-result"
LINK = "srd-calc-link"
SUMMARY = "srd-calc-resume"  # the key figure, kept in view on a phone
BAR = "srd-calc-barre"  # around it: the bar, where a page's scripts put their buttons
SECTION = "srd-calc-section"  # a part of a long form, foldable
ANNOUNCE = "srd-calc-annonce"  # what a screen reader is told, once per computation
ACTION = "srd-action"
ADD = "srd-ajout"  # a picker that appends its choice to the field named by data-champ
STEP = "srd-pas"  # a − or + button beside a whole-number field; data-pas: the step
HELP = "-aide"  # suffix of a field's id: its help text
SENTENCE_ENDS = (".", "…", "!", "?")
ERROR = "-erreur"  # suffix of a field's id: where calc.js writes its message
CHECKED = "-verification"  # suffix of a field's id: what the result's checks say of it
# A field shown only for some values of a choice: the choice's name, and its values.
SHOWN_IF = "data-si"
SHOWN_VALUES = "data-si-valeurs"
# An action button shown only while a whole-number field is at least a value.
SHOWN_FROM_FIELD = "data-si-champ"
SHOWN_FROM = "data-si-au-moins"
# A list of entities of one kind (its id), and what calc.js adds to it: a house entity.
KIND = "data-genre"
HOUSE = "data-maison"
ENTITY = "data-entite"  # the id of the entity a picker's suggestion names
DRAWN = "data-tire"  # a whole number the page draws at random when the address gives none


def _kind(item) -> str:
    """The attribute that tells calc.js the kind of the data an input lists, if any."""
    kind = getattr(item, "genre", "")
    return f' {KIND}="{escape(kind)}"' if kind else ""


def _shown_if(calc: Calculator, item, defaults: dict) -> str:
    """The attributes of a field's wrapper that let calc.js hide it when its choice does
    not need it; hidden from the start when the default choice does not."""
    rule = calc.shown_when_for(item.name)
    if rule is None:
        return ""
    hidden = " hidden" if defaults.get(rule.choice) not in rule.values else ""
    return f' {SHOWN_IF}="{rule.choice}" {SHOWN_VALUES}="{" ".join(rule.values)}"{hidden}'


def _field(calc: Calculator, item, defaults: dict, names: Mapping) -> str:
    field_id = f"{calc.id}-{item.name}"
    shown_if = _shown_if(calc, item, defaults)
    described = f"{field_id}{HELP} {field_id}{ERROR} {field_id}{CHECKED}"
    label = f'<label for="{field_id}">{escape(item.label)}</label>'
    common = f'id="{field_id}" name="{item.name}" aria-describedby="{described}"'
    if isinstance(item, MultiChoiceInput):
        boxes = "".join(
            f'<label class="srd-box"><input type="checkbox" name="{item.name}" value="{escape(v)}"{" checked" if v in item.default else ""}>{escape(text)}</label>'
            for v, text in item.choices
        )
        return (
            f'<fieldset class="srd-field srd-boxes" id="{field_id}" aria-describedby="{described}"{shown_if}{_kind(item)}><legend>{escape(item.label)}</legend>{boxes}'
            f'<small id="{field_id}{HELP}">{escape(item.help)}</small>{_messages(field_id)}</fieldset>'
        )
    if isinstance(item, BoolInput):
        options = "".join(
            f'<option value="{item.to_text(v)}"{" selected" if v == item.default else ""}>{escape(text)}</option>'
            for v, text in zip((False, True), item.labels, strict=True)
        )
        control = f"<select {common}>{options}</select>"
    elif isinstance(item, ChoiceInput):
        options = "".join(
            f'<option value="{escape(v)}"{" selected" if v == item.default else ""}>{escape(text)}</option>'
            for v, text in item.choices
        )
        control = f"<select {common}{_kind(item)}>{options}</select>"
    elif isinstance(item, IntInput):
        # type=text keeps what the reader typed, so the engine can say what is wrong with it;
        # the steppers (and the arrow keys) change it by one within its bounds.
        field = (
            f'<input type="text" inputmode="numeric" autocomplete="off" {common} '
            f'value="{item.default}" data-min="{item.minimum}" data-max="{item.maximum}"'
            f"{f' {DRAWN}' if item.drawn else ''}>"
        )
        control = f'<span class="srd-stepper">{_step(item, -1)}{field}{_step(item, 1)}</span>'
    elif isinstance(item, DecimalInput):
        control = f'<input type="text" inputmode="decimal" autocomplete="off" {common} value="{escape(item.to_text(item.default))}">'
    elif isinstance(item, TextInput) and item.max_length >= 300:
        # Lists of names and logs are long: a text area shows them whole, even on a phone.
        control = (
            f'<textarea rows="2" autocomplete="off" {common}>{escape(item.default)}</textarea>'
        )
    elif isinstance(item, (IntListInput, TextInput)):
        control = f'<input type="text" autocomplete="off" {common} value="{escape(item.to_text(item.default))}">'
    else:
        raise TypeError(f"type de champ inconnu : {item!r}")
    if getattr(item, "suggestions", ()):
        control += _picker(field_id, item, names.get(getattr(item, "genre", ""), {}))
    return (
        f'<div class="srd-field"{shown_if}>{label}{control}'
        f'<small id="{field_id}{HELP}">{escape(_help(item))}</small>'
        f"{_messages(field_id)}</div>"
    )


def _help(item) -> str:
    """A field's help text, and a number's bounds as a sentence of their own: « Bonus
    extérieurs. De −10 à 10. », never « extérieurs. (−10 à 10) »."""
    if not isinstance(item, (IntInput, DecimalInput)):
        return item.help
    bounds = f"De {item.to_text(item.minimum)} à {item.to_text(item.maximum)}.".replace("-", "−")
    text = item.help.rstrip()
    if not text:
        return bounds
    return f"{text}{'' if text.endswith(SENTENCE_ENDS) else '.'} {bounds}"


def _messages(field_id: str) -> str:
    """Where calc.js writes what is wrong with a field: the engine's refusal, and what the
    result's checks say of it. Not live regions: calc.js announces them once, with the
    field's name, in ANNOUNCE."""
    return (
        f'<span class="srd-error" id="{field_id}{ERROR}"></span>'
        f'<span class="srd-error srd-verification" id="{field_id}{CHECKED}"></span>'
    )


def _step(item: IntInput, step: int) -> str:
    # Out of the tab order: the arrow keys do the same in the field.
    sign, words = ("+", "un de plus") if step > 0 else ("−", "un de moins")
    return (
        f'<button type="button" class="{STEP}" data-pas="{step}" tabindex="-1" '
        f'aria-label="{escape(item.label)} : {words}">{sign}</button>'
    )


def _picker(field_id: str, item: TextInput, known: Mapping[str, str]) -> str:
    """A search box over the suggestions (the browser filters them as the reader types);
    no name: it is not a value of the calculator, calc.js adds its choice to the field.
    `known`: id -> name of the entities of the kind it lists, if any: each suggestion says
    the one the engine reads it as (ENTITY), for calc.js to put an amendment in its place."""
    names = Names(known)

    def entity(text: str) -> str:
        found = names.find(text)
        return f' {ENTITY}="{escape(found)}"' if found else ""

    options = "".join(
        f'<option value="{escape(text)}"{entity(text)}>{escape(about)}</option>'
        for text, about in item.suggestions
    )
    return (
        f'<input type="search" class="{ADD}" data-champ="{item.name}" list="{field_id}-liste" '
        f'autocomplete="off" placeholder="Ajouter : tapez pour chercher…" '
        f'aria-label="Ajouter à « {escape(item.label)} »"><datalist id="{field_id}-liste"{_kind(item)}>{options}</datalist>'
    )


def _shown_from(action: Action, defaults: dict) -> str:
    """The attributes of a button needed only from some value of a field on; hidden from
    the start when the field's default is below it."""
    if action.shown_from is None:
        return ""
    field, least = action.shown_from
    if not isinstance(defaults.get(field), int):
        raise TypeError(f"bouton « {action.label} » : « {field} » n'est pas un champ entier")
    hidden = " hidden" if defaults[field] < least else ""
    return f' {SHOWN_FROM_FIELD}="{field}" {SHOWN_FROM}="{least}"{hidden}'


def _fields(calc: Calculator, inputs: tuple, defaults: dict, names: Mapping) -> str:
    """The fields, each section of a long form in a `<details>` the reader can fold."""
    starts = {section.first: section.title for section in calc.sections}
    html, opened = "", False
    for item in inputs:
        if item.name in starts:
            html += "</details>" if opened else ""
            html += (
                f'<details class="{SECTION}" open><summary>{escape(starts[item.name])}</summary>'
            )
            opened = True
        html += _field(calc, item, defaults, names)
    return html + ("</details>" if opened else "")


def calculator_html(
    calc: Calculator, default_result: str, rules: object = None, names: Mapping | None = None
) -> str:
    """The calculator's form around its `default_result`; `names`: {kind: {id: name}} of
    the system's entities, for the pickers of a kind (ENTITY)."""
    inputs = calc.inputs_for(rules)
    defaults = {item.name: item.default for item in inputs}
    fields = _fields(calc, inputs, defaults, names or {})
    buttons = "".join(
        f'<button type="button" class="md-button {ACTION}" data-champ="{action.field}" '
        + ('data-retire="1"' if action.removes else f'data-ajoute="{escape(action.token)}"')
        + f"{_shown_from(action, defaults)}>{escape(action.label)}</button>"
        for action in calc.actions_for(rules)
    )
    if buttons:
        fields = (
            f'<div class="srd-actions" role="group" aria-label="Actions">{buttons}</div>' + fields
        )
    return (
        f'<div class="{ROOT}" data-system="{calc.system}" data-calc="{calc.id}">'
        f'<form class="{FORM}" method="get" novalidate>{fields}'
        f'</form><noscript><p class="srd-text srd-avertissement">Sans JavaScript, la page ne peut pas recalculer : '
        f"le résultat ci-dessous est celui des valeurs par défaut.</p></noscript>"
        f'<p class="{STATUS}">Résultat pour les valeurs par défaut, calculé à la construction du site.</p>'
        f'<p class="{ANNOUNCE} srd-lecteur-ecran" aria-live="polite" aria-atomic="true"></p>'
        # The link before the result: on a wide screen the result follows the reader down
        # and would cover anything placed after it.
        f'<p class="srd-calc-share"><a class="{LINK}" href="?">Lien vers ce résultat</a></p>'
        f'<div class="{BAR}"><a class="{SUMMARY}" href="#{calc.id}-resultat"></a></div>'
        f'<div class="{RESULT}" id="{calc.id}-resultat">{default_result}</div>'
        f"</div>"
    )
