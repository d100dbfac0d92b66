"""Calculators of the Talon de la Destinée system (source: 004_6bba7f364af6ae29.txt)."""

from __future__ import annotations

from itertools import combinations

from generator.core.typographie import pluriel
from generator.engine.inputs import (
    BoolInput,
    ChoiceInput,
    FieldError,
    InputGroup,
    IntInput,
    IntListInput,
    MultiChoiceInput,
    TextInput,
)
from generator.engine.registry import Action, Calculator
from generator.engine.results import Distribution, Figure, Figures, Table, Text, signed
from generator.engine.tirage import Issue
from generator.systems.talon import deck, health, lancer, virtual
from generator.systems.talon.rules import Rules
from generator.systems.talon.sheet import compute_sheet, field_name

SYSTEM = "talon"
NO_NPC = "aucun"
NO_ARCHETYPE = "aucun"
NO_SUIT = "aucune"


def npc_choices(rules: Rules) -> tuple[tuple[str, str], ...]:
    """Each NPC quality, as the acting or the reacting side (l.255–258)."""
    return ((NO_NPC, "Aucun PNJ"),) + tuple(
        (f"{q.id}-{side}", f"{q.name}, {side} ({value:+d})".replace("-", "−"))
        for q in rules.npc_qualities
        for side, value in (("actif", q.active), ("passif", q.passive))
    )


def npc_modifier(rules: Rules, choice: str) -> int:
    if choice == NO_NPC:
        return 0
    key, _, side = choice.rpartition("-")
    quality = next(q for q in rules.npc_qualities if q.id == key)
    return quality.active if side == "actif" else quality.passive


def suit_choices(rules: Rules) -> tuple[tuple[str, str], ...]:
    return tuple((s.id, f"{s.name} {s.symbol}") for s in rules.pack.suits)


def lame_choices(rules: Rules) -> tuple[tuple[str, str], ...]:
    pack = rules.pack
    return tuple(
        (lame.code, f"{lame.value}{pack.suit[lame.suit].symbol}" if lame.suit else lame.code)
        for lame in pack.lames
        if not lame.sans_nom
    )


def with_archetype(rules: Rules, archetype: str) -> dict:
    """The Test fields an archetype sets (none for « aucun »)."""
    if archetype == NO_ARCHETYPE:
        return {}
    chosen = rules.archetypes[archetype]
    return {
        "archetype_suit": chosen.suit,
        "archetype_bonus": chosen.bonus,
        "archetype_malus": chosen.malus,
    }


def _odds_blocks(rules: Rules, odds: deck.Odds, test: deck.Test, remaining: deck.Deck) -> list:
    chips, pack = test.chips, rules.pack
    values = [value for value, _ in pack.honour_names]
    needed = next((v for v in values if test.base + v >= test.difficulty - chips), None)
    after_ace = next((v for v in values if v != pack.ace), None)
    return [
        Figures(
            "Chances du test",
            (
                Figure(
                    "Réussite",
                    odds.at_least(-chips),
                    percent=True,
                    note=f"avec jusqu'à {chips} {pluriel(chips, 'Cheap-chip', 'Cheap-chips')}"
                    if chips
                    else "",
                ),
                Figure(
                    f"Réussite spéciale (MR ≥ {rules.special})",
                    odds.at_least(rules.special - chips),
                    percent=True,
                ),
                Figure(
                    f"Réussite critique (MR ≥ {rules.critical})",
                    odds.at_least(rules.critical - chips),
                    percent=True,
                ),
                Figure("As révélé : échec", odds.ace, percent=True),
                Figure(fumble_name(test, short=True), odds.fumble, percent=True),
                Figure("Roi : continuation", odds.king, percent=True),
                Figure(
                    "Honneur minimal pour réussir",
                    "aucun"
                    if needed is None
                    else pack.honour_name(needed)
                    if needed != pack.ace or not test.ace_fails
                    else f"{pack.honour_name(after_ace)} (l'As échoue)",
                    note="sans archétype ni continuation",
                ),
                Figure(
                    "Lames restantes",
                    f"{len(remaining.honours)} honneurs, {len(remaining.arcana)} arcanes",
                ),
            ),
        ),
        Distribution(
            "Marge de réussite (avant Cheap-chips, As exclus)",
            "MR",
            tuple(odds.margins.items()),
            "P(MR ≥ k)",
        ),
    ]


