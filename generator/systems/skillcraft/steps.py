"""The SkillCraft sheet in named steps: a character (character.py) passed through the
creation's nine steps (chapter « Création », content/skillcraft/creation.md) and the
levels gained (chapter « Progression »). Each step is a pure function of the rules, the
character and what earlier steps derived; it returns its derived values and its failed
checks, (field of the form, French message), in the order the sheet lists them. The
numbers of the rules come from the data (character.py); « l. N » are the lines of the
source text, as elsewhere in this package."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from generator.core.typographie import pluriel
from generator.engine.inputs import FieldError
from generator.engine.names import slug
from generator.engine.results import format_number, signed
from generator.systems.skillcraft.character import SkillCraftCharacter
from generator.systems.skillcraft.rules import Rules, Talent

Problems = tuple[tuple[str, str], ...]
RANK = re.compile(r"(.*?)[\s:=]+([+-]?[0-9]{1,3})")

# The form's labels, which the checks quote (calculators.py declares the fields with them).
LABELS = {
    "aspect_1": "Premier aspect",
    "aspect_2": "Second aspect",
    "meilleur": "Meilleur attribut (+3)",
    "pire": "Pire attribut (+1)",
    "facultatif_1": "Premier attribut facultatif (+1)",
    "facultatif_2": "Second attribut facultatif (+1)",
    "choix_libre": "Attribut au choix (+1)",
    "bonus_espece": "Bonus de l'espèce (+1 chacun)",
    "bonus_peuple": "Bonus du peuple (+1 chacun)",
    "caractere": "Caractère",
    "dons": "Dons en plus",
    "handicaps": "Handicaps",
    "attribut_don": "Attribut d'un don (Résilient, Maniement inné)",
    "experience": "Expérience",
    "progression": "Attributs des niveaux gagnés",
    "tiers": "Tiers du personnage",
    "talents": "Talents acquis",
    "competence_caste": "Compétence de la caste",
    "competence_education": "Compétence de l'éducation",
    "autres_points": "Autres points de talents dépensés",
    "rangs": "Rangs de compétences",
    "taille": "Taille",
    "points_de_mouvement": "Points de mouvement de l'espèce",
    "masse_portee": "Masse portée (kg)",
    "defense_armure": "Défense de l'armure et du bouclier",
    "jet_argent": "Jet d'argent de la caste",
    "facteur_education": "Facteur de l'éducation",
    "depenses": "Argent dépensé",
}


def _lookup(names: dict[str, str], text: str) -> str | None:
    """The id of an entry named by its id or its name, accents and case aside."""
    key = slug(text)
    return key if key in names else next((k for k, v in names.items() if slug(v) == key), None)


def _number(value: Fraction) -> str:
    return format_number(value)


def truncate(value: Fraction) -> int:
    """« Effectif tronqué » : toward zero (−0,8 → 0), the data's editorial decision."""
    return int(value)


def _take(pool: list[str], item: str) -> bool:
    if item in pool:
        pool.remove(item)
        return True
    return False


# --- step 4: attributes, the point-buy -----------------------------------------------------


@dataclass(frozen=True)
class PointBuy:
    up: int  # points added above the starting score
    down: int  # points taken below it
    low: int
    high: int
    problems: Problems


def point_buy(r: Rules, scores: dict[str, int]) -> PointBuy:
    """Étape 4 – Attributs: each point taken under the starting score buys one above it,
    every score within bounds (l. 205)."""
    p, names = r.progression, r.attribute_names
    start = p["Score de départ"]
    low = p["Score minimal lors de la répartition"]
    high = p["Score maximal lors de la répartition"]
    down = sum(max(0, start - s) for s in scores.values())
    up = sum(max(0, s - start) for s in scores.values())
    problems = []
    outside = [names[a] for a in r.attributes if not low <= scores[a] <= high]
    if outside:
        problems.append(
            (
                next(a for a in r.attributes if not low <= scores[a] <= high),
                f"Répartition : {', '.join(outside)} hors de {low} à {high} (étape 4){{@source 205}}.",
            )
        )
    if up > down:
        problems.append(
            (
                r.attributes[0],
                f"Répartition : {up} {pluriel(up, 'point ajouté', 'points ajoutés')} pour {down} "
                f"{pluriel(down, 'retiré', 'retirés')} ; chaque point retiré "
                f"sous {start} permet d'en ajouter un{{@source 205}}.",
            )
        )
    return PointBuy(up, down, low, high, tuple(problems))


