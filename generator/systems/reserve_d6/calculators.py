"""Système à réserve de d6 (sans titre): pool size, success counts, opposed rolls, costs.

Line numbers refer to the source text. The die faces and the cost formulas come from the
data, through the `Rules` each calculator receives (rules.py).
"""

from __future__ import annotations

from generator.core.typographie import pluriel
from generator.engine.inputs import ChoiceInput, IntInput, IntListInput
from generator.engine.law import Law
from generator.engine.registry import Calculator
from generator.engine.results import Distribution, Figure, Figures, Table, Text, std_dev, variance
from generator.engine.tirage import Issue
from generator.systems.reserve_d6.dice import opposed, pool_size, successes
from generator.systems.reserve_d6.rules import Rules

SYSTEM = "reserve-d6"


def cost(rules: Rules, level: int, formula: str) -> int:
    """Points for level N by one of the two printed formulas (l.26; see the editorial note)."""
    return rules.formulas[formula].cost(level)


def _probability_figures(law: Law) -> tuple[Figure, ...]:
    var = variance(law.items())
    return (
        Figure("Moyenne de succès", law.mean),
        Figure("Variance", var),
        Figure("Écart type", f"{std_dev(var):.4f}".replace(".", ","), note="√variance"),
        Figure("P(aucun succès)", law[0], percent=True),
    )


def _pool(valeurs) -> tuple[int, int]:
    """(dice rolled, wounds): every wound, physical or psychological, takes a die away."""
    blessures = valeurs.blessures_physiques + valeurs.blessures_psychiques
    dice = pool_size(
        valeurs.caracteristique,
        valeurs.competence,
        valeurs.equipement,
        valeurs.permanent,
        blessures,
    )
    return dice, blessures


def compute_pool(regles, valeurs):
    dice, blessures = _pool(valeurs)
    law, seuil, permanent = successes(regles, dice), valeurs.seuil, valeurs.permanent
    sign = "+" if permanent >= 0 else "−"
    blocks = [
        Figures(
            "Réserve",
            (
                Figure(
                    "Dés lancés",
                    dice,
                    note=f"{valeurs.caracteristique} + {valeurs.competence} + {valeurs.equipement} {sign} {abs(permanent)} − {blessures} {pluriel(blessures, 'blessure', 'blessures')}",
                ),
                Figure(f"P(au moins {seuil} succès)", law.at_least(seuil), percent=True),
            )
            + _probability_figures(law),
        ),
    ]
    if dice == 0:
        blocks.append(
            Text(
                "Aucun dé : le personnage est trop amoindri pour agir{@source 66}.", "avertissement"
            )
        )
    blocks.append(Distribution("Distribution des succès", "Succès", law.items()))
    return tuple(blocks)


def pool_issues(regles, valeurs):
    """One roll of the pool: its number of successes, against the threshold asked."""
    seuil = valeurs.seuil
    return tuple(
        Issue(
            f"{k} succès",
            p,
            f"Au moins {seuil} succès" if k >= seuil else f"Moins de {seuil} succès",
        )
        for k, p in successes(regles, _pool(valeurs)[0]).items()
    )


def combat_issues(regles, attaquant, defenseur):
    """One opposed roll: the damage dealt, or who wins without damage."""
    result = opposed(regles, attaquant, defenseur)
    return (
        Issue("Le défenseur l'emporte", result["defenseur"]),
        Issue("Égalité : aucun dégât", result["egalite"]),
        *(
            Issue(
                f"L'attaquant inflige {d} {pluriel(d, 'dégât', 'dégâts')}",
                p,
                "L'attaquant l'emporte",
            )
            for d, p in result["degats"].items()
            if d > 0
        ),
    )


def compute_combat(regles, attaquant, defenseur):
    result = opposed(regles, attaquant, defenseur)
    damage: Law = result["degats"]
    blocks = [
        Figures(
            "Issue du jet",
            (
                Figure(
                    "L'attaquant l'emporte (dégâts infligés)", result["attaquant"], percent=True
                ),
                Figure("Égalité (aucun dégât)", result["egalite"], percent=True),
                Figure("Le défenseur l'emporte", result["defenseur"], percent=True),
                Figure("Dégâts moyens par attaque", damage.mean),
            ),
        ),
        Distribution("Dégâts subis par le défenseur", "Dégâts", damage.items()),
    ]
    if attaquant == 0:
        blocks.insert(
            0, Text("L'attaquant n'a aucun dé : il ne peut pas agir{@source 66}.", "avertissement")
        )
    return tuple(blocks)


def _label(formula) -> str:
    return f"{formula.expression} ({formula.name.lower()})"