def _margin_class(rules: Rules, margin: int, chips: int) -> str:
    """The result a margin gives once the Cheap-chips are spent."""
    if margin >= rules.critical - chips:
        return "Réussite critique"
    if margin >= rules.special - chips:
        return "Réussite spéciale"
    return "Réussite" if margin >= -chips else "Échec"


ACE_ISSUE = "As révélé : échec"
FUMBLE_ISSUE = "Échec critique (As, puis Roi ou arcane au-dessus de la valeur)"
DECLARED_ISSUE = "Échec critique déclaré sur l'As"


def fumble_name(test: deck.Test, short: bool = False) -> str:
    """The critical failure's name: declared on the As, or told by the lame after it."""
    if test.declares_fumble:
        return DECLARED_ISSUE
    return "Échec critique (As, puis Roi ou arcane > valeur)" if short else FUMBLE_ISSUE


def _margin_issue(rules: Rules, margin: int, chips: int) -> Issue:
    result = _margin_class(rules, margin, chips)
    return Issue(f"{result} (MR {signed(margin)})", 0, result)


def test_issues(regles, valeurs):
    """One test: the margin of the honour kept, or the As that fails it."""
    odds, test = _test_odds(regles, valeurs)[:2]
    return (
        *(
            Issue(issue.name, p, issue.group)
            for m, p in sorted(odds.margins.items())
            for issue in [_margin_issue(regles, m, test.chips)]
        ),
        Issue(ACE_ISSUE, odds.ace - odds.fumble, "Échec"),
        Issue(fumble_name(test), odds.fumble),
    )


def test_plays(regles, valeurs, hasard):
    """« Lancer » : the test played lame by lame from the talon left (lancer.py)."""
    test, revealed = _test_setup(regles, valeurs)
    played = lancer.play(regles.pack, test, revealed, hasard)
    if played.ace:
        return (fumble_name(test) if played.fumble else ACE_ISSUE), played.detail
    return _margin_issue(regles, played.margin, test.chips).name, played.detail


def _test_setup(regles, valeurs):
    """The test the form describes, and the lames already revealed this cycle."""
    valeur, suit = valeurs.valeur, valeurs.enseigne_competence
    base = valeur + regles.context(valeurs.contexte).value + npc_modifier(regles, valeurs.pnj)
    test = deck.Test(
        base=base - valeurs.malus_sante + valeurs.autres,
        skill=valeur,
        difficulty=valeurs.difficulte,
        chips=valeurs.cheap_chips,
        **with_archetype(regles, valeurs.archetype),
        skill_suit=None if suit == NO_SUIT else suit,
        continuation=valeurs.continuation,
        ace_fails=valeurs.as_echec,
        declares_fumble=valeurs.as_echec and valeurs.echec_declare,
        mode=valeurs.mode,
    )
    return test, [regles.pack.by_code[code] for code in valeurs.lames_revelees]


def _test_odds(regles, valeurs):
    """The test the form describes, its odds, and the lames it is drawn from."""
    test, revealed = _test_setup(regles, valeurs)
    remaining = regles.pack.deck_without(revealed)
    try:
        odds = deck.test_odds(remaining, test)
    except ValueError as error:
        raise FieldError("lames_revelees", str(error)) from None
    return odds, test, remaining, revealed


def compute_test(regles, valeurs):
    odds, test, remaining, revealed = _test_odds(regles, valeurs)
    valeur, malus_sante, autres = valeurs.valeur, valeurs.malus_sante, valeurs.autres
    context = regles.context(valeurs.contexte).value
    npc = npc_modifier(regles, valeurs.pnj)
    base, difficulte = test.base, test.difficulty
    blocks = [
        Figures(
            "Valeur du test",
            (
                Figure(
                    "Valeur + modificateurs",
                    signed(base),
                    note=f"{valeur} {signed(context)} (contexte) {signed(npc)} (PNJ) {signed(-malus_sante)} (santé) {signed(autres)} ; difficulté {difficulte}",
                ),
            ),
        ),
        *_odds_blocks(regles, odds, test, remaining),
    ]
    if revealed:
        blocks.insert(
            1,
            Text(
                f"Talon entamé : {len(revealed)} "
                + pluriel(
                    len(revealed),
                    "lame déjà révélée ce cycle est retirée du calcul.",
                    "lames déjà révélées ce cycle sont retirées du calcul.",
                )
            ),
        )
    return tuple(blocks)


