"""Calculators of UnDéSix, every one declared here: the d6 test, the opposed test, the
attack, the spell builder, character creation and health (line numbers refer to the source
text). The sheet (creation) is computed by sheet.py, health by health.py. Every number of the
rules comes from the data through `Rules`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import partial

from generator.engine.inputs import (
    BoolInput,
    ChoiceInput,
    FieldError,
    IntInput,
    MultiChoiceInput,
    TextInput,
)
from generator.engine.registry import Calculator
from generator.engine.results import Distribution, Figure, Figures, Table, Text, signed
from generator.engine.tirage import Issue, uniform
from generator.systems.undesix.dice import (
    all_succeed,
    attack_damage,
    damage_law,
    failures,
    fiche_8_damage,
    hit_chance,
    hits,
    opposed,
    succeeds,
    success_chance,
)
from generator.systems.undesix.health import compute_health
from generator.systems.undesix.rules import Rules
from generator.systems.undesix.sheet import compute_sheet

SYSTEM = "undesix"


def _scale_choices(rules: Rules) -> tuple[tuple[str, str], ...]:
    """The GM's modifier scale (l. 773–775), as a list to pick from."""
    choices = [("0", "Aucun (0)")]
    for name, size in rules.scale:
        choices.append((str(-size), f"Malus {name} ({signed(-size)})"))
    for name, size in rules.scale:
        choices.append((str(size), f"Bonus {name} ({signed(size)})"))
    return tuple(choices)


def target(rules: Rules, base: int, actions: int, helpers: int) -> int:
    """The value to roll under: −2 per simultaneous action beyond the first, +1 per helper."""
    return base - rules.extra_action_malus * (actions - 1) + rules.helper_bonus * helpers


def _test_value(regles, valeurs) -> int:
    """The value the die is rolled under: the characteristic and its modifiers."""
    base = (
        valeurs.caracteristique
        + valeurs.competence
        + valeurs.experience
        + int(valeurs.modificateur)
        + valeurs.autres
    )
    return target(regles, base, valeurs.actions, valeurs.aides)


def _face(regles, valeurs, value: int, die: int) -> tuple[int, bool]:
    """(margin, success) of one face of the die."""
    return value - die, succeeds(regles, die, value, valeurs.option_1_6, valeurs.seul_6_echoue)


def compute_test(regles, valeurs):
    value = _test_value(regles, valeurs)
    rows = []
    for die in range(1, regles.faces + 1):
        margin, ok = _face(regles, valeurs, value, die)
        rows.append(
            (die, signed(margin), ("Réussite" if ok else "Échec") + f" ({regles.level(margin)})")
        )
    lines = (
        Figure(
            "Réussite",
            success_chance(regles, value, valeurs.option_1_6, valeurs.seul_6_echoue),
            percent=True,
        ),
        Figure("Valeur visée", value, note="le dé doit faire au plus cette valeur"),
    )
    blocks = [
        Figures("Test sous la valeur visée", lines),
        Table("Chaque face du dé", ("Dé", "Marge", "Résultat"), tuple(rows)),
    ]
    if value > regles.faces and not (valeurs.option_1_6 or valeurs.seul_6_echoue):
        blocks.append(
            Text("Valeur visée au-dessus de 6 : sans l'option, tout jet réussit.", "info")
        )
    return tuple(blocks)


def test_issues(regles, valeurs):
    """One roll of the die: each face, its margin and its result."""
    value = _test_value(regles, valeurs)
    issues = []
    for die in range(1, regles.faces + 1):
        margin, ok = _face(regles, valeurs, value, die)
        result = "Réussite" if ok else "Échec"
        name = f"Dé {die} : {result.lower()}, marge {signed(margin)} ({regles.level(margin)})"
        issues.append(Issue(name, Fraction(1, regles.faces), result))
    return tuple(issues)


