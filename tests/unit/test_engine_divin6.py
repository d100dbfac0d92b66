"""Divin (6)thème engine: every exact value of the guide's §6 worked cases."""

from fractions import Fraction

import pytest

from generator.core import urls
from generator.engine import registry
from generator.engine.results import Table
from generator.systems.divin6 import dice
from generator.systems.divin6.calculators import level_and_free


@pytest.mark.parametrize(
    "n, mod, dd, expected",
    [
        (3, 4, 15, Fraction(1, 2)),
        (3, 0, 10, Fraction(5, 8)),
        (3, 0, 15, Fraction(5, 54)),
        (2, 1, 10, Fraction(5, 18)),
        (4, 2, 20, Fraction(103, 648)),
        (3, 7, 20, Fraction(7, 27)),
    ],
)
def test_case_1_action_rolls(n, mod, dd, expected):
    assert dice.success(n, mod, dd) == expected


def test_zero_dice_leaves_the_modifier_alone():
    assert dice.success(0, 12, 12) == 1 and dice.success(0, 11, 12) == 0


def test_case_2_achille_attack_against_a_pnj():
    law = dice.margins((3, 7), (3, 4))
    assert dice.opposed((3, 7), (3, 4), "pj-attaque")["touche"] == Fraction(9263, 11664)
    assert dice.opposed((3, 7), (3, 4), "pnj-attaque")["touche"] == Fraction(11207, 15552)
    assert dice.opposed((3, 7), (3, 4), "pj-pj")["touche"] == Fraction(4803, 6175)
    assert law[0] == Fraction(3431, 46656)
    assert dice.critical_tiers(law, False) == {
        6: Fraction(4345, 15552),
        9: Fraction(4501, 46656),
        12: Fraction(17, 864),
    }
    # Science du critique: a critical hit's margin +3, so tier 9 from a margin of 6.
    assert dice.critical_tiers(law, True)[9] == Fraction(4345, 15552)


def test_case_3_destin_reroll():
    assert dice.success_with_reroll(3, 4, 15) == Fraction(947, 1296)
    assert dice.success_with_reroll(3, 0, 15) == Fraction(25, 108)


def damage_at_least(n, threshold, value):
    law, tail, mean = dice.damage(n, threshold, 0, 0)
    return sum((p for v, p in law.items() if v >= value), Fraction(0)) + tail, mean


def test_case_4_exploding_damage():
    assert damage_at_least(2, 6, 13) == (Fraction(1, 6), Fraction(42, 5))
    assert damage_at_least(2, 5, 13) == (Fraction(127, 432), Fraction(21, 2))
    assert damage_at_least(4, 6, 20)[0] == Fraction(6701, 23328)
    assert damage_at_least(2, None, 13)[0] == 0


def test_case_6_progression():
    assert [level_and_free(x, False) for x in (0, 99, 100, 450, 500, 549, 550, 1500, 2000)] == [
        (1, 0),
        (1, 0),
        (2, 0),
        (5, 0),
        (6, 0),
        (6, 0),
        (6, 1),
        (6, 20),
        (6, 20),
    ]
    assert [level_and_free(x, True) for x in (199, 200, 400, 500, 600, 650, 1500)] == [
        (4, 0),
        (5, 0),
        (6, 0),
        (6, 1),
        (6, 2),
        (6, 3),
        (6, 20),
    ]


def test_case_7_encumbrance(rules):
    calc = registry.get("divin6", "encombrement")
    figures = (
        calc.run(
            {
                "force": "1",
                "constitution": "0",
                "survie": "1",
                "charge_combat": "6,5",
                "charge_voyage": "1",
                "charge_autre": "0",
            },
            rules["divin6"],
        )
        .blocks[0]
        .items
    )
    assert (figures[0].value, figures[1].value, figures[3].value) == (5, Fraction(15, 2), "−2")
    achille = (
        calc.run({}, rules["divin6"]).blocks[0].items
    )  # 8 of capacity, 8.5 carried: no malus (l.382)
    assert (achille[0].value, achille[1].value, achille[3].value) == (8, Fraction(17, 2), "0")