TEST_INPUTS = (
    IntInput(
        "valeur",
        "Compétence ou attribut",
        9,
        0,
        30,
        "Valeur brute ; elle sert aussi à la règle de l'As (numéro d'arcane).",
    ),
    ChoiceInput(
        "contexte",
        "Contexte",
        "usuel",
        lambda rules: tuple((c.id, f"{c.name} ({signed(c.value)})") for c in rules.contexts),
        "Table des modificateurs{@source 130–131}.",
    ),
    ChoiceInput(
        "pnj",
        "Adversaire PNJ",
        "bons-actif",
        npc_choices,
        "Actif : le PJ agit sur le PNJ ; passif : il réagit{@source 253–258}.",
    ),
    IntInput(
        "malus_sante",
        "Malus de santé",
        2,
        0,
        40,
        "Total des malus des pistes de santé (nombre positif).",
    ),
    IntInput("autres", "Autres modificateurs", 0, -30, 30, "Visée, table de tir, prise de risque…"),
    IntInput(
        "difficulte",
        "Difficulté",
        lambda rules: rules.difficulty,
        1,
        40,
        "Par défaut, la difficulté de base{@source 100}.",
    ),
    IntInput(
        "cheap_chips",
        "Cheap-chips disponibles",
        0,
        0,
        20,
        "Dépensés après la révélation, +1 chacun, seulement si utile{@source 110}.",
    ),
    ChoiceInput(
        "mode",
        "Avantage",
        "normal",
        (
            ("normal", "Aucun"),
            ("avantage", "Avantage : le joueur garde la meilleure de deux"),
            ("desavantage", "Désavantage : le MJ garde la pire de deux"),
        ),
        "Deux honneurs révélés (les arcanes sont écartés).",
    ),
    ChoiceInput(
        "archetype",
        "Archétype",
        "aucun",
        lambda rules: (
            ((NO_ARCHETYPE, "Aucun"),)
            + tuple(
                (a.id, f"{a.name} ({rules.pack.suit[a.suit].name})")
                for a in rules.archetypes.values()
            )
        ),
        "Bonus ou malus par lame comptée, selon l'enseigne de la compétence{@source 326}.",
    ),
    ChoiceInput(
        "enseigne_competence",
        "Enseigne de la compétence",
        "epees",
        lambda rules: ((NO_SUIT, "Aucune (attribut, Recherche)"),) + suit_choices(rules),
        "Sert à l'archétype.",
    ),
    ChoiceInput(
        "continuation",
        "Enseigne de continuation",
        "autre",
        lambda rules: (
            (("autre", "Une autre que celle du Roi (la plus fournie)"),) + suit_choices(rules)
        ),
        "Choisie après un Roi{@source 118}.",
    ),
    BoolInput(
        "as_echec",
        "L'As échoue toujours",
        True,
        "Le texte fait de l'As un échec, même si la valeur suffirait.",
        labels=("Non : l'As vaut 1", "Oui (règle du fumble)"),
    ),
    BoolInput(
        "echec_declare",
        "Après un As",
        False,
        "Le joueur peut déclarer l'échec critique pour gagner un Cheap-chip et une lame en réserve{@source 114}.",
        labels=("Il révèle la lame suivante", "Il déclare l'échec critique"),
    ),
    MultiChoiceInput(
        "lames_revelees",
        "Lames déjà révélées ce cycle",
        (),
        lame_choices,
        "Cochez-les : les chances sont recalculées sur ce qui reste. Valeur + enseigne (E Épées, C Coupes, D Écus, B Bâtons), A1–A21 arcanes.",
    ),
)