TEST = Calculator(
    SYSTEM,
    "test",
    "Test",
    "Quelles chances de réussir un jet d'un dé sous une caractéristique, et avec quelle marge ?",
    (
        IntInput(
            "caracteristique",
            "Caractéristique",
            4,
            0,
            20,
            "PHY, DEX, SAV, PSY ou SENS (score restant pour PHY et PSY).",
        ),
        IntInput(
            "competence", "Bonus de compétence", 0, -10, 20, "Bonus de la compétence utilisée."
        ),
        IntInput(
            "experience",
            "Bonus d'expérience",
            0,
            0,
            20,
            "+1 par réussite marquante, +4 au plus hors combat et magie.",
        ),
        ChoiceInput(
            "modificateur",
            "Difficulté (Maître du Jeu)",
            "0",
            _scale_choices,
            "Échelle des bonus et malus{@source 773–775}.",
        ),
        IntInput(
            "autres",
            "Autres modificateurs",
            0,
            -20,
            20,
            "Circonstances (pénombre −1, obscurité −2…), équipement.",
        ),
        IntInput(
            "actions",
            "Actions simultanées",
            1,
            1,
            6,
            "−2 à chaque dé pour chaque action au-delà de la première.",
        ),
        IntInput(
            "aides",
            "Personnes qui aident",
            0,
            0,
            10,
            "+1 par aide ; lance le dé celui qui a la plus haute caractéristique.",
        ),
        BoolInput(
            "option_1_6",
            "1 réussit toujours, 6 échoue toujours",
            False,
            "Option du Maître du Jeu{@source 37}, obligatoire en combat.",
        ),
        BoolInput(
            "seul_6_echoue",
            "Seul le 6 échoue toujours",
            False,
            "Jet pour résister à un sort{@source 360} : un 1 n'y réussit pas d'office.",
        ),
    ),
    compute_test,
    (
        "Réussite quand le dé fait au plus la valeur visée ; la marge est la valeur visée moins le dé.",
        "« (PSY−2) » retranche 2 de la valeur visée : le texte dit « soustraire au dé », ce qui irait dans l'autre sens (note éditoriale).",
    ),
    issues=test_issues,
    computes=("regle test#reussir-une-action", "regle test#niveau-de-reussite"),
)


def compute_opposition(regles, valeur_a, valeur_b):
    a, b, tie = opposed(regles, valeur_a, valeur_b)
    lines = (
        Figure("A l'emporte (égalités relancées)", a / (1 - tie), percent=True),
        Figure("B l'emporte (égalités relancées)", b / (1 - tie), percent=True),
        Figure("Égalité au premier jet", tie, percent=True, note="on relance"),
        Figure("A l'emporte au premier jet", a, percent=True),
    )
    return (Figures(f"{valeur_a} contre {valeur_b}", lines),)


def opposition_issues(regles, valeur_a, valeur_b):
    """One opposed roll, ties rerolled: who wins."""
    a, b, tie = opposed(regles, valeur_a, valeur_b)
    return (Issue("A l'emporte", a / (1 - tie)), Issue("B l'emporte", b / (1 - tie)))


OPPOSITION = Calculator(
    SYSTEM,
    "opposition",
    "Opposition",
    "Qui l'emporte quand deux personnages lancent l'un contre l'autre ?",
    (
        IntInput(
            "valeur_a",
            "Valeur visée de A",
            2,
            -10,
            30,
            "Caractéristique et modificateurs de A.",
        ),
        IntInput(
            "valeur_b",
            "Valeur visée de B",
            5,
            -10,
            30,
            "Caractéristique et modificateurs de B.",
        ),
    ),
    compute_opposition,
    (
        "Gagne celui dont la marge (valeur visée − dé) est la plus grande, ou qui a le moins raté ; une égalité se relance{@source 763}.",
    ),
    issues=opposition_issues,
    computes=("regle oppositions#jet-en-opposition",),
)


