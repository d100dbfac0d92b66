"""Calculators of Divin (6)thème (source: 000_8c9a3b716e1ff7e0.txt)."""

from __future__ import annotations

from fractions import Fraction

from . import divin6_dice as dice
from .inputs import ChoiceInput, DecimalInput, IntInput
from .registry import Calculator, register
from .results import Distribution, Figure, Figures, Table, Text

SYSTEM = "divin6"
YES_NO = (("non", "Non"), ("oui", "Oui"))
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


def signed(n: int) -> str:
    return f"{n:+d}".replace("-", "−")


def compute_roll(des, blessures, autres_des, modificateur, mode, difficulte, adversaire_des, adversaire_mod, egalite, prendre, destin, science_du_critique):
    n = max(0, int(des) - blessures + autres_des)
    science = science_du_critique == "oui"
    lines = [Figure("Dés d'action", n, note=f"{des} − {blessures} (blessures graves, chocs) {signed(autres_des)} ; aucun minimum (l. 631)")]
    blocks = []
    if mode == "difficulte":
        p = dice.success(n, modificateur, difficulte)
        lines.append(Figure(f"Réussite ({n}D6 {signed(modificateur)} contre {difficulte})", p, percent=True))
        if destin == "oui":
            lines.append(Figure("Réussite avec un point de Destin", dice.success_with_reroll(n, modificateur, difficulte), percent=True, note="relance du dé le plus faible après un échec (l. 416)"))
        law = {total + modificateur - difficulte: q for total, q in dice.action_dice(n)}
        for tier, q in dice.critical_tiers(law, science).items():
            lines.append(Figure(f"Marge ≥ {tier}" if not science or tier == 6 else f"Palier de marge {tier} (Science du critique)", q, percent=True))
        if prendre != "non":
            value = dice.take(n, modificateur, int(prendre))
            lines.append(Figure(f"Prendre {prendre}", value, note="réussite assurée" if value >= difficulte else "ne suffit pas"))
        blocks.append(Figures("Jet contre une difficulté", tuple(lines)))
        blocks.append(Distribution("Total du jet", "Total", tuple((t + modificateur, q) for t, q in dice.action_dice(n))))
    else:
        law = dice.margins((n, modificateur), (adversaire_des, adversaire_mod))
        result = dice.opposed((n, modificateur), (adversaire_des, adversaire_mod), egalite)
        label = "L'attaquant l'emporte" if egalite != "pj-pj" else "L'attaquant l'emporte (égalités relancées)"
        lines += [Figure(label, result["touche"], percent=True), Figure("Égalité au premier jet", result["egalite"], percent=True)]
        for tier, q in dice.critical_tiers(law, science).items():
            lines.append(Figure(f"Frappe critique, marge ≥ {tier}" if not science or tier == 6 else f"Palier {tier} (Science du critique)", q, percent=True))
        if destin == "oui":
            blocks.append(Text("Le point de Destin n'est calculé que pour un jet contre une difficulté.", "avertissement"))
        blocks.insert(0, Figures(f"{n}D6 {signed(modificateur)} contre {adversaire_des}D6 {signed(adversaire_mod)}", tuple(lines)))
        blocks.append(Distribution("Marge (attaque − défense)", "Marge", tuple(law.items())))
    return tuple(blocks)


