"""Divin (6)thème data: counts of the guide §4.1, agreement with the engine's tables."""

from collections import Counter

import pytest

from generator.pipeline.build import check


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


def test_every_weapon_category_has_its_price_row(rules):
    divin = rules["divin6"]
    for cid, category in divin.weapon_categories.items():
        row = divin.equipment[category.price_row]
        assert (row.kind, row.category) == ("arme", cid)
        assert category.cited, cid  # the sheet recognises the weapons the text names
    assert [c.mastery for c in divin.weapon_categories.values()] == [0, 1, 2]


def test_without_metier_des_armes_a_heavy_weapon_drops_two_categories(system):
    """l. 339–341: without the atout every weapon is light, so a heavy one loses two
    categories; « une catégorie inférieure » said one."""
    for kind, ident in (("atout", "metier-des-armes"), ("categorie-arme", "lourde")):
        entity = next(e for e in system.entities[kind] if e.id == ident)
        assert "catégorie inférieure" not in entity.data["description"], ident
    chapter = next(c for c in system.chapters if c.id == "equipement")
    notes = " ".join(str(n) for n in chapter.meta["notes_editoriales"])
    assert "catégorie inférieure" not in notes and "deux catégories" in notes


def test_arquefeu_damage_links_to_the_calculator_of_exploding_dice(system):
    """l. 350–355: exploding on 6, on 5+ with high-explosive rounds; the page links the
    damage calculator set so, never a plain-sum dice button."""
    for ident, dice in (("pistolet-d-arquefeu", 2), ("fusil-d-arquefeu", 3)):
        text = next(e for e in system.entities["equipement"] if e.id == ident).data["description"]
        assert "{@des" not in text, ident
        for threshold in (6, 5):
            assert f"{{@calcul degats?des={dice}&explosion={threshold}|" in text, ident