# --- step 3: aspects -----------------------------------------------------------------------


@dataclass(frozen=True)
class Aspects:
    bonus: dict[str, int]  # attribute -> bonus of the aspects
    skills: frozenset[str]  # the aspects' skills (a talent rebate, step 6)
    problems: Problems


def _required_bonus(r: Rules, c: SkillCraftCharacter, required: list[str]) -> Problems:
    """Best and Worst among the required attributes (l. 212); raises at the field when
    the choice is not among them. `required` keeps the two others."""
    names, problems = r.attribute_names, []
    listed = ", ".join(names[a] for a in required)
    if not _take(required, c.meilleur):
        raise FieldError("meilleur", f"Le Meilleur attribut est un des obligatoires : {listed}.")
    if c.pire == c.meilleur:
        problems.append(
            (
                "pire",
                f"Aspects : {names[c.pire]} ne peut être à la fois Meilleur et Pire{{@source 212}}.",
            )
        )
    if not _take(required, c.pire):
        raise FieldError(
            "pire",
            "Le Pire attribut est un des trois obligatoires restants : "
            + ", ".join(names[a] for a in required)
            + ".",
        )
    return tuple(problems)


def aspects(r: Rules, c: SkillCraftCharacter) -> Aspects:
    """Étape 3 – Aspects: two different aspects (l. 147), their required attributes
    (Best, Worst, the two others), two optional ones and one free choice."""
    p, names = r.progression, r.attribute_names
    first, second = r.aspects[c.aspect_1], r.aspects[c.aspect_2]
    problems = []
    if c.aspect_1 == c.aspect_2:
        problems.append(
            ("aspect_2", "Aspects : les deux aspects doivent être différents{@source 147}.")
        )
    required = list(first[1] + second[1])
    optional = list(first[2] + second[2])
    problems += _required_bonus(r, c, required)
    bonus = dict.fromkeys(r.attributes, 0)
    bonus[c.meilleur] += p["Bonus du Meilleur"]
    bonus[c.pire] += p["Bonus du Pire"]
    for attribute in required:
        bonus[attribute] += p["Bonus de chacun des deux autres"]
    pool = list(optional)
    for field in ("facultatif_1", "facultatif_2"):
        attribute = getattr(c, field)
        if not _take(pool, attribute):
            problems.append(
                (
                    field,
                    f"{LABELS[field]} : {names[attribute]} n'est pas (ou plus) parmi les facultatifs "
                    f"des aspects ({', '.join(names[a] for a in optional)}).",
                )
            )
        bonus[attribute] += p["Bonus de chaque attribut facultatif"]
    bonus[c.choix_libre] += p["Bonus de l'attribut au choix"]
    return Aspects(bonus, frozenset(first[3] + second[3]), tuple(problems))


# --- steps 1 and 2: species and people, personality ----------------------------------------


@dataclass(frozen=True)
class Origins:
    species: dict[str, int]  # attribute -> bonus of the species and the people
    personal: dict[str, int]  # attribute -> bonus of the caractère and the dons
    dons: tuple[str, ...]  # the caractère's don first
    creation: dict[str, int]  # the scores at the end of the creation
    problems: Problems


def _don_choices(r: Rules, c: SkillCraftCharacter) -> tuple[tuple[str, ...], Problems]:
    """The caractère's don, then those bought with handicaps (l. 474, 647)."""
    nature_name, _, _, nature_don = r.caracteres[c.caractere]
    all_dons = (nature_don, *(d for d in c.dons if d != nature_don))
    problems = []
    if nature_don in c.dons:
        problems.append(
            (
                "dons",
                f"Dons : {r.dons[nature_don].name} vient déjà du caractère {nature_name} ; "
                "ne le cochez pas en plus.",
            )
        )
    extra = len(all_dons) - 1
    if extra > len(c.handicaps):
        problems.append(
            (
                "handicaps",
                f"Dons : {extra} {pluriel(extra, 'don', 'dons')} en plus de celui du caractère pour "
                f"{len(c.handicaps)} {pluriel(len(c.handicaps), 'handicap', 'handicaps')} ; "
                "chaque handicap donne un don{@source 474, 647}.",
            )
        )
    return all_dons, tuple(problems)