def armour_class(regles, valeurs):
    """The target's CA from its parts (l. 61–71, 188–202, 224–262), with a line saying how."""
    back, de_dos = "attaque-de-dos", valeurs.de_dos
    dex = regles.modifier(back, "defenseur", "dex", "fixe") if de_dos else valeurs.dex_cible
    shield = regles.shield if valeurs.bouclier and not de_dos else 0
    neighbours = regles.modifier("grand-bouclier", "defenseur", "ca")
    protection = regles.modifier("protection", "defenseur", "ca") if valeurs.protection else 0
    parts = [
        ("Dextérité", regles.base_armour(dex)),
        ("armure", int(valeurs.armure)),
        ("bouclier", shield),
        ("boucliers voisins", valeurs.porteurs * neighbours),
        ("protection", protection),
        ("attitude", regles.stances[valeurs.attitude_cible].armour),
        ("autre", valeurs.ca),
    ]
    total = sum(value for _, value in parts)
    detail = " ; ".join(f"{name} {signed(value)}" for name, value in parts if value)
    return total, detail or "aucun bonus"


@dataclass(frozen=True)
class Attack:
    """The attack the form describes: the value the die is rolled under, what each face
    does, and the lines that say how they were reached."""

    threshold: int
    damage: Callable[[int], int]  # die -> points of PHY
    value_line: Figure
    target_ca: int
    ca_detail: str
    fiche_8: bool


def _attack(regles, valeurs) -> Attack:
    stance = regles.stances[valeurs.attitude]
    if stance.attack is None:
        raise FieldError("attitude", f"Attitude « {stance.name} » : pas d'attaque possible.")
    target_ca, detail = armour_class(regles, valeurs)
    roll = valeurs.phy + valeurs.experience + valeurs.autres + stance.attack
    if valeurs.de_dos:
        roll += regles.modifier("attaque-de-dos", "attaquant", "attaque")
    arme = valeurs.arme
    if valeurs.formule == "fiche-8":
        line = Figure("Valeur du jet", roll, note=f"dégâts : marge {signed(arme)} (arme) − CA")
        damage = partial(fiche_8_damage, regles, roll, arme - target_ca)
        return Attack(roll, damage, line, target_ca, detail, True)
    value = roll + arme - target_ca
    line = Figure("Valeur visée", value, note="PHY + arme + expérience − CA")
    return Attack(value, partial(attack_damage, regles, value), line, target_ca, detail, False)


def compute_attack(regles, valeurs):
    plan = _attack(regles, valeurs)
    law = damage_law(regles, plan.damage)
    hit = law.at_least(1) if plan.fiche_8 else hit_chance(regles, plan.threshold)
    lines = (
        Figure(
            "Touche",
            hit,
            percent=True,
            note="une marge de 0 touche sans blesser"
            if not plan.fiche_8
            else "avec au moins 1 point de dégâts",
        ),
        Figure("Dégâts moyens", law.mean, note="points de PHY"),
        Figure("Au moins 1 point de dégâts", law.at_least(1), percent=True),
        plan.value_line,
        Figure("Classe d'armure de la cible", plan.target_ca, note=plan.ca_detail),
    )
    return (
        Figures("Attaque", lines),
        Distribution("Dégâts infligés", "Dégâts", law.items()),
    )


def attack_issues(regles, valeurs):
    """One attack: each face of the die, whether it hits, and the PHY it takes."""
    plan = _attack(regles, valeurs)
    return tuple(
        _attack_issue(regles, plan, die, Fraction(1, regles.faces))
        for die in range(1, regles.faces + 1)
    )


def _attack_issue(rules: Rules, plan: Attack, die: int, chance: Fraction) -> Issue:
    damage = plan.damage(die)
    if not hits(rules, die, plan.threshold):
        what = "raté"
    elif damage:
        what = f"touche, {damage} {'point' if damage == 1 else 'points'} de dégâts"
    else:
        what = "touche sans dégâts"
    group = "Au moins 1 point de dégâts" if damage else "Aucun dégât"
    return Issue(f"Dé {die} : {what}", chance, group)


def _armour_choices(rules: Rules) -> tuple[tuple[str, str], ...]:
    """Keyed by their CA, which tells them apart."""
    return (("0", "Aucune"),) + tuple(
        (str(armour), f"{name} (+{armour})") for name, armour in rules.armours.values()
    )


