"""Calculators of SkillCraft, every one declared here (line numbers refer to the source
text); experience, encumbrance and powers are computed by everyday.py, the character sheet
by sheet.py. Every number of the rules comes from the data through `Rules`."""

from __future__ import annotations

from generator.core.typographie import pluriel
from generator.engine.character import SHEET, score_inputs
from generator.engine.inputs import (
    BoolInput,
    ChoiceInput,
    FieldError,
    IntInput,
    MultiChoiceInput,
    TextInput,
)
from generator.engine.law import Law
from generator.engine.registry import Calculator, FormSection, ShownWhen
from generator.engine.results import Distribution, Figure, Figures, Table, Text, signed
from generator.engine.tirage import Issue
from generator.systems.skillcraft import dice, planner
from generator.systems.skillcraft.character import SkillCraftCharacter
from generator.systems.skillcraft.everyday import (
    compute_encumbrance,
    compute_power,
    compute_progression,
)
from generator.systems.skillcraft.sheet import ATTRIBUTE_FIELDS, compute_sheet
from generator.systems.skillcraft.steps import LABELS

SYSTEM = "skillcraft"


# Which die an advantage or a disadvantage rerolls: the text leaves it open (guide §2.5);
# the test and the attack offer the same two readings.
REROLL_POLICIES = (
    ChoiceInput(
        "politique_avantage",
        "Relance d'un avantage",
        "optimal",
        (
            ("optimal", "Le joueur relance le dé utile, ou s'arrête"),
            ("faible", "Toujours le dé le plus faible"),
        ),
        "Le texte ne dit pas quel dé relancer (note éditoriale du chapitre Tests).",
    ),
    ChoiceInput(
        "politique_desavantage",
        "Relance d'un désavantage",
        "fort",
        (("fort", "Le dé le plus haut est relancé"), ("choix", "Le joueur choisit le dé")),
        "« Choix » : le joueur relance le dé déjà bas, et le désavantage pèse peu.",
    ),
)


def _test(regles, valeurs) -> tuple[int, int, tuple]:
    """(total bonus, net advantages, the law of the six outcomes) of the test the form
    describes; advantages and disadvantages cancel one for one (l. 851–855)."""
    total_bonus = valeurs.modificateur + valeurs.rang + valeurs.bonus
    net = valeurs.avantages - valeurs.desavantages
    law = dice.check_law(
        regles,
        total_bonus,
        valeurs.dd if valeurs.mode == "dd" else None,
        valeurs.bonus_adverse,
        net,
        valeurs.politique_avantage,
        valeurs.politique_desavantage,
    )
    return total_bonus, net, law


def compute_test(regles, valeurs):
    total_bonus, net, law = _test(regles, valeurs)
    if valeurs.mode == "dd":
        title = f"2d10 {signed(total_bonus)} contre DD {valeurs.dd}"
    else:
        title = f"2d10 {signed(total_bonus)} contre 2d10 {signed(valeurs.bonus_adverse)} (égalité à l'initiateur)"
    chance = dice.success(law)
    hope = law[dice.HOPE_SUCCESS] + law[dice.HOPE_FAILURE]
    doom = law[dice.DOOM_SUCCESS] + law[dice.DOOM_FAILURE]
    kept = (
        f"{abs(net)} {'avantage' if net > 0 else 'désavantage'}{'s' if abs(net) > 1 else ''} net{'s' if abs(net) > 1 else ''}"
        if net
        else "ni avantage ni désavantage"
    )
    lines = [
        Figure("Réussite", chance, percent=True, note=kept),
        Figure("Réussite critique", law[dice.CRITICAL], percent=True),
        Figure("Échec critique", law[dice.FUMBLE], percent=True),
        Figure("Avec Espérance", hope, percent=True, note="dé d'Espérance plus haut"),
        Figure("Avec Damnation", doom, percent=True, note="dé de Damnation plus haut"),
        Figure(
            "Valeur passive",
            regles.passive + total_bonus,
            note=f"{regles.passive} + modificateur + rang + bonus",
        ),
    ]
    participants = valeurs.participants
    if participants > 1:
        needed, group = dice.group_success(regles, chance, participants)
        lines.append(
            Figure(f"Test de groupe ({needed} réussites sur {participants})", group, percent=True)
        )
    rows = tuple((name, law[i]) for i, name in enumerate(dice.OUTCOMES))
    return (
        Figures(title, tuple(lines)),
        Table("Issues du test", ("Issue", "Probabilité"), rows, percent=(1,)),
    )


