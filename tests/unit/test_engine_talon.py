"""Talon engine: every exact value of the guide (§C6 T1–T10, reference table, §C3 sheet)."""

import random
from fractions import Fraction

import pytest
from helpers import repo_rules

from generator.engine import registry
from generator.systems.talon import deck, health, sheet, virtual
from generator.systems.talon.virtual import replay

R = repo_rules()["talon"]  # the rules built from data/talon
PACK = R.pack
FRESH = PACK.fresh_deck()
TRACKS = R.tracks


def odds(**kw):
    kw.setdefault("skill", max(kw["base"], 0))
    kw.setdefault("difficulty", R.difficulty)
    return deck.test_odds(FRESH, deck.Test(**kw))


def combattant(skill_suit):
    chosen = R.archetypes["combattant"]
    return dict(
        archetype_suit=chosen.suit,
        archetype_bonus=chosen.bonus,
        archetype_malus=chosen.malus,
        skill_suit=skill_suit,
    )


def test_the_deck_has_74_lames():
    assert len(PACK.lames) == 74
    assert len(FRESH.honours) == 52 and len(FRESH.arcana) == 21
    assert [lame.name for lame in PACK.lames[:2]] == ["As d’Épées", "2 d’Épées"]
    assert PACK.by_code["13B"].name == "Roi de Bâtons" and PACK.by_code["A21"].name == "Arcane 21"


def test_t1_robert_and_cheap_chips():
    # l.105-106: Armes blanches 9, NPC -3, wounded -2: +4, needs an honour of 10 or more.
    result = odds(base=4, skill=9)
    assert result.at_least(0) == Fraction(4, 13)
    assert [result.at_least(-chips) for chips in (1, 2, 3)] == [
        Fraction(5, 13),
        Fraction(6, 13),
        Fraction(7, 13),
    ]


def test_t2_t3_success_and_special():
    nine = odds(base=9)
    assert nine.at_least(0) == Fraction(9, 13) and nine.at_least(7) == Fraction(2, 13)
    assert odds(base=13).at_least(0) == Fraction(12, 13)  # the As still fails
    assert odds(base=13, ace_fails=False).at_least(0) == 1


def test_t4_critical_through_the_continuation():
    assert odds(base=9).at_least(14) == Fraction(9137159, 971423775)
    # P(continuation adds 0) after a Roi, another suit chosen.
    p_k = deck.arcana_before(21, 52, 1)
    values = tuple(range(1, 14))
    zero = sum(pk * dict(deck.continuation(values, 72 - k, 0)).get(0, 0) for k, pk in p_k.items())
    assert zero == Fraction(3047, 3723)
    at_least_6 = sum(
        pk * sum(p for added, p in deck.continuation(values, 72 - k, 0) if added >= 6)
        for k, pk in p_k.items()
    )
    assert at_least_6 == Fraction(118783067, 971423775)


def test_t5_avantage_and_desavantage():
    assert odds(base=4, mode="avantage").at_least(0) == Fraction(116, 221)
    assert odds(base=4, mode="desavantage").at_least(0) == Fraction(20, 221)


@pytest.mark.parametrize(
    "skill, expected",
    [(9, Fraction(820, 3723)), (4, Fraction(1075, 3723)), (13, Fraction(616, 3723))],
)
def test_t6_critical_fumble_after_an_as(skill, expected):
    result = odds(base=skill, skill=skill)
    assert result.ace == Fraction(1, 13)
    assert result.fumble / result.ace == expected
    if skill == 9:
        assert round(float(result.fumble), 6) == 0.016942


def test_t7_archetype_combattant():
    assert odds(base=4, **combattant("epees")).at_least(0) == Fraction(19, 52)
    assert odds(base=4, **combattant("batons")).at_least(0) == Fraction(1, 4)


