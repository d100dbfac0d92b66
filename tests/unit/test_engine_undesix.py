"""UnDéSix engine: the exact cases of the guide (§A6, U1–U3), on CPython."""

from fractions import Fraction as F

from helpers import repo_rules

from generator.engine import registry
from generator.engine.law import Law
from generator.systems.undesix import calculators as u
from generator.systems.undesix import dice as ud

R = repo_rules()["undesix"]


def test_u1_simple_test():
    assert ud.success_chance(R, 3, False) == F(1, 2)  # DEX 4, malus −1 (l. 35)
    assert ud.success_chance(R, 7, True) == F(5, 6)
    assert ud.success_chance(R, 0, True) == F(1, 6)
    assert ud.success_chance(R, -2, False) == 0


def test_u2_opposed_tests_with_ties_rerolled():
    chloe, nicolas, tie = ud.opposed(R, 2, 5)  # l. 29
    assert (chloe, nicolas, tie) == (F(1, 12), F(5, 6), F(1, 12))
    assert chloe / (1 - tie) == F(1, 11) and nicolas / (1 - tie) == F(10, 11)
    chloe, nicolas, tie = ud.opposed(R, 2, 4)  # l. 765
    assert (chloe, nicolas, tie) == (F(1, 6), F(13, 18), F(1, 9))
    assert chloe / (1 - tie) == F(3, 16)


def test_u3_attacks_of_fiche_1():
    assert ud.hit_chance(R, 4) == F(2, 3)  # Chloé PHY 2 + espadon 2 − CA 0 (l. 75)
    assert ud.attack(R, 4) == Law.of({0: F(1, 2), 1: F(1, 6), 2: F(1, 6), 3: F(1, 6)})
    law = ud.attack(R, 3)  # Nicolas 3 + 1 − 1 (l. 77)
    assert sum(d * p for d, p in law.items()) == F(1, 2) and sum(
        p for d, p in law.items() if d
    ) == F(1, 3)
    assert ud.hit_chance(R, 0) == F(1, 6) and ud.attack(R, 0) == Law.of({0: F(5, 6), 1: F(1, 6)})
    assert ud.hit_chance(R, 8) == F(5, 6) and sum(d * p for d, p in ud.attack(R, 8).items()) == F(
        25, 6
    )


def test_the_test_calculator_reads_its_scale_from_the_data():
    calc = registry.get("undesix", "test")
    outcome = calc.run(
        {"caracteristique": "4", "modificateur": "-2", "actions": "2", "aides": "1"}, R
    )
    figures = {f.label: f.value for f in outcome.blocks[0].items}
    assert figures["Valeur visée"] == 4 - 2 - 2 + 1
    assert figures["Réussite"] == F(1, 6)
    assert calc.run({"modificateur": "-5"}, R).errors["modificateur"].startswith("Choisissez")
    rows = outcome.blocks[1].rows
    assert rows[0] == (1, "+0", "Réussite (réussite de justesse)")


def test_the_builder_rebuilds_every_example_spell_from_its_page_link(root):
    """Each example spell's page links to the builder with a query; opened on it,
    the builder gives the spell's recorded total (and the second roll of a two-Verb spell),
    without an error (« Soigner mon ami » has no Essence), with the distance the data keeps
    outside the steps (−3; −70 past 100 km)."""
    from urllib.parse import parse_qsl

    from generator.pipeline.build import check
    from generator.systems.undesix.publication import FILTERS

    corpus, _ = check(root)
    calc = registry.get("undesix", "sort")
    spells = corpus.systems["undesix"].entities["sort"]
    for spell in spells:
        query = dict(parse_qsl(FILTERS["requete_sort"](spell.data), keep_blank_values=True))
        outcome = calc.run(query, R)
        assert not outcome.errors, (spell.id, outcome.errors)
        figures = {f.label: f.value for f in outcome.blocks[0].items}
        totals = [spell.data["malus_total_recalcule"]]
        if spell.data.get("second_jet"):
            totals.append(spell.data["second_jet"]["malus_recalcule"])
        expected = " et ".join(f"PSY{u.signed(t)}" for t in totals)
        assert figures["Malus du sort"] == expected, spell.id
    assert len(spells) == 51


def test_a_two_verb_spell_makes_one_roll_per_verb():
    """L. 560: Créer + Terre (−10) and Déplacer + Terre (−8), one spell, 1 PSY; it works
    when both rolls succeed."""
    calc = registry.get("undesix", "sort")
    outcome = calc.run({"psy": "14", "verbes": "creer,deplacer", "essences": "terre"}, R)
    figures = {f.label: f.value for f in outcome.blocks[0].items}
    assert figures["Malus du sort"] == "PSY−10 et PSY−8"
    assert figures["Valeur visée"] == "4 et 6"
    assert figures["Réussite"] == F(4, 6) * F(6, 6)
    assert figures["Coût en PSY"] == 1
    assert outcome.blocks[1].rows[0][:3] == ("Créer", "PSY−10", 4)
    assert "Un jet par Verbe" in calc.assumptions[0]


