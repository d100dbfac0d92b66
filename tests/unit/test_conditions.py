"""The built-in condition sentence and chain of prerequisites (generator/pipeline/
corpus_conditions.py, its rules in generator/core/conditions.py), read from the schemas alone,
on the project's own data."""

from __future__ import annotations

import pytest
from helpers import ROOT

from generator.core import conditions
from generator.pipeline import corpus_conditions, schemas
from generator.pipeline.cache import load_corpus
from generator.pipeline.errors import Problems


@pytest.fixture(scope="module")
def corpus():
    return load_corpus(ROOT, Problems(ROOT))


@pytest.mark.parametrize(
    ("relation", "feminine", "plural", "word"),
    [
        ("requis", False, False, "requis"),
        ("requis", False, True, "requis"),
        ("requis", True, False, "requise"),
        ("requis", True, True, "requises"),
        ("exclu", False, False, "exclu"),
        ("exclu", False, True, "exclus"),
        ("exclu", True, False, "exclue"),
        ("exclu", True, True, "exclues"),
    ],
)
def test_the_participle_agrees_with_the_kind(relation, feminine, plural, word):
    assert conditions.agreed(relation, feminine, plural) == word


def test_items_are_listed_as_french_writes_them():
    assert conditions.listed(["A"]) == "A"
    assert conditions.listed(["A", "B"]) == "A et B"
    assert conditions.listed(["A", "B", "C"], "ou") == "A, B ou C"


def _sentences(corpus, system_id: str, kind: str) -> dict[str, str]:
    system = corpus.systems[system_id]
    return {
        e.id: corpus_conditions.sentence(system, e, lambda target: target.name)
        for e in system.entities[kind]
    }


def test_a_sentence_names_minimums_then_what_is_required_or_excluded(corpus):
    """Divin's atouts hold every shape: minimums, one atout among several, exclusions."""
    said = _sentences(corpus, "divin6", "atout")
    system = corpus.systems["divin6"]
    atout = schemas.kinds("divin6")["atout"].label.lower()
    for entity in system.entities["atout"]:
        required = entity.data.get("prerequis") or {}
        sentence = said[entity.id]
        for item in required.get("caracteristiques", []):
            name = system.entity("caracteristique", item["caracteristique"]).name
            assert f"{name} {item['min']} ou plus" in sentence, (entity.id, sentence)
        for other in required.get("atouts_exclus", []):
            excluded = system.entity("atout", other).name
            assert f"{atout} exclu : {excluded}".lower() in sentence.lower(), sentence
        among = required.get("atouts_un_parmi", [])
        if len(among) > 2:
            names = [system.entity("atout", a).name for a in among]
            assert f"{', '.join(names[:-1])} ou {names[-1]}" in sentence, sentence
        assert sentence[:1] == sentence[:1].upper()
        parts = sentence.split(" ; ")
        assert len(parts) == len(set(parts)), sentence  # said once


def test_several_entities_of_a_kind_are_one_plural_part(corpus):
    for system in corpus.systems.values():
        for kind_id, kind in schemas.kinds(system.id).items():
            for entity, sentence in _sentences(corpus, system.id, kind_id).items():
                for part in sentence.split(" ; "):
                    assert not part.lower().startswith(f"{kind.label.lower()} requis : ") or (
                        " et " not in part
                    ), (entity, part)


def test_the_chain_is_what_the_prerequisites_give_step_by_step(corpus):
    """SkillCraft's talents each require at most one talent: the chain walks them."""
    system = corpus.systems["skillcraft"]
    longest = 0
    for talent in system.entities["talent"]:
        walked, current = [], talent
        while current is not None:
            walked.insert(0, current.id)
            above = current.data.get("prerequis")
            current = system.entity("talent", above) if above else None
        assert [t.id for t in corpus_conditions.chain(system, talent)] == walked
        longest = max(longest, len(walked))
    assert longest >= 3


def test_a_step_with_several_prerequisites_of_its_kind_ends_the_chain(corpus):
    system = corpus.systems["talon"]
    for atout in system.entities["atout"]:
        chain = corpus_conditions.chain(system, atout)
        assert chain[-1] is atout
        for step, above in zip(chain[1:], chain, strict=False):
            assert step.data.get("prerequis") == [above.id], (atout.id, step.id)
