"""« Lancer » : a real roll of each resolution calculator's test, drawn by the engine from
random words (engine/tirage.py). Seeded rolls must follow the exact outcomes the engine
computes: a chi-square test at 1 %."""

import json
import random
import re
import time
from fractions import Fraction

import icepool
import pytest
from helpers import LEVEL, ROOT, chi_square_p, edit, problems_of, repo_rules, upper_gamma

from generator.engine import api, registry, roll_tags, tirage
from generator.engine.results import signed
from generator.pipeline.anchors import TAG

ROLLS = 10_000
# Every resolution calculator (one that rolls: `issues`) is tested on its defaults; these
# add configurations chosen to reach the rules' other branches.
CONFIGURATIONS = {
    ("skillcraft", "test"): ({}, {"mode": "oppose", "avantages": "1", "bonus_adverse": "4"}),
    ("skillcraft", "attaque"): ({}, {"avantages": "2", "esquive": "14", "defense": "18"}),
    ("talon", "test"): (
        {},
        {"mode": "avantage", "cheap_chips": "2"},
        {
            "mode": "desavantage",
            "archetype": "combattant",
            "enseigne_competence": "epees",
            "lames_revelees": "13C,12C,11C,A3,A4,13E",
        },
        {"valeur": "14", "archetype": "magus", "enseigne_competence": "batons"},
    ),
    ("divin6", "jet"): (
        {},
        {"mode": "opposition", "adversaire_des": "3"},
        {"destin": "oui"},
        {"destin": "avant", "blessures": "1", "difficulte": "12"},
    ),
    ("divin6", "degats"): ({}, {"des": "3", "explosion": "6", "armure": "4"}),
    ("reserve-d6", "reserve"): ({}, {"caracteristique": "2", "competence": "1", "seuil": "2"}),
    ("reserve-d6", "combat"): ({}, {"attaquant": "3", "defenseur": "5"}),
    ("undesix", "test"): ({}, {"option_1_6": "oui", "caracteristique": "8"}),
    ("undesix", "opposition"): ({}, {"valeur_a": "4", "valeur_b": "4"}),
    ("undesix", "attaque"): ({}, {"formule": "fiche-8", "arme": "3", "dex_cible": "3"}),
    ("undesix", "sort"): ({"psy": "14"}, {"verbes": "creer,deplacer", "psy": "12"}),
}
ROLLED = sorted((c.system, c.id) for c in registry.all_calculators() if c.issues is not None)
CASES = [(key, {}) for key in ROLLED if key not in CONFIGURATIONS] + [
    (key, query) for key, queries in CONFIGURATIONS.items() for query in queries
]


def words(rng: random.Random) -> list[int]:
    """What the browser sends: crypto.getRandomValues(new Uint32Array(64))."""
    return [rng.getrandbits(32) for _ in range(tirage.WORDS_PER_ROLL)]


def outcomes_of(key, query):
    calculator = registry.get(*key)
    rules = repo_rules()[key[0]]
    return calculator.outcomes(calculator.read(query, rules).values, rules)


def test_chi_square_helper_rejects_a_biased_die():
    fair = [Fraction(1, 6)] * 6
    assert chi_square_p([1667, 1666, 1667, 1667, 1666, 1667], fair) > 0.99
    assert chi_square_p([1800, 1600, 1650, 1650, 1650, 1650], fair) == pytest.approx(
        0.0156, abs=1e-4
    )
    assert chi_square_p([1850, 1600, 1650, 1650, 1650, 1600], fair) < LEVEL
    # Tables: chi-square 15.086 with 5 degrees of freedom, and 6.635 with 1, at 1 %.
    assert upper_gamma(5 / 2, 15.086 / 2) == pytest.approx(0.01, abs=1e-4)
    assert upper_gamma(1 / 2, 6.635 / 2) == pytest.approx(0.01, abs=1e-4)


@pytest.mark.parametrize(
    "key, query", CASES, ids=lambda v: "/".join(v) if isinstance(v, tuple) else json.dumps(v)
)
def test_outcomes_are_a_partition(key, query):
    issues = outcomes_of(key, query)
    assert len(issues) >= 2
    assert sum(i.probability for i in issues) == 1
    assert len({i.name for i in issues}) == len(issues)


