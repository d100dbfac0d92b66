"""Talon « Lancer » and the exact odds are one rule: every way the lames can be turned from
a small talon is enumerated, each with its exact chance, and the outcomes « Lancer »
reaches are the exact outcomes with the very same probabilities (none missing, none extra)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from helpers import repo_rules

from generator.engine import registry
from generator.systems.talon import lancer

RULES = repo_rules()["talon"]
CALCULATOR = registry.get("talon", "test")


class _Branch(Exception):
    """The play asked for one more lame than the script holds: it has `n` to choose from."""

    def __init__(self, n: int):
        self.n = n


def every_play(monkeypatch, query: dict) -> dict[str, Fraction]:
    """The outcomes « Lancer » reaches over every order of turning the lames, each with its
    exact chance (each lame turned is one of n, chance 1/n)."""
    values = CALCULATOR.read(query, RULES).values
    issues = CALCULATOR.outcomes(values, RULES)
    reached: dict[str, Fraction] = {}
    scripts: list[list[tuple[int, int]]] = [[]]  # (choice, out of n) of each lame turned
    while scripts:
        script = scripts.pop()
        picks = iter(script)

        def scripted(n, bits, picks=picks):
            pick = next(picks, None)
            if pick is None:
                raise _Branch(n)
            assert pick[1] == n
            return pick[0]

        monkeypatch.setattr(lancer, "uniform", scripted)
        try:
            roll = CALCULATOR.draw(values, issues, [0], RULES)
        except _Branch as branch:
            scripts += [[*script, (i, branch.n)] for i in range(branch.n)]
            continue
        chance = Fraction(1)
        for _, n in script:
            chance /= n
        reached[roll.issue.name] = reached.get(roll.issue.name, Fraction(0)) + chance
    return reached


def every_lame_but(*kept: str) -> str:
    return ",".join(
        lame.code for lame in RULES.pack.lames if not lame.sans_nom and lame.code not in kept
    )


# An As, a Roi, a plain honour, a low and a high arcanum: every branch of the As rule.
KEPT = ("1C", "13E", "5D", "A3", "A20")


@pytest.mark.parametrize(
    "extra",
    [
        {"valeur": "9"},
        {"valeur": "0"},  # every numbered arcanum lies above a value of 0
        {"valeur": "2"},
        {"valeur": "9", "echec_declare": "oui"},  # the player declares the critical failure
        {"valeur": "0", "mode": "avantage"},
        {"valeur": "4", "mode": "desavantage", "echec_declare": "oui"},
    ],
)
def test_lancer_reaches_exactly_the_exact_outcomes(monkeypatch, extra):
    query = {"pnj": "aucun", "malus_sante": "0", "lames_revelees": every_lame_but(*KEPT)}
    query.update(extra)
    values = CALCULATOR.read(query, RULES).values
    exact = {issue.name: issue.probability for issue in CALCULATOR.outcomes(values, RULES)}
    assert every_play(monkeypatch, query) == exact


def test_at_a_value_of_0_an_arcanum_after_the_as_is_a_critical_failure(monkeypatch):
    """As de Coupes and Arcane 3 only: turned after the As, the arcanum makes it critical
    at a value of 0; turned before, it is set aside and nothing follows the As."""
    query = {
        "valeur": "0",
        "pnj": "aucun",
        "malus_sante": "0",
        "lames_revelees": every_lame_but("1C", "A3"),
    }
    reached = every_play(monkeypatch, query)
    assert reached == {
        "Échec critique (As, puis Roi ou arcane au-dessus de la valeur)": Fraction(1, 2),
        "As révélé : échec": Fraction(1, 2),
    }


def test_a_declared_critical_failure_gives_a_chip_and_a_lame_in_reserve():
    query = {
        "valeur": "9",
        "pnj": "aucun",
        "malus_sante": "0",
        "echec_declare": "oui",
        "lames_revelees": every_lame_but("1C", "A3"),
    }
    values, roll = CALCULATOR.roll(query, [0] * 64, RULES)
    assert roll.issue.name == "Échec critique déclaré sur l'As" and roll.issue.probability == 1
    assert "+1 Cheap-chip, Arcane 3 tirée pour sa réserve" in roll.detail
