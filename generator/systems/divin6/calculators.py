"""Calculators of Divin (6)thème (source: 000_8c9a3b716e1ff7e0.txt)."""

from __future__ import annotations

from fractions import Fraction

from generator.core.typographie import pluriel
from generator.engine.character import SHEET, score_inputs
from generator.engine.inputs import (
    BoolInput,
    ChoiceInput,
    DecimalInput,
    IntInput,
    TextInput,
)
from generator.engine.registry import Calculator, ShownWhen
from generator.engine.results import (
    Distribution,
    Figure,
    Figures,
    Table,
    Text,
    signed,
)
from generator.engine.tirage import Issue, uniform
from generator.systems.divin6 import dice
from generator.systems.divin6.sheet import CREATION_FIELDS, compute_sheet

SYSTEM = "divin6"
BASE_DICE = (
    ("3", "3 dés (cas général)"),
    ("2", "2 dés (compétence spécialisée sans rang)"),
    ("4", "4 dés (Talentueux)"),
)
TIES = (
    ("pj-attaque", "Un PJ contre un PNJ : l'égalité profite au PJ"),
    ("pnj-attaque", "Un PNJ contre un PJ : l'égalité profite au PJ"),
    ("pj-pj", "PJ contre PJ : chacun perd 1D6 PE et l'on relance"),
)


def compute_roll(valeurs):
    n = _action_dice(valeurs)
    dice_line = Figure(
        "Dés d'action",
        n,
        note=f"{valeurs.des} − {valeurs.blessures} (blessures graves, chocs) {signed(valeurs.autres_des)} ; aucun minimum{{@source 631}}",
    )
    modificateur, destin, science = (
        valeurs.modificateur,
        valeurs.destin,
        valeurs.science_du_critique,
    )
    if valeurs.mode == "difficulte":
        return _against_difficulty(
            dice_line, n, modificateur, valeurs.difficulte, valeurs.prendre, destin, science
        )
    opponent = (valeurs.adversaire_des, valeurs.adversaire_mod)
    return _opposed(dice_line, n, modificateur, opponent, valeurs.egalite, destin, science)


def roll_issues(valeurs):
    """One roll: the total against the difficulty (after the point of Destin, if one is
    spent), or the margin against the opponent's roll."""
    n, modificateur = _action_dice(valeurs), valeurs.modificateur
    if valeurs.mode == "difficulte":
        law = dice.with_destin(n, valeurs.destin, modificateur, valeurs.difficulte)
        return tuple(_total_issue(t + modificateur, valeurs.difficulte, q) for t, q in law.items())
    opponent = (valeurs.adversaire_des, valeurs.adversaire_mod)
    law = dice.margins((n, modificateur), opponent)
    return tuple(_margin_issue(m, q) for m, q in law.items())


def _action_dice(valeurs) -> int:
    """Wounds and shocks take dice away, other effects add some; no minimum (l. 631)."""
    return max(0, int(valeurs.des) - valeurs.blessures + valeurs.autres_des)


def _total_issue(total: int, difficulte: int, chance=0) -> Issue:
    result = "Réussite" if total >= difficulte else "Échec"
    return Issue(f"Total {total} : marge {signed(total - difficulte)}", chance, result)


def _margin_issue(margin: int, chance=0) -> Issue:
    winner = {1: "L'attaquant l'emporte", 0: "Égalité", -1: "Le défenseur l'emporte"}
    return Issue(f"Marge {signed(margin)}", chance, winner[(margin > 0) - (margin < 0)])


def _roll_dice(n: int, bits) -> list[int]:
    return [uniform(6, bits) + 1 for _ in range(n)]


