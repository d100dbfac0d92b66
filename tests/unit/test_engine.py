"""Engine: exact values from the reserve-d6 guide (§B6), computed on CPython."""

import ast
import io
import json
import re
import sys
import zipfile
from fractions import Fraction

import icepool
import pytest
from helpers import repo_rules

from generator.core.imbrication import too_deep
from generator.engine import api, registry
from generator.engine.inputs import DecimalInput, InputError, IntInput, TextInput
from generator.engine.results import (
    Checks,
    Distribution,
    Page,
    format_number,
    mean,
    to_html,
    variance,
    visible_rows,
)
from generator.pipeline import assets
from generator.systems.divin6 import dice as divin
from generator.systems.reserve_d6 import calculators as reserve_calculators
from generator.systems.reserve_d6 import dice as r

R = repo_rules()["reserve-d6"]


def test_die_faces_follow_the_text():
    # l.46: 1-4 fail, 5 = 1 success, 6 = 2 successes.
    assert r.successes(R, 1).items() == (
        (0, Fraction(4, 6)),
        (1, Fraction(1, 6)),
        (2, Fraction(1, 6)),
    )


def test_p1_three_successes_with_seven_dice():
    assert r.successes(R, 7).at_least(3) == Fraction(481, 729)


def test_p2_eleven_dice_example():
    dist = r.successes(R, 11)
    assert dist.at_least(4) == Fraction(137435, 177147)
    assert 1 - dist.at_least(4) == Fraction(39712, 177147)


def test_p3_full_distributions():
    assert [p for _, p in r.successes(R, 2).items()] == [
        Fraction(4, 9),
        Fraction(2, 9),
        Fraction(1, 4),
        Fraction(1, 18),
        Fraction(1, 36),
    ]
    assert r.successes(R, 7)[0] == Fraction(128, 2187)


def test_p4_combat_eleven_against_nine():
    result = r.opposed(R, 11, 9)
    assert result["attaquant"] == Fraction(169582367355397, 304679870005248)
    assert round(float(result["egalite"]), 6) == 0.112196
    assert round(float(result["defenseur"]), 6) == 0.331212
    assert result["attaquant"] + result["egalite"] + result["defenseur"] == 1
    assert round(float(result["degats"].mean), 6) == 1.910365


def test_p5_combat_four_against_four():
    result = r.opposed(R, 4, 4)
    assert result["attaquant"] == Fraction(75397, 186624)
    assert round(float(result["egalite"]), 6) == 0.191990
    assert result["degats"].mean == Fraction(118265, 139968)


@pytest.mark.parametrize("dice", [1, 7, 11, 30])
def test_p6_moments(dice):
    dist = r.successes(R, dice).items()
    assert mean(dist) == Fraction(dice, 2)
    assert variance(dist) == Fraction(7 * dice, 12)


def test_p7_pool_arithmetic():
    assert r.pool_size(4, 3, 4, 0, 0) == 11
    assert r.pool_size(4, 3, 4, 0, 2) == 9
    assert r.pool_size(2, 0, 0, -1, 5) == 0  # never below zero (l.66)


def test_p8_costs_under_both_formulas():
    assert [reserve_calculators.cost(R, n, "imprimee") for n in (3, 4, 7)] == [3, 6, 21]
    assert [reserve_calculators.cost(R, n, "incrementale") for n in (3, 4, 7)] == [6, 10, 28]


# Guide §B6 reference table, P(successes >= k | N dice), rounded to 4 decimals.
REFERENCE = {
    1: [0.3333, 0.1667, 0, 0, 0, 0, 0, 0],
    2: [0.5556, 0.3333, 0.0833, 0.0278, 0, 0, 0, 0],
    3: [0.7037, 0.4815, 0.2037, 0.0880, 0.0185, 0.0046, 0, 0],
    4: [0.8025, 0.6049, 0.3333, 0.1728, 0.0610, 0.0208, 0.0039, 0.0008],
    5: [0.8683, 0.7037, 0.4568, 0.2716, 0.1250, 0.0529, 0.0162, 0.0046],
    6: [0.9122, 0.7805, 0.5665, 0.3745, 0.2047, 0.1013, 0.0404, 0.0146],
    7: [0.9415, 0.8390, 0.6598, 0.4742, 0.2933, 0.1641, 0.0780, 0.0334],
    8: [0.9610, 0.8829, 0.7366, 0.5659, 0.3845, 0.2373, 0.1282, 0.0626],
    9: [0.9740, 0.9155, 0.7984, 0.6472, 0.4735, 0.3166, 0.1891, 0.1026],
    10: [0.9827, 0.9393, 0.8472, 0.7171, 0.5566, 0.3979, 0.2578, 0.1527],
    11: [0.9884, 0.9566, 0.8851, 0.7758, 0.6318, 0.4775, 0.3309, 0.2111],
    12: [0.9923, 0.9692, 0.9143, 0.8242, 0.6980, 0.5529, 0.4055, 0.2755],
}