def test_t8_sans_nom_lies_in_the_last_eleven():
    """The cycle shuffle puts the Sans Nom among the last 11 lames, any of them (l.145)."""
    seen = set()
    for seed in range(400):
        talon = deck.shuffle_cycle(random.Random(seed), list(PACK.lames), PACK)
        assert len(talon) == 74
        seen.add(talon.index(PACK.by_code["SN"]) + 1)
    assert seen == set(range(64, 75))  # positions 64 to 74, each reached


REFERENCE = {  # guide §C6: S -> P(success), P(MR >= 7), P(MR >= 14)
    -2: (0.012184, 0.005524, 0.000939),
    0: (0.013967, 0.007492, 0.001251),
    1: (0.076923, 0.008462, 0.001417),
    2: (0.153846, 0.009406, 0.002471),
    4: (0.307692, 0.011266, 0.004525),
    6: (0.461538, 0.013075, 0.006521),
    8: (0.615385, 0.076923, 0.008462),
    9: (0.692308, 0.153846, 0.009406),
    10: (0.769231, 0.230769, 0.010349),
    12: (0.923077, 0.384615, 0.012184),
    13: (0.923077, 0.461538, 0.013075),
}


@pytest.mark.parametrize("base", sorted(REFERENCE))
def test_reference_table(base):
    result = odds(base=base)
    assert tuple(round(float(result.at_least(m)), 6) for m in (0, 7, 14)) == REFERENCE[base]


def test_a_used_deck_changes_the_odds():
    # Without the four 10s and the four Chevaliers, S = 4 needs a Reine or a Roi: 8 of 44.
    gone = [PACK.by_code[f"{v}{s}"] for v in (10, 11) for s in "ECDB"]
    used = PACK.deck_without(gone)
    assert deck.test_odds(used, deck.Test(base=4, skill=4, difficulty=14)).at_least(0) == Fraction(
        8, 44
    )


def hits(track, damages):
    out = []
    for damage in damages:
        track.hit(damage)
        out.append("agonise" if track.overflow else track.malus)
    return out


def test_t9_health_track():
    assert hits(health.Track(TRACKS["vitalite"], 11), [1, 1, 1, 1, 3, 4, 2, 2, 6, 12, 1, 10]) == [
        0,
        0,
        0,
        0,
        -1,
        -1,
        -2,
        -3,
        -6,
        -7,
        -7,
        "agonise",
    ]


def test_t10_free_level():
    track = health.Track(TRACKS["vitalite"], 15)
    assert hits(track, [3, 3, 3, 3]) == [0, 0, -1, -1]
    assert track.capacity == (5, 2, 1)
    assert hits(track, [4]) == [
        -2
    ]  # the rule's reading (the l.173 example says -3: editorial note)


def test_health_atouts():
    assert hits(
        health.Track(TRACKS["vitalite"], 11, health.Atouts(juste_une_egratignure=True)), [3, 3, 3]
    ) == [0, 0, 0]
    assert hits(
        health.Track(TRACKS["vitalite"], 11, health.Atouts(dur_a_cuire=1)), [3, 3, 6, 6]
    ) == [
        0,
        -1,
        -1,
        -3,
    ]
    assert hits(
        health.Track(TRACKS["endurance"], 11, health.Atouts(second_souffle=True)), [3, 3, 3, 6, 6]
    ) == [0, -1, -1, 0, -3]


def constructed_sheet():
    attributes = dict(
        combatif=9,
        costaud=9,
        vif=8,
        vigilant=8,
        violent=8,
        resistant=7,
        athletique=7,
        ruse=6,
        agile=5,
        coriace=5,
        discret=5,
        pragmatique=5,
        sociable=5,
        survivant=5,
        charismatique=4,
        inquietant=4,
        intellectuel=4,
        hautain=3,
        eveille=3,
    )
    attributes["maitre-de-soi"] = 5
    primaries, _ = sheet.parse_choices(
        R,
        "combatif = armes blanches + corps à corps, costaud = corps à corps + endurance, vif = réflexes + dégainer, vigilant = réflexes + recherche",
    )
    secondaries, _ = sheet.parse_choices(
        R, "violent = armes blanches, résistant = vitalité, athlétique = course, rusé = feinte"
    )
    return sheet.Sheet(R, attributes, primaries, secondaries)


