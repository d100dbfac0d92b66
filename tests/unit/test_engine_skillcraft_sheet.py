"""SkillCraft character sheet: the exact cases of the guide (§3.5 Justinien, level-up
vector, §3.3 worked numbers), through the
registered calculators and the rules built from the repository's data."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest
from helpers import repo_rules

from generator.engine import registry
from generator.engine.results import Checks, Figures, Table, Text


@pytest.fixture(scope="module")
def rules():
    return repo_rules()["skillcraft"]


def run(calc_id: str, query: dict, rules):
    outcome = registry.get("skillcraft", calc_id).run(query, rules)
    assert outcome.ok, outcome.errors
    return outcome.blocks


def figures(blocks) -> dict:
    return {f.label: f.value for b in blocks if isinstance(b, Figures) for f in b.items}


def table(blocks, title: str) -> dict:
    block = next(b for b in blocks if isinstance(b, Table) and b.title.startswith(title))
    return {row[0]: row[1:] for row in block.rows}


def texts(blocks) -> list[str]:
    return [b.text for b in blocks if isinstance(b, (Checks, Text))]


# --- Justinien (guide §3.5), the default inputs -----------------------------------------


def test_justinien_attributes_match_the_book_field_by_field(rules):
    blocks = run("fiche", {}, rules)
    attributes = table(blocks, "Attributs")
    book = {row[0]: row[1:] for row in rules.book_example}
    assert len(book) == 7
    for name, (score, modifier, _stat, _effectif) in book.items():
        assert attributes[name][5] == score, name
        assert attributes[name][6] == f"{modifier:+d}".replace("-", "−"), name
    # Step by step (l. 207–228): point-buy, aspects, species and people, Courroucé.
    assert attributes["Agilité"][:5] == (9, "+5", "+1", "+1", "+0")
    assert attributes["Vigueur"][:5] == (10, "+4", "+0", "+0", "+0")
    assert attributes["Coordination"][:5] == (8, "+1", "+1", "+0", "+0")
    assert attributes["Sensibilité"][:5] == (7, "+1", "+0", "+0", "+0")


def test_justinien_statistics_and_the_books_discrepancy(rules):
    blocks = run("fiche", {}, rules)
    stats = table(blocks, "Statistiques")
    book = {row[3]: row[4] for row in rules.book_example}
    computed = {name: row[4] for name, row in stats.items()}
    # Four statistics agree with the book; Force, Précision, Puissance follow chapter 3.
    for name in ("Apprentissage", "Renom", "Initiative", "Constitution"):
        assert computed[name] == book[name], name
    assert (computed["Force"], computed["Précision"], computed["Puissance"]) == (3, 0, -1)
    assert (book["Force"], book["Précision"], book["Puissance"]) == (8, 5, 4)
    warning = next(t for t in texts(blocks) if t.startswith("Exemple de Justinien"))
    assert "Force 8, Précision 5, Puissance 4" in warning
    assert "Force 3, Précision 0, Puissance −1" in warning


def test_justinien_derived_values(rules):
    blocks = run("fiche", {}, rules)
    assert texts(blocks)[0] == "Fiche conforme aux règles de création et de progression."
    values = figures(blocks)
    assert values["Vitalité maximale"] == 40  # 35 + 5 (Résistance)
    assert values["Énergie maximale"] == 35
    assert values["Esquive"] == 13
    assert values["Initiative"] == "1d10 −1"
    assert values["Points de talents"] == "7 / 8"  # Mêlée 1, Résistance 2, Athl. 1, Acro. 1, FM 2
    assert values["Points de compétence"] == "5 / 5"
    assert values["Rang maximal"] == 2
    assert values["Répartition de l'étape 4"] == "3 / 3"  # Sen −1, Int −2 ; Vig +2, Agi +1
    assert values["Capacité de charge (kg)"] == 70
    assert values["Apnée (rounds)"] == 14
    assert values["Saut en longueur (m)"] == Fraction(48, 10)
    assert values["Saut en hauteur (m)"] == Fraction(18, 10)
    assert values["Tolérance d'intoxication"] == 7
    assert values["Seuil de tolérance à l'alcool"] == 3  # 3,5 rounded down (data decision)
    assert values["Argent"] == 34  # 26 × 4 − 70
    assert values["Formé au maniement de"] == (
        "armes simples, armures légères, boucliers légers, "
        "armes martiales, armures moyennes, boucliers moyens"
    )
    assert values["Dons et handicaps"] == "Féroce"
    notes = {f.label: f.note for b in blocks if isinstance(b, Figures) for f in b.items}
    assert notes["Apnée (rounds)"].startswith("84 s ; sous l'eau 28 rounds")


def test_justinien_skills_and_talent_costs(rules):
    blocks = run("fiche", {}, rules)
    skills = table(blocks, "Compétences")
    assert skills["Mêlée"][3] == "+5"
    assert skills["Acrobaties"][3] == "+4"
    assert skills["Athlétisme"][3] == "+3"
    assert skills["Résistance"][3] == "+3"
    assert skills["Perception"][4] == 9  # passive
    assert skills["Survie"][1:4] == ("—", 0, "−1")
    talents = table(blocks, "Talents")
    assert {name: row[1] for name, row in talents.items()} == {
        "Mêlée": 1,
        "Résistance": 2,
        "Athlétisme": 1,
        "Acrobaties": 1,
        "Formation martiale": 2,
    }


def test_justinien_could_buy_survie_for_his_last_point(rules):
    blocks = run(
        "fiche",
        {"talents": "melee,resistance,athletisme,acrobaties,formation-martiale,survie"},
        rules,
    )
    assert figures(blocks)["Points de talents"] == "8 / 8"
    assert texts(blocks)[0].startswith("Fiche conforme")


# --- level-up vector (guide §3.5) ---------------------------------------------------------


def test_justinien_at_level_1_with_vigueur(rules):
    blocks = run("fiche", {"experience": "100", "progression": "vigueur"}, rules)
    stats = {name: row[4] for name, row in table(blocks, "Statistiques").items()}
    assert stats["Constitution"] == 42
    assert stats["Apprentissage"] == 6  # 5 + max(1, −2 + 2)
    assert stats["Force"] == Fraction(34, 10)
    assert stats["Précision"] == Fraction(1, 4)
    assert stats["Puissance"] == Fraction(-4, 5)
    assert stats["Renom"] == Fraction(-3, 5)
    assert stats["Initiative"] == Fraction(-4, 5)
    used = {name: row[5] for name, row in table(blocks, "Statistiques").items()}
    assert (used["Force"], used["Précision"], used["Puissance"], used["Initiative"]) == (3, 0, 0, 0)
    values = figures(blocks)
    assert values["Points de talents"] == "7 / 12"  # 1 left + 4
    assert values["Points de compétence"] == "5 / 6"  # one more skill point
    assert table(blocks, "Attributs")["Vigueur"][4:] == ("+1", 15, "+2")


def test_justinien_at_level_4_without_attribute_changes(rules):
    blocks = run("fiche", {"experience": "2400"}, rules)
    stats = {name: row[4] for name, row in table(blocks, "Statistiques").items()}
    assert stats["Force"] == Fraction(46, 10)
    assert stats["Précision"] == 1
    assert stats["Puissance"] == Fraction(-1, 5)
    assert stats["Apprentissage"] == 9
    assert stats["Renom"] == Fraction(3, 5)
    assert stats["Initiative"] == Fraction(-1, 5)
    assert stats["Constitution"] == 63
    assert "4 points d'attribut de niveau non attribués" in texts(blocks)[0]


def test_experience_table_gives_the_level(rules):
    assert figures(run("fiche", {"experience": "399"}, rules))["Expérience"] == 399
    blocks = run("fiche", {"experience": "400", "progression": "vigueur, vigueur"}, rules)
    assert next(b for b in blocks if isinstance(b, Figures)).title == "Niveau 2, tiers 0"
    assert (
        "niveau 3 à 1100"
        in {f.label: f.note for b in blocks if isinstance(b, Figures) for f in b.items}[
            "Expérience"
        ]
    )


# --- §3.3 worked numbers ------------------------------------------------------------------


def test_encumbrance_example_vigueur_12_carrying_90_kg(rules):
    # Vigueur 12 at the end: 10 after the point-buy minus the free +1 on Vigueur, and Meilleur…
    query = {"vigueur": "8", "masse_portee": "90", "points_de_mouvement": "6"}
    blocks = run("fiche", query, rules)
    assert table(blocks, "Attributs")["Vigueur"][5] == 12
    values = figures(blocks)
    assert values["Capacité de charge (kg)"] == 60
    assert values["Points de mouvement"] == 3


def test_size_scales_the_carrying_capacity(rules):
    assert figures(run("fiche", {"taille": "Petite"}, rules))["Capacité de charge (kg)"] == 35
    assert figures(run("fiche", {"taille": "Grande"}, rules))["Capacité de charge (kg)"] == 140


def test_talent_bonuses_reach_the_sheet(rules):
    talents = "melee,resistance,athletisme,acrobaties,formation-martiale,discipline,vigilance"
    blocks = run("fiche", {"talents": talents}, rules)
    values = figures(blocks)
    assert values["Énergie maximale"] == 40  # +5 Discipline
    assert values["Initiative"] == "1d10 +0"  # −1 + 1 Vigilance
    assert "Talents : 11 points dépensés pour 8 disponibles" in texts(blocks)[0]


def test_vision_aiguisee_adds_to_passive_perception(rules):
    blocks = run("fiche", {"caractere": "attentif"}, rules)
    assert table(blocks, "Compétences")["Perception"][4] == 14  # 10 − 1 (Sensibilité 9) + 5


# --- the checks: lines of the result, or errors at the field when impossible --------------


def test_failed_checks_are_lines_naming_the_control(rules):
    query = {
        "agilite": "12",
        "talents": "formation-martiale",
        "rangs": "melee 3",
        "facultatif_2": "intellect",
        "depenses": "200",
    }
    text = texts(run("fiche", query, rules))[0]
    assert text.startswith("À vérifier")
    assert "Répartition : Agilité hors de 6 à 11" in text
    assert "Formation martiale demande Mêlée" in text
    assert "Compétence de la caste : le talent Mêlée doit être acquis" in text
    assert "Rangs de compétences : Mêlée au rang 3, au-delà du rang 2" in text
    assert "Second attribut facultatif (+1) : Intellect" in text
    assert "Argent dépensé : 200 dépensés pour 104" in text
    # Each line points at its control: a link to the field, named by its label.
    blocks = run("fiche", query, rules)
    fields = {field for field, _ in blocks[0].failed}
    assert {"agilite", "talents", "competence_caste", "rangs", "facultatif_2"} <= fields
    assert "depenses" in fields
    html = registry.get("skillcraft", "fiche").html(blocks, rules)
    assert (
        '<a href="#fiche-depenses" data-champ="depenses">Argent dépensé</a>\u00a0: 200 dépensés'
        in html
    )


def test_impossible_inputs_are_errors_at_their_field(rules):
    calc = registry.get("skillcraft", "fiche")
    assert "meilleur" in calc.run({"meilleur": "intellect"}, rules).errors
    assert "pire" in calc.run({"pire": "presence"}, rules).errors
    assert "rangs" in calc.run({"rangs": "escrime 2"}, rules).errors
    assert "rangs" in calc.run({"rangs": "melee 20"}, rules).errors
    assert "rangs" in calc.run({"rangs": "melee 1, mêlée 2"}, rules).errors
    assert "progression" in calc.run({"progression": "force"}, rules).errors


def test_skill_names_are_read_with_or_without_accents(rules):
    a = run("fiche", {"rangs": "Mêlée 2, ACROBATIES 1, athletisme: 1, résistance=1"}, rules)
    assert table(a, "Compétences") == table(run("fiche", {}, rules), "Compétences")


def test_untrained_ranks_cost_two_points(rules):
    blocks = run("fiche", {"rangs": "perception 2, melee 1"}, rules)
    assert figures(blocks)["Points de compétence"] == "5 / 5"


def test_heaviest_sheet_is_computed(rules):
    """How fast is measured by `make bench`; here, 30 s would mean stuck."""
    query = {
        "experience": "999999",
        "progression": ", ".join(["vigueur", "agilite"] * 10),
        "talents": ",".join(rules.talents_by_tier),
        "tiers": "3",
    }
    start = time.perf_counter()
    blocks = run("fiche", query, rules)
    assert blocks and time.perf_counter() - start < 30


def test_talentueux_frees_the_costliest_tier_0_talents(rules):
    query = {"dons": "talentueux", "handicaps": "abruti"}
    blocks = run("fiche", query, rules)
    # Two skill talents for free: Résistance (2) and one of the 1-point aspect talents.
    assert figures(blocks)["Points de talents"] == "4 / 8"
    assert "Talents : 4 points dépensés ; la création en demande au moins 7" in texts(blocks)[0]
    query["talents"] = "melee,resistance,athletisme,acrobaties,formation-martiale,compagnon-animal"
    costs = table(run("fiche", query, rules), "Talents")
    assert costs["Compagnon animal"][1] == 5  # tier 3: never free


def test_resilient_adds_one_to_the_chosen_attribute(rules):
    query = {"dons": "resilient", "handicaps": "abruti", "attribut_don": "intellect"}
    blocks = run("fiche", query, rules)
    assert table(blocks, "Attributs")["Intellect"][3:6] == ("+1", "+0", 7)
    assert texts(blocks)[0].startswith("Fiche conforme")
    text = texts(run("fiche", {"dons": "resilient"}, rules))[0]
    assert "Dons : 1 don en plus de celui du caractère pour 0 handicap" in text
    text = texts(run("fiche", {"dons": "maniement-inne", "handicaps": "abruti"}, rules))[0]
    assert "Attribut d'un don (Résilient, Maniement inné) : Maniement inné donne +1" not in text
    text = texts(
        run(
            "fiche",
            {"dons": "maniement-inne", "handicaps": "abruti", "attribut_don": "vigueur"},
            rules,
        )
    )[0]
    assert "Maniement inné donne +1 à Agilité ou Coordination" in text


def test_talents_are_picked_by_name_and_old_links_by_id_still_work(rules):
    by_name = figures(run("fiche", {}, rules))
    by_id = figures(
        run(
            "fiche", {"talents": "melee,resistance,athletisme,acrobaties,formation-martiale"}, rules
        )
    )
    assert by_name == by_id
    errors = registry.get("skillcraft", "fiche").run({"talents": "Mélée, Resistanse"}, rules).errors
    assert errors["talents"] == (
        "Talent inconnu : « Resistanse ». Vouliez-vous dire « Résistance » ?"
    )


def test_best_and_worst_attribute_must_differ(rules):
    """l. 212: the Pire is another attribute than the Meilleur, even when two aspects
    share a required attribute (Farouche and Gymnaste both require Agilité)."""
    blocks = run("fiche", {"meilleur": "agilite", "pire": "agilite"}, rules)
    text = texts(blocks)[0]
    assert text.startswith("À vérifier")
    assert "Agilité ne peut être à la fois Meilleur et Pire{@source 212}" in text
    assert "pire" in {field for field, _ in blocks[0].failed}


def test_talent_points_overspent_are_written_with_the_minus_sign(rules):
    blocks = run(
        "fiche",
        {
            "talents": "melee,resistance,athletisme,acrobaties,formation-martiale,survie,vigilance,perception"
        },
        rules,
    )
    points = next(
        f
        for b in blocks
        if isinstance(b, Figures)
        for f in b.items
        if f.label == "Points de talents"
    )
    assert points.note.startswith("−4 à dépenser"), points.note


def test_orientation_trains_simple_weapons_only_on_the_sheet(rules):
    """Decision noted on the talent (l. 1268 against l. 2172): Orientation trains simple
    weapons only, as the equipment chapter and category say."""
    query = {"talents": "melee,resistance,athletisme,acrobaties,orientation"}
    trained = figures(run("fiche", query, rules))["Formé au maniement de"]
    assert "armes simples à distance" in trained and "armes simples de finesse" in trained
    assert "armes à portée" not in trained and "armes de finesse," not in trained


def test_aspect_rebate_is_a_creation_rebate_on_the_sheet():
    """talents.md: the aspect rebate applies to purchases made at creation (l. 253)."""
    calc = registry.get("skillcraft", "fiche")
    rebate = next(a for a in calc.assumptions if a.startswith("Rabais des aspects"))
    assert "à la création seulement{@source 253}" in rebate
    assert "quel que soit le niveau" not in rebate