@pytest.mark.parametrize("dice", sorted(REFERENCE))
def test_reference_table(dice):
    dist = r.successes(R, dice)
    assert [round(float(dist.at_least(k)), 4) for k in range(1, 9)] == REFERENCE[dice]


def test_tail_rows_are_folded_exactly():
    dist = r.successes(R, 60).items()
    rows, tail = visible_rows(dist)
    assert rows[0][2] == 1  # P(>= 0)
    assert tail > 0 and tail < Fraction(1, 10**6)
    assert sum(p for _, p, _ in rows) + tail == 1


def test_calculator_reads_and_reports_bad_input_in_french():
    calc = registry.get("reserve-d6", "reserve")
    outcome = calc.run(
        {"caracteristique": "abc", "competence": "", "equipement": "99", "permanent": "−3"}, R
    )
    assert outcome.errors == {
        "caracteristique": "« abc » n'est pas un nombre entier.",
        "competence": "Ce champ est vide : indiquez un nombre entier.",
        "equipement": "Entrez un entier entre 0 et 20 (reçu : 99).",
    }
    assert outcome.values["permanent"] == -3  # the typographic minus is accepted


def test_calculator_choice_and_list_inputs():
    calc = registry.get("reserve-d6", "cout")
    assert (
        calc.run({"formule": "autre"}, R).errors["formule"].startswith("Choisissez une des options")
    )
    assert calc.run({"bonus_objet": "4, 7"}, R).ok
    assert "entre 1 et 30" in calc.run({"bonus_objet": "4, 70"}, R).errors["bonus_objet"]
    figures = (
        calc.run({"niveau": "4", "bonus_objet": "4;7", "formule": "imprimee"}, R).blocks[0].items
    )
    assert [f.value for f in figures] == [6, 10, 6 + 21]


def test_default_results_match_the_examples():
    # The pool calculator opens on the l.28 example (DEXT 4 + Escalade 3 = 7 dice).
    reserve = registry.get("reserve-d6", "reserve")
    first = reserve.run({}, R).blocks[0].items
    assert first[0].value == 7 and first[1].value == Fraction(481, 729)
    combat = registry.get("reserve-d6", "combat")
    assert combat.run({}, R).blocks[0].items[0].value == Fraction(169582367355397, 304679870005248)


def test_zero_dice_warns_that_the_character_cannot_act():
    blocks = (
        registry.get("reserve-d6", "reserve")
        .run({"caracteristique": "1", "competence": "0", "blessures_physiques": "3"}, R)
        .blocks
    )
    assert any("trop amoindri" in getattr(b, "text", "") for b in blocks)


def test_engine_needs_only_the_standard_library():
    """The browser gets the engine wheel and Pyodide's stdlib, nothing else."""
    with zipfile.ZipFile(io.BytesIO(assets.engine_wheel({})[1])) as wheel:
        sources = [wheel.read(n) for n in wheel.namelist() if n.endswith(".py")]
    imported = set()
    for source in sources:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                imported |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level:
                imported.add(node.module.split(".")[0])
    outside = imported - set(sys.stdlib_module_names) - {"generator"}
    assert len(sources) > 20 and outside == set()


def test_integer_convolutions_match_icepool(rules):
    """icepool, an independent library, checks the engine's exact laws."""
    for n in (0, 1, 3, 7):
        law = n @ icepool.d6
        assert divin.action_dice(n).items() == tuple(
            (o, Fraction(q, law.denominator())) for o, q in law.items()
        )
    faces = rules["reserve-d6"].successes_by_face
    for n in (1, 5, 12):
        law = n @ icepool.Die(list(faces))
        assert r.successes(rules["reserve-d6"], n).items() == tuple(
            (o, Fraction(q, law.denominator())) for o, q in law.items()
        )
    exploding = icepool.d6.explode([5, 6], depth=20)
    law, _, _ = divin.damage(2, 5, 0, 0, cap=30)
    expected = 2 @ exploding
    for total in range(2, 20):
        assert law[total] == expected.probability(total)


# --- hostile requests and reader's numbers (robustness) ----------------------------------


@pytest.mark.parametrize(
    "query",
    ["[" * 10_000 + "]" * 10_000, '{"a": ' * 1000 + "1" + "}" * 1000, '{"a": [[[[[[[[[1]]]]]]]]]}'],
)
def test_a_deeply_nested_request_is_refused_in_french_before_parsing(query):
    reply = json.loads(api.run_json("reserve-d6", "reserve", query))
    assert reply["ok"] is False and "trop imbriquée" in reply["message"]


def test_a_request_too_long_is_refused_in_french():
    query = json.dumps({"caracteristique": "4" + " " * api.MAX_QUERY_CHARS})
    reply = json.loads(api.run_json("reserve-d6", "reserve", query))
    assert reply["ok"] is False and reply["message"].startswith("Requête trop longue")


