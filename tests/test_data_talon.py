"""Talon data: counts, agreement with the engine's tables, nothing private published."""

import pytest

from generator.build import check
from generator.systems.talon import calculators as talon
from generator.systems.talon import deck as talon_deck
from generator.systems.talon import health as talon_health
from generator.systems.talon import sheet as talon_sheet


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
        "table": 2,
        "technique": 10,
    }
    assert len(system.chapters) == 10


def test_the_deck_matches_the_engine(system):
    assert sorted(e.data["valeur"] for e in system.entities["honneur"]) == list(range(1, 14))
    numbers = [e.data["numero"] for e in system.entities["arcane"]]
    assert sorted(n for n in numbers if n) == list(talon_deck.ARCANA) and numbers.count(None) == 1
    assert {e.id for e in system.entities["enseigne"]} == set(talon_deck.SUITS)
    assert {e.id: e.data["symbole"] for e in system.entities["enseigne"]} == talon_deck.SUIT_SYMBOLS


def test_attribute_and_skill_lists_match_the_engine(system):
    assert {
        e.id: tuple(e.data["competences"]) for e in system.entities["attribut"]
    } == talon_sheet.ATTRIBUTES
    assert {
        e.id: (e.data["enseigne"], tuple(e.data["attributs"]))
        for e in system.entities["competence"]
    } == talon_sheet.SKILLS


def test_archetypes_npcs_and_context_match_the_engine(system):
    assert {e.id: e.data["enseigne"] for e in system.entities["archetype"]} == {
        k: v[1] for k, v in talon.ARCHETYPES.items()
    }
    assert {
        e.id: (e.data["modificateur_actif"], e.data["modificateur_passif"])
        for e in system.entities["qualite-pnj"]
    } == {k: v[1:] for k, v in talon.NPC.items()}
    context = system.entity("table", "modificateurs-de-contexte").data["lignes"]
    assert [int(str(row[1]).replace("+", "").replace("−", "-")) for row in context] == [
        v[1] for v in talon.CONTEXTS.values()
    ]


def test_health_tracks_match_the_engine(system):
    for entity in system.entities["piste"]:
        levels = entity.data["niveaux"]
        assert tuple(level["nombre"] for level in levels) == talon_health.DEFAULT_COUNTS
        assert tuple(level["seuil"] for level in levels) == talon_health.THRESHOLDS
        assert tuple(level["niveau_gratuit_des"] for level in levels) == talon_health.FREE_FROM
        assert tuple(level["nom"] for level in levels) == talon_health.TRACKS[entity.id]["niveaux"]
        assert entity.data["cumul_max"] == talon_health.CUMUL_MAX


def test_fil_rouge_requires_elargir(system):
    assert system.entity("atout", "fil-rouge").data["prerequis"] == [
        "elargir-l-horizon-des-possibles"
    ]


def test_no_personal_address_is_published(site):
    for path in site.rglob("*"):
        if path.suffix in {".html", ".json", ".md", ".txt", ".xml"}:
            text = path.read_text(encoding="utf-8", errors="ignore")
            assert "gmail" not in text and "For your eyes" not in text, path