def _don_bonus(r, c, dons, creation: dict, personal: dict) -> Problems:
    """A don's attribute bonus goes to the attribute chosen for it, unless the score is
    already past the don's cap. Updates `creation` and `personal` in place."""
    names, problems = r.attribute_names, []
    for don_id in dons:
        don = r.dons[don_id]
        if not don.attribute_bonus:
            continue
        if c.attribut_don not in don.attribute_choices:
            problems.append(
                (
                    "attribut_don",
                    f"{LABELS['attribut_don']} : {don.name} donne +{don.attribute_bonus} à "
                    + " ou ".join(names[a] for a in don.attribute_choices)
                    + " ; choisissez-en un.",
                )
            )
            continue
        if don.score_cap is not None and creation[c.attribut_don] > don.score_cap:
            problems.append(
                (
                    "attribut_don",
                    f"{don.name} : {names[c.attribut_don]} dépasse déjà {don.score_cap}, le bonus est perdu.",
                )
            )
            continue
        creation[c.attribut_don] += don.attribute_bonus
        personal[c.attribut_don] += don.attribute_bonus
    return tuple(problems)


def origins(r: Rules, c: SkillCraftCharacter, scores: dict, aspect: Aspects) -> Origins:
    """Étape 1 – Espèce et peuple (+1 per bonus chosen) and étape 2 – Personnalité (the
    caractère's +1 and don, dons bought with handicaps), added to the point-buy and the
    aspects: the scores of the creation."""
    species = dict.fromkeys(r.attributes, 0)
    for attribute in (*c.bonus_espece, *c.bonus_peuple):
        species[attribute] += 1
    _, nature_attribute, nature_bonus, _ = r.caracteres[c.caractere]
    personal = dict.fromkeys(r.attributes, 0)
    personal[nature_attribute] += nature_bonus
    dons, problems = _don_choices(r, c)
    creation = {a: scores[a] + aspect.bonus[a] + species[a] + personal[a] for a in r.attributes}
    problems += _don_bonus(r, c, dons, creation, personal)
    return Origins(species, personal, dons, creation, problems)


# --- progression: the levels gained --------------------------------------------------------


@dataclass(frozen=True)
class Levels:
    level: int
    final: dict[str, int]  # attribute -> score at the character's level
    cumul: dict[str, Fraction]  # attribute -> its statistic's Incréments, summed
    mod: dict[str, int]  # attribute -> modifier of the final score
    problems: Problems


def parse_levels(rules: Rules, text: str) -> list[str]:
    """« vigueur, agilité » -> the attribute raised at each level gained, in order."""
    levels = []
    for part in re.split(r"[,;\s]+", text):
        if not part:
            continue
        attribute = _lookup(dict(rules.attribute_names), part)
        if attribute is None:
            raise FieldError(
                "progression",
                f"« {part[:30]} » n'est pas un attribut ("
                + ", ".join(rules.attribute_names.values())
                + ").",
            )
        levels.append(attribute)
    return levels


def _levels_named(r: Rules, chosen: list[str], level: int) -> Problems:
    if len(chosen) > level:
        return (
            (
                "progression",
                f"{LABELS['progression']} : {len(chosen)} {pluriel(len(chosen), 'attribut', 'attributs')} "
                f"pour {level} {pluriel(level, 'niveau gagné', 'niveaux gagnés')} ; "
                + pluriel(
                    len(chosen) - level,
                    "le dernier est ignoré.",
                    f"les {len(chosen) - level} derniers sont ignorés.",
                ),
            ),
        )
    if len(chosen) < level:
        return (
            (
                "progression",
                f"{LABELS['progression']} : {level - len(chosen)} "
                + pluriel(
                    level - len(chosen),
                    "point d'attribut de niveau non attribué.",
                    "points d'attribut de niveau non attribués.",
                ),
            ),
        )
    return ()