def test_issues(regles, valeurs):
    """One roll of the test (the group test aside): its six outcomes."""
    law = _test(regles, valeurs)[2]
    success = {dice.OUTCOMES[i] for i in dice.SUCCESSES}
    return tuple(
        Issue(name, law[i], "Réussite" if name in success else "Échec")
        for i, name in enumerate(dice.OUTCOMES)
    )


def _difficulty_help(rules) -> str:
    return " ; ".join(f"{name} {value}" for name, value in rules.difficulties)


TEST = Calculator(
    SYSTEM,
    "test",
    "Test 2d10",
    "Quelles chances de réussir un test, avec Espérance ou Damnation, critiques compris ?",
    (
        IntInput(
            "modificateur",
            "Modificateur d'attribut",
            2,
            -5,
            10,
            "De −5 (score 1) à +5 (score 20) et au-delà.",
        ),
        IntInput(
            "rang",
            "Rang de compétence",
            3,
            0,
            14,
            "0 pour un test d'attribut ; au plus 2, 5, 9 ou 14 selon le tiers.",
        ),
        IntInput(
            "bonus", "Bonus", 0, -30, 30, "Arme, Expertise, dépense d'Espérance (±2, ±5, ±10)…"
        ),
        ChoiceInput(
            "mode",
            "Contre",
            "dd",
            (("dd", "Un degré de difficulté"), ("oppose", "Un test opposé")),
            "",
        ),
        IntInput(
            "dd",
            "Degré de difficulté",
            15,
            1,
            60,
            "Très faible 5, faible 10, moyenne 15, élevée 20, très élevée 25, extraordinaire 30.",
        ),
        IntInput(
            "bonus_adverse",
            "Bonus de l'adversaire",
            2,
            -10,
            40,
            "Test opposé : son total devient le DD ; l'égalité profite à l'initiateur.",
        ),
        IntInput(
            "avantages",
            "Avantages",
            0,
            0,
            5,
            "Chacun permet de relancer un dé et de garder le meilleur.",
        ),
        IntInput(
            "desavantages",
            "Désavantages",
            0,
            0,
            5,
            "Chacun oblige à relancer un dé et à garder le pire ; ils s'annulent un pour un.",
        ),
        *REROLL_POLICIES,
        IntInput(
            "participants",
            "Participants (test de groupe)",
            1,
            1,
            12,
            "Au-delà de 1 : chance que « 50 % + 1 » d'entre eux réussissent, chacun à cette chance.",
        ),
    ),
    compute_test,
    (
        "Un double de 6 à 10 réussit d'office, de 1 à 5 échoue d'office{@source 814} ; sinon, réussite si 2d10 + modificateur + rang + bonus atteint le DD.",
        "Avantage et désavantage : un dé relancé garde son rôle (Espérance ou Damnation), et un double obtenu en relançant est critique.",
        "Test opposé : les dés de l'adversaire ne sont qu'une somme ; les doubles de l'initiateur restent critiques.",
    ),
    shown_when=(
        ShownWhen(("dd",), "mode", ("dd",)),
        ShownWhen(("bonus_adverse",), "mode", ("oppose",)),
    ),
    issues=test_issues,
    computes=("regle tests",),
)


def _talent_choices(rules) -> tuple[tuple[str, str], ...]:
    return tuple((k, f"{t.name} (tiers {t.tier})") for k, t in rules.talents.items())


def _talent_suggestions(rules) -> tuple[tuple[str, str], ...]:
    return tuple((t.name, f"tiers {t.tier} — {t.summary}") for t in rules.talents.values())


