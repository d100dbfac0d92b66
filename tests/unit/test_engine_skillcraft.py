"""SkillCraft engine: the exact cases of the guide (§2.6, T1–T7), on CPython."""

from fractions import Fraction as F

from helpers import repo_rules

from generator.engine import registry
from generator.systems.skillcraft import dice

R = repo_rules()["skillcraft"]


def test_t1_skill_test_and_its_six_outcomes():
    law = dice.test_law(R, 5, 15)
    assert dice.success(law) == F(63, 100)
    assert law == (F(5, 100), F(29, 100), F(29, 100), F(16, 100), F(16, 100), F(5, 100))


def test_t2_t3_one_advantage_one_disadvantage():
    assert dice.success(dice.test_law(R, 5, 15, 1, "optimal")) == F(833, 1000)
    assert dice.success(dice.test_law(R, 5, 15, 1, "faible")) == F(833, 1000)
    assert dice.success(dice.test_law(R, 5, 15, -1, dis="fort")) == F(181, 500)
    assert dice.success(dice.test_law(R, 5, 15, -1, dis="choix")) == F(73, 125)


def test_t4_only_high_doubles_succeed_past_19():
    assert dice.success(dice.test_law(R, 0, 20)) == F(1, 20)
    assert dice.success(dice.test_law(R, 0, 40)) == F(1, 20)
    assert dice.success(dice.test_law(R, 0, 5)) == F(91, 100)


def test_t6_opposed_test_ties_to_the_initiator():
    law = dice.opposed_law(R, 4, 2, 0, "optimal", "fort")
    assert dice.success(law) == F(813, 1250)


def test_t7_group_test_needs_half_plus_one():
    needed, p = dice.group_success(R, F(63, 100), 4)
    assert needed == 3 and p == F(52759917, 100000000)


def test_the_calculator_reads_its_numbers_from_the_data():
    calc = registry.get("skillcraft", "test")
    figures = {f.label: f.value for f in calc.run({}, R).blocks[0].items}
    assert figures["Réussite"] == F(63, 100) and figures["Valeur passive"] == 15
    many = calc.run({"avantages": "3", "desavantages": "5"}, R).blocks[0].items[0]
    assert many.note == "2 désavantages nets"
    assert many.value == dice.success(dice.test_law(R, 5, 15, -2))


def test_planner_reproduces_the_way_to_commandement(rules):
    """Guide §6.6: Mêlée (2) → Formation martiale (2) → Manœuvres de combat (3) → Poigne
    de fer (4) → Commandement (5) = 16 points, personal tier 3."""
    calc = registry.get("skillcraft", "planificateur")
    blocks = calc.run({}, rules["skillcraft"]).blocks
    figures = {f.label: f.value for f in blocks[0].items}
    assert figures["Coût jusqu'à Commandement"] == "16 points"
    assert figures["Tiers de personnage requis"] == 3
    assert figures["Niveau minimal (sans autre dépense)"] == 2  # 8 + 4 + 4
    path = next(b for b in blocks if getattr(b, "title", "").startswith("Chemin"))
    assert [row[0] for row in path.rows] == [
        "Mêlée",
        "Formation martiale",
        "Manœuvres de combat",
        "Poigne de fer",
        "Commandement",
    ]
    assert path.rows[-1][2] == "5 (cumul 16)"


def test_planner_lists_what_the_points_buy_now(rules):
    calc = registry.get("skillcraft", "planificateur")
    query = {"possedes": "Mêlée, Formation martiale", "points": "3", "tiers": "1"}
    blocks = calc.run(query, rules["skillcraft"]).blocks
    now = next(b for b in blocks if "Achetables" in getattr(b, "title", ""))
    names = [row[0] for row in now.rows]
    assert "Manœuvres de combat" in names  # tier 1, cost 3, requirement owned
    assert "Mêlée" not in names and "Poigne de fer" not in names  # owned; tier 2
    assert all(row[2] <= 3 and row[1] <= 1 for row in now.rows)
    errors = calc.run({"possedes": "Melee, Formaton martiale"}, rules["skillcraft"]).errors
    assert errors["possedes"] == (
        "Talent inconnu : « Formaton martiale ». Vouliez-vous dire « Formation martiale » ?"
    )


def test_planner_refuses_an_owned_talent_without_its_requirement(rules):
    """l. 1138: a talent is bought after the one it requires."""
    calc = registry.get("skillcraft", "planificateur")
    query = {"possedes": "Mêlée, Formation martiale, Manœuvres de combat, Commandement"}
    errors = calc.run(query, rules["skillcraft"]).errors
    assert errors["possedes"] == (
        "Prérequis absent de la liste : Commandement requiert Poigne de fer{@source 1138}."
    )
    query["possedes"] += ", Poigne de fer"
    assert not calc.run(query, rules["skillcraft"]).errors


