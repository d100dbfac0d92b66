"""Health tracker of UnDéSix: Bonus de Vitalité, PHY and PSY after damage and effort
(Fiche 1, l. 95–121; Fiche 8, l. 853–867)."""

from __future__ import annotations

from generator.engine.inputs import BoolInput, IntInput
from generator.engine.registry import Calculator
from generator.engine.results import Figure, Figures, Text
from generator.systems.undesix.rules import Rules

SYSTEM = "undesix"


def body_state(rules: Rules, phy: int, option: bool) -> tuple[str, str]:
    """(state, tone) of a character with `phy` points of PHY left."""
    if phy > 0:
        return "Valide", "info"
    if phy == 0:
        return "Mourant : ne peut plus agir ; un point de dégâts de plus le tue", "avertissement"
    if option and phy >= rules.death_threshold:
        return (
            f"Inconscient (option, jusqu'à {str(rules.death_threshold).replace('-', '−')}) : "
            "survit s'il est soigné "
            "dans l'heure",
            "avertissement",
        )
    return "Mort", "avertissement"


def mind_state(rules: Rules, psy: int) -> str:
    if psy > 0:
        return "En forme"
    for high, low, effect in rules.psy_states:
        if psy <= high and (low is None or psy >= low):
            return effect[0].upper() + effect[1:]
    return ""


def duration(minutes: int) -> str:
    hours, rest = divmod(minutes, 60)
    if not hours:
        return f"{rest} min"
    return f"{hours} h" + (f" {rest} min" if rest else "")


def compute_health(regles, phy, bonus_vitalite, degats, psy, psy_depense, option_moins_10):
    absorbed = min(bonus_vitalite, degats)
    phy_now = phy - (degats - absorbed)
    psy_now = psy - psy_depense
    state, tone = body_state(regles, phy_now, option_moins_10)
    # Lost PHY and Bonus de Vitalité come back alike, point by point (l. 101, 119).
    phy_rest = (degats if state != "Mort" else 0) * regles.rest_minutes["PHY"]
    lines = (
        Figure("Points de PHY", phy_now, note=f"sur {phy}"),
        Figure(
            "Bonus de Vitalité",
            bonus_vitalite - absorbed,
            note=f"{absorbed} point{'s' if absorbed > 1 else ''} encaissé{'s' if absorbed > 1 else ''} avant le PHY",
        ),
        Figure("État", state),
        Figure("Points de PSY", psy_now, note=f"sur {psy}"),
        Figure(
            "État psychique",
            mind_state(regles, psy_now),
            note=f"{-psy_now} jour{'s' if psy_now < -1 else ''} de folie" if psy_now < 0 else "",
        ),
        Figure(
            "Repos pour tout regagner",
            f"PHY {duration(phy_rest)} ; PSY {duration(max(0, psy_depense) * regles.rest_minutes['PSY'])}",
            note="au repos, point par point, jamais au-delà du score de départ",
        ),
    )
    blocks = [Figures("Santé", lines)]
    if state == "Mort":
        blocks.insert(0, Text("Le personnage est mort.", tone))
    return tuple(blocks)


SANTE = Calculator(
    SYSTEM,
    "sante",
    "Santé",
    "Combien de PHY et de PSY reste-t-il, dans quel état, et combien de repos pour s'en remettre ?",
    (
        IntInput("phy", "PHY (score de départ)", 4, 1, 50, ""),
        IntInput(
            "bonus_vitalite",
            "Bonus de Vitalité",
            0,
            0,
            50,
            "Gagnés en fin de partie ; ils encaissent les dégâts avant le PHY.",
        ),
        IntInput("degats", "Dégâts reçus (points de PHY)", 0, 0, 200, "Depuis le dernier repos."),
        IntInput("psy", "PSY (score de départ)", 4, 0, 50, ""),
        IntInput(
            "psy_depense",
            "PSY dépensés",
            0,
            0,
            200,
            "Sorts, résistance aux sorts, actions désespérées.",
        ),
        BoolInput(
            "option_moins_10",
            "Option : inconscience jusqu'à −10",
            False,
            "Un personnage joueur sous 0 PHY ne meurt que plus bas (règle optionnelle).",
        ),
    ),
    compute_health,
    (
        "À 0 PHY : mourant ; au-dessous : mort, ou inconscient avec l'option{@source 853–859}.",
        "Les seuils de PSY suivent la lecture stricte de la table (séquelles à partir de −6, folie définitive à partir de −11).",
        "Repos : 8 heures par point de PHY ou de Bonus de Vitalité, 10 minutes par point de PSY{@source 99–101, 119}.",
    ),
    computes=("regle sante",),
)