def _stance_choices(rules: Rules) -> tuple[tuple[str, str], ...]:
    return tuple((key, stance.name) for key, stance in rules.stances.items())


NORMAL_STANCE = "normale-par-defaut"

ATTAQUE = Calculator(
    SYSTEM,
    "attaque",
    "Attaque",
    "Quelles chances de toucher, et combien de points de PHY l'attaque enlève-t-elle ?",
    (
        IntInput(
            "phy",
            "PHY de l'attaquant",
            2,
            0,
            20,
            "Score restant ; SENS pour une arme à distance.",
        ),
        IntInput("arme", "Bonus de l'arme", 2, -5, 10, "Espadon +2, etc."),
        IntInput("experience", "Bonus d'expérience au combat", 0, 0, 20, ""),
        ChoiceInput(
            "formule",
            "Formule de dégâts",
            "fiche-1",
            (
                ("fiche-1", "Fiche 1 : dé sous PHY + arme − CA, dégâts = marge"),
                ("fiche-8", "Fiche 8 : dé sous PHY, dégâts = marge + arme − CA"),
            ),
            "Le texte donne les deux (note éditoriale du chapitre Combat).",
        ),
        ChoiceInput("attitude", "Attitude de l'attaquant", NORMAL_STANCE, _stance_choices, ""),
        BoolInput(
            "de_dos",
            "Attaque de dos",
            False,
            "La cible compte 1 en DEX, sans bouclier ; +1 à l'attaque.",
        ),
        IntInput("dex_cible", "DEX de la cible", 1, 1, 20, "Donne la CA de base."),
        ChoiceInput("armure", "Armure de la cible", "0", _armour_choices, ""),
        BoolInput("bouclier", "Bouclier", False, ""),
        IntInput(
            "porteurs", "Voisins porteurs d'un grand bouclier", 0, 0, 2, "Ligne de boucliers."
        ),
        BoolInput("protection", "À l'abri (protection)", False, "Derrière une fenêtre, un muret…"),
        ChoiceInput("attitude_cible", "Attitude de la cible", NORMAL_STANCE, _stance_choices, ""),
        IntInput(
            "ca",
            "Autre bonus de CA de la cible",
            0,
            -10,
            20,
            "S'ajoute aux éléments ci-dessus (ou donne la CA entière, les autres laissés à zéro).",
        ),
        IntInput(
            "autres", "Autres modificateurs", 0, -20, 20, "Tir en mouvement, tirer dans le tas…"
        ),
    ),
    compute_attack,
    (
        "Formule de la Fiche 1 : le dé doit faire au plus la valeur visée ; les dégâts sont la marge. Un 6 rate toujours, un 1 touche toujours et enlève au moins 1 point{@source 57}.",
        "Formule de la Fiche 8 : le jet se fait sur le PHY (et l'expérience) ; une réussite enlève sa marge + l'arme − la CA, jamais moins de 0 ; comme à la Fiche 1, le 6 rate, et le 1 touche toujours et enlève au moins 1 point (note éditoriale du chapitre Combat).",
        "CA : CA de base de la DEX (table, prolongée au-delà de 8), armure, bouclier, voisins porteurs de grands boucliers, protection, attitude{@source 61–71, 188–262}.",
    ),
    issues=attack_issues,
    computes=("regle combat#jet-dattaque", "regle combat#toucher-et-degats"),
)


# --- the spell builder (Fiches 5–7) ----------------------------------------------------


def _named(items) -> tuple[tuple[str, str], ...]:
    return tuple((key, f"{name} ({signed(mod)})") for key, (name, mod) in items.items())


def _steps(scale: str):
    def choices(rules: Rules) -> tuple[tuple[str, str], ...]:
        return tuple((s.id, f"{s.label} ({signed(s.modifier)})") for s in rules.steps_of(scale))

    return choices