def attack(query):
    outcome = registry.get("skillcraft", "attaque").run(query, R)
    assert not outcome.errors, outcome.errors
    return {f.label: f.value for f in outcome.blocks[0].items}


def test_t5_justinien_attacks_against_esquive_and_defense():
    """Guide T5: +7 against Esquive 12, Défense 16: crit 5 %, fumble 5 %, dodged 4/100,
    armour 20/100, body 66/100 (71 % with the crits)."""
    plain = attack({})
    assert plain["Touche le corps"] == F(71, 100) and plain["Coup critique"] == F(5, 100)
    assert plain["Touche l'armure ou le bouclier"] == F(20, 100)
    assert (plain["Esquivée"], plain["Échec critique"]) == (F(4, 100), F(5, 100))
    talent = attack({"talent_critique": "coup-critique"})
    assert talent["Coup critique"] == F(9, 100)
    assert talent["Touche le corps"] - talent["Coup critique"] == F(62, 100)
    # The table of critical ranges, with Coordination 20: 13 % and fumble 1 %.
    wide = attack({"talent_critique": "coup-critique", "coordination_20": "oui"})
    assert (wide["Coup critique"], wide["Échec critique"]) == (F(13, 100), F(1, 100))
    assert attack({"talent_critique": "critique-extraordinaire"})["Coup critique"] == F(23, 100)


def test_attack_damage_and_checks():
    # Arts martiaux 1d4 + Force 3: 5,5 per hit (guide §6.2).
    figures = attack({"des": "1", "faces": "4", "stat": "3"})
    assert figures["Dégâts moyens par attaque"] == F(71, 100) * F(11, 2)
    assert attack({"attaque_du_tour": "2"})["Bonus d'attaque"] == "+2"
    calc = registry.get("skillcraft", "attaque")
    assert "au moins l'Esquive" in calc.run({"defense": "10"}, R).errors["defense"]


def figures_of(calc_id, query):
    outcome = registry.get("skillcraft", calc_id).run(query, R)
    assert not outcome.errors, outcome.errors
    return {f.label: f.value for f in outcome.blocks[0].items}


def test_experience_and_level_follow_the_table():
    """Guide §3.4: total(n) = 100 n (n² + 2) / 3; +4 talent points, +1 attribute point."""
    for level in (1, 2, 7, 20):
        total = 100 * level * (level**2 + 2) // 3
        assert figures_of("progression", {"experience": str(total)})["Niveau"] == level
        assert figures_of("progression", {"experience": str(total - 1)})["Niveau"] == level - 1
    two = figures_of("progression", {"experience": "400", "tiers": "1"})
    assert two["Points de talents gagnés depuis la création"] == 8 + 2 * 4
    assert two["Rang maximal des compétences"] == 5


def test_encumbrance_of_the_book():
    """Vigueur 12 → 60 kg; 90 kg carried, 6 movement points → penalty 3 (l. 2080–2086)."""
    figures = figures_of("encombrement", {})
    assert (figures["Capacité de charge"], figures["Pénalité de mouvement"]) == ("60 kg", 3)
    assert figures_of("encombrement", {"masse": "61"})["Pénalité de mouvement"] == 1  # at least
    small = figures_of("encombrement", {"vigueur": "13", "taille": "petite", "masse": "0"})
    assert small["Capacité de charge"] == "32,5 kg"


def test_power_cost_of_the_book():
    """Tier 1 at level 3: 6 × 3 = 18 Énergie, DD 18 (l. 2807)."""
    figures = figures_of("cout-pouvoir", {})
    assert (figures["Coût en Énergie"], figures["DD du test d'Occultisme"]) == (18, 18)
    assert figures["Réussite du test"] == dice.success(dice.test_law(R, 5, 18))
    errors = registry.get("skillcraft", "cout-pouvoir").run({"niveau": "1"}, R).errors
    assert errors["niveau"] == "Un pouvoir de tiers 1 se canalise aux niveaux 2 à 4."


def test_planner_holds_every_talent_of_the_data():
    """The 160 talents, as the picker writes them, fit in « Talents possédés »."""
    every = ", ".join(t.name for t in R.talents.values())
    assert len(R.talents) >= 160 and len(every) > 2000
    outcome = registry.get("skillcraft", "planificateur").run({"possedes": every}, R)
    assert outcome.ok, outcome.errors
    too_long = registry.get("skillcraft", "planificateur").run({"possedes": every + ", x" * 20}, R)
    assert too_long.errors["possedes"].startswith("Texte trop long")
