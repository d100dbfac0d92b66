"""The slowest inputs found by scripts/worst_cases.py (make bench), computed by the engine's
fast code, against a straightforward count in fractions: the speed-ups give the same
exact answers. The time itself is measured by the benchmark, not here."""

from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction
from functools import cache
from html import escape
from itertools import combinations

import pytest

from generator.engine import registry, results
from generator.systems.divin6 import dice
from generator.systems.talon import deck

# Worst queries found by the search (docs/benchmarks.md), and some neighbours.
TALON = [
    {"mode": "avantage", "continuation": "coupes", "cheap_chips": "20"},
    {"mode": "avantage", "archetype": "combattant", "enseigne_competence": "epees"},
    {"mode": "desavantage", "archetype": "combattant", "continuation": "epees"},
    {"mode": "avantage", "as_echec": "non", "lames_revelees": "13E,1C,A5,12C,13C,A21"},
    {"valeur": "0", "lames_revelees": "1E,2E,3E,A1,A2,13D"},
]


def _captured_tests(monkeypatch, rules, query) -> list[tuple[deck.Deck, deck.Test, deck.Odds]]:
    """The (deck, test) the calculator hands to deck.test_odds, and what it answers."""
    seen = []
    fast = deck.test_odds

    def spy(remaining, test):
        odds = fast(remaining, test)
        seen.append((remaining, test, odds))
        return odds

    monkeypatch.setattr(deck, "test_odds", spy)
    outcome = registry.get("talon", "test").run(query, rules["talon"])
    assert outcome.ok, outcome.errors
    return seen


@cache
def _arcana_before(arcana: int, honours: int, need: int) -> dict[int, Fraction]:
    """P(k arcana come out before the `need`-th honour), lame by lame."""
    if need == 0:
        return {0: Fraction(1)}
    n, law = arcana + honours, Counter()
    for k, p in _arcana_before(arcana, honours - 1, need - 1).items():
        law[k] += p * Fraction(honours, n)
    if arcana:
        for k, p in _arcana_before(arcana - 1, honours, need).items():
            law[k + 1] += p * Fraction(arcana, n)
    return dict(law)


@cache
def _sums(values: tuple[int, ...], j: int) -> Counter:
    """How many j-element subsets of `values` have each sum: every subset listed."""
    return Counter(sum(c) for c in combinations(values, j))


def _length(s: int, left: int, j: int) -> Fraction:
    """P(the continuation draws exactly j lames of its suit): the first j of the suit,
    then one that is not (or nothing left)."""
    p = Fraction(1)
    for i in range(j):
        p *= Fraction(s - i, left - i)
    return p * (Fraction(left - j - (s - j), left - j) if left > j else 1)


def _reference(remaining: deck.Deck, test: deck.Test) -> deck.Odds:
    """test_odds, written plainly: each case of the reveal in turn, fractions throughout."""
    pack, honours, arcana = remaining.pack, list(remaining.honours), list(remaining.arcana)
    revealed = 1 if test.mode == "normal" else 2

    def strength(h: deck.Honour) -> Fraction:
        if h[1] == pack.ace and test.ace_fails:
            return Fraction(-1000)
        return deck.adjustment(h[0], test) + h[1] + (Fraction(1, 2) if h[1] == pack.king else 0)

    if revealed == 1:
        cases = [(h, (h,)) for h in honours]
    else:
        better = (lambda x, y: x > y) if test.mode == "avantage" else (lambda x, y: x < y)
        cases = [
            ((y if better(strength(y), strength(x)) else x), (x, y))
            for x, y in combinations(honours, 2)
        ]
    weight = Fraction(1, len(cases))
    p_k = _arcana_before(len(arcana), len(honours), revealed)
    left = len(honours) + len(arcana) - revealed
    margins, ace, fumble, king = Counter(), Fraction(0), Fraction(0), Fraction(0)
    continuations = Counter()  # (first total, values of the suit left, bonus) -> cases
    for (suit, value), gone in cases:
        if value == pack.ace and test.ace_fails:
            ace += weight
            kings = sum(1 for h in honours if h[1] == pack.king and h not in gone)
            high = sum(1 for n in arcana if n > test.skill)
            for k, p in p_k.items():
                if left - k > 0:
                    high_left = Fraction(high * (len(arcana) - k), len(arcana)) if arcana else 0
                    fumble += weight * p * (kings + high_left) / (left - k)
            continue
        first = test.base + value + deck.adjustment(suit, test)
        if value != pack.king:
            margins[first - test.difficulty] += weight
            continue
        king += weight
        if test.continuation != "autre":
            chosen = test.continuation
        else:
            chosen = max(
                (s.id for s in pack.suits if s.id != suit),
                key=lambda s: (
                    sum(1 for h in honours if h[0] == s and h not in gone),
                    deck.adjustment(s, test),
                ),
            )
        values = tuple(sorted(v for s, v in honours if s == chosen and (s, v) not in gone))
        continuations[(first, values, deck.adjustment(chosen, test))] += 1
    lengths = {}  # (s, j) -> P(the continuation draws j lames), the arcana set aside mixed
    for (first, values, bonus), cases in continuations.items():
        for j in range(len(values) + 1):
            if (len(values), j) not in lengths:
                lengths[len(values), j] = sum(
                    (p * _length(len(values), left - k, j) for k, p in p_k.items()), Fraction(0)
                )
            p_j = lengths[len(values), j]
            if not p_j:
                continue
            subsets = sum(_sums(values, j).values())
            for total, count in _sums(values, j).items():
                margins[first + total + j * bonus - test.difficulty] += (
                    cases * weight * p_j * Fraction(count, subsets)
                )
    return deck.Odds(dict(sorted(margins.items())), ace, fumble, king)