def test_the_request_bounds_leave_room_for_every_form(rules):
    """The longest query a form can send (every text field full, every box ticked, every
    name of a choice) is far within what the worker accepts, and flat."""
    for calc in registry.all_calculators():
        query = {}
        for item in calc.inputs_for(rules.get(calc.system)):
            choices = [v for v, _ in getattr(item, "choices", ())]
            query[item.name] = (
                "x" * item.max_length
                if isinstance(item, TextInput)
                else ",".join(choices) or "9" * 12
            )
        assert len(json.dumps(query)) * 10 < api.MAX_QUERY_CHARS, calc.id
        assert not too_deep(json.dumps(query), api.MAX_DEPTH) and api.MAX_DEPTH >= 2


@pytest.mark.parametrize(
    "system, calc_id", [(3, "jet"), (None, "jet"), (["divin6"], "jet"), ("divin6", {"a": 1})]
)
def test_a_calculator_named_by_something_else_than_text_gets_a_french_reply(system, calc_id):
    reply = json.loads(api.run_json(system, calc_id, "{}"))
    assert reply["ok"] is False and reply["message"].startswith("Calculateur inconnu")


def test_an_error_message_quotes_only_the_start_of_what_the_reader_sent(rules):
    reply = api.reply(
        registry.get("talon", "test"), {"lames_revelees": "x" * 800_000}, rules["talon"]
    )
    message = json.loads(reply)["errors"]["lames_revelees"]
    assert len(reply) < 300 and message == f"Valeur inconnue\u00a0: {'x' * 40}…."
    unknown = json.loads(api.run_json("reserve-d6", "y" * 800_000, "{}"))["message"]
    assert unknown == f"Calculateur inconnu\u00a0: reserve-d6/{'y' * 29}…."


@pytest.mark.parametrize(
    "raw, value",
    [
        ("1 000", 1000),
        ("1\u00a0000", 1000),
        ("1\u202f000", 1000),
        ("\u22121\u202f000\u202f000", -1_000_000),
        ("12 345", 12345),
        ("- 3", -3),
    ],
)
def test_numbers_grouped_by_thousands_the_french_way_are_read(raw, value):
    assert IntInput("n", "N", 0, -(10**7), 10**7).parse(raw) == value
    assert DecimalInput("d", "D", Fraction(0), Fraction(-(10**7)), Fraction(10**7)).parse(
        raw + ",5"
    ) == value + Fraction(1, 2) * (1 if value > 0 else -1)


@pytest.mark.parametrize("raw", ["1 2", "1 0000", "12  345", "1\u00a02", "1 000 00", "0,000 1"])
def test_digits_split_by_a_space_are_refused_not_glued(raw):
    with pytest.raises(InputError, match="séparés par une espace"):
        DecimalInput("d", "D", Fraction(0), Fraction(0), Fraction(10**7)).parse(raw)
    if "," not in raw:
        with pytest.raises(InputError, match="séparés par une espace"):
            IntInput("n", "N", 0, 0, 10**7).parse(raw)


def test_numbers_are_written_with_the_minus_sign_and_never_as_minus_zero():
    assert format_number(-849) == "\u2212849"
    assert format_number(Fraction(-1, 10**8)) == "0"
    assert format_number(Fraction(-53, 2)) == "\u221226,5"
    html = to_html(
        (
            Distribution(
                "Marge", "Marge", ((-2, Fraction(1, 4)), (-1, Fraction(1, 4)), (0, Fraction(1, 2)))
            ),
        )
    )
    # (the tooltips are in French typography: a no-break space before « : »)
    assert ">\u22122<" in html and ">\u22122\u00a0:" not in html and "Marge \u22121\u00a0:" in html
    assert not re.search(r">-[0-9]|Marge -[0-9]", html)
    message = IntInput("n", "N", 0, -20, 40).parse
    with pytest.raises(InputError, match="entre \u221220 et 40 \\(reçu : \u221225\\)"):
        message("-25")


def test_a_check_does_not_repeat_the_name_its_link_already_gives():
    page = Page("skillcraft/calculateurs/fiche/", {"dons": ("fiche-dons", "Dons en plus")})
    html = to_html(
        (
            Checks(
                "ok",
                (
                    ("dons", "Dons : Robuste vient déjà du caractère."),
                    ("dons", "Répartition : autre règle."),
                ),
            ),
        ),
        page,
    )
    assert "Dons en plus</a>\u00a0: Robuste vient déjà du caractère." in html
    assert "Dons en plus</a>\u00a0: Répartition\u00a0: autre règle." in html


def test_result_text_keeps_its_cells_and_labels_apart():
    """Read without its tags (as the search index reads it), a result keeps a
    space between a label and its value and between header cells: « Excédent 30 kg »,
    never « Excédent30 kg »."""
    from generator.engine.results import Distribution, Figure, Figures, Table, to_html

    html = to_html(
        (
            Figures("Encombrement", (Figure("Excédent", 30), Figure("Malus", 2))),
            Table("Talents", ("Talent", "Tiers"), (("Mêlée", 0),)),
            Distribution("Dégâts", "Dégâts", ((1, Fraction(1, 2)), (2, Fraction(1, 2)))),
        )
    )
    text = re.sub(r"<[^>]+>", "", html)
    for glued in ("Excédent30", "30Malus", "TalentTiers", "DégâtsP(", "k)P("):
        assert glued not in text, (glued, text)