def compute_planner(regles, possedes, points, tiers, cible):
    names = {k: t.name for k, t in regles.talents.items()}
    # The planner works on the sheet's character: its talents and its tier.
    character = SkillCraftCharacter.for_planner(regles, possedes, tiers)
    owned = planner.owned_talents(regles, character)
    steps = planner.path(regles, owned, cible)
    target = regles.talents[cible]
    highest = max((regles.talents[s.talent].tier for s in steps), default=target.tier)
    cost = steps[-1].total if steps else 0
    figures = [
        Figure(
            f"Coût jusqu'à {target.name}",
            f"{cost} points",
            note=f"{len(steps)} talent{'s' if len(steps) > 1 else ''} à acheter",
        ),
        Figure(
            "Points manquants" if cost > points else "Points restants après",
            abs(points - cost),
        ),
        Figure("Tiers de personnage requis", highest, note=f"le vôtre : {tiers}"),
        Figure(
            "Niveau minimal (sans autre dépense)",
            planner.level_for(regles, cost),
            note=f"{regles.creation_points} points à la création, "
            f"+{regles.points_per_level} par niveau",
        ),
    ]
    blocks = [Figures(f"Vers {target.name}", tuple(figures))]
    if tiers < highest:
        blocks.append(
            Text(
                f"Ce chemin passe par un talent de tiers {highest} : il faut d'abord atteindre "
                f"ce tiers de personnage (par une spécialisation){{@source 350–354}}.",
                "avertissement",
            )
        )
    line = tuple(
        (
            names[t],
            regles.talents[t].tier,
            "possédé"
            if t in owned and (t != cible or not regles.talents[t].multiple)
            else next(f"{s.cost} (cumul {s.total})" for s in steps if s.talent == t),
        )
        for t in planner.chain(regles, cible)
    )
    blocks.append(Table(f"Chemin vers {target.name}", ("Talent", "Tiers", "Coût"), line))
    now = planner.buyable(regles, owned, points, character.tiers)
    blocks.append(
        Table(
            f"Achetables maintenant ({len(now)})",
            ("Talent", "Tiers", "Coût"),
            tuple(
                (
                    names[k],
                    regles.talents[k].tier,
                    regles.talent_cost[regles.talents[k].tier],
                )
                for k in now
            ),
            note="Requis possédé, tiers du talent au plus celui du personnage, coût couvert ; "
            "sans les rabais (talents de compétence d'aspect à la création, etc.).",
        )
    )
    return tuple(blocks)


PLANIFICATEUR = Calculator(
    SYSTEM,
    "planificateur",
    "Planificateur de talents",
    "Que puis-je acheter maintenant, et que coûte le chemin jusqu'au talent visé ?",
    (
        TextInput(
            "possedes",
            "Talents possédés",
            "",
            planner.capacity,
            "Séparés par des virgules ; choisissez-les dans la liste ci-dessous.",
            suggestions=_talent_suggestions,
            genre="talent",
        ),
        IntInput("points", "Points de talents disponibles", 8, 0, 200, ""),
        IntInput(
            "tiers",
            "Tiers du personnage",
            0,
            0,
            3,
            "0 à la création ; il monte par les spécialisations.",
        ),
        ChoiceInput(
            "cible",
            "Talent visé",
            "commandement",
            _talent_choices,
            "Le chemin part de là.",
            genre="talent",
        ),
    ),
    compute_planner,
    (
        "Un talent requiert au plus un autre talent : le chemin est la lignée de ses requis.",
        "Coûts sans rabais ; un talent à achats multiples déjà possédé peut être racheté.",
        "Niveau minimal : points de création puis gain par niveau, sans autre dépense.",
    ),
    computes=("regle talents",),
)


# --- attack (l. 2573–2595) -------------------------------------------------------------


def _crit_talents(rules) -> tuple[tuple[str, str], ...]:
    return (("aucun", "Aucun"),) + tuple(
        (key, f"{name} (critique dès {lowest})")
        for key, (name, lowest) in rules.crit_ranges.items()
    )


def _attack_numbers(rules) -> tuple[tuple[str, str], ...]:
    return tuple(
        (str(n), f"{n}{'re' if n == 1 else 'e'} ({signed(p) if p else 'sans pénalité'})")
        for n, p in rules.multiple_attacks.items()
    )