@pytest.mark.parametrize(
    "key, query", CASES, ids=lambda v: "/".join(v) if isinstance(v, tuple) else json.dumps(v)
)
def test_seeded_rolls_follow_the_exact_outcomes(key, query):
    """Through the calculator's own draw: a Talon test plays its lames one by one, a Divin
    roll its dice and its point of Destin; the outcomes they reach must follow the odds."""
    calculator, rules = registry.get(*key), repo_rules()[key[0]]
    values = calculator.read(query, rules).values
    issues = calculator.outcomes(values, rules)
    rng = random.Random(f"{key}{sorted(query.items())}")
    index = {issue.name: n for n, issue in enumerate(issues)}
    observed = [0] * len(issues)
    for _ in range(ROLLS):
        observed[index[calculator.draw(values, issues, words(rng), rules).issue.name]] += 1
    p_value = chi_square_p(observed, [i.probability for i in issues])
    assert p_value > LEVEL, f"{key} {query} : p = {p_value:.4f}, observé {observed}"


def test_a_roll_of_the_calculator_is_the_draw_tested():
    """calculator.roll (the browser's path) draws through tirage.roll from the same words."""
    key = ("skillcraft", "test")
    calculator, rules = registry.get(*key), repo_rules()["skillcraft"]
    rng = random.Random(7)
    for _ in range(20):
        sent = words(rng)
        _, rolled = calculator.roll({}, sent, rules)
        assert rolled == tirage.roll(outcomes_of(key, {}), sent)


def test_roll_reply_names_the_outcome_and_its_chance():
    calculator, rules = registry.get("skillcraft", "test"), repo_rules()["skillcraft"]
    reply = json.loads(api.roll_reply(calculator, {}, words(random.Random(3)), rules))
    assert reply["ok"] is True
    assert reply["issue"] in {i.name for i in outcomes_of(("skillcraft", "test"), {})}
    assert reply["probabilite"].endswith("\u202f%")  # the sign never starts a line
    assert reply["groupe"] in {"Réussite", "Échec"}
    # The group's exact chance, for the log: the sum of its outcomes' chances.
    issues = outcomes_of(("skillcraft", "test"), {})
    in_group = sum(i.probability for i in issues if i.group == reply["groupe"])
    assert reply.get("probabilite_groupe") and Fraction(reply["exacte_groupe"]) == in_group


def test_roll_reply_refuses_bad_input_by_field():
    calculator, rules = registry.get("skillcraft", "test"), repo_rules()["skillcraft"]
    sent = words(random.Random(3))
    reply = json.loads(api.roll_reply(calculator, {"dd": "mille"}, sent, rules))
    assert reply["ok"] is False and "dd" in reply["errors"]
    for bad in ("[]", "[-1]", f"[{2**32}]", '"x"', "[1.5]"):
        reply = json.loads(api.roll_json("skillcraft", "test", "{}", bad))
        assert reply["ok"] is False and reply["message"].startswith("Hasard illisible")
    reply = json.loads(api.roll_json("skillcraft", "planificateur", "{}", json.dumps(sent)))
    assert reply["ok"] is False and "Lancer" in reply["message"]


def test_a_draw_reads_few_bits_and_says_when_they_run_out():
    fair = [Fraction(1, 6)] * 6
    assert tirage.draw(fair, iter([0, 0, 0])) == 0
    with pytest.raises(tirage.NotEnoughRandomness):
        tirage.draw(fair, iter([]))


def test_every_resolution_calculator_is_tested():
    assert {key for key, _ in CASES} == set(ROLLED)
    assert set(CONFIGURATIONS) <= set(ROLLED), "configuration d'un calculateur qui ne lance pas"


# --- {@des} tags of the rules text ----------------------------------------------------


def dice_tags() -> list[tuple[str, str]]:
    found = []
    for path in sorted([*(ROOT / "data").rglob("*.yaml"), *(ROOT / "content").rglob("*.md")]):
        text = path.read_text(encoding="utf-8")
        found += [
            (str(path.relative_to(ROOT)), m.group(2))
            for m in TAG.finditer(text)
            if m.group(1) == "des"
        ]
    return found