def levels(r: Rules, c: SkillCraftCharacter, creation: dict[str, int]) -> Levels:
    """Progression, gains at each level: an attribute point (never past the maximum,
    l. 315, l. 753), then every statistic's Incrément computed with that level's score."""
    p, names = r.progression, r.attribute_names
    level = r.level_of(c.experience)
    chosen = parse_levels(r, c.progression)
    problems = list(_levels_named(r, chosen, level))
    top = p["Score d'attribut maximal"]
    current = dict(creation)
    cumul = dict.fromkeys(r.attributes, Fraction(0))
    for n in range(level):
        if n < len(chosen):
            attribute = chosen[n]
            if current[attribute] < top:
                current[attribute] += p["Points d'attribut par niveau"]
            else:
                problems.append(
                    (
                        "progression",
                        f"{LABELS['progression']} : au niveau {n + 1}, {names[attribute]} est déjà à "
                        f"{top}{{@source 315}}.",
                    )
                )
        for attribute, stat in r.statistics.items():
            score = current[attribute]
            cumul[attribute] += stat.increment(score, r.modifier(score))
    over = [names[a] for a in r.attributes if current[a] > top]
    if over:
        problems.append(
            ("progression", f"Attributs : {', '.join(over)} au-delà de {top}{{@source 753}}.")
        )
    mod = {a: r.modifier(current[a]) for a in r.attributes}
    return Levels(level, current, cumul, mod, tuple(problems))


# --- step 6: talents -----------------------------------------------------------------------


@dataclass(frozen=True)
class Talents:
    owned: tuple[Talent, ...]
    owned_ids: frozenset[str]
    costs: dict[str, int]  # talent -> points paid (0 when a don gives it)
    free: tuple[str, ...]  # talents a don gives
    spent: int
    allowed: int
    effects: dict[str, int]  # sheet value -> bonus of the talents
    problems: Problems


def _free_talents(r: Rules, dons, owned, costs: dict[str, int]) -> list[str]:
    """The talents the dons give: for each don, among its options, the dearest talents
    of the first tier the character owns."""
    free: list[str] = []
    for don_id in dons:
        options = r.dons[don_id].free_talents
        if not options:
            continue
        best: list[str] = []
        for genre, number in options:
            pool_ids = [  # a don of the creation: talents of the first tier only
                t.id
                for t in owned
                if (t.skill is not None) == (genre == "competence") and t.tier == min(r.talent_cost)
            ]
            pool_ids = [t for t in pool_ids if t not in free]
            picked = sorted(pool_ids, key=lambda t: -costs[t])[:number]
            if sum(costs[t] for t in picked) > sum(costs[t] for t in best):
                best = picked
        free += best
    return free


def _talent_budget(r: Rules, spent: int, allowed: int, level: int) -> Problems:
    p, problems = r.progression, []
    if spent > allowed:
        problems.append(
            (
                "talents",
                f"Talents : {spent} points dépensés pour {allowed} disponibles "
                f"({p['Points de talents à la création']} à la création + "
                f"{p['Points de talents par niveau']} par niveau).",
            )
        )
    if level == 0 and spent < p["Points de talents à dépenser au moins"]:
        problems.append(
            (
                "talents",
                f"Talents : {spent} points dépensés ; la création en demande au moins "
                f"{p['Points de talents à dépenser au moins']}{{@source 251}}.",
            )
        )
    return tuple(problems)


def _talent_choices(r: Rules, c: SkillCraftCharacter, owned, owned_ids) -> Problems:
    """Each talent's requirement and tier; the caste's and the education's talents
    (l. 255); enough skill talents (l. 253–259)."""
    problems = []
    for t in owned:
        if t.prerequisite and t.prerequisite not in owned_ids:
            problems.append(
                (
                    "talents",
                    f"Talents : {t.name} demande {r.talents[t.prerequisite].name}, non coché.",
                )
            )
        if t.tier > c.tiers:
            problems.append(
                (
                    "talents",
                    f"Talents : {t.name} est de tiers {t.tier}, au-delà du tiers du personnage ({c.tiers}).",
                )
            )
    for field in ("competence_caste", "competence_education"):
        talent = r.skills[getattr(c, field)][2]
        if talent not in owned_ids:
            problems.append(
                (
                    field,
                    f"{LABELS[field]} : le talent {r.talents[talent].name} doit être acquis{{@source 255}}.",
                )
            )
    skill_talents = [t for t in owned if t.skill is not None]
    needed = r.progression["Talents de compétence à acquérir"]
    if len(skill_talents) < needed:
        problems.append(
            (
                "talents",
                f"Talents : {len(skill_talents)} "
                f"{pluriel(len(skill_talents), 'talent', 'talents')} de compétence ; "
                "la création en demande "
                f"{needed} (caste, éducation et deux au choix){{@source 253–259}}.",
            )
        )
    return tuple(problems)


