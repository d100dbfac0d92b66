"""Talon data: counts, the calculators built from it, nothing private published."""

import pytest
from helpers import repo_rules

from generator.engine import registry
from generator.pipeline.build import check
from generator.systems.talon import health as talon_health


@pytest.fixture(scope="module")
def system(root):
    corpus, _ = check(root)
    return corpus.systems["talon"]


def test_counts(system):
    counts = {kind: len(entities) for kind, entities in system.entities.items()}
    assert counts == {
        "action": 13,
        "arcane": 22,
        "archetype": 4,
        "arme": 7,
        "armure": 3,
        "atout": 28,
        "attribut": 20,
        "categorie-pnj": 3,
        "competence": 30,
        "enseigne": 4,
        "honneur": 13,
        "piste": 3,
        "qualite-pnj": 5,
        "table": 7,
        "technique": 10,
    }
    assert len(system.chapters) == 10


def test_the_pack_is_built_from_the_deck_entities(system):
    assert sorted(e.data["valeur"] for e in system.entities["honneur"]) == list(range(1, 14))
    numbers = [e.data["numero"] for e in system.entities["arcane"]]
    assert sorted(n for n in numbers if n) == list(range(1, 22)) and numbers.count(None) == 1
    pack = repo_rules()["talon"].pack
    assert len(pack.lames) == 52 + 21 + 1
    assert [s.symbol for s in pack.suits] == [
        e.data["symbole"] for e in system.entities["enseigne"]
    ]


def test_the_calculators_show_the_data_names_and_modifiers(system):
    rules = repo_rules()["talon"]
    creation = registry.get("talon", "creation").run({}, rules).blocks
    shown = [row[0] for row in creation[-1].rows]
    assert shown == [e.data["nom"] for e in system.entities["competence"]]
    # Ideal (+7) and a Bons NPC the character reacts to (passive −5), from the tables.
    test = registry.get("talon", "test").run(
        {"valeur": "9", "contexte": "ideal", "pnj": "bons-passif", "malus_sante": "0"}, rules
    )
    assert test.blocks[0].items[0].value == "+11"


def test_each_track_gives_its_free_levels_from_the_data(system):
    rules = repo_rules()["talon"]
    for entity in system.entities["piste"]:
        levels = entity.data["niveaux"]
        best = max(level["niveau_gratuit_des"] for level in levels)
        track = talon_health.Track(rules.tracks[entity.id], best)
        assert track.capacity == tuple(level["nombre"] + 1 for level in levels)
        below = talon_health.Track(rules.tracks[entity.id], levels[0]["niveau_gratuit_des"] - 1)
        assert below.capacity == tuple(level["nombre"] for level in levels)


def test_fil_rouge_requires_elargir(system):
    assert system.entity("atout", "fil-rouge").data["prerequis"] == [
        "elargir-l-horizon-des-possibles"
    ]
