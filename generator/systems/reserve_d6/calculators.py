"""Système à réserve de d6 (sans titre): pool size, success counts, opposed rolls, costs.

Source: shared/sources/003_a42eb52995a0e2c4.txt (line numbers below refer to it).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import icepool

from ...engine.inputs import ChoiceInput, IntInput, IntListInput
from ...engine.registry import Calculator, register
from ...engine.results import Distribution, Figure, Figures, Table, Text, mean, std_dev, variance

SYSTEM = "reserve-d6"

# l.46: 1-4 fail, 5 gives one success, 6 gives two.
SUCCESSES_BY_FACE = {1: 0, 2: 0, 3: 0, 4: 0, 5: 1, 6: 2}
DIE = icepool.Die(list(SUCCESSES_BY_FACE.values()))

Dist = tuple[tuple[int, Fraction], ...]


def exact_distribution(die: icepool.Die) -> Dist:
    total = die.denominator()
    return tuple((outcome, Fraction(quantity, total)) for outcome, quantity in die.items())


def pool_size(
    caracteristique: int, competence: int, equipement: int, permanent: int, blessures: int
) -> int:
    """Dice rolled (l.20, 26, 32, 38, 50); never below zero (l.66: no dice, no action)."""
    return max(0, caracteristique + competence + equipement + permanent - blessures)


@lru_cache(maxsize=64)
def pool_die(dice: int) -> icepool.Die:
    return dice @ DIE


@lru_cache(maxsize=64)
def successes(dice: int) -> Dist:
    """Exact P(total successes = k) for a pool of `dice` dice."""
    return exact_distribution(pool_die(dice))


def at_least(dist: Dist, k: int) -> Fraction:
    return sum((p for outcome, p in dist if outcome >= k), Fraction(0))


def opposed(attacker: int, defender: int) -> dict[str, object]:
    """Both sides roll (l.60, 64). Ties are not resolved by the text: reported apart."""
    difference = pool_die(attacker) - pool_die(defender)
    diff = exact_distribution(difference)
    damage = exact_distribution(difference.map(lambda d: max(0, d)))
    return {
        "attaquant": sum((p for d, p in diff if d > 0), Fraction(0)),
        "egalite": sum((p for d, p in diff if d == 0), Fraction(0)),
        "defenseur": sum((p for d, p in diff if d < 0), Fraction(0)),
        "degats": damage,
    }


# l.26 states both rules; they disagree (see the editorial note on the cost rule).
FORMULAS = {
    "incrementale": ("N(N+1)/2 (règle pas à pas)", lambda n: n * (n + 1) // 2),
    "imprimee": ("N(N−1)/2 (formule imprimée)", lambda n: n * (n - 1) // 2),
}


def cost(level: int, formula: str) -> int:
    return FORMULAS[formula][1](level)


def _probability_figures(dist: Dist) -> tuple[Figure, ...]:
    var = variance(dist)
    return (
        Figure("Moyenne de succès", mean(dist)),
        Figure("Variance", var),
        Figure("Écart type", f"{std_dev(var):.4f}".replace(".", ","), note="√variance"),
        Figure("P(aucun succès)", dist[0][1] if dist[0][0] == 0 else Fraction(0), percent=True),
    )


def compute_pool(
    caracteristique,
    competence,
    equipement,
    permanent,
    blessures_physiques,
    blessures_psychiques,
    seuil,
):
    dice = pool_size(
        caracteristique,
        competence,
        equipement,
        permanent,
        blessures_physiques + blessures_psychiques,
    )
    dist = successes(dice)
    blocks = [
        Figures(
            "Réserve",
            (
                Figure(
                    "Dés lancés",
                    dice,
                    note=f"{caracteristique} + {competence} + {equipement} {'+' if permanent >= 0 else '−'} {abs(permanent)} − {blessures_physiques + blessures_psychiques} blessure(s)",
                ),
                Figure(f"P(au moins {seuil} succès)", at_least(dist, seuil), percent=True),
            )
            + _probability_figures(dist),
        ),
    ]
    if dice == 0:
        blocks.append(
            Text("Aucun dé : le personnage est trop amoindri pour agir (l. 66).", "avertissement")
        )
    blocks.append(Distribution("Distribution des succès", "Succès", dist))
    return tuple(blocks)


def compute_combat(attaquant, defenseur):
    result = opposed(attaquant, defenseur)
    damage = result["degats"]
    blocks = [
        Figures(
            "Issue du jet",
            (
                Figure(
                    "L'attaquant l'emporte (dégâts infligés)", result["attaquant"], percent=True
                ),
                Figure("Égalité (aucun dégât)", result["egalite"], percent=True),
                Figure("Le défenseur l'emporte", result["defenseur"], percent=True),
                Figure("Dégâts moyens par attaque", mean(damage)),
            ),
        ),
        Distribution("Dégâts subis par le défenseur", "Dégâts", damage),
    ]
    if attaquant == 0:
        blocks.insert(
            0, Text("L'attaquant n'a aucun dé : il ne peut pas agir (l. 66).", "avertissement")
        )
    return tuple(blocks)


def compute_cost(niveau, bonus_objet, formule):
    other = "imprimee" if formule == "incrementale" else "incrementale"
    label, _ = FORMULAS[formule]
    levels = range(1, max(10, niveau) + 1)
    return (
        Figures(
            f"Coût selon {label}",
            (
                Figure(
                    f"Compétence ou bonus au niveau {niveau}", cost(niveau, formule), note="points"
                ),
                Figure(
                    f"Avec l'autre formule ({FORMULAS[other][0]})",
                    cost(niveau, other),
                    note="points",
                ),
                Figure(
                    f"Objet aux bonus {', '.join(f'+{b}' for b in bonus_objet)}",
                    sum(cost(b, formule) for b in bonus_objet),
                    note="points : somme des coûts de ses bonus (l. 32)",
                ),
            ),
        ),
        Table(
            "Coût par niveau (calculé, absent du texte)",
            ("Niveau", "Pas à pas N(N+1)/2", "Formule imprimée N(N−1)/2", "Passage depuis N−1"),
            tuple((n, cost(n, "incrementale"), cost(n, "imprimee"), n) for n in levels),
            note="Le coût d'un malus permanent n'est pas défini par le texte.",
        ),
    )


CARAC_HELP = "Niveau de la caractéristique utilisée (CONS, DEXT, INTE ou CHAR) : autant de dés."

register(
    Calculator(
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
        assumptions=(
            "Chaque dé est indépendant : 1 à 4 ne rapportent rien, 5 rapporte 1 succès, 6 en rapporte 2.",
            "Les bornes des champs sont celles du calculateur ; le texte n'en fixe aucune.",
        ),
    )
)

register(
    Calculator(
        system=SYSTEM,
        id="combat",
        title="Opposition et combat",
        summary="Qui l'emporte, et combien de dégâts subit le défenseur ?",
        inputs=(
            IntInput(
                "attaquant", "Dés de l'attaquant", 11, 0, 60, "Réserve complète de l'attaquant."
            ),
            IntInput("defenseur", "Dés du défenseur", 9, 0, 60, "Réserve complète du défenseur."),
        ),
        compute=compute_combat,
        assumptions=(
            "Les deux camps lancent leur réserve ; les dégâts valent l'écart des succès quand l'attaquant dépasse strictement le défenseur.",
            "Le texte ne dit pas qui gagne une égalité : elle est comptée à part, sans dégâts.",
        ),
    )
)

register(
    Calculator(
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
        assumptions=("Un objet à plusieurs bonus coûte la somme des coûts de ses bonus (l. 32).",),
    )
)