TEST_ASSUMPTIONS = (
    "Le talon restant est mélangé au hasard ; l'Arcane Sans Nom, toujours parmi les 11 dernières lames, n'est pas atteint.",
    "Les arcanes révélés sont mis de côté ; le premier honneur décide{@source 100–104}. Un arcane arrête la continuation.",
    "Continuation « autre » : l'enseigne la plus fournie parmi celles qui ne sont pas celle du Roi (13 lames contre 12).",
    "Échec critique : le joueur révèle la lame qui suit l'As ; un Roi, ou un arcane de numéro supérieur à la valeur brute (tout arcane pour une valeur de 0), le rend critique{@source 114}. S'il déclare l'échec critique, chaque As en est un.",
    "Avantage : le joueur garde l'honneur de plus forte valeur (archétype compris, le Roi l'emportant à égalité) ; désavantage : le MJ garde la plus faible.",
    "Archétype : le bonus ou malus s'applique à chaque lame comptée, continuation comprise ; aucun pour une compétence sans enseigne.",
    "Cheap-chips : le joueur en dépense au plus le nombre indiqué, +1 point chacun, pour réussir ou atteindre une réussite spéciale ou critique.",
)

TEST = Calculator(
    SYSTEM,
    "test",
    "Chances d'un test",
    "Quelles chances de réussir un test, avec un talon neuf ou entamé ?",
    TEST_INPUTS,
    compute_test,
    TEST_ASSUMPTIONS,
    issues=test_issues,
    plays=test_plays,
    computes=("regle tests",),
)


# --- health tracks -------------------------------------------------------------------


def _track_blocks(track: health.Track, damages: tuple[int, ...], armour: int) -> list:
    names = [level.name for level in track.rules.levels]
    rows = []
    for n, raw in enumerate(damages, 1):
        if track.overflow:
            break
        damage = max(0, raw - armour)
        what = track.hit(damage)
        counts = " / ".join(str(len(t)) for t in track.taken)
        rows.append(
            (
                n,
                raw,
                damage,
                what,
                track.cumul,
                counts,
                "—" if track.overflow else signed(track.malus) if track.malus else "0",
                track.state,
            )
        )
    figures = Figures(
        f"{track.rules.name} ({track.skill})",
        (
            Figure("Malus", "—" if track.overflow else signed(track.malus) if track.malus else "0"),
            Figure("État", track.state),
            Figure("Cumul", f"{track.cumul} / {track.rules.cumul_max}"),
            *(
                Figure(
                    f"Niveaux de {level.name}",
                    f"{len(taken)} / {cap}",
                    note=f"seuil {level.threshold}"
                    + (" ; le premier gratuit" if track.skill >= level.free_from else ""),
                )
                for level, taken, cap in zip(
                    track.rules.levels, track.taken, track.capacity, strict=True
                )
            ),
        ),
    )
    blocks = [figures]
    if rows:
        blocks.append(
            Table(
                f"{track.rules.name} : dommage par dommage",
                ("N°", "Dommages", "Retenus", "Effet", "Cumul", " / ".join(names), "Malus", "État"),
                tuple(rows),
            )
        )
    return blocks


def compute_health(
    regles,
    endurance,
    equilibre_mental,
    vitalite,
    dommages_endurance,
    dommages_equilibre_mental,
    dommages_vitalite,
    armure,
    dur_a_cuire,
    infatigable,
    juste_une_egratignure,
    second_souffle,
):
    atouts = health.Atouts(dur_a_cuire, infatigable, juste_une_egratignure, second_souffle)
    skills = {"endurance": endurance, "equilibre-mental": equilibre_mental, "vitalite": vitalite}
    damages = {
        "endurance": dommages_endurance,
        "equilibre-mental": dommages_equilibre_mental,
        "vitalite": dommages_vitalite,
    }
    blocks, total, states = [], 0, []
    for key, rules in regles.tracks.items():
        if key not in skills:
            continue  # a track the form has no field for
        track = health.Track(rules, skills[key], atouts)
        # Armour stops blows, not stress: it is not taken off mental damage.
        blocks += _track_blocks(track, damages[key], 0 if key == "equilibre-mental" else armure)
        total += 0 if track.overflow else track.malus
        if track.overflow:
            states.append(f"{rules.name} : {track.state}")  # the data's sentence
    summary = Figures(
        "Bilan",
        (
            Figure(
                "Malus à tous les tests",
                signed(total) if total else "0",
                note="somme des malus des trois pistes",
            ),
            Figure("État", " ".join(states) if states else "en état d'agir"),
        ),
    )
    return (summary, *blocks)