def test_case_8_damage_after_armour():
    law, tail, mean = dice.damage(2, None, 5, 4)
    assert mean == 8 and tail == 0
    assert sum(p for v, p in law.items() if v >= 6) == Fraction(5, 6)


def test_case_10_prendre():
    assert dice.take(4, 0, 10) == 14 and dice.take(2, 0, 10) == 6 and dice.take(1, 0, 15) == 7
    assert dice.take(3, 4, 10) == 14  # Achille, Vigilance


def test_case_11_assommer():
    assert dice.success(3, 2, 17) == Fraction(5, 54)
    assert dice.success(3, 2, 20) == Fraction(1, 216)


def test_calculators_report_bad_input(rules):
    roll = registry.get("divin6", "jet")
    assert "entre 1 et 60" in roll.run({"difficulte": "0"}).errors["difficulte"]
    assert (
        registry.get("divin6", "encombrement")
        .run({"charge_autre": "beaucoup"}, rules["divin6"])
        .errors["charge_autre"]
        == "« beaucoup » n'est pas un nombre."
    )


@pytest.fixture(scope="module")
def sheet_run(rules):
    calc = registry.get("divin6", "feuille")
    return lambda query: calc.run(query, rules["divin6"])


def sheet_values(blocks):
    figures = {f.label: f.value for f in blocks[1].items}
    rows = {row[0]: row for block in blocks[2:] if isinstance(block, Table) for row in block.rows}
    return blocks[0].text, figures, rows


def test_case_5_achille_sheet(sheet_run):
    text, figures, rows = sheet_values(sheet_run({}).blocks)
    assert text == "Fiche conforme aux règles de création."
    assert (
        figures["Points de vie"],
        figures["Points d'énergie"],
        figures["Mouvement"],
        figures["Initiative"],
    ) == (14, 8, 7, 1)
    assert (
        figures["Encombrement"],
        figures["Rangs de langues"],
        figures["Points de Destin"],
        figures["Équipement"],
    ) == ("8,5 / 8", 2, 7, "9 DO")
    assert (
        rows["Athlétisme"][3] == "3D6+5"
        and rows["Vigilance"][3] == "3D6+4"
        and rows["Acrobatie"][3] == "3D6+3"
        and rows["Conduite"][3] == "2D6+3"
    )
    assert rows["Attaque : épée longue"][1:] == ("3D6+7", "dégâts 2D6+5")
    assert (
        rows["Défense au contact"][1] == "3D6+6"
        and rows["Défense à distance"][1] == "3D6+4"
        and rows["Protection"][1] == "4"
    )


def test_sheet_reads_gear_from_the_price_tables(sheet_run):
    """Named weapons cost their category's price; ranged ones use Dextérité; heavy gear
    without Métier des armes is used as the category below (weapons) or weighs double
    (armour); a mount adds to the score."""
    query = {"atouts": "metier des armes, expertise du combat", "classes": "combattant"}
    query["equipement"] = "arc, espadon, pavois, monture d'expert"
    _, figures, rows = sheet_values(sheet_run(query).blocks)
    assert figures["Équipement"] == "14 DO"  # 2 + 3 + 3 + 6
    assert rows["Attaque : arc"][1:] == ("3D6+4", "dégâts 2D6+1")  # Dex 1 + 2 degrés + 1
    assert rows["Attaque : espadon"][1:] == ("3D6+6", "dégâts 2D6+3")  # used as intermediate
    assert figures["Encombrement"] == "9 / 16"  # 1 + 2 + pavois 3 doubled ; 8 + mount 8