register(Calculator(
    SYSTEM, "jet", "Jet d'action", "Quelles chances de réussir un jet, contre une difficulté ou en opposition ?",
    (
        ChoiceInput("des", "Dés de départ", "3", BASE_DICE, "3 en général ; 2 pour une compétence spécialisée sans rang ; 4 avec Talentueux."),
        IntInput("blessures", "Blessures graves et chocs", 0, 0, 10, "Chacun retire un dé d'action (l. 631, 655)."),
        IntInput("autres_des", "Autres dés (+/−)", 0, -10, 10, "Surprise −1, main gauche −1, Attaque dévastatrice −1, Expertise du combat ±1…"),
        IntInput("modificateur", "Modificateur total", 4, -30, 60, "Caractéristique, rang, degrés, arme, trousse, atouts, modificateurs extérieurs."),
        ChoiceInput("mode", "Jet", "difficulte", (("difficulte", "Contre une difficulté"), ("opposition", "En opposition")), ""),
        IntInput("difficulte", "Difficulté", 15, 1, 60, "De 10 (facile) à 30 (extrêmement ardu), au-delà pour l'épique (l. 439)."),
        IntInput("adversaire_des", "Dés de l'adversaire", 3, 0, 12, "En opposition."),
        IntInput("adversaire_mod", "Modificateur de l'adversaire", 4, -30, 60, "En opposition."),
        ChoiceInput("egalite", "Égalité", "pj-attaque", TIES, "Règle d'égalité (l. 453–455)."),
        ChoiceInput("prendre", "Prendre 10 / 15", "non", (("non", "Non"), ("10", "Prendre 10 (professionnel)"), ("15", "Prendre 15 (expert)")), "±4 par dé au-dessus ou au-dessous de trois (l. 443–449)."),
        ChoiceInput("destin", "Un point de Destin", "non", YES_NO, "Relance d'un dé après un échec."),
        ChoiceInput("science_du_critique", "Science du critique", "non", YES_NO, "+3 à la marge d'une frappe critique (l. 1057)."),
    ),
    compute_roll,
    (
        "Un résultat égal à la difficulté réussit (l. 437). Sans dé d'action, seul le modificateur compte.",
        "Frappes critiques : paliers de marge 6, 9 et 12 (l. 534–538), aussi comptés contre une difficulté fixe (marge = total − difficulté).",
        "Point de Destin : le joueur relance son dé le plus faible seulement après un échec, ce qui est le meilleur choix.",
    ),
))


def compute_damage(des, explosion, bonus, armure):
    threshold = None if explosion == "aucune" else int(explosion)
    law, tail, mean = dice.damage(des, threshold, bonus, armure)
    serious = sum((p for v, p in law.items() if v >= 6), Fraction(0)) + tail
    lines = (
        Figure("Dégâts moyens", mean, note="après armure"),
        Figure("Au moins 6 dégâts (blessure grave si « mal en point »)", serious, percent=True, note="l. 627"),
        Figure("Aucun dégât", law.get(0, Fraction(0)), percent=True),
    )
    blocks = [Figures(f"{des}D6 {signed(bonus)} contre une armure de {armure}", lines)]
    shown = tuple(law.items())
    if tail:
        blocks.append(Text(f"Au-delà de {max(law)} dégâts : probabilité restante exacte {tail} (dés explosifs sans limite).", "info"))
    blocks.append(Distribution("Dégâts subis", "Dégâts", shown))
    return tuple(blocks)


