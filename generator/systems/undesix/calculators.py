"""Calculators of UnDéSix: the d6 test, the opposed test and the attack (line numbers refer
to the source text). Every number of the rules comes from the data through `Rules`."""

from __future__ import annotations

from fractions import Fraction

from ...engine.inputs import BoolInput, ChoiceInput, IntInput
from ...engine.registry import Calculator, register
from ...engine.results import Distribution, Figure, Figures, Table, Text, mean, signed
from .rules import Rules

SYSTEM = "undesix"


def _scale_choices(rules: Rules) -> tuple[tuple[str, str], ...]:
    """The GM's modifier scale (l. 773–775), as a list to pick from."""
    choices = [("0", "Aucun (0)")]
    for name, size in rules.scale:
        choices.append((str(-size), f"Malus {name} ({signed(-size)})"))
    for name, size in rules.scale:
        choices.append((str(size), f"Bonus {name} ({signed(size)})"))
    return tuple(choices)


def target(rules: Rules, base: int, actions: int, helpers: int) -> int:
    """The value to roll under: −2 per simultaneous action beyond the first, +1 per helper."""
    return base - rules.extra_action_malus * (actions - 1) + rules.helper_bonus * helpers


def succeeds(rules: Rules, die: int, value: int, automatic: bool) -> bool:
    """A die at most the value succeeds; with the option, 1 always does and 6 never."""
    if automatic and die == rules.always_success:
        return True
    if automatic and die == rules.always_failure:
        return False
    return die <= value


def success_chance(rules: Rules, value: int, automatic: bool) -> Fraction:
    wins = sum(succeeds(rules, d, value, automatic) for d in range(1, rules.faces + 1))
    return Fraction(wins, rules.faces)


def compute_test(
    regles,
    caracteristique,
    competence,
    experience,
    modificateur,
    autres,
    actions,
    aides,
    option_1_6,
):
    base = caracteristique + competence + experience + int(modificateur) + autres
    value = target(regles, base, actions, aides)
    rows = []
    for die in range(1, regles.faces + 1):
        margin = value - die
        ok = succeeds(regles, die, value, option_1_6)
        rows.append(
            (die, signed(margin), ("Réussite" if ok else "Échec") + f" ({regles.level(margin)})")
        )
    lines = (
        Figure("Réussite", success_chance(regles, value, option_1_6), percent=True),
        Figure("Valeur visée", value, note="le dé doit faire au plus cette valeur"),
    )
    blocks = [
        Figures("Test sous la valeur visée", lines),
        Table("Chaque face du dé", ("Dé", "Marge", "Résultat"), tuple(rows)),
    ]
    if value > regles.faces and not option_1_6:
        blocks.append(
            Text("Valeur visée au-dessus de 6 : sans l'option, tout jet réussit.", "info")
        )
    return tuple(blocks)


register(
    Calculator(
        SYSTEM,
        "test",
        "Test",
        "Quelles chances de réussir un jet d'un dé sous une caractéristique, et avec quelle marge ?",
        (
            IntInput(
                "caracteristique",
                "Caractéristique",
                4,
                0,
                20,
                "PHY, DEX, SAV, PSY ou SENS (score restant pour PHY et PSY).",
            ),
            IntInput(
                "competence", "Bonus de compétence", 0, -10, 20, "Bonus de la compétence utilisée."
            ),
            IntInput(
                "experience",
                "Bonus d'expérience",
                0,
                0,
                20,
                "+1 par réussite marquante, +4 au plus hors combat et magie.",
            ),
            ChoiceInput(
                "modificateur",
                "Difficulté (Maître du Jeu)",
                "0",
                _scale_choices,
                "Échelle des bonus et malus (l. 773–775).",
            ),
            IntInput(
                "autres",
                "Autres modificateurs",
                0,
                -20,
                20,
                "Circonstances (pénombre −1, obscurité −2…), équipement.",
            ),
            IntInput(
                "actions",
                "Actions simultanées",
                1,
                1,
                6,
                "−2 à chaque dé pour chaque action au-delà de la première.",
            ),
            IntInput(
                "aides",
                "Personnes qui aident",
                0,
                0,
                10,
                "+1 par aide ; lance le dé celui qui a la plus haute caractéristique.",
            ),
            BoolInput(
                "option_1_6",
                "1 réussit toujours, 6 échoue toujours",
                False,
                "Option du Maître du Jeu (l. 37), obligatoire en combat.",
            ),
        ),
        compute_test,
        (
            "Réussite quand le dé fait au plus la valeur visée ; la marge est la valeur visée moins le dé.",
            "« (PSY−2) » retranche 2 de la valeur visée : le texte dit « soustraire au dé », ce qui irait dans l'autre sens (note éditoriale).",
        ),
    )
)