def _incantations(rules: Rules) -> tuple[tuple[str, str], ...]:
    longer = tuple(
        (
            str(n),
            f"{inc.label} : +{inc.verb_bonus} aux Verbes, −{inc.psy} PSY"
            + (f", −{inc.phy} PHY" if inc.phy else ""),
        )
        for n, inc in enumerate(rules.incantations, start=1)
    )
    return (("0", "Ordinaire : un round"),) + longer


def spell_rolls(
    rules: Rules,
    verbes,
    essences,
    taille,
    duree,
    distance,
    incantation: int,
    extra_distance: int = 0,
) -> tuple[tuple[str, int], ...]:
    """One roll per Verb, as the examples print « PSY−N » (two Verbs: « PSY−10 et PSY−8 »,
    l. 560): the Verb, every Essence, the three scales (with their bonus to this Verb: Petit
    for Créer, contact for Déplacer and Contrôler), a distance beyond the steps, and a longer
    incantation's bonus. Returns (verb id, modifier) for each roll."""
    steps = [rules.steps[taille], rules.steps[duree], rules.steps[distance]]
    shared = sum(rules.essences[e][1] for e in essences)
    shared += sum(step.modifier for step in steps) + extra_distance
    if incantation:
        shared += rules.incantations[incantation - 1].verb_bonus
    return tuple(
        (v, rules.verbs[v][1] + shared + sum(step.verb_bonus.get(v, 0) for step in steps))
        for v in verbes
    )


def spell_cost(rules: Rules, taille: str, duree: str, distance: str) -> tuple[int, int]:
    """(PSY spent, PSY max lost for good): a large or a long spell costs more, both the most."""
    steps = [rules.steps[taille], rules.steps[duree], rules.steps[distance]]
    costs = [s.psy_cost for s in steps]
    expensive = [c for c in costs if c > 1]
    cost = rules.both_costs if len(expensive) > 1 else max(costs)
    return cost, max(s.psy_max_loss for s in steps)


def builder_query(spell: dict) -> dict[str, str]:
    """The builder's inputs for an example spell of the data (its page links to it): its
    scale steps, and a distance the steps do not hold as the modifier the data retains."""
    query = {"verbes": ",".join(spell["verbes"]), "essences": ",".join(spell["essences"])}
    for scale in ("taille", "duree", "distance"):
        if spell.get(scale, {}).get("echelle"):
            query[scale] = spell[scale]["echelle"]
    distance = spell.get("distance") or {}
    if not distance.get("echelle") and distance.get("valeur_regle"):
        query["distance_hors_paliers"] = str(distance["valeur_regle"])
    return query


def psy_needed(rules: Rules, offsets, aim: Fraction) -> int | None:
    """The least PSY (at least the minimum to cast) whose rolls all succeed with a chance of
    at least `aim`, the other inputs unchanged; `offsets` is each roll's value minus PSY.
    The chance grows with PSY and is certain once every value reaches the die's faces, so a
    bisection finds it; None if even certainty falls short of `aim`."""
    low, high = rules.cast_minimum, max(rules.faces - min(offsets), rules.cast_minimum)
    if all_succeed(rules, (high + o for o in offsets)) < aim:
        return None
    while low < high:
        middle = (low + high) // 2
        if all_succeed(rules, (middle + o for o in offsets)) >= aim:
            high = middle
        else:
            low = middle + 1
    return low


def _spell_targets(regles, valeurs) -> tuple[tuple[str, int, int], ...]:
    """Each Verb's roll: (the Verb, the spell's malus to it, the value to roll under)."""
    if not valeurs.verbes:
        raise FieldError("verbes", "Choisissez au moins un Verbe.")
    rolls = spell_rolls(
        regles,
        valeurs.verbes,
        valeurs.essences,
        valeurs.taille,
        valeurs.duree,
        valeurs.distance,
        int(valeurs.incantation),
        valeurs.distance_hors_paliers,
    )
    experience = valeurs.xp_verbe + valeurs.xp_essence
    return tuple(
        (
            verb,
            malus,
            valeurs.psy + target(regles, experience + malus, valeurs.sorts, valeurs.aides),
        )
        for verb, malus in rolls
    )