def test_a_name_the_data_do_not_know_is_reported_at_its_field_with_a_suggestion(sheet_run):
    errors = sheet_run({"atouts": "metier des armes, attaque en finese"}).errors
    assert errors == {
        "atouts": "Atout inconnu : « attaque en finese ». Vouliez-vous dire « Attaque en finesse » ?"
    }
    assert (
        "« Cotte de mailles »" in sheet_run({"equipement": "cote de maille"}).errors["equipement"]
    )
    assert "« mystique »" in sheet_run({"classes": "mistique"}).errors["classes"].lower()


def test_the_sheet_offers_pickers_drawn_from_the_data(rules):
    calc = registry.get("divin6", "feuille")
    fields = {item.name: item for item in calc.inputs_for(rules["divin6"])}
    atouts = dict(fields["atouts"].suggestions)
    assert atouts["Tir rapide"].startswith("combat — ")
    assert "Épée longue" in dict(fields["equipement"].suggestions)
    assert ("Vigilance 2", "Sagesse ; expert") in fields["rangs"].suggestions
    assert [v for v, _ in fields["peuple"].choices][:2] == ["humain", "elfe"]


def test_each_check_of_the_sheet_points_at_its_field(sheet_run, rules):
    """A broken rule names the control to change, and the sheet links what
    was chosen to its page."""
    calc = registry.get("divin6", "feuille")
    outcome = sheet_run({"force": "4", "atouts": "tir rapide", "rangs": "vigilance 3"})
    failed = dict(outcome.blocks[0].failed)
    assert failed["force"].startswith("Caractéristiques de création")
    assert "Tir rapide : il faut 2 au moins en Sagesse (vous avez 0)." in [
        m for f, m in outcome.blocks[0].failed if f == "atouts"
    ]
    assert "au plus 2 rangs" in failed["rangs"]
    html = calc.html(outcome.blocks, rules["divin6"])
    assert '<a href="#feuille-atouts" data-champ="atouts">Atouts</a>\u00a0: Tir rapide' in html
    assert '<a href="../../atout/tir-rapide/">Tir rapide</a>' in html  # chosen: linked
    assert '<a href="../../atout/lecteur/">' not in html  # not chosen
    achille = calc.html(sheet_run({}).blocks, rules["divin6"])
    assert "Fiche conforme" in achille and "srd-verifier" not in achille


def test_sheet_explains_broken_rules(sheet_run):
    text = (
        sheet_run(
            {"force": "4", "atouts": "insomniaque, que d'un oeil, poigne d'acier, tir rapide"}
        )
        .blocks[0]
        .text
    )
    assert "la somme doit faire 6" in text and "chacune entre −1 et +3" in text
    assert "incompatible avec" in text
    assert "Tir rapide : il faut 2 au moins en Sagesse" in text
    assert sheet_run({"classes": "paladin"}).errors["classes"].startswith("Classe inconnue :")
    assert (
        sheet_run({"classes": ", ".join(["mystique"] * 7)})
        .errors["classes"]
        .startswith("Une classe par niveau")
    )


def test_a_people_takes_two_atout_slots(sheet_run):
    figures = {f.label: f.value for f in sheet_run({"peuple": "elfe"}).blocks[1].items}
    assert figures["Atouts"] == "6 / 4"  # Achille's four atouts + Peuple (double)
    assert {f.label: f.value for f in sheet_run({"peuple": "demi-elfe"}).blocks[1].items}[
        "Atouts"
    ] == "5 / 4"


def test_a_combattant_needs_combat_atouts(sheet_run):
    """Four aventure atouts at level 1 are not a valid Combattant."""
    text = sheet_run({"atouts": "accointances, adaptation, voyageur, insomniaque"}).blocks[0].text
    assert "il en faut 2 de la catégorie « combat » (vous en avez 0)" in text
    # Achille's own sheet (two combat atouts) stays valid.
    assert sheet_run({}).blocks[0].text == "Fiche conforme aux règles de création."