def roll_plays(valeurs, hasard):
    """« Lancer » : the dice rolled, and the point of Destin played as the form says."""
    n, modificateur = _action_dice(valeurs), valeurs.modificateur
    rolled = _roll_dice(n, hasard)
    lines = [
        f"Dés : {', '.join(map(str, rolled)) or 'aucun'}, modificateur {signed(modificateur)}."
    ]
    if valeurs.mode != "difficulte":
        defence = _roll_dice(valeurs.adversaire_des, hasard)
        lines.append(
            f"Adversaire : {', '.join(map(str, defence)) or 'aucun dé'}, "
            f"modificateur {signed(valeurs.adversaire_mod)}."
        )
        margin = sum(rolled) + modificateur - sum(defence) - valeurs.adversaire_mod
        return _margin_issue(margin).name, " ".join(lines)
    difficulte = valeurs.difficulte
    if valeurs.destin != "non" and rolled:
        lines.append(_destin(rolled, valeurs, hasard))
    return _total_issue(sum(rolled) + modificateur, difficulte).name, " ".join(lines)


def _destin(rolled: list[int], valeurs, bits) -> str:
    """The point of Destin (l.416): the lowest die rerolled, when the form's reading says
    so; `rolled` is changed in place."""
    low, blind = min(rolled), dice.blind_threshold(valeurs.destin)
    if not dice.rerolls(sum(rolled), low, blind, valeurs.modificateur, valeurs.difficulte):
        why = f"le plus faible montre {low}" if blind else "le jet réussit"
        return f"Point de Destin gardé : {why}."
    rolled[rolled.index(low)] = new = uniform(6, bits) + 1
    return f"Point de Destin : le {low} est relancé, il donne {new}."


def _tiers(law, science, plain: str, graded: str) -> list[Figure]:
    """The chance of each margin tier; with Science du critique, its graded tiers below 6."""
    return [
        Figure(
            plain.format(tier) if not science or tier == 6 else graded.format(tier), q, percent=True
        )
        for tier, q in dice.critical_tiers(law, science).items()
    ]


def _against_difficulty(dice_line, n, modificateur, difficulte, prendre, destin, science):
    """A roll against a difficulty: success, with a point of Destin (l. 416), margins,
    taking a value instead of rolling."""
    lines = [
        dice_line,
        Figure(
            f"Réussite ({n}D6 {signed(modificateur)} contre {difficulte})",
            dice.success(n, modificateur, difficulte),
            percent=True,
        ),
    ]
    if destin != "non":
        blind = dice.blind_threshold(destin)
        note = (
            "relance du dé le plus faible s'il montre 1 à 3, avant l'annonce du résultat{@source 416}"
            if blind
            else "relance du dé le plus faible quand le jet a échoué{@source 416}"
        )
        lines.append(
            Figure(
                "Réussite avec un point de Destin",
                dice.success_with_reroll(n, modificateur, difficulte, blind),
                percent=True,
                note=note,
            )
        )
    law = dice.action_dice(n) + modificateur - difficulte
    lines += _tiers(law, science, "Marge ≥ {}", "Palier de marge {} (Science du critique)")
    if prendre != "non":
        value = dice.take(n, modificateur, int(prendre))
        lines.append(
            Figure(
                f"Prendre {prendre}",
                value,
                note="réussite assurée" if value >= difficulte else "ne suffit pas",
            )
        )
    return (
        Figures("Jet contre une difficulté", tuple(lines)),
        Distribution(
            "Total du jet",
            "Total",
            (dice.action_dice(n) + modificateur).items(),
        ),
    )


def _opposed(dice_line, n, modificateur, opponent, egalite, destin, science):
    """An opposed roll: who wins, ties, critical hits by margin."""
    law = dice.margins((n, modificateur), opponent)
    result = dice.opposed((n, modificateur), opponent, egalite)
    label = (
        "L'attaquant l'emporte"
        if egalite != "pj-pj"
        else "L'attaquant l'emporte (égalités relancées)"
    )
    lines = [
        dice_line,
        Figure(label, result["touche"], percent=True),
        Figure("Égalité au premier jet", result["egalite"], percent=True),
    ]
    lines += _tiers(law, science, "Frappe critique, marge ≥ {}", "Palier {} (Science du critique)")
    blocks = [
        Figures(
            f"{n}D6 {signed(modificateur)} contre {opponent[0]}D6 {signed(opponent[1])}",
            tuple(lines),
        )
    ]
    if destin != "non":
        blocks.append(
            Text(
                "Le point de Destin n'est calculé que pour un jet contre une difficulté.",
                "avertissement",
            )
        )
    blocks.append(Distribution("Marge (attaque − défense)", "Marge", law.items()))
    return tuple(blocks)