def _attack(regles, valeurs) -> tuple[tuple, int, int]:
    """(the law of the attack's outcomes, its total bonus, the multiple-attack penalty)."""
    esquive, defense = valeurs.esquive, valeurs.defense
    if defense < esquive:
        raise FieldError(
            "defense", "La Défense vaut au moins l'Esquive (Esquive + armure + bouclier)."
        )
    bonus = valeurs.modificateur + valeurs.rang + valeurs.bonus
    penalty = regles.multiple_attacks[int(valeurs.attaque_du_tour)]
    talent = valeurs.talent_critique
    lowest = regles.crit_ranges[talent][1] if talent != "aucun" else None
    law = dice.attack_law(
        regles,
        bonus + penalty,
        esquive,
        defense,
        lowest,
        valeurs.coordination_20 and lowest is not None,
        valeurs.avantages - valeurs.desavantages,
        valeurs.politique_avantage,
        valeurs.politique_desavantage,
    )
    return law, bonus + penalty, penalty


def _damage(valeurs) -> Law:
    """The damage of a hit on the body: the dice and their flat bonus."""
    return dice.damage(valeurs.des, int(valeurs.faces), valeurs.stat + valeurs.bonus_degats)


def attack_issues(regles, valeurs):
    """One attack: how it lands, and the damage of a hit on the body."""
    law, damage = _attack(regles, valeurs)[0], _damage(valeurs)
    issues = []
    for outcome, name in enumerate(dice.ATTACK_OUTCOMES):
        if outcome in (dice.CRIT, dice.BODY):
            issues += [
                Issue(f"{name} : {d} {pluriel(d, 'dégât', 'dégâts')}", law[outcome] * p, name)
                for d, p in damage.items()
            ]
        else:
            issues.append(Issue(name, law[outcome]))
    return tuple(issues)


def compute_attack(regles, valeurs):
    law, total_bonus, penalty = _attack(regles, valeurs)
    hit = law[dice.CRIT] + law[dice.BODY]
    damage = _damage(valeurs)
    per_hit = damage.mean
    lines = (
        Figure("Touche le corps", hit, percent=True, note="coups critiques compris"),
        Figure(
            "Coup critique",
            law[dice.CRIT],
            percent=True,
            note="touche quelles que soient Esquive et Défense",
        ),
        Figure(
            "Touche l'armure ou le bouclier",
            law[dice.ARMOUR],
            percent=True,
            note="l'équipement perd 1 point de Résistance",
        ),
        Figure("Esquivée", law[dice.DODGED], percent=True),
        Figure("Échec critique", law[dice.ATTACK_FUMBLE], percent=True),
        Figure("Dégâts moyens par attaque", hit * per_hit, note=f"{per_hit} par coup au but"),
        Figure(
            "Bonus d'attaque",
            signed(total_bonus),
            note=f"modificateur + rang + bonus {signed(penalty) if penalty else ''}".strip(),
        ),
    )
    flat = valeurs.stat + valeurs.bonus_degats
    return (
        Figures(
            f"2d10 {signed(total_bonus)} contre Esquive {valeurs.esquive}, Défense {valeurs.defense}",
            lines,
        ),
        Distribution(
            f"Dégâts d'un coup au but : {valeurs.des}d{valeurs.faces} {signed(flat)}",
            "Dégâts",
            damage.items(),
        ),
    )


