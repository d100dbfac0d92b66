"""Divin (6)thème data: counts of the guide §4.1, agreement with the engine's tables."""

from collections import Counter
from fractions import Fraction

import pytest

from generator.build import check
from generator.systems.divin6 import sheet


@pytest.fixture(scope="module")
def system(root):
    corpus, _ = check(root)
    return corpus.systems["divin6"]


def ids(system, kind):
    return {e.id: e.data for e in system.entities[kind]}


def test_counts(system):
    counts = {kind: len(entities) for kind, entities in system.entities.items()}
    for kind, expected in {
        "caracteristique": 6,
        "classe": 3,
        "competence": 15,
        "avantage": 3,
        "atout": 95,
        "peuple": 7,
        "trait": 5,
        "equipement": 26,
        "categorie-arme": 3,
        "danger": 4,
        "usage-qualite": 4,
        "train-de-vie": 6,
        "rituel": 2,
        "option": 5,
    }.items():
        assert counts[kind] == expected, kind
    assert Counter(e.data["categorie"] for e in system.entities["atout"]) == {
        "origine": 11,
        "combat": 28,
        "aventure": 28,
        "mystique": 28,
    }


def test_atout_conditions(system):
    atouts = ids(system, "atout")
    assert sum(1 for a in atouts.values() if a["condition"]) == 50  # guide §4.5
    linked = {i for i, a in atouts.items() if a.get("caracteristique_liee")}
    assert linked == {
        "compagnon",
        "affinite-naturelle",
        "affinite-occulte",
        "arme-mystique",
        "armure-mystique",
        "aura-d-intimidation",
        "benediction",
        "conjuration",
        "entraves",
        "forme-animale",
        "frappe-mentale",
        "magie-figee",
        "manipulation-elementaire",
    }
    assert atouts["insomniaque"]["prerequis"]["atouts_exclus"] == ["que-d-un-oeil"]
    assert atouts["que-d-un-oeil"]["prerequis"]["atouts_exclus"] == ["insomniaque"]
    assert set(atouts["conjuration"]["prerequis"]["atouts_un_parmi"]) == {
        "affinite-naturelle",
        "affinite-occulte",
        "illusions",
        "manipulation-elementaire",
        "necromancie",
    }
    assert atouts["poigne-d-acier"]["prerequis"]["caracteristiques"] == [
        {"caracteristique": "force", "min": 4}
    ]
    assert (
        atouts["tir-rapide"]["categorie"] == "combat"
        and atouts["voyageur"]["categorie"] == "aventure"
    )


def test_equipment_matches_the_engine(system):
    gear = ids(system, "equipement")
    for item, (kind, cost, enc, value, _) in sheet.EQUIPMENT.items():
        assert gear[item]["cout_do"] == cost, item
        if kind != "monture":  # a mount's column is a modifier (« +4 »), checked below
            assert Fraction(str(gear[item]["encombrement"])) == enc, item
        if kind == "armure":
            assert gear[item]["armure"] == value
        if kind == "bouclier":
            assert gear[item]["defense"] == value
        if kind == "monture":
            assert gear[item]["modificateur_encombrement"] == value
    for cid, (bonus, dice_count, mastery) in sheet.WEAPONS.items():
        data = ids(system, "categorie-arme")[cid]
        assert (data["bonus_attaque"], data["degats"], data["metier_des_armes"]) == (
            bonus,
            f"{dice_count}D6",
            mastery,
        )