def test_every_dice_tag_of_the_data_is_an_expression_the_engine_reads():
    tags = dice_tags()
    assert len(tags) > 250  # the expressions of the text are tagged (scripts/baliser_des.py)
    for where, expression in tags:
        terms = roll_tags.parse(expression)
        assert sum(roll_tags.law(terms).values()) == 1, where


@pytest.mark.parametrize(
    "expression, low, high, mean",
    [
        ("2d6", 2, 12, "7"),
        ("1d10 + 5", 6, 15, "10,5"),
        ("3D6−2", 1, 16, "8,5"),
        ("d20", 1, 20, "10,5"),
        ("1d4−2d6", -11, 2, "−4,5"),
    ],
)
def test_a_dice_expression_has_its_exact_law(expression, low, high, mean):
    written = roll_tags.page_data(expression)
    assert (written["minimum"], written["maximum"], written["moyenne"]) == (low, high, mean)
    assert [row[0] for row in written["totaux"]] == list(range(low, high + 1))


def icepool_law(expression: str) -> dict[int, Fraction]:
    """The law of an expression, by icepool (independent of the engine)."""
    total = icepool.Die([0])
    for term in roll_tags.parse(expression):
        part = term.count @ icepool.d(term.faces) if term.count else icepool.Die([term.faces])
        total = total + part if term.sign > 0 else total - part
    return {o: Fraction(q, total.denominator()) for o, q in total.items()}


# The largest laws the limits allow: most dice, most faces, most totals, and a mixture.
AT_THE_LIMITS = [
    f"{roll_tags.MAX_DICE}d{(roll_tags.MAX_TOTALS - 1) // roll_tags.MAX_DICE + 1}",
    f"1d{roll_tags.MAX_FACES}",
    f"{roll_tags.MAX_DICE // 2}d{(roll_tags.MAX_TOTALS - 1) // (roll_tags.MAX_DICE // 2) + 1}",
    f"{roll_tags.MAX_DICE - 3}d12 − 1d100 + 2d150 − {roll_tags.MAX_NUMBER}",
]


@pytest.mark.parametrize("expression", ["2d6", "3d6+4", "1d4−2d6+1", "11d10", *AT_THE_LIMITS])
def test_the_law_of_an_expression_is_icepools(expression):
    assert roll_tags.law(roll_tags.parse(expression)) == icepool_law(expression)


@pytest.mark.parametrize("expression", AT_THE_LIMITS)
def test_the_largest_laws_allowed_are_written_at_once(expression):
    """The build writes each tag's law: none of those the limits allow may hold it up (the
    50 ms measure is in make bench; 30 s here would mean stuck, on any machine)."""
    start = time.perf_counter()
    written = roll_tags.page_data(expression)
    assert time.perf_counter() - start < 30, expression
    assert len(written["totaux"]) <= roll_tags.MAX_TOTALS


@pytest.mark.parametrize(
    "bad, why",
    [
        ("3x6", "invalide"),
        ("2d6+", "invalide"),
        ("0d6", "zéro dé"),
        ("d1", "de 2 à"),
        (f"{roll_tags.MAX_DICE + 1}d2", f"{roll_tags.MAX_DICE} dés au plus"),
        ("5", "sans dé"),
        ("2d6 3", "invalide"),
        ("10d1000", f"{roll_tags.MAX_TOTALS} au plus"),
        ("100d100", "dés au plus"),
        ("100d1000", "dés au plus"),
        ("1d" + "9" * 5000, "caractères au plus"),
        ("1d6+" + "9" * 4400, "caractères au plus"),
        ("1d6" + "+1" * 120, "caractères au plus"),  # 243 characters
        (f"1d6+{roll_tags.MAX_NUMBER + 1}", f"vaut {roll_tags.MAX_NUMBER} au plus"),
        ("\u0663d6", "« \u0663 » n'est pas un chiffre de 0 à 9"),  # an Arabic-Indic 3
        ("2d\uff16", "« \uff16 » n'est pas un chiffre de 0 à 9"),  # a full-width 6
        ("1d6+\u00b2", "« \u00b2 » n'est pas un chiffre de 0 à 9"),  # a superscript 2
    ],
)
def test_a_bad_dice_expression_is_refused_in_french(bad, why):
    with pytest.raises(roll_tags.DiceError) as refused:
        roll_tags.parse(bad)
    message = str(refused.value)
    assert message.startswith("expression de dés « ") and why in message
    assert len(message) < 200  # a long expression is quoted by its start only