def compute_cost(regles, niveau, bonus_objet, formule):
    chosen = regles.formulas[formule]
    others = [f for f in regles.formulas.values() if f.id != formule]
    levels = range(1, max(10, niveau) + 1)
    return (
        Figures(
            f"Coût selon {_label(chosen)}",
            (
                Figure(
                    f"Compétence ou bonus au niveau {niveau}", chosen.cost(niveau), note="points"
                ),
                *(
                    Figure(f"Avec l'autre formule ({_label(f)})", f.cost(niveau), note="points")
                    for f in others
                ),
                Figure(
                    f"Objet aux bonus {', '.join(f'+{b}' for b in bonus_objet)}",
                    sum(chosen.cost(b) for b in bonus_objet),
                    note="points : somme des coûts de ses bonus{@source 32}",
                ),
            ),
        ),
        Table(
            "Coût par niveau (calculé, absent du texte)",
            (
                "Niveau",
                *(f"{f.name} {f.expression}" for f in regles.formulas.values()),
                "Passage depuis N−1",
            ),
            tuple((n, *(f.cost(n) for f in regles.formulas.values()), n) for n in levels),
            note="Le coût d'un malus permanent n'est pas défini par le texte.",
        ),
    )


CARAC_HELP = "Niveau de la caractéristique utilisée (CONS, DEXT, INTE ou CHAR) : autant de dés."

RESERVE = Calculator(
    system=SYSTEM,
    id="reserve",
    title="Réserve de dés et chances de succès",
    summary="Combien de dés lancer, et quelles chances d'obtenir au moins k succès ?",
    inputs=(
        IntInput("caracteristique", "Caractéristique", 4, 0, 20, CARAC_HELP),
        IntInput(
            "competence",
            "Compétence",
            3,
            0,
            20,
            "Niveau de la compétence : un dé de plus par niveau.",
        ),
        IntInput(
            "equipement",
            "Bonus d'équipement",
            0,
            0,
            20,
            "Un seul objet par jet, et un seul de ses bonus.",
        ),
        IntInput(
            "permanent",
            "Modificateurs permanents",
            0,
            -20,
            20,
            "Somme des bonus ou malus permanents d'objets sur cette caractéristique.",
        ),
        IntInput(
            "blessures_physiques", "Blessures physiques", 0, 0, 99, "Chaque point retire un dé."
        ),
        IntInput(
            "blessures_psychiques",
            "Blessures psychologiques",
            0,
            0,
            99,
            "Chaque point retire un dé.",
        ),
        IntInput(
            "seuil",
            "Succès visés",
            3,
            0,
            200,
            "Le MJ fixe le nombre de succès suffisant ; le texte ne donne pas d'échelle.",
        ),
    ),
    compute=compute_pool,
    issues=pool_issues,
    assumptions=(
        "Chaque dé est indépendant : 1 à 4 ne rapportent rien, 5 rapporte 1 succès, 6 en rapporte 2.",
        "Les bornes des champs sont celles du calculateur ; le texte n'en fixe aucune.",
    ),
    computes=(
        "regle resolution#la-reserve-de-des",
        "regle resolution#actions-simples",
        "regle blessures",
        "regle equipements#bonus-et-malus-permanents",
    ),
)

COMBAT = Calculator(
    system=SYSTEM,
    id="combat",
    title="Opposition et combat",
    summary="Qui l'emporte, et combien de dégâts subit le défenseur ?",
    inputs=(
        IntInput("attaquant", "Dés de l'attaquant", 11, 0, 60, "Réserve complète de l'attaquant."),
        IntInput("defenseur", "Dés du défenseur", 9, 0, 60, "Réserve complète du défenseur."),
    ),
    compute=compute_combat,
    issues=combat_issues,
    assumptions=(
        "Les deux camps lancent leur réserve ; les dégâts valent l'écart des succès quand l'attaquant dépasse strictement le défenseur.",
        "Le texte ne dit pas qui gagne une égalité : elle est comptée à part, sans dégâts.",
    ),
    computes=("regle resolution#actions-en-opposition", "regle resolution#combats"),
)

COUT = Calculator(
    system=SYSTEM,
    id="cout",
    title="Coût d'une compétence ou d'un équipement",
    summary="Combien de points coûte un niveau N, selon la formule retenue ?",
    inputs=(
        IntInput(
            "niveau",
            "Niveau visé",
            3,
            0,
            30,
            "Niveau de la compétence ou du bonus d'équipement.",
        ),
        IntListInput(
            "bonus_objet",
            "Bonus de l'objet",
            (7,),
            1,
            30,
            8,
            "Niveaux des bonus d'un même objet, séparés par des virgules (ex. « 4, 7 »).",
        ),
        ChoiceInput(
            "formule",
            "Formule",
            "incrementale",
            (
                ("incrementale", "N(N+1)/2 : N points par niveau gagné"),
                ("imprimee", "N(N−1)/2 : formule imprimée"),
            ),
            "Le texte donne les deux ; voir la note éditoriale sur la règle de coût.",
        ),
    ),
    compute=compute_cost,
    assumptions=("Un objet à plusieurs bonus coûte la somme des coûts de ses bonus{@source 32}.",),
    computes=(
        "formule cout-progression",
        "regle competences#cout-des-competences",
        "regle equipements#cout-en-points-dequipement",
    ),
)

# The system's calculators, in the order of its pages (engine/registry.py reads this list).
CALCULATORS = (
    RESERVE,
    COMBAT,
    COUT,
)