@pytest.mark.parametrize("query", TALON, ids=lambda q: "&".join(f"{k}={v}" for k, v in q.items()))
def test_talon_test_odds_match_a_plain_count(monkeypatch, rules, query):
    (remaining, test, odds), *_ = _captured_tests(monkeypatch, rules, query)
    expected = _reference(remaining, test)
    assert list(odds.margins.items()) == list(expected.margins.items())
    assert (odds.ace, odds.fumble, odds.king) == (expected.ace, expected.fumble, expected.king)


def test_talon_continuation_of_a_suit_partly_revealed():
    """The sums of a suit minus its revealed honours, taken from the whole suit's."""
    values = tuple(range(1, 14))
    for removed in [(), (7,), (1, 13), (5, 6)]:
        rest = tuple(v for v in values if v not in removed)
        assert deck._subset_sums_without(values, removed) == deck._subset_sums(rest)


@pytest.mark.parametrize(
    "n,modifier,difficulty,blind", [(14, 0, 45, 0), (14, 3, 60, 4), (6, 0, 22, 0)]
)
def test_divin_destin_reroll_matches_a_roll_by_roll_count(n, modifier, difficulty, blind):
    states = {(0, 7): Fraction(1)}  # (sum, lowest die) -> P, one die after the other
    for _ in range(n):
        nxt = Counter()
        for (total, low), p in states.items():
            for face in range(1, 7):
                nxt[(total + face, min(low, face))] += p / 6
        states = nxt
    expected = Fraction(0)
    for (total, low), p in states.items():
        rerolled = low < blind if blind else total + modifier < difficulty
        if not rerolled:
            expected += p if total + modifier >= difficulty else 0
        else:
            need = difficulty - modifier - (total - low)
            expected += p * Fraction(max(0, min(6, 7 - need)), 6)
    assert dice.success_with_reroll(n, modifier, difficulty, blind) == expected


@pytest.mark.parametrize("threshold", [5, 6, None])
def test_divin_exploding_damage_matches_fractions(threshold):
    cap, number = 80, 10
    single = [Fraction(0)] * (cap + 1)  # one die, face by face
    for v in range(1, cap + 1):
        for face in range(1, 7):
            if threshold is not None and face >= threshold:
                if v - face >= 1:
                    single[v] += single[v - face] / 6
            elif v == face:
                single[v] += Fraction(1, 6)
    law = [Fraction(1)] + [Fraction(0)] * cap
    for _ in range(number):
        law = [
            sum((law[s - v] * single[v] for v in range(1, s + 1)), Fraction(0))
            if s
            else Fraction(0)
            for s in range(cap + 1)
        ]
    got, tail, _ = dice.damage(number, threshold, 0, 0)
    assert dict(got.items()) == {s: p for s, p in enumerate(law) if p}
    assert tail == 1 - sum(law)


