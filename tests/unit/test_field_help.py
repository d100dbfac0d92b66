"""A number field's help text and its bounds (French words): the bounds
are a sentence of their own after the help, never « … extérieurs. (0 à 10) »."""

from __future__ import annotations

import re
from fractions import Fraction

from generator.engine import registry
from generator.engine.form import calculator_html
from generator.engine.inputs import DecimalInput, IntInput
from generator.engine.registry import Calculator

HELP = re.compile(r'<small id="[^"]*-aide">(.*?)</small>', re.S)


def helps(calc: Calculator, rules: object = None) -> list[str]:
    return HELP.findall(calculator_html(calc, "", rules))


def test_bounds_follow_the_help_as_a_sentence():
    inputs = (
        IntInput("a", "A", 0, -10, 10, "Bonus et malus extérieurs."),
        IntInput("b", "B", 1, 1, 6),
        DecimalInput(
            "c", "C", Fraction(1), Fraction(1, 2), Fraction(5, 2), "Monté +2, Gabarit ×4…"
        ),
        IntInput("d", "D", 0, 0, 3, "Sans point final"),
    )
    calc = Calculator("essai", "aide", "T", "R", inputs, lambda a, b, c, d: ())
    assert helps(calc) == [
        "Bonus et malus extérieurs. De −10 à 10.",
        "De 1 à 6.",
        "Monté +2, Gabarit ×4… De 0,5 à 2,5.",
        "Sans point final. De 0 à 3.",
    ]


def test_no_calculator_writes_bounds_in_parentheses_after_a_sentence(rules):
    found = [
        f"{calc.system}/{calc.id} : {text[-60:]}"
        for calc in registry.all_calculators()
        for text in helps(calc, rules.get(calc.system))
        if re.search(r"\([−\d,]+ à [−\d,]+\)$", text)
    ]
    assert not found, found