register(Calculator(
    SYSTEM, "degats", "Dégâts", "Quels dégâts après l'armure, et quelles chances d'une blessure grave ?",
    (
        IntInput("des", "Dés de dégâts", 2, 0, 10, "1D6 arme légère, 2D6 intermédiaire, 3D6 lourde (l. 333–335)."),
        ChoiceInput("explosion", "Dés explosifs", "aucune", (("aucune", "Non"), ("6", "Sur 6 (Arquefeu, Arme mystique…)"), ("5", "Sur 5 et 6 (balles explosives, 2e prise)")), "Le dé qui atteint le seuil est relancé et ajouté, sans limite (l. 355)."),
        IntInput("bonus", "Bonus fixe", 5, -20, 60, "Force (contact) ou Dextérité (distance), Arme de prédilection +2, monté +2, Gabarit ×4…"),
        IntInput("armure", "Armure de la cible", 4, 0, 40, "Protection de l'armure (1 à 6), Boite de conserve, maître, Gabarit."),
    ),
    compute_damage,
    ("Dégâts = dés + bonus − armure, jamais négatifs (l. 528–532).",),
))


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
    vet = veteran == "oui"
    level, free = level_and_free(xp, vet)
    nxt = next((x for x in range(xp + 1, xp + 501) if level_and_free(x, vet) != (level, free)), None)
    lines = [
        Figure("Niveau", level),
        Figure("Atouts libres", free, note="un par tranche de 50 XP après le niveau 6, jusqu'au 20ᵉ"),
        Figure("Prochain palier", f"{nxt} XP" if nxt is not None else "aucun : tout est acquis", note="" if nxt is None else f"encore {nxt - xp} XP"),
    ]
    done = next(x for x in range(0, 5001) if level_and_free(x, vet) == (6, 20))
    lines.append(Figure("Scénarios pour tout acquérir", -(-max(0, done - xp) // xp_par_scenario), note=f"à {xp_par_scenario} XP par scénario ({done} XP en tout)"))
    table = tuple((lvl, next(x for x in range(0, 5001) if level_and_free(x, vet)[0] >= lvl)) for lvl in range(1, 7))
    return (Figures("Progression", tuple(lines)), Table("XP pour atteindre chaque niveau", ("Niveau", "XP"), table))


register(Calculator(
    SYSTEM, "progression", "Progression", "Quel niveau et combien d'atouts libres pour tant d'XP ?",
    (
        IntInput("xp", "Points d'expérience", 550, 0, 5000, "Total accumulé."),
        ChoiceInput("veteran", "Vétéran", "non", YES_NO, "Commence au niveau 4 ; niveaux 5 et 6 à 200 XP ; deux premiers atouts libres à 100 XP."),
        IntInput("xp_par_scenario", "XP par scénario", 25, 1, 100, "15 à 25 en général (l. 890–891)."),
    ),
    compute_progression,
    ("Chaque niveau coûte 100 XP, cumulés (100, 200… 500 pour le niveau 6) ; puis un atout libre par 50 XP (l. 112–128, 903–905).",),
))

MOUNTS = (("aucune", "Aucune", 0), ("amateur", "Monture d'amateur (+4)", 4), ("professionnel", "Monture de professionnel (+6)", 6), ("expert", "Monture d'expert (+8)", 8))


def compute_encumbrance(force, constitution, survie, grand, boite_de_conserve, voyageur, monture, charge_combat, charge_voyage, charge_autre):
    mount = next(bonus for key, _, bonus in MOUNTS if key == monture)
    capacity = force + constitution + 3 + int(survie) + (2 if grand == "oui" else 0) + mount
    # Boite de conserve and Voyageur only carry their own kind of load (l.245).
    combat = max(Fraction(0), charge_combat - (2 if boite_de_conserve == "oui" else 0))
    travel = max(Fraction(0), charge_voyage - (3 if voyageur == "oui" else 0))
    load = combat + travel + charge_autre
    excess = max(Fraction(0), load - capacity)
    penalty = -(excess.numerator // excess.denominator)
    lines = (
        Figure("Score d'encombrement", capacity, note=f"For {force} + Con {constitution} + 3 + Survie {survie}" + (" + Grand 2" if grand == "oui" else "") + (f" + monture {mount}" if mount else "")),
        Figure("Charge comptée", load),
        Figure("Dépassement", excess),
        Figure("Malus", signed(penalty) if penalty else "0", note="à Mouvement, Initiative et aux jets liés à For, Con ou Dex (l. 249)"),
    )
    return (Figures("Encombrement", lines),)


register(Calculator(
    SYSTEM, "encombrement", "Encombrement", "Que peut porter le personnage, et quel malus subit-il ?",
    (
        IntInput("force", "Force", 3, -3, 8, ""),
        IntInput("constitution", "Constitution", 2, -3, 8, ""),
        ChoiceInput("survie", "Survie", "0", (("0", "Amateur (+0)"), ("1", "Professionnel (+1)"), ("2", "Expert (+2)")), ""),
        ChoiceInput("grand", "Grand", "non", YES_NO, "+2."),
        ChoiceInput("boite_de_conserve", "Boite de conserve", "non", YES_NO, "+2 pour armes, armures et boucliers seulement."),
        ChoiceInput("voyageur", "Voyageur", "non", YES_NO, "+3 pour rations, munitions et trousses seulement."),
        ChoiceInput("monture", "Monture", "aucune", tuple((k, label) for k, label, _ in MOUNTS), "Modificateur d'encombrement (l. 314–319)."),
        DecimalInput("charge_combat", "Armes, armures, boucliers", Fraction(7), Fraction(0), Fraction(100), "Doublez une armure ou un bouclier intermédiaire ou lourd sans Métier des armes (l. 363)."),
        DecimalInput("charge_voyage", "Rations, munitions, trousses", Fraction(3, 2), Fraction(0), Fraction(100), ""),
        DecimalInput("charge_autre", "Autres objets", Fraction(0), Fraction(0), Fraction(100), ""),
    ),
    compute_encumbrance,
    ("Le malus compte les points entiers de dépassement : le demi-point d'Achille (8,5 pour 8) ne suffit pas (l. 382).",),
))
