"""Health of UnDéSix, as its calculator (calculators.py) computes it: Bonus de Vitalité,
PHY and PSY after damage and effort (Fiche 1, l. 95–121; Fiche 8, l. 853–867)."""

from __future__ import annotations

from generator.engine.results import Figure, Figures, Text
from generator.systems.undesix.rules import Rules


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