def talents(r: Rules, c: SkillCraftCharacter, aspect: Aspects, dons, level: int) -> Talents:
    """Étape 6 – Talents: their cost by tier, less the rebate on the aspects' skills,
    those the dons give for free, the points of the creation and of each level."""
    p = r.progression
    # Names or ids (older links), comma-separated: the planner reads them the same way.
    ids = c.talent_ids({k: v.name for k, v in r.talents_by_tier.items()})
    owned = tuple(r.talents[t] for t in ids)
    owned_ids = frozenset(ids)
    rebate = p["Rabais d'un talent de compétence d'aspect"]
    costs = {
        t.id: max(0, r.talent_cost[t.tier] - (rebate if t.skill in aspect.skills else 0))
        for t in owned
    }
    free = _free_talents(r, dons, owned, costs)
    for t in free:
        costs[t] = 0
    spent = sum(costs.values()) + c.autres_points
    allowed = p["Points de talents à la création"] + level * p["Points de talents par niveau"]
    problems = _talent_budget(r, spent, allowed, level)
    problems += _talent_choices(r, c, owned, owned_ids)
    effects: dict[str, int] = {}
    for t in owned:
        for key, value in t.effects.items():
            effects[key] = effects.get(key, 0) + value
    return Talents(owned, owned_ids, costs, tuple(free), spent, allowed, effects, problems)


# --- statistics ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Statistics:
    rows: tuple[tuple, ...]  # (name, attribute, base, cumul, talents, effective, value)
    effective: dict[str, Fraction]  # statistic -> effective value


def statistics(r: Rules, grown: Levels, effects: dict[str, int]) -> Statistics:
    """Chapter « Attributs et compétences »: each statistic's base (retroactive), its
    Incréments and the talents' bonus; some are truncated toward zero."""
    rows, effective = [], {}
    for attribute, stat in r.statistics.items():
        base = stat.base(grown.final[attribute], grown.mod[attribute])
        bonus = effects.get(stat.id, 0)
        value = base + grown.cumul[attribute] + bonus
        effective[stat.id] = value
        shown = truncate(value) if stat.truncated else value
        name = r.attribute_names[attribute]
        rows.append((stat.name, name, base, grown.cumul[attribute], bonus, value, shown))
    return Statistics(tuple(rows), effective)


# --- step 7: skills ------------------------------------------------------------------------


@dataclass(frozen=True)
class Skills:
    rows: tuple[tuple, ...]  # (skill, attribute, trained, rank, bonus, passive)
    cost: int
    points: Fraction  # what Apprentissage gives
    max_rank: int
    problems: Problems


def parse_ranks(rules: Rules, text: str) -> dict[str, int]:
    """« mêlée 2, acrobaties 1 » -> {skill: rank}; an unreadable entry is reported at `rangs`."""
    names = {k: v[0] for k, v in rules.skills.items()}
    top = max(rules.max_rank.values())
    ranks: dict[str, int] = {}
    for part in re.split(r"[,;\n]", text):
        if not part.strip():
            continue
        match = RANK.fullmatch(part.strip())
        skill = _lookup(names, match.group(1)) if match else None
        if match is None or skill is None:
            shown = part.strip()[:30]
            raise FieldError(
                "rangs",
                f"« {shown} » : écrivez « compétence rang », par exemple « mêlée 2 » ; compétences : "
                + ", ".join(names.values())
                + ".",
            )
        rank = int(match.group(2))
        if not 0 <= rank <= top:
            raise FieldError("rangs", f"« {part.strip()[:30]} » : un rang va de 0 à {top}.")
        if skill in ranks:
            raise FieldError("rangs", f"{names[skill]} est nommée deux fois.")
        ranks[skill] = rank
    return ranks