def test_a_dice_tag_with_digits_of_another_script_is_refused_at_its_line(project):
    relative = "data/reserve-d6/caracteristique.yaml"
    edit(
        project,
        relative,
        "  resume: Force physique du personnage.",
        "  resume: Force physique, {@des \u0663d6}.",
    )
    lines = (project / relative).read_text().splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "{@des" in text)
    found = problems_of(project)
    assert any(
        p.startswith(f"{relative}:{line}: ") and "n'est pas un chiffre de 0 à 9" in p for p in found
    ), found


def test_an_expression_at_the_length_limit_is_read():
    expression = "1d6" + "+1" * ((roll_tags.MAX_LENGTH - 3) // 2)
    assert len(expression) <= roll_tags.MAX_LENGTH
    assert roll_tags.page_data(expression)["minimum"] == 1 + (roll_tags.MAX_LENGTH - 3) // 2


# --- rolls played by the rules: the Talon's lames, Divin's point of Destin --------------


def test_a_uniform_draw_is_the_draw_of_equal_slices():
    """tirage.uniform, used to turn a lame or roll a die, reads the same bits as `draw`
    over n equal chances and gives the same index."""
    rng = random.Random(5)
    for n in (1, 2, 3, 6, 7, 52, 73):
        for _ in range(50):
            bits = [rng.getrandbits(1) for _ in range(200)]
            fast, exact = iter(bits), iter(bits)
            assert tirage.uniform(n, fast) == tirage.draw([Fraction(1, n)] * n, exact)
            assert list(fast) == list(exact)  # as many bits read


def talon_rolls(query: dict, count: int, seed: int = 1) -> list[tirage.Roll]:
    calculator, rules = registry.get("talon", "test"), repo_rules()["talon"]
    rng = random.Random(seed)
    return [calculator.roll(query, words(rng), rules)[1] for _ in range(count)]


def every_lame_but(*kept: str) -> str:
    pack = repo_rules()["talon"].pack
    return ",".join(lame.code for lame in pack.lames if not lame.sans_nom and lame.code not in kept)


def test_talon_lancer_turns_the_honour_from_the_talon_left():
    """Only the 5 de Coupes left: every roll turns it, and its outcome is its margin."""
    query = {
        "valeur": "9",
        "pnj": "aucun",
        "malus_sante": "0",
        "lames_revelees": every_lame_but("5C"),
    }
    for rolled in talon_rolls(query, 5):
        assert rolled.detail == "Lames tournées : 5 de Coupes. Total 14 contre 14."
        assert rolled.issue.name == "Réussite (MR +0)" and rolled.issue.probability == 1


def test_talon_lancer_plays_the_king_and_the_ace_as_the_rules_say():
    """Roi d'Épées, As de Coupes, 2 and 3 de Coupes, Arcane 21: a Roi continues with
    Coupes (the suit with most honours left, not its own) until a lame of another suit; an
    As turns the next lame, a Roi or an arcanum above the value being a critical failure."""
    query = {
        "valeur": "9",
        "pnj": "aucun",
        "malus_sante": "0",
        "lames_revelees": every_lame_but("13E", "1C", "2C", "3C", "A21"),
    }
    seen = set()
    for rolled in talon_rolls(query, 300):
        text, name = rolled.detail, rolled.issue.name
        first = re.match(r"Lames tournées : (?:Arcane 21, )?([^,.(]+)", text).group(1).strip()
        seen.add(first)
        if first == "Roi d’Épées":
            assert "continuation à Coupes" in text
            after = text.split("continuation")[1]
            cards = {1: "As de Coupes", 2: "2 de Coupes", 3: "3 de Coupes"}
            added = sum(v for v, card in cards.items() if card in after)
            assert name.endswith(f"(MR {signed(9 + 13 + added - 14)})"), text
        elif first == "As de Coupes":
            fatal = re.search(r"lame suivante, (Roi d’Épées|Arcane 21)", text)
            assert ("critique" in name) == bool(fatal), text
        else:
            assert name.startswith("Échec (MR"), text
    assert seen == {"Roi d’Épées", "As de Coupes", "2 de Coupes", "3 de Coupes"}


def test_talon_roll_reply_shows_the_lames_turned():
    calculator, rules = registry.get("talon", "test"), repo_rules()["talon"]
    reply = json.loads(api.roll_reply(calculator, {}, words(random.Random(3)), rules))
    assert reply["ok"] is True and reply["detail"].startswith("Lames tournées")
    assert reply["issue"] in {i.name for i in outcomes_of(("talon", "test"), {})}


def divin_chance_of_success(query: dict) -> Fraction:
    return sum(
        (i.probability for i in outcomes_of(("divin6", "jet"), query) if i.group == "Réussite"),
        Fraction(0),
    )


@pytest.mark.parametrize("destin, blind", [("oui", 0), ("avant", 4)])
def test_divin_outcomes_play_the_point_of_destin(destin, blind):
    """The outcomes of a roll with a point of Destin are those of the reroll, whose chance
    of success is the one the calculator shows."""
    from generator.systems.divin6 import dice

    with_destin = divin_chance_of_success({"destin": destin})
    assert with_destin == dice.success_with_reroll(3, 4, 15, blind)
    assert with_destin > divin_chance_of_success({})


def test_divin_lancer_rerolls_the_lowest_die_of_a_failed_roll():
    calculator, rules = registry.get("divin6", "jet"), repo_rules()["divin6"]
    rng = random.Random(9)
    query = {"destin": "oui", "modificateur": "0", "difficulte": "15"}
    rerolled = 0
    for _ in range(200):
        rolled = calculator.roll(query, words(rng), rules)[1]
        dice_shown = [
            int(d) for d in re.match(r"Dés : ([\d, ]+),", rolled.detail).group(1).split(", ")
        ]
        if sum(dice_shown) >= 15:
            assert "Point de Destin gardé" in rolled.detail
            continue
        rerolled += 1
        low, new = re.search(r"le (\d) est relancé, il donne (\d)", rolled.detail).groups()
        assert int(low) == min(dice_shown)
        assert rolled.issue.name.startswith(f"Total {sum(dice_shown) - int(low) + int(new)} ")
    assert rerolled > 100


def test_undesix_attack_outcomes_are_the_calculators_figures():
    calculator, rules = registry.get("undesix", "attaque"), repo_rules()["undesix"]
    issues = outcomes_of(("undesix", "attaque"), {"phy": "4"})
    hurt = sum(
        (i.probability for i in issues if i.group == "Au moins 1 point de dégâts"), Fraction(0)
    )
    html = calculator.html(calculator.run({"phy": "4"}, rules).blocks, rules)
    figure = html.split("Au moins 1 point de dégâts")[1]
    assert figure.split("</dd>")[0].count(f'data-exact="{hurt}"') == 1
    assert [i.name for i in issues][-1] == "Dé 6 : raté"


def test_a_play_function_must_take_the_random_bits_and_the_inputs():
    from generator.engine.inputs import IntInput

    def compute(n):
        return ()

    def issues(n):
        return ()

    def plays(hasard, n):
        return "", ""

    made = registry.Calculator("essai", "x", "X", "?", (IntInput("n", "N", 1, 0, 9, ""),), compute)
    fields = {k: getattr(made, k) for k in ("system", "id", "title", "summary", "inputs")}
    registry.Calculator(**fields, compute=compute, issues=issues, plays=plays)  # accepted
    for wrong in (dict(plays=plays), dict(issues=issues, plays=issues)):
        with pytest.raises(TypeError, match="hasard"):
            registry.Calculator(**fields, compute=compute, **wrong)


def test_a_played_outcome_must_be_one_of_the_exact_outcomes():
    issues = (tirage.Issue("Pile", Fraction(1, 2)), tirage.Issue("Face", Fraction(1, 2)))
    assert tirage.played(issues, "Face", "la pièce").issue is issues[1]
    with pytest.raises(LookupError):
        tirage.played(issues, "Tranche", "")
