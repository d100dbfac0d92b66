"""What the small calculators of SkillCraft (calculators.py) compute, each from one table:
experience and level (l. 292–329), encumbrance (l. 2078–2086), the cost of channelling a
power (l. 2781–2809)."""

from __future__ import annotations

from fractions import Fraction

from generator.engine.inputs import FieldError
from generator.engine.results import Figure, Figures, Text
from generator.systems.skillcraft import dice

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