JET = Calculator(
    SYSTEM,
    "jet",
    "Jet d'action",
    "Quelles chances de réussir un jet, contre une difficulté ou en opposition ?",
    (
        ChoiceInput(
            "des",
            "Dés de départ",
            "3",
            BASE_DICE,
            "3 en général ; 2 pour une compétence spécialisée sans rang ; 4 avec Talentueux.",
        ),
        IntInput(
            "blessures",
            "Blessures graves et chocs",
            0,
            0,
            10,
            "Chacun retire un dé d'action{@source 631, 655}.",
        ),
        IntInput(
            "autres_des",
            "Autres dés (+/−)",
            0,
            -10,
            10,
            "Surprise −1, main gauche −1, Attaque dévastatrice −1, Expertise du combat ±1…",
        ),
        IntInput(
            "modificateur",
            "Modificateur total",
            4,
            -30,
            60,
            "Caractéristique, rang, degrés, arme, trousse, atouts, modificateurs extérieurs.",
        ),
        ChoiceInput(
            "mode",
            "Jet",
            "difficulte",
            (("difficulte", "Contre une difficulté"), ("opposition", "En opposition")),
            "",
        ),
        IntInput(
            "difficulte",
            "Difficulté",
            15,
            1,
            60,
            "De 10 (facile) à 30 (extrêmement ardu), au-delà pour l'épique{@source 439}.",
        ),
        IntInput("adversaire_des", "Dés de l'adversaire", 3, 0, 12, "En opposition."),
        IntInput("adversaire_mod", "Modificateur de l'adversaire", 4, -30, 60, "En opposition."),
        ChoiceInput("egalite", "Égalité", "pj-attaque", TIES, "Règle d'égalité{@source 453–455}."),
        ChoiceInput(
            "prendre",
            "Prendre 10 / 15",
            "non",
            (
                ("non", "Non"),
                ("10", "Prendre 10 (professionnel)"),
                ("15", "Prendre 15 (expert)"),
            ),
            "±4 par dé au-dessus ou au-dessous de trois{@source 443–449}.",
        ),
        ChoiceInput(
            "destin",
            "Un point de Destin",
            "non",
            (
                ("non", "Non"),
                ("oui", "Relance si le jet a échoué (difficulté connue)"),
                ("avant", "Relance à l'aveugle, avant l'annonce (dé de 1 à 3)"),
            ),
            "Le texte veut la relance avant que le Conteur annonce le résultat{@source 416} : voir la note sur la relance.",
        ),
        BoolInput(
            "science_du_critique",
            "Science du critique",
            False,
            "+3 à la marge d'une frappe critique{@source 1057}.",
        ),
    ),
    compute_roll,
    (
        "Un résultat égal à la difficulté réussit{@source 437}. Sans dé d'action, seul le modificateur compte.",
        "Frappes critiques : paliers de marge 6, 9 et 12{@source 534–538}, aussi comptés contre une difficulté fixe (marge = total − difficulté).",
        "Point de Destin : deux lectures du texte au choix{@source 416} ; « relance si le jet a échoué » suppose que le joueur connaît la difficulté, « à l'aveugle » relance le dé le plus faible s'il montre 1, 2 ou 3.",
    ),
    shown_when=(
        ShownWhen(("difficulte", "prendre", "destin"), "mode", ("difficulte",)),
        ShownWhen(("adversaire_des", "adversaire_mod", "egalite"), "mode", ("opposition",)),
    ),
    issues=roll_issues,
    plays=roll_plays,
    computes=(
        "regle mecanique#des-daction-et-difficulte",
        "regle mecanique#jets-opposes",
        "regle mecanique#prendre-10-et-prendre-15",
        "table prendre-10-ou-15",
    ),
)