def test_the_builder_gives_the_psy_for_50_and_90_percent():
    calc = registry.get("undesix", "sort")
    figures = {
        f.label: f.value
        for f in calc.run({"verbes": "creer", "essences": "feu"}, R).blocks[0].items
    }
    # Créer + Feu −10: value PSY − 10; 3/6 needs 13; 5/6 < 90 % so 6/6 needs 16.
    assert figures["PSY pour 50 %"] == 13 and figures["PSY pour 90 %"] == 16
    figures = {
        f.label: f.value
        for f in calc.run({"verbes": "communiquer", "essences": "esprit"}, R).blocks[0].items
    }
    assert figures["PSY pour 50 %"] == 8
    # −5 + 6: 3/6 already at 6, the least PSY to cast.
    assert {
        f.label: f.value
        for f in calc.run({"verbes": "communiquer", "essences": "esprit", "xp_essence": "5"}, R)
        .blocks[0]
        .items
    }["PSY pour 50 %"] == 6


def test_u7_small_fireball():
    calc = registry.get("undesix", "sort")
    query = {
        "psy": "6",
        "verbes": "creer",
        "essences": "feu",
        "taille": "taille-petit",
        "xp_verbe": "2",
        "xp_essence": "3",
    }
    figures = {f.label: f.value for f in calc.run(query, R).blocks[0].items}
    assert (
        figures["Valeur visée"] == 3
        and figures["Réussite"] == F(1, 2)
        and figures["Coût en PSY"] == 1
    )


def attack_figures(query):
    outcome = registry.get("undesix", "attaque").run(query, R)
    assert not outcome.errors, outcome.errors
    return {f.label: f for f in outcome.blocks[0].items}


def test_u9_armour_class_from_its_parts():
    """Guide U9: DEX 1, leather 1, shield 1, a line of two flanking bearers → 4 by the
    table (the text's example says 3: editorial note of the CA table)."""
    query = {"dex_cible": "1", "armure": "1", "bouclier": "oui", "porteurs": "2", "phy": "6"}
    assert attack_figures(query)["Classe d'armure de la cible"].value == 4
    # From behind: DEX counted 1, no shield; the attacker gains +1.
    back = attack_figures({**query, "dex_cible": "6", "de_dos": "oui"})
    assert back["Classe d'armure de la cible"].value == 3  # 0 + 1 + 2 bearers
    assert back["Valeur visée"].value == 6 + 2 + 1 - 3
    # Old links gave the whole CA in `ca`: same answer.
    assert attack_figures({"ca": "2"})["Valeur visée"].value == 2 + 2 - 2


def test_the_fiche_8_formula_rolls_on_phy_and_adds_the_weapon_to_the_margin():
    # PHY 2, espadon +2, CA 0: Fiche 1 hits on 1–4; Fiche 8 succeeds on 1–2 only, for
    # margin + 2: 3 (die 1) and 2 (die 2) → mean 5/6.
    fiche_8 = attack_figures({"formule": "fiche-8"})
    assert fiche_8["Touche"].value == F(1, 3)
    assert fiche_8["Dégâts moyens"].value == F(5, 6)
    assert attack_figures({})["Dégâts moyens"].value == 1  # U3, Fiche 1


def test_a_very_defensive_attacker_cannot_attack():
    calc = registry.get("undesix", "attaque")
    assert "pas d'attaque" in calc.run({"attitude": "tres-defensive"}, R).errors["attitude"]
    aggressive = attack_figures({"attitude_cible": "tres-agressive"})
    assert aggressive["Classe d'armure de la cible"].value == -4


def health(query):
    outcome = registry.get("undesix", "sante").run(query, R)
    return {f.label: f.value for f in outcome.blocks[-1].items}


def test_health_vitality_absorbs_first_then_phy_then_death():
    wounded = health({"phy": "5", "bonus_vitalite": "1", "degats": "3"})
    assert (wounded["Points de PHY"], wounded["Bonus de Vitalité"]) == (3, 0)  # Nicolas, l. 77
    assert wounded["Repos pour tout regagner"].startswith("PHY 24 h")  # 3 points × 8 h
    assert health({"phy": "4", "degats": "4"})["État"].startswith("Mourant")
    assert health({"phy": "4", "degats": "5"})["État"] == "Mort"
    spared = health({"phy": "4", "degats": "14", "option_moins_10": "oui"})
    assert spared["État"].startswith("Inconscient")  # −10 is not below −10
    assert health({"phy": "4", "degats": "15", "option_moins_10": "oui"})["État"] == "Mort"


