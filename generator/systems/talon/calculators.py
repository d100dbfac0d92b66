"""Calculators of the Talon de la Destinée system (source: 004_6bba7f364af6ae29.txt)."""

from __future__ import annotations

from ...engine.inputs import (
    BoolInput,
    ChoiceInput,
    FieldError,
    IntInput,
    IntListInput,
    MultiChoiceInput,
    TextInput,
)
from ...engine.registry import Action, Calculator, register
from ...engine.results import Distribution, Figure, Figures, Table, Text, signed
from . import deck, health, sheet, virtual

SYSTEM = "talon"

# l.130–131
CONTEXTS = {
    "cauchemardesque": ("Cauchemardesque", -13),
    "atroce": ("Atroce", -7),
    "ardu": ("Ardu", -3),
    "usuel": ("Usuel", 0),
    "favorable": ("Favorable", 3),
    "ideal": ("Ideal", 7),
}
# l.255–258: (active, passive) modifiers by NPC quality.
NPC = {
    "mauvais": ("Mauvais", 3, 3),
    "passables": ("Passables", 0, 0),
    "bons": ("Bons", -3, -5),
    "serieux": ("Sérieux", -5, -5),
    "epiques": ("Épiques", -7, -7),
}
NPC_CHOICES = (("aucun", "Aucun PNJ"),) + tuple(
    (f"{key}-{side}", f"{name}, {label} ({value:+d})".replace("-", "−"))
    for key, (name, active, passive) in NPC.items()
    for side, label, value in (("actif", "actif", active), ("passif", "passif", passive))
)
SUIT_CHOICES = tuple((s, f"{deck.SUIT_NAMES[s]} {deck.SUIT_SYMBOLS[s]}") for s in deck.SUITS)
ARCHETYPES = {
    "combattant": ("Combattant", "epees"),
    "beni-des-dieux": ("Béni des Dieux", "coupes"),
    "survivant": ("Survivant", "ecus"),
    "magus": ("Magus", "batons"),
}
LAME_CHOICES = tuple(
    (lame.code, f"{lame.value}{deck.SUIT_SYMBOLS[lame.suit]}" if lame.suit else lame.code)
    for lame in deck.ALL_LAMES
    if not lame.sans_nom
)


def npc_modifier(choice: str) -> int:
    if choice == "aucun":
        return 0
    key, _, side = choice.rpartition("-")
    _, active, passive = NPC[key]
    return active if side == "actif" else passive