def _spell_issue(failed: int, rolls: int, chance: Fraction = Fraction(0)) -> Issue:
    if not failed:
        return Issue("Sort réussi", chance, "Réussite")
    if rolls == 1:
        return Issue("Sort raté", chance, "Échec")
    missed = "jet raté" if failed == 1 else "jets ratés"
    return Issue(f"Sort raté : {failed} {missed} sur {rolls}", chance, "Échec")


def spell_issues(regles, valeurs):
    """One casting: how many of its rolls (one per Verb) fail; none, and it succeeds."""
    targets = _spell_targets(regles, valeurs)
    failed = failures(regles, [value for *_, value in targets])
    return tuple(_spell_issue(k, len(targets), p) for k, p in sorted(failed.items()))


def spell_plays(regles, valeurs, hasard):
    """« Lancer » : one die per Verb, each shown against its value."""
    targets, lines, failed = _spell_targets(regles, valeurs), [], 0
    for verb, _, value in targets:
        die = uniform(regles.faces, hasard) + 1
        ok = succeeds(regles, die, value, False)
        failed += not ok
        lines.append(
            f"{regles.verbs[verb][0]} : dé {die} (au plus {value}), {'réussi' if ok else 'raté'}."
        )
    return _spell_issue(failed, len(targets)).name, " ".join(lines)


def compute_spell(regles, valeurs):
    targets = _spell_targets(regles, valeurs)
    psy, essences = valeurs.psy, valeurs.essences
    rolls = [(verb, malus) for verb, malus, _ in targets]
    values = [value for *_, value in targets]
    offsets = [value - psy for value in values]
    longer = int(valeurs.incantation)
    cost, lost = spell_cost(regles, valeurs.taille, valeurs.duree, valeurs.distance)
    inc = regles.incantations[longer - 1] if longer else None
    printed = " et ".join(f"PSY{signed(malus)}" for _, malus in rolls)
    several = len(rolls) > 1
    lines = [
        Figure(
            "Réussite",
            all_succeed(regles, values),
            percent=True,
            note="tous les jets réussissent" if several else "",
        ),
        Figure(
            "Valeur visée",
            " et ".join(str(v) for v in values) if several else values[0],
            note=f"PSY {psy} + expérience {valeurs.xp_verbe + valeurs.xp_essence}, malus du sort",
        ),
        Figure(
            "Malus du sort",
            printed,
            note=("un jet par Verbe : " if several else "")
            + "Verbe, Essences, taille, durée, distance",
        ),
    ]
    for aim in (Fraction(1, 2), Fraction(9, 10)):
        needed = psy_needed(regles, offsets, aim)
        lines.append(
            Figure(
                f"PSY pour {int(aim * 100)} %",
                needed if needed is not None else "hors d'atteinte",
                note=f"autres entrées inchangées ; {regles.cast_minimum} au moins pour lancer",
            )
        )
    lines += [
        Figure(
            "Coût en PSY",
            cost,
            note=f"et {lost} point de PSY maximum perdu pour toujours" if lost else "",
        ),
        Figure("Temps d'incantation", inc.label if inc else "un round (6 secondes)"),
    ]
    if inc:
        lines.append(
            Figure("Fatigue", f"−{inc.psy} PSY" + (f", −{inc.phy} PHY" if inc.phy else ""))
        )
    return (Figures("Sort", tuple(lines)), *_spell_details(regles, psy, essences, rolls, values))


def _spell_details(regles, psy, essences, rolls, values) -> list:
    """What follows the spell's figures: one roll per Verb, and the rules it bends."""
    blocks = []
    if len(rolls) > 1:
        rows = tuple(
            (regles.verbs[v][0], f"PSY{signed(malus)}", value, success_chance(regles, value, False))
            for (v, malus), value in zip(rolls, values, strict=True)
        )
        blocks.append(
            Table(
                "Un jet par Verbe",
                ("Verbe", "Malus", "Valeur visée", "Réussite"),
                rows,
                percent=(3,),
            )
        )
    if not essences:
        blocks.append(
            Text(
                "Sort sans Essence : la règle en demande au moins une{@source 352, 364} ; "
                "l'exemple « Soigner mon ami » s'en passe (note éditoriale du sort).",
                "info",
            )
        )
    if psy < regles.cast_minimum:
        blocks.append(
            Text(
                f"Il faut au moins {regles.cast_minimum} en PSY pour lancer des sorts{{@source 345}}.",
                "avertissement",
            )
        )
    return blocks