def test_health_reads_the_psy_thresholds_strictly():
    assert health({"psy": "4", "psy_depense": "4"})["État psychique"].startswith("Épuisé")
    assert "séquelles" not in health({"psy": "4", "psy_depense": "9"})["État psychique"]  # −5
    assert "séquelles" in health({"psy": "4", "psy_depense": "10"})["État psychique"]  # −6
    assert health({"psy": "4", "psy_depense": "15"})["État psychique"].startswith(
        "Folie définitive"
    )


def creation(query):
    outcome = registry.get("undesix", "creation").run(query, R)
    assert not outcome.errors, outcome.errors
    verdict, derived, totals = outcome.blocks
    figures = {f.label: f.value for f in derived.items + totals.items}
    return verdict.text, figures


def test_creation_of_chloe_by_the_equal_share():
    """Guide §A3: Chloé (PSY 4 assumed), 18 points in 2..5: valid; PHY 2, CA 1, 4
    languages, PSY 4, Réactivité 1,5 s (U8)."""
    verdict, figures = creation({})
    assert verdict.startswith("Caractéristiques conformes")
    assert (figures["Points de PHY"], figures["CA de base"]) == ("2 points", 1)
    assert figures["Réactivité"] == "1,5 secondes"
    assert creation({"sens": "3", "phy": "3"})[1]["Réactivité"] == "2 secondes"


def test_u4_the_chance_of_a_reroll_in_random_creation():
    from generator.systems.undesix.dice import low_total_chance

    assert low_total_chance(6, 13) == F(197, 1296)
    verdict, figures = creation(
        {"mode": "creation-aleatoire", "phy": "3", "dex": "2", "sav": "2", "psy": "3", "sens": "3"}
    )
    assert figures["Relance permise (total de 13 ou moins)"] == "oui"
    assert verdict.startswith("Caractéristiques conformes")
    assert "au-dessus du maximum 6" in creation({"mode": "creation-aleatoire", "phy": "7"})[0]


def test_creation_checks_totals_caps_and_the_magic_bonus():
    hero = {"mode": "creation-de-super-heros", "phy": "8", "dex": "2", "sav": "3", "psy": "4"}
    hero |= {"sens": "3", "essences": "Feu", "verbe": "creer"}
    hero |= {"bonus_essences": "30", "bonus_verbe": "10"}
    assert creation(hero)[0].startswith("Caractéristiques conformes")  # 20 points, 40 bonus
    verdict = creation({**hero, "phy": "9", "bonus_verbe": "9"})[0]
    assert "PHY : 9, au-dessus du maximum 8" in verdict and "39 points répartis pour 40" in verdict
    demigod = creation({"mode": "creation-de-demi-dieux", "dex": "11", "phy": "11"})[0]
    assert "DEX : 11, au-dessus du maximum 10" in demigod
    errors = registry.get("undesix", "creation").run({"essences": "Feux"}, R).errors
    assert errors["essences"].endswith("« Feu » ?")


def test_reaction_time_never_goes_below_zero():
    """3,5 − 0,5 × SENS would be −0,5 s at 8 and −26,5 s at 60: floored at 0 (data note)."""
    assert creation({"sens": "6"})[1]["Réactivité"] == "0,5 secondes"
    for sens in ("7", "8", "60"):
        assert creation({"sens": sens})[1]["Réactivité"] == "0 secondes"
    derived = registry.get("undesix", "creation").run({"sens": "8"}, R).blocks[1]
    note = next(f.note for f in derived.items if f.label == "Réactivité")
    assert note.endswith("jamais moins de 0 (note éditoriale)")


def test_a_1_takes_at_least_one_point_with_the_fiche_8_formula_too(root):
    """Faithful sources: l. 57 leaves the Fiche 8 formula open; the site applies it (note)."""
    from generator.pipeline.build import check

    # PHY 2, no weapon, CA 5: margin + weapon − CA is below 0 on every die; a 1 still
    # takes 1 point.
    fiche_8 = attack_figures({"formule": "fiche-8", "arme": "0", "ca": "5"})
    assert fiche_8["Touche"].value == F(1, 6)
    assert fiche_8["Dégâts moyens"].value == F(1, 6)
    combat = next(c for c in check(root)[0].systems["undesix"].chapters if c.id == "combat")
    assert any(
        "l. 57" in note["constat"] and "l. 851" in note["constat"] and "Fiche 8" in note["titre"]
        for note in combat.meta["notes_editoriales"]
    )


def test_the_test_calculator_has_the_only_a_6_fails_mode_of_resisting_a_spell():
    """L. 360: resisting a spell, « un 6 est toujours un échec »; a 1 is not a success."""
    calc = registry.get("undesix", "test")

    def chance(query):
        return {f.label: f.value for f in calc.run(query, R).blocks[0].items}["Réussite"]

    assert chance({"caracteristique": "8", "seul_6_echoue": "oui"}) == F(5, 6)
    assert chance({"caracteristique": "0", "seul_6_echoue": "oui"}) == 0
    assert chance({"caracteristique": "0", "option_1_6": "oui"}) == F(1, 6)