def damage_issues(des, explosion, bonus, armure):
    """One damage roll after armour (exploding dice beyond the law shown: one outcome)."""
    law, tail, _ = dice.damage(
        des, None if explosion == "aucune" else int(explosion), bonus, armure
    )
    return (
        *(
            Issue(f"{v} {pluriel(v, 'dégât', 'dégâts')}" if v else "Aucun dégât", p)
            for v, p in law.items()
        ),
        Issue(f"Plus de {law.highest} dégâts", tail),
    )


def compute_damage(des, explosion, bonus, armure):
    threshold = None if explosion == "aucune" else int(explosion)
    law, tail, mean = dice.damage(des, threshold, bonus, armure)
    serious = law.at_least(6) + tail
    lines = (
        Figure("Dégâts moyens", mean, note="après armure"),
        Figure(
            "Au moins 6 dégâts (blessure grave si « mal en point »)",
            serious,
            percent=True,
            note="{@source 627}",
        ),
        Figure("Aucun dégât", law[0], percent=True),
    )
    blocks = [Figures(f"{des}D6 {signed(bonus)} contre une armure de {armure}", lines)]
    if tail:
        blocks.append(
            Text(
                f"Au-delà de {law.highest} dégâts : probabilité restante exacte {tail} (dés explosifs sans limite).",
                "info",
            )
        )
    blocks.append(Distribution("Dégâts subis", "Dégâts", law.items()))
    return tuple(blocks)


DEGATS = Calculator(
    SYSTEM,
    "degats",
    "Dégâts",
    "Quels dégâts après l'armure, et quelles chances d'une blessure grave ?",
    (
        IntInput(
            "des",
            "Dés de dégâts",
            2,
            0,
            10,
            "1D6 arme légère, 2D6 intermédiaire, 3D6 lourde{@source 333–335}.",
        ),
        ChoiceInput(
            "explosion",
            "Dés explosifs",
            "aucune",
            (
                ("aucune", "Non"),
                ("6", "Sur 6 (Arquefeu, Arme mystique…)"),
                ("5", "Sur 5 et 6 (balles explosives, 2e prise)"),
            ),
            "Le dé qui atteint le seuil est relancé et ajouté, sans limite{@source 355}.",
        ),
        IntInput(
            "bonus",
            "Bonus fixe",
            5,
            -20,
            60,
            "Force (contact) ou Dextérité (distance), Arme de prédilection +2, monté +2, Gabarit ×4…",
        ),
        IntInput(
            "armure",
            "Armure de la cible",
            4,
            0,
            40,
            "Protection de l'armure (1 à 6), Boite de conserve, maître, Gabarit.",
        ),
    ),
    compute_damage,
    ("Dégâts = dés + bonus − armure, jamais négatifs{@source 528–532}.",),
    issues=damage_issues,
    computes=(
        "regle combat#degats",
        "regle combat#blessures-graves",
        "manoeuvre degats",
        "manoeuvre blessures-graves",
    ),
)