SORT = Calculator(
    SYSTEM,
    "sort",
    "Construire un sort",
    "Quelle valeur viser, quelles chances, et combien de PSY pour le sort composé ?",
    (
        IntInput(
            "psy",
            "PSY du lanceur",
            6,
            0,
            40,
            "Score restant ; 6 au moins pour lancer des sorts.",
        ),
        MultiChoiceInput(
            "verbes",
            "Verbes",
            ("creer",),
            lambda r: _named(r.verbs),
            "Un ou plusieurs : un jet par Verbe.",
            genre="verbe",
        ),
        MultiChoiceInput(
            "essences",
            "Essences",
            ("feu",),
            lambda r: _named(r.essences),
            "Une ou plusieurs (un exemple n'en a aucune).",
            genre="essence",
        ),
        ChoiceInput(
            "taille",
            "Taille",
            "taille-humaine",
            _steps("taille"),
            "Taille de la cible ou de la zone.",
        ),
        ChoiceInput("duree", "Durée", "duree-6-secondes-ou-moins", _steps("duree"), ""),
        ChoiceInput(
            "distance",
            "Distance",
            "distance-a-portee-de-vue",
            _steps("distance"),
            "Hors de vue : malus comme la taille.",
        ),
        IntInput(
            "distance_hors_paliers",
            "Malus de distance hors des paliers",
            0,
            -200,
            0,
            "S'ajoute au palier choisi : distance qu'aucun palier ne décrit "
            "(deux exemples de la Fiche 6, notes éditoriales).",
        ),
        IntInput("xp_verbe", "Expérience du Verbe", 0, 0, 4, "+1 par sort réussi, +4 au plus."),
        IntInput(
            "xp_essence",
            "Expérience de l'Essence",
            0,
            0,
            40,
            "+1 par sort réussi, sans plafond.",
        ),
        ChoiceInput(
            "incantation",
            "Incantation",
            "0",
            _incantations,
            "Plus longue : bonus à tous les Verbes, contre de la fatigue.",
        ),
        IntInput("aides", "Aides (PSY 6 ou plus)", 0, 0, 10, "+1 chacune."),
        IntInput("sorts", "Sorts lancés ce round", 1, 1, 5, "−2 par sort au-delà du premier."),
    ),
    compute_spell,
    (
        "Un jet par Verbe{@source 560} : chacun additionne son Verbe, les Essences et les trois échelles ; le sort réussit si tous les jets réussissent, et ne coûte qu'une fois son PSY. Un sort à un seul Verbe demande un seul jet, comme dans les exemples.",
        "Une incantation plus longue donne son bonus à chaque Verbe du sort.",
        "Coût : 1 PSY ; 5 pour un sort de grande étendue ou long ; 10 pour les deux ; 1 PSY maximum perdu à partir d'un an (table du coût en PSY).",
        "PSY pour 50 % et 90 % : la plus petite PSY qui donne au moins ces chances, les autres entrées inchangées.",
    ),
    issues=spell_issues,
    plays=spell_plays,
    computes=("regle magie#construire-un-sort", "regle magie#cout-en-psy"),
)


# --- character creation (Fiche 9, l. 1005–1145) ----------------------------------------


def _mode_choices(rules: Rules) -> tuple[tuple[str, str], ...]:
    return tuple((key, mode.name) for key, mode in rules.modes.items())


def _verb_choices(rules: Rules) -> tuple[tuple[str, str], ...]:
    return (("aucun", "Aucun"),) + tuple((k, name) for k, (name, _) in rules.verbs.items())