SANTE = Calculator(
    SYSTEM,
    "sante",
    "Suivi des pistes de santé",
    "Où en sont les trois pistes de santé après une suite de dommages, et quel malus en découle ?",
    (
        IntInput(
            "endurance",
            "Endurance",
            11,
            0,
            30,
            "Valeur de la compétence : 15, 18, 20 donnent un niveau gratuit par palier.",
        ),
        IntInput("equilibre_mental", "Équilibre Mental", 7, 0, 30, "Valeur de la compétence."),
        IntInput("vitalite", "Vitalité", 11, 0, 30, "Valeur de la compétence."),
        IntListInput(
            "dommages_endurance",
            "Dommages d'Endurance",
            (),
            0,
            99,
            40,
            "Dans l'ordre, séparés par des virgules (coups au corps à corps, fatigue…).",
            optional=True,
        ),
        IntListInput(
            "dommages_equilibre_mental",
            "Dommages d'Équilibre Mental",
            (),
            0,
            99,
            40,
            "Stress, horreur…",
            optional=True,
        ),
        IntListInput(
            "dommages_vitalite",
            "Dommages de Vitalité",
            (1, 1, 1, 1, 3, 4, 2, 2, 6, 12, 1, 10),
            0,
            99,
            40,
            "Blessures, poisons…",
            optional=True,
        ),
        IntInput(
            "armure",
            "Armure",
            0,
            0,
            20,
            "Retirée de chaque dommage physique (divisez-la vous-même pour l'arbalète).",
        ),
        IntInput(
            "dur_a_cuire",
            "Dur à cuire (fois)",
            0,
            0,
            2,
            "Annule les premiers malus de Blessure grave.",
        ),
        IntInput(
            "infatigable",
            "Infatigable (fois)",
            0,
            0,
            2,
            "Annule les premiers malus d'Épuisement.",
        ),
        BoolInput(
            "juste_une_egratignure",
            "Juste une égratignure",
            False,
            "Aucun malus de Blessure légère.",
        ),
        BoolInput(
            "second_souffle",
            "Second souffle",
            False,
            "Au premier niveau d'Épuisement non annulé.",
        ),
    ),
    compute_health,
    (
        "Dommages inférieurs au premier seuil : ajoutés au Cumul ; au-delà de 3, le Cumul repart à 0 et un niveau du premier palier est pris.",
        "Un dommage égal à un seuil atteint ce seuil (décision éditoriale) ; un seul niveau par dommage, même au-delà de deux fois le dernier seuil (le MJ peut en décider autrement).",
        "Niveau gratuit (compétence 15, 18, 20) : un niveau de plus, le premier pris dans son palier, sans malus ; il n'annule pas les malus du palier inférieur.",
        "Dur à cuire et Infatigable rendent des niveaux sans malus de la même façon ; Second souffle annule en plus les malus de Fatigue.",
        "Chaque malus vaut « à tous les tests » : ceux des trois pistes s'additionnent. L'armure ne réduit pas les dommages d'Équilibre Mental.",
    ),
    computes=("regle sante",),
)


# --- character creation ----------------------------------------------------------------

# The site's example character (chapter Création): the attributes' default values.
EXAMPLE_ATTRIBUTES = {
    "agile": 5,
    "athletique": 7,
    "hautain": 3,
    "charismatique": 4,
    "combatif": 9,
    "coriace": 5,
    "costaud": 9,
    "discret": 5,
    "eveille": 3,
    "inquietant": 4,
    "intellectuel": 4,
    "maitre-de-soi": 5,
    "pragmatique": 5,
    "resistant": 7,
    "ruse": 6,
    "sociable": 5,
    "survivant": 5,
    "vif": 8,
    "vigilant": 8,
    "violent": 8,
}