def test_destin_reroll_before_the_result_is_announced():
    """A blind reroll (lowest die when it shows 1–3) is worth less than a
    reroll made knowing the roll failed, and more than none."""
    plain = dice.success(3, 4, 15)
    informed = dice.success_with_reroll(3, 4, 15)
    blind = dice.success_with_reroll(3, 4, 15, blind_below=4)
    assert plain < blind < informed
    # Exhaustive check of the blind policy on 3 dice.
    from itertools import product

    wins = 0
    for roll in product(range(1, 7), repeat=3):
        low = min(roll)
        if low < 4:
            rest = sum(roll) - low
            wins += sum(1 for new in range(1, 7) if rest + new + 4 >= 15) * 36 // 6 // 6
            continue
        wins += 6 if sum(roll) + 4 >= 15 else 0
    assert blind == Fraction(wins, 216 * 6)


def test_an_atout_whose_requirement_has_an_alternative(sheet_run):
    """« 1 rang en Connaissance (Arcanes) ou (Mystères) » is checked, either
    alternative satisfying it (it used to stop the sheet with an internal error)."""
    query = {"atouts": "arme mystique", "degres": "attaque 1"}
    missing = "Arme mystique : il faut 1 rang au moins en connaissance (Arcanes) ou connaissance (Mystères)."
    assert missing in [m for _, m in sheet_run(query).blocks[0].failed]
    for speciality in ("arcanes", "mystères"):
        query["rangs"] = f"connaissance 1 ({speciality})"
        assert missing not in [m for _, m in sheet_run(query).blocks[0].failed]


def test_names_holding_parentheses_or_a_plus_are_read_whole(sheet_run, rules):
    """The cartridges and « Armure de mailles + plaques », as the picker
    offers them, are read as themselves (they used to be refused, the message repeating
    what was typed), and so are their ids."""
    regles = rules["divin6"]
    ids = (
        "cartouches-classiques",
        "cartouches-hautement-explosives",
        "armure-de-mailles-et-plaques",
    )
    for written in ([regles.equipment[k].name for k in ids], ids):
        outcome = sheet_run({"equipement": ", ".join(written)})
        assert outcome.ok, outcome.errors
        links = {link.label: link.page for link in outcome.blocks[2].items}
        assert all(
            links[regles.equipment[k].name] == urls.entity("divin6", "equipement", k) for k in ids
        ), links
        cost = {f.label: f.value for f in outcome.blocks[1].items}["Équipement"]
        assert cost == f"{sum(regles.equipment[k].cost for k in ids)} DO"


def test_a_rank_may_follow_the_parentheses(sheet_run):
    """« connaissance (arcanes) 2 », as the field's help writes it, is 2 ranks in
    Connaissance (Arcanes), like « connaissance 2 (arcanes) » (it used to be 0 ranks, in
    a speciality « arcanes) 2 »)."""
    after = sheet_values(sheet_run({"rangs": "connaissance (arcanes) 2"}).blocks)[2]
    before = sheet_values(sheet_run({"rangs": "connaissance 2 (arcanes)"}).blocks)[2]
    assert after["Connaissance (arcanes)"] == before["Connaissance (arcanes)"]
    assert after["Connaissance (arcanes)"][2] == 2


def test_each_name_a_picker_of_the_sheet_offers_is_read_as_itself(rules):
    """The pickers offer the names of `Rules.names`, and the sheet reads them back with
    the same resolver: each suggestion is the entity it names, not another."""
    regles = rules["divin6"]
    fields = {i.name: i for i in registry.get("divin6", "feuille").inputs_for(regles)}
    for field, kind in (("atouts", "atout"), ("equipement", "equipement"), ("rangs", "competence")):
        names = regles.names[kind]
        for text, _ in fields[field].suggestions:
            entity, name, _rest = names.lead(text)
            assert names.known[entity] == name or text.startswith(names.known[entity]), text