ATTAQUE = Calculator(
    SYSTEM,
    "attaque",
    "Attaque",
    "Quelles chances de toucher le corps, l'armure, ou de critique, et combien de dégâts ?",
    (
        IntInput(
            "modificateur",
            "Modificateur d'attribut",
            3,
            -5,
            10,
            "Agilité en mêlée, Coordination à distance.",
        ),
        IntInput("rang", "Rang de compétence", 2, 0, 14, "Mêlée, Orientation… (0 sans formation)."),
        IntInput("bonus", "Bonus d'attaque", 2, -30, 30, "Arme, aiguisage, Espérance dépensée…"),
        ChoiceInput("attaque_du_tour", "Attaque du tour", "1", _attack_numbers, ""),
        IntInput(
            "esquive", "Esquive de la cible", 12, 0, 60, "10 + modificateur d'Agilité + divers."
        ),
        IntInput(
            "defense", "Défense de la cible", 16, 0, 80, "Esquive + armure + bouclier + abri."
        ),
        ChoiceInput(
            "talent_critique",
            "Talent de critique",
            "aucun",
            _crit_talents,
            "Le plus haut de la lignée que possède l'attaquant.",
        ),
        BoolInput(
            "coordination_20",
            "Coordination de 20 ou plus",
            False,
            "Avec un talent de critique : les doubles de 2 à 5 deviennent critiques.",
        ),
        IntInput("avantages", "Avantages", 0, 0, 5, "Cible renversée, attaquant caché…"),
        IntInput("desavantages", "Désavantages", 0, 0, 5, "Cible cachée, portée longue…"),
        *REROLL_POLICIES,
        IntInput("des", "Dés de dégâts", 1, 0, 10, ""),
        ChoiceInput("faces", "Faces", "6", tuple((str(f), f"d{f}") for f in (4, 6, 8, 10, 12)), ""),
        IntInput(
            "stat",
            "Force, Précision ou Puissance",
            0,
            -5,
            30,
            "Effectif tronqué : Force en mêlée, Précision à distance.",
        ),
        IntInput("bonus_degats", "Autres bonus de dégâts", 0, -20, 30, "Aiguisage, talents…"),
    ),
    compute_attack,
    (
        "Sous l'Esquive : esquivée ; de l'Esquive à la Défense : l'armure ou le bouclier encaisse ; à partir de la Défense : le corps est touché{@source 2581–2591}.",
        "Avantages : le joueur relance pour toucher le corps (coup critique compris).",
        "Dégâts moyens par attaque : coups au but × dégâts d'un coup ; les bonus des critiques confirmés (Critique accru et suivants) ne sont pas comptés.",
    ),
    issues=attack_issues,
    computes=("regle combat#attaque", "regle combat#jets-de-degats"),
)


# --- experience and level (l. 292–329) -------------------------------------------------


PROGRESSION = Calculator(
    SYSTEM,
    "progression",
    "Expérience et niveau",
    "À quel niveau mène mon expérience, et que m'a-t-elle rapporté ?",
    (
        IntInput("experience", "Expérience totale", 400, 0, 10_000_000, ""),
        IntInput("tiers", "Tiers du personnage", 0, 0, 3, "Fixe le rang maximal des compétences."),
    ),
    compute_progression,
    ("Points gagnés sans compter les Spécialisations ni les dépenses.",),
    computes=("regle progression#experience-et-niveau",),
)


# --- encumbrance (l. 2078–2086) --------------------------------------------------------


def _size_shares(rules) -> tuple[tuple[str, str], ...]:
    return tuple((key, f"{name} ({share} %)") for key, (name, share) in rules.size_share.items())


ENCOMBREMENT = Calculator(
    SYSTEM,
    "encombrement",
    "Encombrement",
    "Combien puis-je porter, et combien de points de mouvement me coûte ma charge ?",
    (
        IntInput("vigueur", "Score de Vigueur", 12, 1, 40, ""),
        ChoiceInput("taille", "Taille", "moyenne", _size_shares, ""),
        IntInput("masse", "Masse portée (kg)", 90, 0, 10_000, "Tout ce qui est porté ou soulevé."),
        IntInput("mouvement", "Points de mouvement", 6, 0, 30, ""),
    ),
    compute_encumbrance,
    (
        "Pénalité = points de mouvement × excédent ÷ capacité, arrondie à l'entier inférieur, au moins 1 (note éditoriale de la table Encombrement).",
    ),
    computes=("regle equipement#encombrement",),
)


# --- channelling a power (l. 2781–2809) ------------------------------------------------


COUT_POUVOIR = Calculator(
    SYSTEM,
    "cout-pouvoir",
    "Coût d'un pouvoir",
    "Combien d'Énergie coûte un pouvoir, et quelles chances de le canaliser ?",
    (
        IntInput("tiers", "Tiers du pouvoir", 1, 0, 3, ""),
        IntInput(
            "niveau",
            "Niveau canalisé",
            3,
            1,
            7,
            "Le niveau minimal du tiers, plus avec Magie puissante.",
        ),
        IntInput("modificateur", "Modificateur d'attribut", 2, -5, 10, "Celui de l'Occultisme."),
        IntInput("rang", "Rang d'Occultisme", 3, 0, 14, ""),
        IntInput("bonus", "Bonus", 0, -30, 30, "Talents, Espérance dépensée…"),
        IntInput("energie", "Énergie actuelle", 30, 0, 500, ""),
    ),
    compute_power,
    (
        "Tiers 1 au niveau 3 : 6 × 3 = 18 Énergie, DD 18{@source 2807}.",
        "Les talents qui changent le coût ou le DD (Optimisation magique, Maximisation magique…) ne sont pas comptés : voir leurs pages.",
    ),
    computes=("regle magie#canaliser",),
)


