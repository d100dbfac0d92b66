"""The character calculators answer today what they answered when the corpus was drawn
(issue 24): every sheet, planner and creation reply, byte for byte, on some two hundred
queries each (the tests' queries, the books' example characters among them, then seeded
random valid and invalid ones). The corpus and its answers' hashes are in
tests/characters.json, written by scripts/character_corpus.py."""

from __future__ import annotations

import hashlib
import json
from functools import cache

import pytest
from conftest import ROOT

from generator.engine import api, registry

FIXTURE = ROOT / "tests" / "characters.json"


@cache
def corpus() -> dict[str, list]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))["reponses"]


@pytest.mark.parametrize("key", sorted(corpus()))
def test_every_answer_of_the_corpus_is_unchanged(key, rules):
    system, calc_id = key.split("/")
    calc = registry.get(system, calc_id)
    assert len(corpus()[key]) >= 200
    changed = []
    for query, expected in corpus()[key]:
        reply = api.reply(calc, query, rules[system])
        if hashlib.sha256(reply.encode("utf-8")).hexdigest() != expected:
            changed.append((query, reply[:300]))
    assert not changed, f"{len(changed)} réponses changées, dont : {changed[:3]}"