def _essence_suggestions(rules: Rules) -> tuple[tuple[str, str], ...]:
    return tuple((name, f"Essence ({signed(mod)})") for name, mod in rules.essences.values())


SHEET_CALCULATOR = Calculator(
    SYSTEM,
    "creation",
    "Création de personnage",
    "Mes caractéristiques respectent-elles le mode de création, et que valent PHY, CA, langues, PSY et Réactivité ?",
    (
        ChoiceInput("mode", "Mode de création", "creation-egalitaire", _mode_choices, ""),
        IntInput("phy", "PHY", 2, 0, 60, "Physique."),
        IntInput("dex", "DEX", 4, 0, 60, "Dextérité."),
        IntInput("sav", "SAV", 4, 0, 60, "Savoir."),
        IntInput("psy", "PSY (MAG)", 4, 0, 60, "Psychique, ou MAGie dans un monde fantastique."),
        IntInput("sens", "SENS", 4, 0, 60, "Sens (Perception)."),
        TextInput(
            "essences",
            "Essences du bonus magique",
            "",
            200,
            "Super-héros, demi-dieux, dieux : une ou deux.",
            suggestions=_essence_suggestions,
        ),
        ChoiceInput("verbe", "Verbe du bonus magique", "aucun", _verb_choices, ""),
        IntInput("bonus_essences", "Bonus versé aux Essences", 0, 0, 100, ""),
        IntInput("bonus_verbe", "Bonus versé au Verbe", 0, 0, 100, ""),
    ),
    compute_sheet,
    (
        "Valeurs par défaut : Chloé (PHY 2, DEX 4, SAV 4, SENS 4 ; PSY 4 supposé), une création égalitaire valide (guide de la source, §A3).",
        "Tirage aléatoire : chaque caractéristique de 1 à 6 ; dans un monde fantastique, la MAGie peut monter à 10 avec des points pris aux autres. Qu'aucune ne soit descendue sous 2 en cédant des points ne peut pas se vérifier sans le tirage d'origine : à vous de le faire.",
        "CA de base : table de la Dextérité, prolongée au-delà de 8 (note éditoriale de la table).",
    ),
    computes=("regle creation",),
)


# --- health (Fiche 1, l. 95–121; Fiche 8, l. 853–867) ----------------------------------


SANTE = Calculator(
    SYSTEM,
    "sante",
    "Santé",
    "Combien de PHY et de PSY reste-t-il, dans quel état, et combien de repos pour s'en remettre ?",
    (
        IntInput("phy", "PHY (score de départ)", 4, 1, 50, ""),
        IntInput(
            "bonus_vitalite",
            "Bonus de Vitalité",
            0,
            0,
            50,
            "Gagnés en fin de partie ; ils encaissent les dégâts avant le PHY.",
        ),
        IntInput("degats", "Dégâts reçus (points de PHY)", 0, 0, 200, "Depuis le dernier repos."),
        IntInput("psy", "PSY (score de départ)", 4, 0, 50, ""),
        IntInput(
            "psy_depense",
            "PSY dépensés",
            0,
            0,
            200,
            "Sorts, résistance aux sorts, actions désespérées.",
        ),
        BoolInput(
            "option_moins_10",
            "Option : inconscience jusqu'à −10",
            False,
            "Un personnage joueur sous 0 PHY ne meurt que plus bas (règle optionnelle).",
        ),
    ),
    compute_health,
    (
        "À 0 PHY : mourant ; au-dessous : mort, ou inconscient avec l'option{@source 853–859}.",
        "Les seuils de PSY suivent la lecture stricte de la table (séquelles à partir de −6, folie définitive à partir de −11).",
        "Repos : 8 heures par point de PHY ou de Bonus de Vitalité, 10 minutes par point de PSY{@source 99–101, 119}.",
    ),
    computes=("regle sante",),
)


# The system's calculators, in the order of its pages (engine/registry.py reads this list).
CALCULATORS = (
    TEST,
    OPPOSITION,
    ATTAQUE,
    SORT,
    SHEET_CALCULATOR,
    SANTE,
)
