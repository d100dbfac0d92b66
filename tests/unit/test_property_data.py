"""Every calculator, fed every name its data offer (robustness): in each field that takes
names, every name and every id alone, then seeded random mixes of several. The engine never
fails with an internal error, and a name the page's picker offers is never refused.

A field takes names when its declaration lists them: the choices of a choice field, the
suggestions of a text field's picker (the same lists engine/form.py writes in the page)."""

from __future__ import annotations

import json
import random
import re
from functools import cache
from html.parser import HTMLParser

import pytest
import yaml
from helpers import ROOT

from generator import systems
from generator.engine import api, form, registry
from generator.engine.names import Names

SEED = 20260518
MIXES = 12  # random mixes of several names per field
MOST = 5  # names in one mix, at most


@cache
def data_kinds(system: str) -> dict[str, dict[str, str]]:
    """{kind: {id: name}} of the system's data (a kind may span several files)."""
    kinds: dict[str, dict[str, str]] = {}
    for path in sorted((ROOT / "data" / system).glob("*.yaml")):
        if path.name == "systeme.yaml":
            continue
        entities = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
        kinds.setdefault(path.name.split(".")[0], {}).update({e["id"]: e["nom"] for e in entities})
    return kinds


@cache
def data_names(system: str) -> dict[str, list[str]]:
    """{name, lowercase: ids of the system's entities of that name} (a name may be shared
    by two kinds: a characteristic and an essence…)."""
    names: dict[str, list[str]] = {}
    for known in data_kinds(system).values():
        for entity, name in known.items():
            names.setdefault(name.lower(), []).append(entity)
    return names


@cache
def name_pattern(system: str) -> re.Pattern:
    names = sorted(data_names(system), key=len, reverse=True)
    return re.compile(r"(?<!\w)(" + "|".join(map(re.escape, names)) + r")(?!\w)", re.IGNORECASE)


def with_ids(text: str, system: str) -> list[str]:
    """`text` with each name of the data it holds written as its id: one version per id
    when a name has several, none when it holds no name."""
    names, pattern = data_names(system), name_pattern(system)
    widest = max((len(names[m.lower()]) for m in pattern.findall(text)), default=0)

    def written(n: int):
        return lambda m: (ids := names[m.group(0).lower()])[min(n, len(ids) - 1)]

    return [pattern.sub(written(n), text) for n in range(widest)]


class Published(HTMLParser):
    """The names a calculator's form lists, by field: the options of a choice, the boxes
    of a multiple choice, the suggestions of a text field's picker (its datalist)."""

    def __init__(self) -> None:
        super().__init__()
        self.choices: dict[str, list[str]] = {}
        self.pickers: dict[str, str] = {}  # datalist id -> field
        self.lists: dict[str, list[str]] = {}
        self._in: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        if tag == "select":
            self._in = self.choices.setdefault(a["name"], [])
        elif tag == "datalist":
            self._in = self.lists.setdefault(a["id"], [])
        elif tag == "option" and self._in is not None:
            self._in.append(a["value"])
        elif tag == "input" and a.get("type") == "checkbox":
            self.choices.setdefault(a["name"], []).append(a["value"])
        elif tag == "input" and a.get("data-champ") and a.get("list"):
            self.pickers[a["list"]] = a["data-champ"]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("select", "datalist"):
            self._in = None


def published(calc, rules: object) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """({choice field: values}, {picker's field: suggestions}), read from the page's form."""
    page = Published()
    page.feed(form.calculator_html(calc, "", rules))
    return page.choices, {field: page.lists[key] for key, field in page.pickers.items()}


def ask(calc, query: dict, rules: object) -> dict:
    """The worker's reply; an internal error fails here, whatever the query."""
    reply = json.loads(api.reply(calc, query, rules))
    assert "Erreur interne" not in reply.get("message", ""), (calc.system, calc.id, query, reply)
    return reply


def refused(reply: dict, field: str) -> str | None:
    """The field's message when the engine could not read a name it was offered. A rule
    the choice breaks (a talent without its required talent) is no such refusal."""
    message = None if reply["ok"] else reply["errors"].get(field)
    return message if message and "inconnu" in message else None


CALCULATORS = registry.all_calculators()


@pytest.mark.parametrize("calc", CALCULATORS, ids=[f"{c.system}/{c.id}" for c in CALCULATORS])
def test_every_name_of_the_data_in_every_field_that_takes_names(calc, rules):
    system_rules = rules.get(calc.system)
    rng = random.Random(f"{SEED}/{calc.system}/{calc.id}")
    choices, pickers = published(calc, system_rules)
    defaults = {item.name: item.to_text(item.default) for item in calc.inputs_for(system_rules)}
    fields = [(field, names, False) for field, names in choices.items()]
    fields += [(field, names, True) for field, names in pickers.items()]
    if not any(len(names) > 1 or picker for _, names, picker in fields):
        pytest.skip("aucun champ qui prenne des noms")
    for field, names, picker in fields:
        joined = ", ".join if picker else ",".join
        for name in names:
            # Each name alone; in a picker's field, also after the field's value, as the
            # picker adds it: a name the picker offers is never refused.
            queries = [name] + (
                [joined([defaults[field], name])] if picker and defaults[field] else []
            )
            for value in queries:
                reply = ask(calc, {field: value}, system_rules)
                if picker:
                    assert refused(reply, field) is None, (calc.id, field, value, reply)
            # Each id of the data the name holds, alone: no internal error.
            for value in with_ids(name, calc.system) if picker else ():
                ask(calc, {field: value}, system_rules)
        # Seeded mixes of several names (in a picker's field, the same with some ids).
        for _ in range(MIXES if len(names) > 1 else 0):
            chosen = rng.sample(names, rng.randint(2, min(MOST, len(names))))
            reply = ask(calc, {field: joined(chosen)}, system_rules)
            if picker:
                assert refused(reply, field) is None, (calc.id, field, chosen, reply)
                mixed = [rng.choice(with_ids(n, calc.system) or [n]) for n in chosen]
                ask(calc, {field: joined(mixed)}, system_rules)


@pytest.mark.parametrize("system", systems.ids())
def test_every_name_of_the_data_round_trips_through_the_shared_resolver(system):
    """The resolver pickers and calculators share (engine/names.py) reads back each name of
    a kind, or its id, in a list of them all, whatever it holds (parentheses, « + »,
    commas), and tells it from parameters in parentheses after it."""
    for kind, known in data_kinds(system).items():
        names = Names(known)
        rng = random.Random(f"{SEED}/{system}/{kind}")
        order = rng.sample(list(known), len(known))
        written = [rng.choice((known[k], known[k].upper(), k)) for k in order]
        params = [rng.choice(("", "(x)", "(a; b)")) for _ in order]
        text = ", ".join(f"{w} {p}".strip() for w, p in zip(written, params, strict=True))
        read = [names.lead(part.strip()) for part in names.split(text)]
        assert [(r[0], r[2]) if r else None for r in read] == list(
            zip(order, params, strict=True)
        ), (system, kind)