@pytest.mark.parametrize("attacker,defender", [(60, 59), (0, 3), (7, 0), (12, 12)])
def test_reserve_combat_matches_a_pair_by_pair_count(rules, attacker, defender):
    from generator.systems.reserve_d6 import dice as reserve

    faces = rules["reserve-d6"].successes_by_face

    def ways(n: int) -> Counter:  # successes -> how many of the len(faces)^n rolls
        counts = Counter({0: 1})
        for _ in range(n):
            nxt = Counter()
            for k, w in counts.items():
                for worth in faces:
                    nxt[k + worth] += w
            counts = nxt
        return counts

    rolls = len(faces) ** (attacker + defender)
    difference = Counter()  # attack − defence -> P, pair of results by pair
    for a, wa in ways(attacker).items():
        for d, wd in ways(defender).items():
            difference[a - d] += Fraction(wa * wd, rolls)
    damage = Counter()
    for d, p in difference.items():
        damage[max(0, d)] += p
    got = reserve.opposed(rules["reserve-d6"], attacker, defender)
    assert got["attaquant"] == sum((p for d, p in difference.items() if d > 0), Fraction(0))
    assert got["egalite"] == difference.get(0, Fraction(0))
    assert got["defenseur"] == sum((p for d, p in difference.items() if d < 0), Fraction(0))
    assert got["degats"].items() == tuple(sorted(damage.items()))


def _plain_table_html(block: results.Table) -> str:
    """A table's HTML cell by cell, as results.py wrote it before its column-wise path
    (with the tags that say its phone layout: column labels and table roles)."""
    tags = results._table_tags(tuple(block.headers))
    cells = tags["cells"]
    head = " ".join(f"{tags['head']}{escape(h)}</th>" for h in block.headers)
    body = "".join(
        tags["row"]
        + "".join(
            (cells[n] if n < len(cells) else "<td>")
            + f"{results._value_html(c, n in block.percent)}</td>"
            for n, c in enumerate(row)
        )
        + "</tr>"
        for row in block.rows
    )
    note = f"<p><small>{escape(block.note)}</small></p>" if block.note else ""
    group = tags["group"]
    return (
        f'<section class="srd-table"><h3>{escape(block.title)}</h3>'
        f"{results._scroll_open(block.title)}{tags['table']}<thead{group}>{tags['row']}{head}"
        f"</tr></thead><tbody{group}>{body}</tbody></table></div>{note}</section>"
    )


def test_results_fast_paths_match_fraction_arithmetic():
    """The HTML and statistics of results.py in integers (the virtual Talon's 1 000-row
    journal, every distribution) give what Fraction arithmetic and plain formatting give."""
    pick = random.Random(5)
    for size in (0, 1, 3, 40, 200):
        weights = [pick.choice([0, 1, pick.randint(1, 10**9)]) for _ in range(size)]
        total = sum(weights) or 1
        laws = [
            tuple((k - 7, Fraction(w, total)) for k, w in enumerate(weights)),
            tuple((k, Fraction(w, 3 ** (k % 7) * total)) for k, w in enumerate(weights)),
            tuple((k, Fraction(1, 10**7)) for k in range(size)),  # a tail to fold
        ]
        for law in laws:
            assert results.visible_rows(law) == results._visible_rows_fractions(law)
            assert results.mean(law) == sum((k * p for k, p in law), Fraction(0))
            m = sum((k * p for k, p in law), Fraction(0))
            assert results.variance(law) == sum(((k - m) ** 2 * p for k, p in law), Fraction(0))
            rows, _ = results._visible_rows_fractions(law)
            if rows:  # bar heights: float(p / top) in Fractions
                top = max(p for _, p, _ in rows)
                heights = re.findall(r'height="([^"]*)"><title>', results._chart_svg(rows, "k"))
                assert heights == [
                    str(round(float(p / top) * 120, 1) if top else 0) for _, p, _ in rows
                ]
    cells = [0, -3, 12, 10**30, -(10**30), True, Fraction(-7, 2), Fraction(4), "<a & b>", "", "−"]
    rows = tuple(tuple(pick.choice(cells) for _ in range(4)) for _ in range(300))
    for percent in ((), (1,), (0, 3)):
        block = results.Table("T <1>", ("a", "b", "c", "d"), rows, note="n", percent=percent)
        assert results._table_html(block) == _plain_table_html(block)
    ragged = results.Table("R", ("a",), ((1, "x"), (2,), ()), percent=(0,))
    assert results._table_html(ragged) == _plain_table_html(ragged)
    empty = results.Table("E", ("a",), ((), ()))
    assert results._table_html(empty) == _plain_table_html(empty)
    wide_rows = tuple(row + row for row in rows)
    wide = results.Table("L", tuple("abcdef{}"), wide_rows, percent=(2,))  # shown as blocks
    assert 'data-titre="{"' in results._table_html(wide)
    assert results._table_html(wide) == _plain_table_html(wide)