def skills(r, c: SkillCraftCharacter, dons, owned_ids, mod, stats: Statistics) -> Skills:
    """Étape 7 – Compétences: ranks bought with Apprentissage's points, dearer untrained,
    never past the tier's rank (l. 802); the bonus and the passive value."""
    p = r.progression
    ranks = parse_ranks(r, c.rangs)
    max_rank = r.max_rank[c.tiers]
    passives: dict[str, int] = {}
    for don_id in dons:
        for skill, bonus in r.dons[don_id].passives.items():
            passives[skill] = passives.get(skill, 0) + bonus
    rows, problems, cost = [], [], 0
    trained_cost = p["Coût d'un rang de compétence, formé"]
    untrained_cost = p["Coût d'un rang de compétence, non formé"]
    for skill, (skill_name, attribute, talent) in r.skills.items():
        rank = ranks.get(skill, 0)
        trained = talent in owned_ids
        cost += rank * (trained_cost if trained else untrained_cost)
        if rank > max_rank:
            problems.append(
                (
                    "rangs",
                    f"{LABELS['rangs']} : {skill_name} au rang {rank}, au-delà du rang {max_rank} "
                    f"du tiers {c.tiers}{{@source 802}}.",
                )
            )
        total = mod[attribute] + rank
        passive = r.passive + total + passives.get(skill, 0)
        name = r.attribute_names[attribute]
        rows.append((skill_name, name, "oui" if trained else "—", rank, signed(total), passive))
    points = stats.effective["apprentissage"]
    if cost > points:
        problems.append(
            (
                "rangs",
                f"{LABELS['rangs']} : {cost} points de compétence dépensés pour "
                f"{_number(points)} (Apprentissage) ; un rang coûte {trained_cost} point formé, "
                f"{untrained_cost} sinon.",
            )
        )
    return Skills(tuple(rows), cost, points, max_rank, tuple(problems))


# --- step 8: equipment, and the values derived from the scores -----------------------------


@dataclass(frozen=True)
class Body:
    constitution: Fraction
    vitality: Fraction
    energy: Fraction
    dodge: Fraction
    defence: Fraction
    initiative: int
    capacity: Fraction
    movement: int
    penalty: int  # movement points lost to the load


def _load_penalty(r: Rules, carried: int, capacity, movement: int) -> int:
    if carried > capacity and capacity > 0:
        excess = carried - capacity
        return min(movement, max(r.encumbrance[1], int(movement * excess / capacity)))
    return movement if carried > capacity else 0


def body(r, c: SkillCraftCharacter, final, effective, effects) -> Body:
    """Chapter « Attributs et compétences »: vitality, energy, dodge, defence (with the
    armour), initiative; étape 8 – Équipement: the load against the size's capacity."""

    def derived(value_id: str, statistic: Fraction = Fraction(0)) -> Fraction:
        attribute, formula = r.derived[value_id]
        score = final.get(attribute, 0)
        return formula(score, r.modifier(score), statistic)

    constitution = effective[r.statistics["vigueur"].id]
    dodge = derived("esquive")
    capacity = derived("capacite-de-charge") * dict(r.sizes)[c.taille] / 100
    movement = c.points_de_mouvement + effects.get("mouvement", 0)
    return Body(
        constitution,
        vitality=derived("vitalite", constitution) + effects.get("vitalite", 0),
        energy=derived("energie", constitution) + effects.get("energie", 0),
        dodge=dodge,
        defence=derived("defense", dodge) + c.defense_armure,
        initiative=truncate(effective[r.statistics["sensibilite"].id]),  # talents included
        capacity=capacity,
        movement=movement,
        penalty=_load_penalty(r, c.masse_portee, capacity, movement),
    )


@dataclass(frozen=True)
class Money:
    total: int  # the caste's roll × the education's factor
    problems: Problems


def money(c: SkillCraftCharacter) -> Money:
    """Étape 8 – Équipement: starting money = the caste's roll × the education's factor
    (chapter « Création », Équipement)."""
    total = c.jet_argent * c.facteur_education
    if c.depenses <= total:
        return Money(total, ())
    message = f"{LABELS['depenses']} : {c.depenses} dépensés pour {total} d'argent de départ."
    return Money(total, (("depenses", message),))
