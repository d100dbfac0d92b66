"""Small calculators of SkillCraft that read one table each: experience and level,
encumbrance (l. 2078–2086), the cost of channelling a power (l. 2781–2809)."""

from __future__ import annotations

from fractions import Fraction

from generator.engine.inputs import ChoiceInput, FieldError, IntInput
from generator.engine.registry import Calculator
from generator.engine.results import Figure, Figures, Text
from generator.systems.skillcraft import dice

SYSTEM = "skillcraft"


# --- experience and level (l. 292–329) ---------------------------------------------------


def compute_progression(regles, experience, tiers):
    level = regles.level_of(experience)
    xp_total = regles.xp_total
    following = [(level + 1, xp_total[level + 1])] if level + 1 < len(xp_total) else []
    lines = [
        Figure("Niveau", level, note=f"{experience} points d'expérience"),
        Figure(
            "Prochain niveau",
            f"{following[0][1] - experience} point{'s' if following[0][1] - experience > 1 else ''} "
            "d'expérience"
            if following
            else "—",
            note=f"niveau {level + 1} à {following[0][1]}"
            if following
            else "niveau maximal de la table",
        ),
        Figure(
            "Points de talents gagnés depuis la création",
            regles.creation_points + regles.points_per_level * level,
            note=f"{regles.creation_points} à la création, +{regles.points_per_level} par niveau",
        ),
        Figure("Points d'attribut gagnés", regles.attribute_points_per_level * level),
        Figure("Rang maximal des compétences", regles.max_rank[tiers], note=f"tiers {tiers}"),
    ]
    return (Figures("Progression", tuple(lines)),)


PROGRESSION = Calculator(
    SYSTEM,
    "progression",
    "Expérience et niveau",
    "À quel niveau mène mon expérience, et que m'a-t-elle rapporté ?",
    (
        IntInput("experience", "Expérience totale", 400, 0, 10_000_000, ""),
        IntInput("tiers", "Tiers du personnage", 0, 0, 3, "Fixe le rang maximal des compétences."),
    ),
    compute_progression,
    ("Points gagnés sans compter les Spécialisations ni les dépenses.",),
    computes=("regle progression#experience-et-niveau",),
)


# --- encumbrance (l. 2078–2086) ------------------------------------------------------------


def _kg(mass: Fraction) -> str:
    shown = str(mass.numerator) if mass.denominator == 1 else f"{float(mass):.1f}"
    return shown.replace(".", ",") + " kg"


def compute_encumbrance(regles, vigueur, taille, masse, mouvement):
    name, share = regles.size_share[taille]
    capacity = Fraction(regles.carry_per_vigueur * vigueur * share, 100)
    excess = max(Fraction(0), masse - capacity)
    penalty = 0
    if excess:
        # Rounded down, then at least the minimum (editorial note of the table).
        penalty = min(mouvement, max(regles.least_penalty, int(mouvement * excess / capacity)))
    lines = (
        Figure(
            "Capacité de charge",
            _kg(capacity),
            note=f"{regles.carry_per_vigueur} kg × Vigueur {vigueur}, taille {name} ({share} %)",
        ),
        Figure("Excédent", _kg(excess)),
        Figure("Pénalité de mouvement", penalty, note="points de mouvement perdus"),
        Figure("Points de mouvement restants", mouvement - penalty),
    )
    blocks = [Figures("Encombrement", lines)]
    if penalty and penalty == mouvement:
        blocks.append(Text("Trop chargée : la créature ne peut plus se déplacer.", "avertissement"))
    return tuple(blocks)


def _sizes(rules) -> tuple[tuple[str, str], ...]:
    return tuple((key, f"{name} ({share} %)") for key, (name, share) in rules.size_share.items())


ENCOMBREMENT = Calculator(
    SYSTEM,
    "encombrement",
    "Encombrement",
    "Combien puis-je porter, et combien de points de mouvement me coûte ma charge ?",
    (
        IntInput("vigueur", "Score de Vigueur", 12, 1, 40, ""),
        ChoiceInput("taille", "Taille", "moyenne", _sizes, ""),
        IntInput("masse", "Masse portée (kg)", 90, 0, 10_000, "Tout ce qui est porté ou soulevé."),
        IntInput("mouvement", "Points de mouvement", 6, 0, 30, ""),
    ),
    compute_encumbrance,
    (
        "Pénalité = points de mouvement × excédent ÷ capacité, arrondie à l'entier inférieur, au moins 1 (note éditoriale de la table Encombrement).",
    ),
    computes=("regle equipement#encombrement",),
)


# --- channelling a power (l. 2781–2809) ----------------------------------------------------


def compute_power(regles, tiers, niveau, modificateur, rang, bonus, energie):
    points, low, high, base = regles.powers[tiers]
    if not low <= niveau <= high:
        raise FieldError(
            "niveau", f"Un pouvoir de tiers {tiers} se canalise aux niveaux {low} à {high}."
        )
    cost = base * niveau
    test = modificateur + rang + bonus
    chance = dice.success(dice.test_law(regles, test, cost))
    left = energie - cost
    lines = (
        Figure("Coût en Énergie", cost, note=f"{base} × niveau {niveau}"),
        Figure("DD du test d'Occultisme", cost, note="égal au coût"),
        Figure("Réussite du test", chance, percent=True, note=f"2d10 {test:+d}".replace("-", "−")),
        Figure("Énergie restante", left),
        Figure("Coût d'apprentissage", f"{points} points de talents"),
    )
    blocks = [Figures("Canaliser", lines)]
    if niveau > low:
        blocks.append(
            Text(
                f"Au-delà du niveau {low}, il faut le talent Magie puissante (et un tiers de personnage suffisant).",
                "info",
            )
        )
    if left < 0:
        blocks.append(
            Text(
                "Énergie négative : le personnage perd connaissance une fois l'effet produit{@source 2809}.",
                "avertissement",
            )
        )
    return tuple(blocks)


COUT_POUVOIR = Calculator(
    SYSTEM,
    "cout-pouvoir",
    "Coût d'un pouvoir",
    "Combien d'Énergie coûte un pouvoir, et quelles chances de le canaliser ?",
    (
        IntInput("tiers", "Tiers du pouvoir", 1, 0, 3, ""),
        IntInput(
            "niveau",
            "Niveau canalisé",
            3,
            1,
            7,
            "Le niveau minimal du tiers, plus avec Magie puissante.",
        ),
        IntInput("modificateur", "Modificateur d'attribut", 2, -5, 10, "Celui de l'Occultisme."),
        IntInput("rang", "Rang d'Occultisme", 3, 0, 14, ""),
        IntInput("bonus", "Bonus", 0, -30, 30, "Talents, Espérance dépensée…"),
        IntInput("energie", "Énergie actuelle", 30, 0, 500, ""),
    ),
    compute_power,
    (
        "Tiers 1 au niveau 3 : 6 × 3 = 18 Énergie, DD 18{@source 2807}.",
        "Les talents qui changent le coût ou le DD (Optimisation magique, Maximisation magique…) ne sont pas comptés : voir leurs pages.",
    ),
    computes=("regle magie#canaliser",),
)