def attribute_inputs(rules: Rules) -> tuple[IntInput, ...]:
    return tuple(
        IntInput(field_name(a.id), a.name, EXAMPLE_ATTRIBUTES.get(a.id, 0), 0, 20, "")
        for a in rules.attributes.values()
    )


def _group_help(group) -> str:
    values = ", ".join(map(str, group.values))
    skills = "compétence liée" if group.developed == 1 else "compétences liées"
    return f"{len(group.values)} attributs ({values}), {group.developed} {skills} chacun"


def _choice_suggestions(rules: Rules, group, status: str) -> tuple[tuple[str, str], ...]:
    """Every « attribut = compétence + … » a group allows: the picker beside the field."""
    found = []
    for attribute in rules.attributes.values():
        skills = [rules.skills[s] for s in attribute.skills if s in rules.skills]
        for chosen in combinations(skills, group.developed):
            names = " + ".join(skill.name for skill in chosen)
            found.append(
                (f"{attribute.name} = {names}", f"{attribute.name} {status}, développe {names}")
            )
    return tuple(found)


CREATION_INPUTS = (
    TextInput(
        "primaires",
        "Attributs primaires et compétences développées",
        "combatif = armes blanches + corps à corps, costaud = corps à corps + endurance, vif = réflexes + dégainer, vigilant = réflexes + recherche",
        400,
        lambda rules: (
            _group_help(rules.groups[0])
            + " : « attribut = compétence + compétence », séparés par des virgules."
        ),
        suggestions=lambda rules: _choice_suggestions(rules, rules.groups[0], "primaire"),
    ),
    TextInput(
        "secondaires",
        "Attributs secondaires et compétence développée",
        "violent = armes blanches, résistant = vitalité, athlétique = course, rusé = feinte",
        400,
        lambda rules: _group_help(rules.groups[1]) + ".",
        suggestions=lambda rules: _choice_suggestions(rules, rules.groups[1], "secondaire"),
    ),
    InputGroup("attributs", attribute_inputs),
    ChoiceInput(
        "archetype",
        "Archétype",
        "aucun",
        lambda rules: (
            ((NO_ARCHETYPE, "Aucun"),) + tuple((a.id, a.name) for a in rules.archetypes.values())
        ),
        "Facultatif{@source 326}.",
    ),
    IntInput(
        "celerite", "Célérité (niveau d'atout)", 0, 0, 3, "S'ajoute à la Maîtrise et aux attaques."
    ),
    IntInput(
        "maitre_d_arme",
        "Maître d'arme (niveau)",
        0,
        0,
        3,
        "+1 Maîtrise par niveau avec une arme de mêlée.",
    ),
    BoolInput("deux_armes", "Combat à deux armes", False, "+1 Maîtrise."),
)

SHEET_CALCULATOR = Calculator(
    SYSTEM,
    "creation",
    "Création de personnage",
    "Les valeurs choisies respectent-elles la création, et que vaut chaque compétence ?",
    CREATION_INPUTS,
    compute_sheet,
    (
        "Valeurs des 12 autres attributs lues à la lettre : sept 5, trois 4, deux 3 (voir la note du chapitre Création).",
        "Une compétence prend l'attribut de sa propre liste qui a la meilleure valeur ; l'Athlétique ne sert donc pas à l'Escalade.",
        "Tout personnage possède Arcaniste (0).",
        "Actions par round : la Célérité, déjà ajoutée à la Maîtrise{@source 361}, n'est comptée qu'une fois (note éditoriale du chapitre Combat).",
    ),
    computes=("regle creation",),
)


# --- virtual talon ----------------------------------------------------------------------