# --- the character sheet (guide §3.3–3.5, §6.3) ----------------------------------------


def _attributes(rules) -> tuple[tuple[str, str], ...]:
    return rules.attribute_choices()


def _named(kind: str):
    """The choices of a kind of the data: (id, name)."""

    def choices(rules) -> tuple[tuple[str, str], ...]:
        entries = getattr(rules, kind)
        return tuple((k, _name(v)) for k, v in entries.items())

    return choices


def _name(entry) -> str:
    if isinstance(entry, str):
        return entry
    return entry[0] if isinstance(entry, tuple) else entry.name


def _skills(rules) -> tuple[tuple[str, str], ...]:
    return tuple((k, v[0]) for k, v in rules.skills.items())


def _sizes(rules) -> tuple[tuple[str, str], ...]:
    return tuple((name, name) for name, _ in rules.sizes)


SHEET_CALCULATOR = Calculator(
    SYSTEM,
    "fiche",
    *SHEET,
    (
        *score_inputs(
            ATTRIBUTE_FIELDS,
            1,
            20,
            "Après la répartition de l'étape 4 (départ 8, de 6 à 11), avant les aspects.",
        ),
        ChoiceInput(
            "aspect_1", LABELS["aspect_1"], "farouche", _named("aspects"), "", genre="aspect"
        ),
        ChoiceInput(
            "aspect_2", LABELS["aspect_2"], "gymnaste", _named("aspects"), "", genre="aspect"
        ),
        ChoiceInput(
            "meilleur",
            LABELS["meilleur"],
            "agilite",
            _attributes,
            "Un des quatre attributs obligatoires des aspects.",
        ),
        ChoiceInput(
            "pire",
            LABELS["pire"],
            "sensibilite",
            _attributes,
            "Un des trois obligatoires restants ; les deux derniers reçoivent +2.",
        ),
        ChoiceInput(
            "facultatif_1",
            LABELS["facultatif_1"],
            "vigueur",
            _attributes,
            "Parmi les quatre facultatifs des aspects.",
        ),
        ChoiceInput("facultatif_2", LABELS["facultatif_2"], "coordination", _attributes, ""),
        ChoiceInput(
            "choix_libre",
            LABELS["choix_libre"],
            "vigueur",
            _attributes,
            "Sans lien avec les aspects.",
        ),
        MultiChoiceInput(
            "bonus_espece",
            LABELS["bonus_espece"],
            ("agilite", "coordination"),
            _attributes,
            "Selon le livre d'univers.",
        ),
        MultiChoiceInput(
            "bonus_peuple", LABELS["bonus_peuple"], (), _attributes, "Selon le livre d'univers."
        ),
        ChoiceInput(
            "caractere",
            LABELS["caractere"],
            "courrouce",
            _named("caracteres"),
            "+1 à son attribut et son don.",
            genre="caractere",
        ),
        MultiChoiceInput(
            "dons",
            LABELS["dons"],
            (),
            _named("dons"),
            "En plus du don du caractère : un par handicap.",
            genre="don",
        ),
        MultiChoiceInput(
            "handicaps", LABELS["handicaps"], (), _named("handicaps"), "", genre="handicap"
        ),
        ChoiceInput(
            "attribut_don",
            LABELS["attribut_don"],
            "agilite",
            _attributes,
            "Ne compte qu'avec un don qui donne +1 à un attribut choisi.",
        ),
        IntInput(
            "experience",
            LABELS["experience"],
            0,
            0,
            999999,
            "Total depuis la création ; le niveau en découle.",
        ),
        TextInput(
            "progression",
            LABELS["progression"],
            "",
            300,
            "Un attribut par niveau gagné, dans l'ordre (ex. « vigueur, agilité »).",
        ),
        IntInput(
            "tiers",
            LABELS["tiers"],
            0,
            0,
            3,
            "0 sans spécialisation (aucune dans ce livre).",
        ),
        TextInput(
            "talents",
            LABELS["talents"],
            "Mêlée, Résistance, Athlétisme, Acrobaties, Formation martiale",
            4000,
            "Chacun une fois, séparés par des virgules ; les achats répétés vont dans « autres points ».",
            suggestions=lambda rules: rules.talent_suggestions(),
            genre="talent",
        ),
        ChoiceInput(
            "competence_caste",
            LABELS["competence_caste"],
            "melee",
            _skills,
            "Son talent est obligatoire.",
        ),
        ChoiceInput(
            "competence_education",
            LABELS["competence_education"],
            "resistance",
            _skills,
            "Son talent est obligatoire.",
        ),
        IntInput(
            "autres_points",
            LABELS["autres_points"],
            0,
            0,
            400,
            "Achats répétés, pouvoirs, talents réservés.",
        ),
        TextInput(
            "rangs",
            LABELS["rangs"],
            "mêlée 2, acrobaties 1, athlétisme 1, résistance 1",
            400,
            "« compétence rang », séparés par des virgules ; les autres sont au rang 0.",
        ),
        ChoiceInput("taille", LABELS["taille"], "Moyenne", _sizes, "Pour la capacité de charge."),
        IntInput(
            "points_de_mouvement",
            LABELS["points_de_mouvement"],
            6,
            0,
            40,
            "Selon l'espèce (livre d'univers).",
        ),
        IntInput("masse_portee", LABELS["masse_portee"], 0, 0, 5000, ""),
        IntInput(
            "defense_armure",
            LABELS["defense_armure"],
            0,
            0,
            60,
            "Somme des pièces d'armure et du bouclier.",
        ),
        IntInput("jet_argent", LABELS["jet_argent"], 26, 0, 1000, "Dés de la caste (7d6 : 26)."),
        IntInput("facteur_education", LABELS["facteur_education"], 4, 0, 100, ""),
        IntInput("depenses", LABELS["depenses"], 70, 0, 100000, "Équipement acheté."),
    ),
    compute_sheet,
    (
        "Répartition de l'étape 4 : un point retiré sous 8 permet d'en ajouter un ailleurs, comme dans l'exemple de Justinien{@source 205–207}.",
        "Statistiques : Base rétroactive, un Incrément par niveau gagné calculé après le point d'attribut de ce niveau, aucun au niveau 0 ; Effectif tronqué vers zéro.",
        "Force, Précision et Puissance suivent les formules du chapitre 3 ; l'exemple de Justinien imprime la moitié du score (8, 5, 4), écart signalé.",
        "Seuil de tolérance à l'alcool arrondi à l'entier inférieur ; bonus d'Initiative des talents additionnés.",
        "Rabais des aspects à la création seulement{@source 253} : les talents de leurs compétences sont comptés comme achetés à la création (ils y tiennent toujours, avec ceux de la caste et de l'éducation) ; un tel talent acheté plus tard coûte 1 point de plus, à ajouter aux autres points dépensés. Talentueux rend gratuits les talents de tiers 0 qui économisent le plus.",
        "Bonus d'espèce et de peuple de +1 par case cochée ; Entraînement et Expertise ne modifient pas les valeurs calculées.",
    ),
    # The book's steps, each a part of the form the reader can fold.
    sections=(
        FormSection("Attributs", "agilite"),
        FormSection("Aspects", "aspect_1"),
        FormSection("Espèce, peuple et caractère", "bonus_espece"),
        FormSection("Niveaux et talents", "experience"),
        FormSection("Compétences", "competence_caste"),
        FormSection("Corps et charge", "taille"),
        FormSection("Argent", "jet_argent"),
    ),
    computes=("regle creation",),
)


# The system's calculators, in the order of its pages (engine/registry.py reads this list).
CALCULATORS = (
    TEST,
    PLANIFICATEUR,
    ATTAQUE,
    PROGRESSION,
    ENCOMBREMENT,
    COUT_POUVOIR,
    SHEET_CALCULATOR,
)
