"""The engine's law value (engine/law.py): exact, immutable, checked against counting."""

from fractions import Fraction
from itertools import product

import pytest

from generator.engine.law import Law


def _brute(*dice: int) -> dict[int, Fraction]:
    rolls = list(product(*(range(1, f + 1) for f in dice)))
    law: dict[int, Fraction] = {}
    for roll in rolls:
        law[sum(roll)] = law.get(sum(roll), Fraction(0)) + Fraction(1, len(rolls))
    return law


@pytest.mark.parametrize("count,faces", [(0, 6), (1, 6), (2, 10), (3, 6), (4, 4)])
def test_dice_is_the_counted_sum(count, faces):
    assert dict(Law.dice(count, faces).items()) == (_brute(*[faces] * count) or {0: 1})


def test_sum_of_laws_and_numbers():
    law = Law.dice(2, 6) + Law.die(4) + 3
    assert dict(law.items()) == {t + 3: p for t, p in _brute(6, 6, 4).items()}
    assert 3 + Law.die(6) == Law.die(6) + 3 == Law.die(6, lowest=4)
    assert dict((Law.die(6) - Law.die(6)).items())[0] == Fraction(1, 6)


def test_tails_mean_and_reading():
    law = Law.dice(3, 6)
    assert law.at_least(11) == Fraction(1, 2) == law.at_most(10)
    assert law.at_least(-5) == 1 and law.at_least(19) == 0 and law.at_most(2) == 0
    assert law.mean == Fraction(21, 2) and law.mass == 1
    assert law[3] == Fraction(1, 216) and law[2] == 0 and law.highest == 18


def test_map_and_of():
    clamped = (Law.dice(2, 6) - 4).map(lambda t: max(0, t))
    assert clamped[0] == Fraction(6, 36) and clamped.lowest == 0
    assert Law.of({1: Fraction(1, 3), 4: Fraction(2, 3)}).items() == (
        (1, Fraction(1, 3)),
        (4, Fraction(2, 3)),
    )
    cut = Law.counted({0: 1, 2: 2}, 6)
    assert cut.mass == Fraction(1, 2) and cut.items() == ((0, Fraction(1, 6)), (2, Fraction(1, 3)))


def test_equal_laws_are_the_same_probabilities():
    assert (
        Law.counted({1: 2, 2: 2}, 4) == Law.die(2)
        and len({Law.die(2), Law.of({1: 0.5, 2: 0.5})}) == 1
    )


def test_frozen():
    with pytest.raises(AttributeError):
        Law.die(6).lowest = 2