def opposed(rules: Rules, value_a: int, value_b: int) -> tuple[Fraction, Fraction, Fraction]:
    """P(A's margin is larger), P(B's), P(tie) on one pair of rolls (l. 761–765)."""
    faces = range(1, rules.faces + 1)
    a = b = tie = 0
    for da in faces:
        for db in faces:
            ma, mb = value_a - da, value_b - db
            a, b, tie = a + (ma > mb), b + (mb > ma), tie + (ma == mb)
    total = rules.faces**2
    return Fraction(a, total), Fraction(b, total), Fraction(tie, total)


def compute_opposition(regles, valeur_a, valeur_b):
    a, b, tie = opposed(regles, valeur_a, valeur_b)
    lines = (
        Figure("A l'emporte (égalités relancées)", a / (1 - tie), percent=True),
        Figure("B l'emporte (égalités relancées)", b / (1 - tie), percent=True),
        Figure("Égalité au premier jet", tie, percent=True, note="on relance"),
        Figure("A l'emporte au premier jet", a, percent=True),
    )
    return (Figures(f"{valeur_a} contre {valeur_b}", lines),)


register(
    Calculator(
        SYSTEM,
        "opposition",
        "Opposition",
        "Qui l'emporte quand deux personnages lancent l'un contre l'autre ?",
        (
            IntInput(
                "valeur_a",
                "Valeur visée de A",
                2,
                -10,
                30,
                "Caractéristique et modificateurs de A.",
            ),
            IntInput(
                "valeur_b",
                "Valeur visée de B",
                5,
                -10,
                30,
                "Caractéristique et modificateurs de B.",
            ),
        ),
        compute_opposition,
        (
            "Gagne celui dont la marge (valeur visée − dé) est la plus grande, ou qui a le moins raté ; une égalité se relance (l. 763).",
        ),
    )
)


def attack(rules: Rules, value: int) -> dict[int, Fraction]:
    """Damage law of one attack (Fiche 1, l. 57–77): a 6 always misses, a 1 always hits
    for at least 1; otherwise a die at most the value hits for value − die."""
    law: dict[int, Fraction] = {}
    for die in range(1, rules.faces + 1):
        if die == rules.always_failure:
            damage = 0
        elif die == rules.always_success:
            damage = max(value - die, 1)
        else:
            damage = max(value - die, 0) if die <= value else 0
        law[damage] = law.get(damage, Fraction(0)) + Fraction(1, rules.faces)
    return dict(sorted(law.items()))


def hit_chance(rules: Rules, value: int) -> Fraction:
    hits = sum(
        die != rules.always_failure and (die <= value or die == rules.always_success)
        for die in range(1, rules.faces + 1)
    )
    return Fraction(hits, rules.faces)


def compute_attack(regles, phy, arme, experience, ca, autres):
    value = phy + arme + experience - ca + autres
    law = attack(regles, value)
    lines = (
        Figure(
            "Touche",
            hit_chance(regles, value),
            percent=True,
            note="une marge de 0 touche sans blesser",
        ),
        Figure("Dégâts moyens", mean(tuple(law.items())), note="points de PHY"),
        Figure(
            "Au moins 1 point de dégâts",
            sum((p for d, p in law.items() if d >= 1), Fraction(0)),
            percent=True,
        ),
        Figure("Valeur visée", value, note="PHY + arme + expérience − CA"),
    )
    return (
        Figures("Attaque", lines),
        Distribution("Dégâts infligés", "Dégâts", tuple(law.items())),
    )


register(
    Calculator(
        SYSTEM,
        "attaque",
        "Attaque",
        "Quelles chances de toucher, et combien de points de PHY l'attaque enlève-t-elle ?",
        (
            IntInput(
                "phy",
                "PHY de l'attaquant",
                2,
                0,
                20,
                "Score restant ; SENS pour une arme à distance.",
            ),
            IntInput("arme", "Bonus de l'arme", 2, -5, 10, "Espadon +2, etc."),
            IntInput("experience", "Bonus d'expérience au combat", 0, 0, 20, ""),
            IntInput(
                "ca",
                "Classe d'armure de la cible",
                0,
                0,
                20,
                "Armure, bouclier, Dextérité, attitude.",
            ),
            IntInput(
                "autres", "Autres modificateurs", 0, -20, 20, "Attaque de dos +1, attitude, tir…"
            ),
        ),
        compute_attack,
        (
            "Formule de la Fiche 1 : le dé doit faire au plus la valeur visée ; les dégâts sont la marge. Un 6 rate toujours, un 1 touche toujours et enlève au moins 1 point (l. 57).",
            "La Fiche 8 propose une autre formule (dégâts = marge + arme − CA) : elle donne les mêmes dégâts quand l'attaque touche (note éditoriale du chapitre Combat).",
        ),
    )
)