def test_constructed_sheet_of_the_guide():
    character = constructed_sheet()
    assert character.problems() == []
    expected = {
        "acrobatie": 5,
        "armes-a-distance": 9,
        "armes-blanches": 13,
        "baratin": 6,
        "commandement": 4,
        "comedie": 6,
        "connaissances": 4,
        "corps-a-corps": 13,
        "course": 9,
        "degainer": 10,
        "embuscade": 5,
        "endurance": 11,
        "equilibre-mental": 7,
        "equitation": 5,
        "escalade": 5,
        "feinte": 11,
        "filature": 8,
        "furtivite": 5,
        "interrogation": 6,
        "intimidation": 9,
        "natation": 7,
        "nature": 5,
        "negociation": 5,
        "pieges-et-serrures": 6,
        "pouvoir": 4,
        "recharger": 8,
        "recherche": 10,
        "reflexes": 12,
        "seduction": 5,
        "vitalite": 11,
    }
    assert {skill: character.skill(skill)[0] for skill in R.skills} == expected
    assert character.melee_die() == "1D10"
    assert sum(character.attributes.values()) == 115


def test_creation_rule_violations_are_explained():
    character = constructed_sheet()
    character.attributes["combatif"] = 10
    character.primaries[0].skills = ("armes-blanches", "natation")
    problems = " ".join(character.problems())
    assert "natation n'est pas liée à combatif" in problems
    assert "Valeurs des attributs primaires" in problems


def test_calculators_report_bad_input_at_the_field():
    creation = registry.get("talon", "creation")
    assert (
        "n'est pas un attribut"
        in creation.run({"primaires": "fort = course"}, R).errors["primaires"]
    )
    test = registry.get("talon", "test")
    assert (
        test.run({"lames_revelees": "13E,ZZ"}, R)
        .errors["lames_revelees"]
        .startswith("Valeur inconnue")
    )
    blocks = test.run({}, R).blocks  # Robert by default
    assert blocks[1].items[0].value == Fraction(4, 13)


def test_virtual_talon_is_replayed_from_its_log():
    first = replay(PACK, 7, 3, "t cE r1 a n")
    again = replay(PACK, 7, 3, "t cE r1 a n f t u")
    assert [lame.code for lame in first.talon] == [lame.code for lame in again.talon]
    assert (
        len(first.talon)
        + len(first.discard)
        + len(first.revealed)
        + sum(len(r) for r in first.reserves)
        == 74
    )
    assert len(first.reserves[0]) == 2 and len(first.reserves[1]) == 1
    # Revealing the whole talon always meets the Sans Nom and starts a new cycle.
    long = replay(PACK, 3, 2, " ".join(["t"] * 80))
    assert long.cycle >= 2


def test_virtual_talon_shuffles_as_random_does(monkeypatch):
    """The replay's shuffle (one loop, no call per lame) draws and swaps as random.Random:
    the same seed gives the same talon, cycle after cycle."""
    assert virtual._EXACT and virtual._RNG is virtual._Random
    for seed in range(200):
        plain, fast = random.Random(seed), virtual._Random(seed)
        for _ in range(3):
            assert deck.shuffle_cycle(fast, list(PACK.lames), PACK) == deck.shuffle_cycle(
                plain, list(PACK.lames), PACK
            )
        assert fast.random() == plain.random()
    tokens = sorted(virtual.moves(PACK) - {"u"})
    pick = random.Random(18)
    logs = [" ".join(pick.choice(tokens) for _ in range(1000)) for _ in range(5)]
    fast = [replay(PACK, seed, 6, log) for seed, log in enumerate(logs)]
    monkeypatch.setattr(virtual, "_RNG", random.Random)
    for seed, (log, talon) in enumerate(zip(logs, fast, strict=True)):
        plain = replay(PACK, seed, 6, log)
        assert talon.events == plain.events and talon.cycle == plain.cycle > 20
        assert (talon.talon, talon.reserves) == (plain.talon, plain.reserves)