def level_and_free(xp: int, veteran: bool) -> tuple[int, int]:
    """Level (1–6) and atouts libres (≤ 20) for a total of experience (l.112–128, 878–905, 982–997)."""
    if not veteran:
        return min(6, 1 + xp // 100), min(20, max(0, (xp - 500) // 50))
    level = 4 + min(2, xp // 200)
    if xp < 400:
        return level, 0
    extra = xp - 400
    return level, min(20, extra // 100 if extra < 200 else 2 + (extra - 200) // 50)


def compute_progression(xp, veteran, xp_par_scenario):
    vet = veteran
    level, free = level_and_free(xp, vet)
    nxt = next(
        (x for x in range(xp + 1, xp + 501) if level_and_free(x, vet) != (level, free)), None
    )
    lines = [
        Figure("Niveau", level),
        Figure(
            "Atouts libres", free, note="un par tranche de 50 XP après le niveau 6, jusqu'au 20ᵉ"
        ),
        Figure(
            "Prochain palier",
            f"{nxt} XP" if nxt is not None else "aucun : tout est acquis",
            note="" if nxt is None else f"encore {nxt - xp} XP",
        ),
    ]
    done = next(x for x in range(0, 5001) if level_and_free(x, vet) == (6, 20))
    lines.append(
        Figure(
            "Scénarios pour tout acquérir",
            -(-max(0, done - xp) // xp_par_scenario),
            note=f"à {xp_par_scenario} XP par scénario ({done} XP en tout)",
        )
    )
    table = tuple(
        (lvl, next(x for x in range(0, 5001) if level_and_free(x, vet)[0] >= lvl))
        for lvl in range(1, 7)
    )
    return (
        Figures("Progression", tuple(lines)),
        Table("XP pour atteindre chaque niveau", ("Niveau", "XP"), table),
    )


PROGRESSION = Calculator(
    SYSTEM,
    "progression",
    "Progression",
    "Quel niveau et combien d'atouts libres pour tant d'XP ?",
    (
        IntInput("xp", "Points d'expérience", 550, 0, 5000, "Total accumulé."),
        BoolInput(
            "veteran",
            "Vétéran",
            False,
            "Commence au niveau 4 ; niveaux 5 et 6 à 200 XP ; deux premiers atouts libres à 100 XP.",
        ),
        IntInput(
            "xp_par_scenario",
            "XP par scénario",
            25,
            1,
            100,
            "15 à 25 en général{@source 890–891}.",
        ),
    ),
    compute_progression,
    (
        "Chaque niveau coûte 100 XP, cumulés (100, 200… 500 pour le niveau 6) ; puis un atout libre par 50 XP{@source 112–128, 903–905}.",
    ),
    computes=("regle progression#lexperience", "regle progression#les-atouts-libres"),
)


def mount_choices(rules) -> tuple[tuple[str, str], ...]:
    """« aucune » and each mount of the price table, keyed by its id's last word (the URL
    values links already carry: amateur, professionnel, expert)."""
    mounts = tuple(
        (item_id.rsplit("-", 1)[1], f"{item.name} ({signed(item.value)})")
        for item_id, item in rules.equipment.items()
        if item.kind == "monture"
    )
    return (("aucune", "Aucune"),) + mounts


def _mount_bonus(rules, key: str) -> int:
    return next(
        (
            item.value
            for item_id, item in rules.equipment.items()
            if item.kind == "monture" and item_id.rsplit("-", 1)[1] == key
        ),
        0,
    )


def compute_encumbrance(
    regles,
    force,
    constitution,
    survie,
    grand,
    boite_de_conserve,
    voyageur,
    monture,
    charge_combat,
    charge_voyage,
    charge_autre,
):
    mount = _mount_bonus(regles, monture)
    capacity = force + constitution + 3 + int(survie) + (2 if grand else 0) + mount
    # Boite de conserve and Voyageur only carry their own kind of load (l.245).
    combat = max(Fraction(0), charge_combat - (2 if boite_de_conserve else 0))
    travel = max(Fraction(0), charge_voyage - (3 if voyageur else 0))
    load = combat + travel + charge_autre
    excess = max(Fraction(0), load - capacity)
    penalty = -(excess.numerator // excess.denominator)
    lines = (
        Figure(
            "Score d'encombrement",
            capacity,
            note=f"For {force} + Con {constitution} + 3 + Survie {survie}"
            + (" + Grand 2" if grand else "")
            + (f" + monture {mount}" if mount else ""),
        ),
        Figure("Charge comptée", load),
        Figure("Dépassement", excess),
        Figure(
            "Malus",
            signed(penalty) if penalty else "0",
            note="à Mouvement, Initiative et aux jets liés à For, Con ou Dex{@source 249}",
        ),
    )
    return (Figures("Encombrement", lines),)


ENCOMBREMENT = Calculator(
    SYSTEM,
    "encombrement",
    "Encombrement",
    "Que peut porter le personnage, et quel malus subit-il ?",
    (
        IntInput("force", "Force", 3, -3, 8, ""),
        IntInput("constitution", "Constitution", 2, -3, 8, ""),
        ChoiceInput(
            "survie",
            "Survie",
            "0",
            (("0", "Amateur (+0)"), ("1", "Professionnel (+1)"), ("2", "Expert (+2)")),
            "",
        ),
        BoolInput("grand", "Grand", False, "+2."),
        BoolInput(
            "boite_de_conserve",
            "Boite de conserve",
            False,
            "+2 pour armes, armures et boucliers seulement.",
        ),
        BoolInput(
            "voyageur",
            "Voyageur",
            False,
            "+3 pour rations, munitions et trousses seulement.",
        ),
        ChoiceInput(
            "monture",
            "Monture",
            "aucune",
            mount_choices,
            "Modificateur d'encombrement{@source 314–319}.",
        ),
        DecimalInput(
            "charge_combat",
            "Armes, armures, boucliers",
            Fraction(7),
            Fraction(0),
            Fraction(100),
            "Doublez une armure ou un bouclier intermédiaire ou lourd sans Métier des armes{@source 363}.",
        ),
        DecimalInput(
            "charge_voyage",
            "Rations, munitions, trousses",
            Fraction(3, 2),
            Fraction(0),
            Fraction(100),
            "",
        ),
        DecimalInput("charge_autre", "Autres objets", Fraction(0), Fraction(0), Fraction(100), ""),
    ),
    compute_encumbrance,
    (
        "Le malus compte les points entiers de dépassement : le demi-point d'Achille (8,5 pour 8) ne suffit pas{@source 382}.",
    ),
    computes=("regle encombrement",),
)


# --- character sheet ---------------------------------------------------------------------


def people_choices(rules) -> tuple[tuple[str, str], ...]:
    """« humain » (no people: no people atout, l. 965) and the peoples of the data."""
    return (("humain", "Humain (aucun atout de peuple)"),) + tuple(
        (k, p["nom"] + (" (métis)" if p["type"] == "metis" else ""))
        for k, p in rules.peoples.items()
    )


def carac_choices(rules) -> tuple[tuple[str, str], ...]:
    return tuple((k, rules.carac_names[k]) for k in rules.caracs)


# What the sheet's pickers offer: the names the fields read (`Rules.names`, the resolver
# the sheet reads them back with), with a short description.
def class_suggestions(rules):
    return tuple(
        (name.lower(), f"atouts de la catégorie {rules.classes[k].atout_category}")
        for k, name in rules.names["classe"].known.items()
    )


def rank_suggestions(rules):
    return tuple(
        (f"{name} {rank}", f"{rules.carac_names[carac]} ; {label}")
        for skill, name in rules.names["competence"].known.items()
        for carac in (rules.skills[skill][0],)
        for rank, label in ((1, "professionnel"), (2, "expert"))
    )


def degree_suggestions(rules):
    return tuple(
        (f"{name} {n}", f"{n} degré{'s' if n > 1 else ''}")
        for name in rules.names["avantage"].known.values()
        for n in range(1, 7)
    )


def atout_suggestions(rules):
    return tuple(
        (name, f"{rules.atouts[k]['categorie']} — {rules.atouts[k]['resume']}")
        for k, name in rules.names["atout"].known.items()
    )


def gear_suggestions(rules):
    def about(entity: str) -> str:
        if entity in rules.equipment:
            item = rules.equipment[entity]
            return f"{item.kind}, {item.cost} DO"
        category = rules.weapon_categories[rules.weapon_named(entity)]
        return f"{category.name.lower()}, au prix de la catégorie"

    return tuple((name, about(k)) for k, name in rules.names["equipement"].known.items())


SHEET_CALCULATOR = Calculator(
    SYSTEM,
    "feuille",
    *SHEET,
    (
        *score_inputs(
            CREATION_FIELDS,
            -3,
            8,
            "Valeur de création, avant peuple et point du niveau 4.",
        ),
        ChoiceInput(
            "peuple",
            "Peuple",
            "humain",
            people_choices,
            "Ses modificateurs et traits s'appliquent{@source 965–978}.",
            genre="peuple",
        ),
        ChoiceInput(
            "point_niveau_4",
            "Point du niveau 4",
            "aucun",
            lambda rules: (("aucun", "Aucun"),) + carac_choices(rules),
            "Au niveau 4 et plus{@source 125}.",
        ),
        TextInput(
            "classes",
            "Classes, niveau par niveau",
            "combattant",
            200,
            "La première est la classe de création (ex. « combattant, combattant, mystique »).",
            suggestions=class_suggestions,
            genre="classe",
        ),
        TextInput(
            "rangs",
            "Rangs de compétences",
            "vigilance 1, athletisme 1",
            400,
            "« compétence rangs », spécialisation entre parenthèses : « connaissance (arcanes) 2 ».",
            suggestions=rank_suggestions,
        ),
        TextInput(
            "degres",
            "Degrés d'avantages",
            "attaque 2, defense 1, sauvegarde 1",
            200,
            "Au plus 6 par avantage.",
            suggestions=degree_suggestions,
        ),
        IntInput(
            "libres_pv",
            "Points libres en PV",
            4,
            0,
            60,
            "Points libres de la classe mis en PV.",
        ),
        IntInput("libres_pe", "Points libres en PE", 2, 0, 60, "Le reste, en PE."),
        IntInput(
            "recuperation_pv",
            "Récupération investie en PV",
            4,
            0,
            9,
            "6 points à partager (9 avec Récupération accrue) ; la Constitution s'ajoute.",
        ),
        IntInput("recuperation_pe", "Récupération investie en PE", 2, 0, 9, "La Sagesse s'ajoute."),
        TextInput(
            "atouts",
            "Atouts",
            "métier des armes, expertise du combat, arme de prédilection (épée longue), habilité (conduite; acrobatie)",
            800,
            "Séparés par des virgules, précisions entre parenthèses (arme, compétences, « pv » ou « pe » pour Compteur exceptionnel).",
            suggestions=atout_suggestions,
            genre="atout",
        ),
        TextInput(
            "equipement",
            "Équipement",
            "cotte de mailles, épée longue, écu, ration de nourriture, trousse à outils (vigilance)",
            800,
            "Noms des tables de prix ou armes citées (épée longue, dague, arc…), séparés par des virgules.",
            suggestions=gear_suggestions,
            genre="equipement",
        ),
    ),
    compute_sheet,
    (
        "Modificateurs professionnel et expert : 2 + ⌊niveau/2⌋ et niveau + 3, ce qui reproduit la table{@source 158–160}.",
        "Défense à distance : le bouclier compte, rien ne l'en exclut ; la fiche d'Achille imprime 3D6+2 au lieu de 3D6+4 (note éditoriale).",
        "Coût de l'équipement d'Achille : le livre annonce 7 DO{@source 382}, la table donne 8 DO pour la cotte, l'épée et l'écu (9 avec la trousse).",
        "Conduite (équitation) sans rang : 2D6+3, compétence spécialisée (la fiche d'Achille n'indique que le +3).",
    ),
    computes=("regle creation",),
)

# The system's calculators, in the order of its pages (engine/registry.py reads this list).
CALCULATORS = (
    JET,
    DEGATS,
    PROGRESSION,
    ENCOMBREMENT,
    SHEET_CALCULATOR,
)