def _odds_blocks(odds: deck.Odds, test: deck.Test, remaining: deck.Deck) -> list:
    chips = test.chips
    needed = next((v for v in range(1, 14) if test.base + v >= test.difficulty - chips), None)
    return [
        Figures(
            "Chances du test",
            (
                Figure(
                    "Réussite",
                    odds.at_least(-chips),
                    percent=True,
                    note=f"avec jusqu'à {chips} Cheap-chip(s)" if chips else "",
                ),
                Figure("Réussite spéciale (MR ≥ 7)", odds.at_least(7 - chips), percent=True),
                Figure("Réussite critique (MR ≥ 14)", odds.at_least(14 - chips), percent=True),
                Figure("As révélé : échec", odds.ace, percent=True),
                Figure(
                    "Échec critique (As, puis Roi ou arcane > valeur)", odds.fumble, percent=True
                ),
                Figure("Roi : continuation", odds.king, percent=True),
                Figure(
                    "Honneur minimal pour réussir",
                    "aucun"
                    if needed is None
                    else deck.HONOUR_NAMES.get(needed, str(needed))
                    if needed > 1
                    else "2 (l'As échoue)",
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


def compute_test(
    valeur,
    contexte,
    pnj,
    malus_sante,
    autres,
    difficulte,
    cheap_chips,
    mode,
    archetype,
    enseigne_competence,
    continuation,
    as_echec,
    lames_revelees,
):
    base = valeur + CONTEXTS[contexte][1] + npc_modifier(pnj) - malus_sante + autres
    test = deck.Test(
        base=base,
        skill=valeur,
        difficulty=difficulte,
        chips=cheap_chips,
        archetype_suit=ARCHETYPES[archetype][1] if archetype != "aucun" else None,
        skill_suit=None if enseigne_competence == "aucune" else enseigne_competence,
        continuation=continuation,
        ace_fails=as_echec,
        mode=mode,
    )
    revealed = [deck.BY_CODE[code] for code in lames_revelees]
    remaining = deck.deck_without(revealed)
    try:
        odds = deck.test_odds(remaining, test)
    except ValueError as error:
        raise FieldError("lames_revelees", str(error)) from None
    blocks = [
        Figures(
            "Valeur du test",
            (
                Figure(
                    "Valeur + modificateurs",
                    signed(base),
                    note=f"{valeur} {signed(CONTEXTS[contexte][1])} (contexte) {signed(npc_modifier(pnj))} (PNJ) −{malus_sante} (santé) {signed(autres)} ; difficulté {difficulte}",
                ),
            ),
        ),
        *_odds_blocks(odds, test, remaining),
    ]
    if revealed:
        blocks.insert(
            1,
            Text(
                f"Talon entamé : {len(revealed)} lame(s) déjà révélée(s) ce cycle sont retirées du calcul."
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
        tuple((k, f"{v[0]} ({signed(v[1])})") for k, v in CONTEXTS.items()),
        "Table des modificateurs (l. 130–131).",
    ),
    ChoiceInput(
        "pnj",
        "Adversaire PNJ",
        "bons-actif",
        NPC_CHOICES,
        "Actif : le PJ agit sur le PNJ ; passif : il réagit (l. 253–258).",
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
    IntInput("difficulte", "Difficulté", 14, 1, 40, "14 par défaut (l. 100)."),
    IntInput(
        "cheap_chips",
        "Cheap-chips disponibles",
        0,
        0,
        20,
        "Dépensés après la révélation, +1 chacun, seulement si utile (l. 110).",
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
        (("aucun", "Aucun"),)
        + tuple((k, f"{v[0]} ({deck.SUIT_NAMES[v[1]]})") for k, v in ARCHETYPES.items()),
        "+3 / −1 par lame comptée (l. 326).",
    ),
    ChoiceInput(
        "enseigne_competence",
        "Enseigne de la compétence",
        "epees",
        (("aucune", "Aucune (attribut, Recherche)"),) + SUIT_CHOICES,
        "Sert à l'archétype.",
    ),
    ChoiceInput(
        "continuation",
        "Enseigne de continuation",
        "autre",
        (("autre", "Une autre que celle du Roi (la plus fournie)"),) + SUIT_CHOICES,
        "Choisie après un Roi (l. 118).",
    ),
    BoolInput(
        "as_echec",
        "L'As échoue toujours",
        True,
        "Le texte fait de l'As un échec, même si la valeur suffirait.",
        labels=("Non : l'As vaut 1", "Oui (règle du fumble)"),
    ),
    MultiChoiceInput(
        "lames_revelees",
        "Lames déjà révélées ce cycle",
        (),
        LAME_CHOICES,
        "Cochez-les : les chances sont recalculées sur ce qui reste. Valeur + enseigne (E Épées, C Coupes, D Écus, B Bâtons), A1–A21 arcanes.",
    ),
)

TEST_ASSUMPTIONS = (
    "Le talon restant est mélangé au hasard ; l'Arcane Sans Nom, toujours parmi les 11 dernières lames, n'est pas atteint.",
    "Les arcanes révélés sont mis de côté ; le premier honneur décide (l. 100–104). Un arcane arrête la continuation.",
    "Continuation « autre » : l'enseigne la plus fournie parmi celles qui ne sont pas celle du Roi (13 lames contre 12).",
    "Échec critique : le joueur révèle la lame qui suit l'As ; un Roi, ou un arcane de numéro supérieur à la valeur brute, le rend critique (l. 114).",
    "Avantage : le joueur garde l'honneur de plus forte valeur (archétype compris, le Roi l'emportant à égalité) ; désavantage : le MJ garde la plus faible.",
    "Archétype : le bonus ou malus s'applique à chaque lame comptée, continuation comprise ; aucun pour une compétence sans enseigne.",
    "Cheap-chips : le joueur en dépense au plus le nombre indiqué, +1 point chacun, pour réussir ou atteindre une réussite spéciale ou critique.",
)

register(
    Calculator(
        SYSTEM,
        "test",
        "Chances d'un test",
        "Quelles chances de réussir un test, avec un talon neuf ou entamé ?",
        TEST_INPUTS,
        compute_test,
        TEST_ASSUMPTIONS,
    )
)


# --- health tracks -------------------------------------------------------------------


def _track_blocks(track: health.Track, damages: tuple[int, ...], armour: int) -> list:
    names = health.TRACKS[track.track]["niveaux"]
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
        f"{health.TRACKS[track.track]['nom']} ({track.skill})",
        (
            Figure("Malus", "—" if track.overflow else signed(track.malus) if track.malus else "0"),
            Figure("État", track.state),
            Figure("Cumul", f"{track.cumul} / {health.CUMUL_MAX}"),
            *(
                Figure(
                    f"Niveaux de {name}",
                    f"{len(taken)} / {cap}",
                    note=f"seuil {th}" + (" ; le premier gratuit" if track.skill >= free else ""),
                )
                for name, taken, cap, th, free in zip(
                    names,
                    track.taken,
                    track.capacity,
                    health.THRESHOLDS,
                    health.FREE_FROM,
                    strict=True,
                )
            ),
        ),
    )
    blocks = [figures]
    if rows:
        blocks.append(
            Table(
                f"{health.TRACKS[track.track]['nom']} : dommage par dommage",
                ("N°", "Dommages", "Retenus", "Effet", "Cumul", " / ".join(names), "Malus", "État"),
                tuple(rows),
            )
        )
    return blocks


def compute_health(
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
    for key in health.TRACKS:
        track = health.Track(key, skills[key], atouts)
        # Armour stops blows, not stress: it is not taken off mental damage.
        blocks += _track_blocks(track, damages[key], 0 if key == "equilibre-mental" else armure)
        total += 0 if track.overflow else track.malus
        if track.overflow:
            states.append(f"{health.TRACKS[key]['nom']} : {track.state}")
    summary = Figures(
        "Bilan",
        (
            Figure(
                "Malus à tous les tests",
                signed(total) if total else "0",
                note="somme des malus des trois pistes",
            ),
            Figure("État", " ; ".join(states) if states else "en état d'agir"),
        ),
    )
    return (summary, *blocks)


register(
    Calculator(
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
    )
)


# --- character creation ----------------------------------------------------------------

SHEET_DEFAULTS = {
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
ATTRIBUTE_NAMES = {
    "agile": "Agile",
    "athletique": "Athlétique",
    "hautain": "Hautain",
    "charismatique": "Charismatique",
    "combatif": "Combatif",
    "coriace": "Coriace",
    "costaud": "Costaud",
    "discret": "Discret",
    "eveille": "Éveillé",
    "inquietant": "Inquiétant",
    "intellectuel": "Intellectuel",
    "maitre-de-soi": "Maître de soi",
    "pragmatique": "Pragmatique",
    "resistant": "Résistant",
    "ruse": "Rusé",
    "sociable": "Sociable",
    "survivant": "Survivant",
    "vif": "Vif",
    "vigilant": "Vigilant",
    "violent": "Violent",
}


def compute_creation(
    primaires, secondaires, archetype, celerite, maitre_d_arme, deux_armes, **values
):
    attributes = {a: values[a.replace("-", "_")] for a in sheet.ATTRIBUTES}
    primaries, problems = sheet.parse_choices(primaires)
    if problems:
        raise FieldError("primaires", " ; ".join(problems) + ".")
    secondaries, problems = sheet.parse_choices(secondaires)
    if problems:
        raise FieldError("secondaires", " ; ".join(problems) + ".")
    character = sheet.Sheet(attributes, primaries, secondaries)
    broken = character.problems()
    rows = []
    for skill, (suit, _) in sheet.SKILLS.items():
        value, attribute, dev = character.skill(skill)
        rows.append(
            (
                skill.replace("-", " ").capitalize(),
                deck.SUIT_SYMBOLS.get(suit, "—"),
                ATTRIBUTE_NAMES[attribute],
                "+" + str(2 * dev) if dev else "—",
                value,
            )
        )
    skills = {skill: character.skill(skill)[0] for skill in sheet.SKILLS}
    mastery = 1 + celerite + (1 if deux_armes else 0)
    free = [
        f"{name} {skills[key]} : {n} niveau(x) gratuit(s)"
        for key, name in (
            ("endurance", "Endurance"),
            ("equilibre-mental", "Équilibre Mental"),
            ("vitalite", "Vitalité"),
        )
        for n in [sum(1 for threshold in health.FREE_FROM if skills[key] >= threshold)]
        if n
    ]
    blocks = [
        Text(
            "Création conforme aux règles (l. 322)."
            if not broken
            else "Création non conforme : " + " ".join(broken),
            "info" if not broken else "avertissement",
        ),
        Figures(
            "Valeurs dérivées",
            (
                Figure("Initiative (= Réflexes)", skills["reflexes"]),
                Figure(
                    "Maîtrise",
                    mastery,
                    note=f"1 + Célérité {celerite}"
                    + (" + 1 (deux armes)" if deux_armes else "")
                    + (
                        f" ; {mastery + maitre_d_arme} avec une arme de mêlée (Maître d'arme)"
                        if maitre_d_arme
                        else ""
                    ),
                ),
                Figure("Attaques par round", 1 + celerite, note="Célérité + 1"),
                Figure(
                    "Actions par round",
                    mastery,
                    note="Maîtrise sans Célérité + Célérité + Vélocité (l. 183 ; Vélocité non définie : comptée 0)",
                ),
                Figure(
                    "Dommages au corps à corps",
                    character.melee_die(),
                    note="selon Costaud et Violent (l. 66)",
                ),
                Figure(
                    "Niveaux de santé gratuits",
                    " ; ".join(free) if free else "aucun (compétences < 15)",
                ),
                Figure(
                    "Archétype",
                    ARCHETYPES[archetype][0] + f" ({deck.SUIT_NAMES[ARCHETYPES[archetype][1]]})"
                    if archetype != "aucun"
                    else "aucun",
                ),
                Figure("Somme des attributs", sum(attributes.values())),
            ),
        ),
        Table(
            "Compétences",
            ("Compétence", "Enseigne", "Attribut retenu", "Développement", "Valeur"),
            tuple(rows),
            note="Chaque compétence prend le meilleur de ses attributs liés (liste des compétences), +2 par développement.",
        ),
    ]
    return tuple(blocks)


CREATION_INPUTS = (
    TextInput(
        "primaires",
        "Attributs primaires et compétences développées",
        "combatif = armes blanches + corps à corps, costaud = corps à corps + endurance, vif = réflexes + dégainer, vigilant = réflexes + recherche",
        400,
        "4 attributs (9, 9, 8, 8), 2 compétences liées chacun : « attribut = compétence + compétence », séparés par des virgules.",
    ),
    TextInput(
        "secondaires",
        "Attributs secondaires et compétence développée",
        "violent = armes blanches, résistant = vitalité, athlétique = course, rusé = feinte",
        400,
        "4 attributs (8, 7, 7, 6), 1 compétence liée chacun.",
    ),
    *(
        IntInput(key.replace("-", "_"), name, SHEET_DEFAULTS[key], 0, 20, "")
        for key, name in ATTRIBUTE_NAMES.items()
    ),
    ChoiceInput(
        "archetype",
        "Archétype",
        "aucun",
        (("aucun", "Aucun"),) + tuple((k, v[0]) for k, v in ARCHETYPES.items()),
        "Facultatif (l. 326).",
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

register(
    Calculator(
        SYSTEM,
        "creation",
        "Création de personnage",
        "Les valeurs choisies respectent-elles la création, et que vaut chaque compétence ?",
        CREATION_INPUTS,
        compute_creation,
        (
            "Valeurs des 12 autres attributs lues à la lettre : sept 5, trois 4, deux 3 (voir la note du chapitre Création).",
            "Une compétence prend l'attribut de sa propre liste qui a la meilleure valeur ; l'Athlétique ne sert donc pas à l'Escalade.",
            "Tout personnage possède Arcaniste (0).",
            "Actions par round : la Célérité, déjà ajoutée à la Maîtrise (l. 361), n'est comptée qu'une fois (note éditoriale du chapitre Combat).",
        ),
    )
)


# --- virtual talon ----------------------------------------------------------------------


def compute_virtual(graine, joueurs, valeur, journal):
    talon = virtual.replay(graine, joueurs, journal)
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
                Figure("Dernière action", talon.events[-1][1] if talon.events else "aucune"),
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
        test = deck.Test(base=valeur, skill=valeur)
        odds = deck.test_odds(remaining, test)
        blocks.append(
            Figures(
                f"Prochain test à {valeur} contre 14, sur le talon restant",
                (
                    Figure("Réussite", odds.at_least(0), percent=True),
                    Figure("Réussite spéciale (MR ≥ 7)", odds.at_least(7), percent=True),
                    Figure("Réussite critique (MR ≥ 14)", odds.at_least(14), percent=True),
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


VIRTUAL_ACTIONS = (
    Action("Nouveau test", "journal", "t"),
    Action("Test avec Avantage", "journal", "a"),
    Action("Lame suivante", "journal", "n"),
    *(
        Action(f"Continuation {deck.SUIT_SYMBOLS[suit]}", "journal", f"c{letter}")
        for letter, suit in deck.SUIT_LETTERS.items()
    ),
    *(Action(f"Réserve J{n}", "journal", f"r{n}") for n in range(1, 5)),
    Action("Fin du test", "journal", "f"),
    Action("Nouveau cycle", "journal", "m"),
    Action("Annuler", "journal", removes=True),  # « u » in old links still undoes
)

register(
    Calculator(
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
                "Le même numéro redonne le même talon ; changez-le pour un autre mélange.",
            ),
            IntInput(
                "joueurs",
                "Joueurs",
                3,
                1,
                6,
                "Chacun reçoit une lame en réserve à chaque début de cycle (l. 145).",
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
            ),
        ),
        compute_virtual,
        (
            "L'état du talon découle du numéro de mélange et du journal : il est dans l'adresse de la page, qui le garde au rechargement et permet de le partager.",
            "Début de cycle : l'Arcane Sans Nom est mélangé avec 10 lames au hasard, placées sous les 63 autres (l. 145).",
            "Les chances du prochain test portent sur les lames encore dans le talon, Arcane Sans Nom exclu, sans archétype ni Cheap-chips.",
        ),
        VIRTUAL_ACTIONS,
    )
)