def compute_virtual(regles, graine, joueurs, valeur, journal):
    talon = virtual.replay(regles.pack, graine, joueurs, journal)
    remaining = talon.remaining_deck()
    blocks = [
        Figures(
            "Talon",
            (
                Figure("Cycle", talon.cycle),
                Figure(
                    "Lames dans le talon",
                    len(talon.talon),
                    note="Arcane Sans Nom compris, quelque part dans les 11 dernières au début du cycle",
                ),
                Figure("Défausse", len(talon.discard)),
                # What the last move drew: what the reader looks for after a tap.
                Figure(
                    "Dernière action", talon.events[-1][1] if talon.events else "aucune", key=True
                ),
            ),
        ),
        Table(
            "Test en cours",
            ("Lame", "Code"),
            tuple((lame.name, lame.code) for lame in talon.revealed)
            or (("aucune lame révélée", ""),),
        ),
        Table(
            "Réserves",
            ("Joueur", "Lames"),
            tuple(
                (f"Joueur {n}", ", ".join(lame.name for lame in r) or "—")
                for n, r in enumerate(talon.reserves, 1)
            ),
        ),
    ]
    if remaining.honours:
        test = deck.Test(base=valeur, skill=valeur, difficulty=regles.difficulty)
        odds = deck.test_odds(remaining, test)
        blocks.append(
            Figures(
                f"Prochain test à {valeur} contre {regles.difficulty}, sur le talon restant",
                (
                    Figure("Réussite", odds.at_least(0), percent=True),
                    Figure(
                        f"Réussite spéciale (MR ≥ {regles.special})",
                        odds.at_least(regles.special),
                        percent=True,
                    ),
                    Figure(
                        f"Réussite critique (MR ≥ {regles.critical})",
                        odds.at_least(regles.critical),
                        percent=True,
                    ),
                    Figure("Échec critique", odds.fumble, percent=True),
                ),
            )
        )
    blocks.append(
        Table(
            "Journal",
            ("N°", "Action", "Résultat"),
            tuple((n, move, text) for n, (move, text) in enumerate(talon.events, 1))
            or ((0, "", "talon neuf"),),
        )
    )
    return tuple(blocks)


def virtual_actions(rules: Rules) -> tuple[Action, ...]:
    return (
        Action("Nouveau test", "journal", "t"),
        Action("Test avec Avantage", "journal", "a"),
        Action("Lame suivante", "journal", "n"),
        *(
            Action(f"Continuation {suit.symbol}", "journal", f"c{suit.letter}")
            for suit in rules.pack.suits
        ),
        *virtual.reserve_actions("journal", "joueurs"),
        Action("Fin du test", "journal", "f"),
        Action("Nouveau cycle", "journal", "m"),
        Action("Annuler", "journal", removes=True),  # « u » in old links still undoes
    )


TALON_VIRTUEL = Calculator(
    SYSTEM,
    "talon-virtuel",
    "Talon virtuel",
    "Un talon mélangé selon les règles du cycle, à jouer carte à carte, avec les chances du prochain test.",
    (
        IntInput(
            "graine",
            "Numéro de mélange",
            1,
            0,
            999999,
            "Tiré au hasard à l'ouverture ; le même numéro redonne le même talon, changez-le pour un autre mélange.",
            drawn=True,
        ),
        IntInput(
            "joueurs",
            "Joueurs",
            3,
            1,
            virtual.MAX_PLAYERS,
            "Chacun reçoit une lame en réserve à chaque début de cycle{@source 145}.",
        ),
        IntInput(
            "valeur",
            "Valeur pour le prochain test",
            9,
            -20,
            40,
            "Compétence + modificateurs, contre la difficulté 14.",
        ),
        TextInput(
            "journal",
            "Journal des actions",
            "",
            3000,
            "Rempli par les boutons : t test, a avantage, n lame suivante, cE/cC/cD/cB continuation, r1… réserve, f fin du test, m nouveau cycle, u annuler.",
            too_long="Journal plein",
        ),
    ),
    compute_virtual,
    (
        "L'état du talon découle du numéro de mélange et du journal : il est dans l'adresse de la page, qui le garde au rechargement et permet de le partager.",
        "Début de cycle : l'Arcane Sans Nom est mélangé avec 10 lames au hasard, placées sous les 63 autres{@source 145}.",
        "Les chances du prochain test portent sur les lames encore dans le talon, Arcane Sans Nom exclu, sans archétype ni Cheap-chips.",
    ),
    virtual_actions,
    computes=("regle cycle",),
)

# The system's calculators, in the order of its pages (engine/registry.py reads this list).
CALCULATORS = (
    TEST,
    SANTE,
    SHEET_CALCULATOR,
    TALON_VIRTUEL,
)
