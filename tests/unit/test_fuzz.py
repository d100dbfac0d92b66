"""Every calculator, fed hostile and random values through the worker's entry point:
always a JSON reply with French messages, never an exception, never a long computation."""

from __future__ import annotations

import json
import random
import time

import pytest

from generator.engine import api, registry
from generator.engine.inputs import (
    BoolInput,
    ChoiceInput,
    DecimalInput,
    IntInput,
    IntListInput,
    MultiChoiceInput,
)

HOSTILE = [
    "",
    " ",
    "²",
    "①",
    "１２",
    "9" * 5000,
    "1e5000",
    "0e999999999",
    "1" + "0" * 400 + ".5",
    "NaN",
    "inf",
    "+-1",
    "--1",
    "-4",
    "vigilance --1",
    "vigilance -3",
    "vigilance -1, athletisme 99",
    "1/0",
    ",,,;;",
    "\x00\x07",
    "<script>alert(1)</script>",
    "x" * 5000,
    "oui,non,peut-être",
    "a" * 40 + " (" * 50,
]
SEED = 20261123
# Seconds: a computation this long is stuck, not slow. How fast the worst ones are
# is measured by `make bench` (scripts/worst_cases.py), on a quiet machine.
SLOW = 30.0


def _random_value(item, rng: random.Random) -> str:
    if isinstance(item, BoolInput):
        return rng.choice(["oui", "non"])
    if isinstance(item, (ChoiceInput, MultiChoiceInput)):
        values = [v for v, _ in item.choices]
        if isinstance(item, ChoiceInput):
            return rng.choice(values)
        return ",".join(rng.sample(values, rng.randint(0, min(4, len(values)))))
    if isinstance(item, IntInput):
        return str(rng.randint(item.minimum - 2, item.maximum + 2))
    if isinstance(item, DecimalInput):
        return f"{rng.uniform(float(item.minimum) - 1, float(item.maximum) + 1):.2f}".replace(
            ".", ","
        )
    if isinstance(item, IntListInput):
        count = rng.randint(0, item.max_items + 1)
        return ", ".join(str(rng.randint(item.minimum - 1, item.maximum + 1)) for _ in range(count))
    return rng.choice(["", item.to_text(item.default), "a, b (c), d 2", "t t t a"])


def _check(calc, query: dict, rules: dict) -> None:
    start = time.perf_counter()
    reply = json.loads(api.reply(calc, query, rules.get(calc.system)))
    elapsed = time.perf_counter() - start
    assert elapsed < SLOW, (calc.id, query, elapsed)
    assert isinstance(reply["ok"], bool), (calc.id, query)
    assert "Erreur interne" not in reply.get("message", ""), (calc.id, query, reply)
    if not reply["ok"]:
        assert reply["errors"] or reply.get("message"), (calc.id, query)
        fields = {i.name for i in calc.inputs_for(rules.get(calc.system))}
        assert set(reply["errors"]) <= fields, (calc.id, reply)


CALCULATORS = registry.all_calculators()


@pytest.mark.parametrize("calc", CALCULATORS, ids=[f"{c.system}/{c.id}" for c in CALCULATORS])
def test_hostile_values_in_each_field(calc, rules):
    for item in calc.inputs_for(rules.get(calc.system)):
        for value in HOSTILE:
            _check(calc, {item.name: value}, rules)


@pytest.mark.parametrize("calc", CALCULATORS, ids=[f"{c.system}/{c.id}" for c in CALCULATORS])
def test_random_queries(calc, rules):
    rng = random.Random(f"{SEED}/{calc.system}/{calc.id}")
    for _ in range(40):
        inputs = calc.inputs_for(rules.get(calc.system))
        query = {item.name: _random_value(item, rng) for item in inputs if rng.random() < 0.7}
        _check(calc, query, rules)


@pytest.mark.parametrize(
    "args",
    [
        ("divin6", "jet", "pas du json"),
        ("divin6", "jet", "[1, 2]"),
        ("divin6", "jet", "null"),
        ("divin6", "inconnu", "{}"),
        ("inconnu", "jet", "{}"),
    ],
)
def test_a_broken_request_still_gets_a_french_reply(args):
    reply = json.loads(api.run_json(*args))
    assert reply["ok"] is False and reply["message"]