def test_health_calculator_adds_the_three_tracks():
    calc = registry.get("talon", "sante")
    summary = calc.run(
        {
            "dommages_endurance": "3, 3, 6",
            "dommages_equilibre_mental": "3, 3, 3",
            "dommages_vitalite": "",
        },
        R,
    ).blocks[0]
    assert summary.items[0].value == "−4"  # Épuisement −3 and Nervosité −1
    default = calc.run({}, R).blocks[0]  # the guide's T9 sequence on Vitalité 11
    assert "agonise" in default.items[1].value


def test_creation_pickers_offer_every_allowed_choice_and_each_parses():
    """The attributes and their skills are picked, not typed."""
    fields = {i.name: i for i in registry.get("talon", "creation").inputs_for(R)}
    primary, secondary = fields["primaires"].suggestions, fields["secondaires"].suggestions
    assert (
        "Combatif = Armes blanches + Corps à Corps",
        "Combatif primaire, développe Armes blanches + Corps à Corps",
    ) in primary
    assert len(secondary) == sum(len(a.skills) for a in R.attributes.values())
    for text, _ in primary + secondary:
        choices, problems = sheet.parse_choices(R, text)
        assert not problems and len(choices) == 1, text
    assert "(9, 9, 8, 8)" in fields["primaires"].help


def test_virtual_talon_has_a_reserve_button_for_every_player_the_form_allows():
    """Up to 6 players, so 6 « Réserve » buttons; the page shows those of the
    players it counts (3 by default)."""
    from generator.engine import form

    calc = registry.get("talon", "talon-virtuel")
    players = next(i for i in calc.inputs if i.name == "joueurs")
    reserves = [a for a in calc.actions_for(R) if a.label.startswith("Réserve")]
    assert [a.token for a in reserves] == [f"r{n}" for n in range(1, players.maximum + 1)]
    assert players.maximum == 6
    html = form.calculator_html(calc, "", R)
    for n in range(1, players.maximum + 1):
        shown = f'data-si-champ="joueurs" data-si-au-moins="{n}"'
        assert shown + (" hidden" if n > players.default else "") + f">Réserve J{n}<" in html
    assert calc.run({"joueurs": "6", "journal": "t r6"}, R).ok


def test_a_full_virtual_talon_journal_says_it_is_full():
    calc = registry.get("talon", "talon-virtuel")
    full = " ".join(["t"] * 1500)
    assert calc.run({"journal": full}, R).ok
    message = calc.run({"journal": full + " t"}, R).errors["journal"]
    assert message.startswith("Journal plein : 3000 caractères au plus")


def test_the_health_malus_of_a_test_is_never_written_minus_zero():
    calc = registry.get("talon", "test")
    note = calc.run({"malus_sante": "0"}, R).blocks[0].items[0].note
    assert "+0 (santé)" in note and "−0" not in note
    assert "−2 (santé)" in calc.run({}, R).blocks[0].items[0].note  # as before: 2 by default


def test_a_deck_left_with_only_aces_is_answered_without_an_internal_error():
    """Found by the worst-case search: with avantage and only two Aces left, every case is
    settled by the Ace rule and the margin distribution is empty."""
    import json

    from generator.engine.api import reply

    calculator = registry.get("talon", "test")
    cards = [code for code, _ in calculator.inputs_for(R)[-1].choices]
    revealed = [code for code in cards if code not in ("1D", "1E")]
    answer = json.loads(
        reply(calculator, {"lames_revelees": ",".join(revealed), "mode": "avantage"}, R)
    )
    assert answer["ok"], answer
    assert "aucune valeur possible" in answer["html"]
