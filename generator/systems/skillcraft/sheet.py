"""Character sheet of SkillCraft (guide §3.3–3.5, §6.3): creation from the point-buy to
the last level, every derived value, and the checks of the creation and of the budgets.
Every number of the rules comes from the data (character.py)."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

from ... import urls
from ...engine.inputs import ChoiceInput, FieldError, IntInput, MultiChoiceInput, TextInput
from ...engine.names import slug
from ...engine.registry import Calculator, register
from ...engine.results import (
    Checks,
    Figure,
    Figures,
    Link,
    Links,
    Table,
    Text,
    format_number,
    signed,
)
from ...engine.typographie import pluriel
from .character import CharacterRules
from .planner import read_talents

SYSTEM = "skillcraft"

# The seven attribute fields: their ids are checked against the data at each computation.
# Defaults: Justinien's scores after the point-buy of step 4 (l. 207).
ATTRIBUTE_FIELDS = (
    ("agilite", "Agilité", 9),
    ("coordination", "Coordination", 8),
    ("esprit", "Esprit", 8),
    ("intellect", "Intellect", 6),
    ("presence", "Présence", 8),
    ("sensibilite", "Sensibilité", 7),
    ("vigueur", "Vigueur", 10),
)
RANK = re.compile(r"(.*?)[\s:=]+([+-]?[0-9]{1,3})")


def _lookup(names: dict[str, str], text: str) -> str | None:
    """The id of an entry named by its id or its name, accents and case aside."""
    key = slug(text)
    return key if key in names else next((k for k, v in names.items() if slug(v) == key), None)


def parse_ranks(rules: CharacterRules, text: str) -> dict[str, int]:
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


def parse_levels(rules: CharacterRules, text: str) -> list[str]:
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


def _number(value: Fraction) -> str:
    return format_number(value)


def _truncate(value: Fraction) -> int:
    """« Effectif tronqué » : toward zero (−0,8 → 0), the data's editorial decision."""
    return int(value)


def _level(rules: CharacterRules, experience: int) -> int:
    return max(n for n, total in enumerate(rules.xp_total) if total <= experience)


def _take(pool: list[str], item: str) -> bool:
    if item in pool:
        pool.remove(item)
        return True
    return False


def compute_sheet(
    regles,
    aspect_1,
    aspect_2,
    meilleur,
    pire,
    facultatif_1,
    facultatif_2,
    choix_libre,
    bonus_espece,
    bonus_peuple,
    caractere,
    dons,
    handicaps,
    attribut_don,
    experience,
    progression,
    tiers,
    talents,
    competence_caste,
    competence_education,
    autres_points,
    rangs,
    taille,
    points_de_mouvement,
    masse_portee,
    defense_armure,
    jet_argent,
    facteur_education,
    depenses,
    **scores,
):
    r: CharacterRules = regles.personnage
    p = r.progression
    names = r.attribute_names
    if not set(scores) <= set(r.attributes):
        raise FieldError(
            "agilite", "Les attributs des données ne sont pas ceux de la feuille : à corriger."
        )
    # The sheet has its seven attributes; data holding more (copies) are read for those.
    r = replace(r, attributes=tuple(a for a in r.attributes if a in scores))
    problems: list[tuple[str, str]] = []  # failed checks: (field of the form, message)

    # --- step 4: point-buy ---------------------------------------------------------------
    start = p["Score de départ"]
    low = p["Score minimal lors de la répartition"]
    high = p["Score maximal lors de la répartition"]
    down = sum(max(0, start - s) for s in scores.values())
    up = sum(max(0, s - start) for s in scores.values())
    outside = [names[a] for a in r.attributes if not low <= scores[a] <= high]
    if outside:
        problems.append(
            (
                next(a for a in r.attributes if not low <= scores[a] <= high),
                f"Répartition : {', '.join(outside)} hors de {low} à {high} (étape 4, l. 205).",
            )
        )
    if up > down:
        problems.append(
            (
                r.attributes[0],
                f"Répartition : {up} {pluriel(up, 'point ajouté', 'points ajoutés')} pour {down} "
                f"{pluriel(down, 'retiré', 'retirés')} ; chaque point retiré "
                f"sous {start} permet d'en ajouter un (l. 205).",
            )
        )

    # --- step 4: aspects -----------------------------------------------------------------
    first, second = r.aspects[aspect_1], r.aspects[aspect_2]
    if aspect_1 == aspect_2:
        problems.append(
            ("aspect_2", "Aspects : les deux aspects doivent être différents (l. 147).")
        )
    required = list(first[1] + second[1])
    optional = list(first[2] + second[2])
    listed = ", ".join(names[a] for a in required)
    if not _take(required, meilleur):
        raise FieldError("meilleur", f"Le Meilleur attribut est un des obligatoires : {listed}.")
    if pire == meilleur:
        problems.append(
            ("pire", f"Aspects : {names[pire]} ne peut être à la fois Meilleur et Pire (l. 212).")
        )
    if not _take(required, pire):
        raise FieldError(
            "pire",
            "Le Pire attribut est un des trois obligatoires restants : "
            + ", ".join(names[a] for a in required)
            + ".",
        )
    aspect_bonus = dict.fromkeys(r.attributes, 0)
    aspect_bonus[meilleur] += p["Bonus du Meilleur"]
    aspect_bonus[pire] += p["Bonus du Pire"]
    for attribute in required:
        aspect_bonus[attribute] += p["Bonus de chacun des deux autres"]
    pool = list(optional)
    for field, attribute in (("facultatif_1", facultatif_1), ("facultatif_2", facultatif_2)):
        if not _take(pool, attribute):
            problems.append(
                (
                    field,
                    f"{LABELS[field]} : {names[attribute]} n'est pas (ou plus) parmi les facultatifs "
                    f"des aspects ({', '.join(names[a] for a in optional)}).",
                )
            )
        aspect_bonus[attribute] += p["Bonus de chaque attribut facultatif"]
    aspect_bonus[choix_libre] += p["Bonus de l'attribut au choix"]

    # --- species, people, caractère, dons ------------------------------------------------
    species = dict.fromkeys(r.attributes, 0)
    for attribute in (*bonus_espece, *bonus_peuple):
        species[attribute] += 1
    nature_name, nature_attribute, nature_bonus, nature_don = r.caracteres[caractere]
    personal = dict.fromkeys(r.attributes, 0)
    personal[nature_attribute] += nature_bonus
    all_dons = [nature_don, *(d for d in dons if d != nature_don)]
    if nature_don in dons:
        problems.append(
            (
                "dons",
                f"Dons : {r.dons[nature_don].name} vient déjà du caractère {nature_name} ; "
                "ne le cochez pas en plus.",
            )
        )
    extra = len(all_dons) - 1
    if extra > len(handicaps):
        problems.append(
            (
                "handicaps",
                f"Dons : {extra} {pluriel(extra, 'don', 'dons')} en plus de celui du caractère pour "
                f"{len(handicaps)} {pluriel(len(handicaps), 'handicap', 'handicaps')} ; "
                "chaque handicap donne un don (l. 474, 647).",
            )
        )
    creation = {a: scores[a] + aspect_bonus[a] + species[a] + personal[a] for a in r.attributes}
    for don_id in all_dons:
        don = r.dons[don_id]
        if not don.attribute_bonus:
            continue
        if attribut_don not in don.attribute_choices:
            problems.append(
                (
                    "attribut_don",
                    f"{LABELS['attribut_don']} : {don.name} donne +{don.attribute_bonus} à "
                    + " ou ".join(names[a] for a in don.attribute_choices)
                    + " ; choisissez-en un.",
                )
            )
            continue
        if don.score_cap is not None and creation[attribut_don] > don.score_cap:
            problems.append(
                (
                    "attribut_don",
                    f"{don.name} : {names[attribut_don]} dépasse déjà {don.score_cap}, le bonus est perdu.",
                )
            )
            continue
        creation[attribut_don] += don.attribute_bonus
        personal[attribut_don] += don.attribute_bonus

    # --- levels: an attribute point, then every statistic's Incrément ---------------------
    level = _level(r, experience)
    chosen = parse_levels(r, progression)
    if len(chosen) > level:
        problems.append(
            (
                "progression",
                f"{LABELS['progression']} : {len(chosen)} {pluriel(len(chosen), 'attribut', 'attributs')} "
                f"pour {level} {pluriel(level, 'niveau gagné', 'niveaux gagnés')} ; "
                + pluriel(
                    len(chosen) - level,
                    "le dernier est ignoré.",
                    f"les {len(chosen) - level} derniers sont ignorés.",
                ),
            )
        )
    elif len(chosen) < level:
        problems.append(
            (
                "progression",
                f"{LABELS['progression']} : {level - len(chosen)} "
                + pluriel(
                    level - len(chosen),
                    "point d'attribut de niveau non attribué.",
                    "points d'attribut de niveau non attribués.",
                ),
            )
        )
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
                        f"{top} (l. 315).",
                    )
                )
        for attribute, stat in r.statistics.items():
            score = current[attribute]
            cumul[attribute] += stat.increment(score, r.modifier(score))
    final = current
    over = [names[a] for a in r.attributes if final[a] > top]
    if over:
        problems.append(
            ("progression", f"Attributs : {', '.join(over)} au-delà de {top} (l. 753).")
        )
    mod = {a: r.modifier(final[a]) for a in r.attributes}

    # --- talents ------------------------------------------------------------------------
    # Names or ids (older links), comma-separated.
    talents = read_talents({k: v.name for k, v in r.talents.items()}, talents, "talents")
    owned = [r.talents[t] for t in talents]
    owned_ids = set(talents)
    aspect_skills = set(first[3] + second[3])
    rebate = p["Rabais d'un talent de compétence d'aspect"]
    costs = {
        t.id: max(0, r.talent_cost[t.tier] - (rebate if t.skill in aspect_skills else 0))
        for t in owned
    }
    free: list[str] = []
    for don_id in all_dons:
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
    for t in free:
        costs[t] = 0
    spent = sum(costs.values()) + autres_points
    allowed = p["Points de talents à la création"] + level * p["Points de talents par niveau"]
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
                f"{p['Points de talents à dépenser au moins']} (l. 251).",
            )
        )
    for t in owned:
        if t.prerequisite and t.prerequisite not in owned_ids:
            problems.append(
                (
                    "talents",
                    f"Talents : {t.name} demande {r.talents[t.prerequisite].name}, non coché.",
                )
            )
        if t.tier > tiers:
            problems.append(
                (
                    "talents",
                    f"Talents : {t.name} est de tiers {t.tier}, au-delà du tiers du personnage ({tiers}).",
                )
            )
    for field, skill in (
        ("competence_caste", competence_caste),
        ("competence_education", competence_education),
    ):
        talent = r.skills[skill][2]
        if talent not in owned_ids:
            problems.append(
                (
                    field,
                    f"{LABELS[field]} : le talent {r.talents[talent].name} doit être acquis (l. 255).",
                )
            )
    skill_talents = [t for t in owned if t.skill is not None]
    needed = p["Talents de compétence à acquérir"]
    if len(skill_talents) < needed:
        problems.append(
            (
                "talents",
                f"Talents : {len(skill_talents)} "
                f"{pluriel(len(skill_talents), 'talent', 'talents')} de compétence ; "
                "la création en demande "
                f"{needed} (caste, éducation et deux au choix, l. 253–259).",
            )
        )
    effects: dict[str, int] = {}
    for t in owned:
        for key, value in t.effects.items():
            effects[key] = effects.get(key, 0) + value

    # --- statistics ---------------------------------------------------------------------
    stat_rows = []
    effective: dict[str, Fraction] = {}
    for attribute, stat in r.statistics.items():
        base = stat.base(final[attribute], mod[attribute])
        bonus = effects.get(stat.id, 0)
        value = base + cumul[attribute] + bonus
        effective[stat.id] = value
        stat_rows.append(
            (
                stat.name,
                names[attribute],
                base,
                cumul[attribute],
                bonus,
                value,
                _truncate(value) if stat.truncated else value,
            )
        )

    # --- skills -------------------------------------------------------------------------
    ranks = parse_ranks(r, rangs)
    max_rank = r.max_rank[tiers]
    passives: dict[str, int] = {}
    for don_id in all_dons:
        for skill, bonus in r.dons[don_id].passives.items():
            passives[skill] = passives.get(skill, 0) + bonus
    skill_rows = []
    skill_cost = 0
    trained_cost = p["Coût d'un rang de compétence, formé"]
    untrained_cost = p["Coût d'un rang de compétence, non formé"]
    for skill, (skill_name, attribute, talent) in r.skills.items():
        rank = ranks.get(skill, 0)
        trained = talent in owned_ids
        skill_cost += rank * (trained_cost if trained else untrained_cost)
        if rank > max_rank:
            problems.append(
                (
                    "rangs",
                    f"{LABELS['rangs']} : {skill_name} au rang {rank}, au-delà du rang {max_rank} "
                    f"du tiers {tiers} (l. 802).",
                )
            )
        total = mod[attribute] + rank
        skill_rows.append(
            (
                skill_name,
                names[attribute],
                "oui" if trained else "—",
                rank,
                signed(total),
                r.passive + total + passives.get(skill, 0),
            )
        )
    skill_points = effective["apprentissage"]
    if skill_cost > skill_points:
        problems.append(
            (
                "rangs",
                f"{LABELS['rangs']} : {skill_cost} points de compétence dépensés pour "
                f"{_number(skill_points)} (Apprentissage) ; un rang coûte {trained_cost} point formé, "
                f"{untrained_cost} sinon.",
            )
        )

    # --- derived values -----------------------------------------------------------------
    def derived(value_id: str, statistic: Fraction = Fraction(0)) -> Fraction:
        attribute, formula = r.derived[value_id]
        score = final.get(attribute, 0)
        return formula(score, r.modifier(score), statistic)

    constitution = effective[r.statistics["vigueur"].id]
    vitality = derived("vitalite", constitution) + effects.get("vitalite", 0)
    energy = derived("energie", constitution) + effects.get("energie", 0)
    dodge = derived("esquive")
    defence = derived("defense", dodge) + defense_armure
    initiative = _truncate(effective[r.statistics["sensibilite"].id])  # talents included
    size_share = dict(r.sizes)[taille]
    capacity = derived("capacite-de-charge") * size_share / 100
    movement = points_de_mouvement + effects.get("mouvement", 0)
    penalty = 0
    if masse_portee > capacity and capacity > 0:
        excess = masse_portee - capacity
        penalty = min(movement, max(r.encumbrance[1], int(movement * excess / capacity)))
    elif masse_portee > capacity:
        penalty = movement
    (long_base, long_step), (high_base, high_step) = r.jumps
    long_jump = Fraction(long_base + long_step * final["agilite"], 100)
    high_jump = Fraction(max(0, high_base + high_step * mod["agilite"]), 100)
    breath = r.breath[0] * final["vigueur"]
    alcohol_exact = Fraction(mod["vigueur"] + r.alcohol[0], r.alcohol[1])
    alcohol = alcohol_exact.numerator // alcohol_exact.denominator + effects.get("seuil_alcool", 0)
    money = jet_argent * facteur_education
    if depenses > money:
        problems.append(
            (
                "depenses",
                f"{LABELS['depenses']} : {depenses} dépensés pour {money} d'argent de départ.",
            )
        )
    next_level = level + 1 < len(r.xp_total)

    # --- blocks -------------------------------------------------------------------------
    blocks = [Checks("Fiche conforme aux règles de création et de progression.", tuple(problems))]
    book = _book_discrepancy(r, final, stat_rows, level)
    if book:
        blocks.append(Text(book, "avertissement"))
    blocks.append(
        Figures(
            f"Niveau {level}, tiers {tiers}",
            (
                Figure(
                    "Vitalité maximale",
                    vitality,
                    note=f"Constitution {_number(constitution)} + talents ; moitié au 4e niveau de Fatigue",
                ),
                Figure("Énergie maximale", energy, note="Constitution + talents"),
                Figure(
                    "Esquive", dodge, note="10 + modificateur d'Agilité, hors bonus de situation"
                ),
                Figure("Défense", defence, note="Esquive + armure et bouclier"),
                Figure(
                    "Initiative",
                    f"1d{r.initiative_die} {signed(initiative)}",
                    note="Effectif tronqué, bonus des talents compris",
                ),
                Figure(
                    "Points de talents",
                    f"{spent} / {allowed}",
                    note=f"{format_number(allowed - spent)} à dépenser"
                    + (
                        f" ; gratuits : {', '.join(r.talents[t].name for t in free)}"
                        if free
                        else ""
                    ),
                ),
                Figure(
                    "Points de compétence",
                    f"{skill_cost} / {_number(skill_points)}",
                    note="Effectif d'Apprentissage",
                ),
                Figure(
                    "Répartition de l'étape 4",
                    f"{up} / {down}",
                    note=f"points ajoutés / retirés, chaque score de {low} à {high}",
                ),
                Figure("Rang maximal", max_rank, note=f"tiers {tiers}"),
                Figure(
                    "Expérience",
                    experience,
                    note=(
                        f"niveau {level + 1} à {r.xp_total[level + 1]} (encore {r.xp_total[level + 1] - experience})"
                        if next_level
                        else "niveau maximal"
                    ),
                ),
            ),
        )
    )
    attribute_rows = tuple(
        (
            names[a],
            scores[a],
            signed(aspect_bonus[a]),
            signed(species[a]),
            signed(personal[a]),
            signed(final[a] - creation[a]),
            final[a],
            signed(mod[a]),
        )
        for a in r.attributes
    )
    blocks.append(
        Table(
            "Attributs",
            (
                "Attribut",
                "Répartition",
                "Aspects",
                "Espèce et peuple",
                "Caractère et dons",
                "Niveaux",
                "Score",
                "Modificateur",
            ),
            attribute_rows,
        )
    )
    blocks.append(
        Table(
            "Statistiques",
            ("Statistique", "Attribut", "Base", "Cumulatif", "Talents", "Effectif", "Valeur"),
            tuple(stat_rows),
            note="Base rétroactive ; un Incrément par niveau gagné, calculé avec le score de ce "
            "niveau ; Force, Précision, Puissance et Initiative tronquées vers zéro.",
        )
    )
    blocks.append(
        Table(
            "Compétences",
            ("Compétence", "Attribut", "Formé", "Rang", "Bonus", "Passif"),
            tuple(skill_rows),
            note=f"Bonus = modificateur + rang ; passif = {r.passive} + bonus (+ dons). "
            "Expertise non comptée.",
        )
    )
    talent_rows = tuple(
        (
            t.name,
            t.tier,
            costs[t.id],
            r.talents[t.prerequisite].name if t.prerequisite else "—",
            "non" if t.prerequisite and t.prerequisite not in owned_ids else "oui",
        )
        for t in owned
    )
    blocks.append(
        Table(
            "Talents",
            ("Talent", "Tiers", "Coût", "Requis", "Requis acquis"),
            talent_rows,
            note="Coût selon le tiers ; rabais de 1 sur les talents des compétences des aspects, "
            "comptés comme achetés à la création (le rabais ne vaut qu'alors)."
            + (f" Autres dépenses : {autres_points}." if autres_points else ""),
        )
    )
    masteries = list(dict.fromkeys(m for t in owned for m in t.masteries))
    seconds = r.round_seconds
    blocks.append(
        Figures(
            "Autres valeurs",
            (
                Figure(
                    "Capacité de charge (kg)",
                    capacity,
                    note=f"{taille} ; pénalité {penalty} {pluriel(penalty, 'point', 'points')} de mouvement"
                    if penalty
                    else f"{taille} ; aucune pénalité",
                ),
                Figure("Points de mouvement", movement - penalty, note=f"{movement} − {penalty}"),
                Figure("Saut en longueur (m)", long_jump, note="moitié sans élan de 3 m"),
                Figure("Saut en hauteur (m)", high_jump),
                Figure(
                    "Apnée (rounds)",
                    breath,
                    note=f"{breath * seconds} s ; sous l'eau {breath * r.breath[1]} rounds "
                    f"({breath * r.breath[1] * seconds} s)",
                ),
                Figure(
                    "Seuil de tolérance à l'alcool",
                    alcohol,
                    note=f"({signed(mod['vigueur'])} + {r.alcohol[0]}) ÷ {r.alcohol[1]} = "
                    f"{_number(alcohol_exact)}, arrondi à l'entier inférieur, + talents",
                ),
                Figure("Tolérance d'intoxication", mod["vigueur"] + r.intoxication),
                Figure(
                    "Argent",
                    money - depenses,
                    note=f"{jet_argent} × {facteur_education} = {money}, moins {depenses}",
                ),
                *(
                    [Figure("Langues en plus", effects["langues"], note="talents")]
                    if effects.get("langues")
                    else []
                ),
                Figure(
                    "Formé au maniement de",
                    ", ".join(masteries) if masteries else "rien",
                ),
                Figure(
                    "Dons et handicaps",
                    ", ".join(
                        [r.dons[d].name for d in all_dons] + [r.handicaps[h] for h in handicaps]
                    ),
                ),
            ),
        )
    )
    blocks.append(
        Links("Vos choix", _chosen(r, (aspect_1, aspect_2), caractere, all_dons, handicaps, owned))
    )
    return tuple(blocks)


def _chosen(r: CharacterRules, aspects, caractere, dons, handicaps, talents) -> tuple[Link, ...]:
    """What the sheet was given, each linked to its page."""
    links = [
        Link(r.aspects[a][0], urls.entity(SYSTEM, "aspect", a), "aspect")
        for a in dict.fromkeys(aspects)
    ]
    page = urls.entity(SYSTEM, "caractere", caractere)
    links.append(Link(r.caracteres[caractere][0], page, "caractère"))
    links += [Link(r.dons[d].name, urls.entity(SYSTEM, "don", d), "don") for d in dons]
    links += [
        Link(r.handicaps[h], urls.entity(SYSTEM, "handicap", h), "handicap") for h in handicaps
    ]
    links += [
        Link(t.name, urls.entity(SYSTEM, "talent", t.id), f"talent, tiers {t.tier}")
        for t in talents
    ]
    return tuple(links)


def _book_discrepancy(r: CharacterRules, final, stat_rows, level: int) -> str:
    """When the sheet is Justinien's (same scores, level 0), the statistics the book prints
    that differ from chapter 3's formulas (guide §3.5)."""
    by_name = {r.attribute_names[a]: a for a in r.attributes}
    rows = [row for row in r.book_example if row[0] in by_name]
    if level or len(rows) != len(r.attributes):
        return ""
    if any(final[by_name[row[0]]] != row[1] for row in rows):
        return ""
    computed = {row[0]: row[6] for row in stat_rows}
    differ = [
        (row[3], row[4], computed.get(row[3])) for row in rows if computed.get(row[3]) != row[4]
    ]
    if not differ:
        return ""
    agree = [row[3] for row in rows if computed.get(row[3]) == row[4]]
    return (
        "Exemple de Justinien (l. 230–237) : le livre imprime "
        + ", ".join(f"{name} {book}" for name, book, _ in differ)
        + " (la moitié du score) ; les formules du chapitre 3, appliquées ici, donnent "
        + ", ".join(f"{name} {_number(value)}" for name, _, value in differ)
        + (f". {', '.join(agree)} concordent." if agree else ".")
    )


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


def _attributes(rules) -> tuple[tuple[str, str], ...]:
    return rules.personnage.attribute_choices()


def _named(kind: str):
    """The choices of a kind of the data: (id, name)."""

    def choices(rules) -> tuple[tuple[str, str], ...]:
        entries = getattr(rules.personnage, kind)
        return tuple((k, _name(v)) for k, v in entries.items())

    return choices


def _name(entry) -> str:
    if isinstance(entry, str):
        return entry
    return entry[0] if isinstance(entry, tuple) else entry.name


def _skills(rules) -> tuple[tuple[str, str], ...]:
    return tuple((k, v[0]) for k, v in rules.personnage.skills.items())


def _sizes(rules) -> tuple[tuple[str, str], ...]:
    return tuple((name, name) for name, _ in rules.personnage.sizes)


register(
    Calculator(
        SYSTEM,
        "fiche",
        "Feuille de personnage",
        "Que vaut chaque ligne de la fiche, et la création respecte-t-elle les règles ?",
        (
            *(
                IntInput(
                    key,
                    name,
                    value,
                    1,
                    20,
                    "Après la répartition de l'étape 4 (départ 8, de 6 à 11), avant les aspects.",
                )
                for key, name, value in ATTRIBUTE_FIELDS
            ),
            ChoiceInput("aspect_1", LABELS["aspect_1"], "farouche", _named("aspects"), ""),
            ChoiceInput("aspect_2", LABELS["aspect_2"], "gymnaste", _named("aspects"), ""),
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
            ),
            MultiChoiceInput(
                "dons",
                LABELS["dons"],
                (),
                _named("dons"),
                "En plus du don du caractère : un par handicap.",
            ),
            MultiChoiceInput("handicaps", LABELS["handicaps"], (), _named("handicaps"), ""),
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
                suggestions=lambda rules: rules.personnage.talent_suggestions(),
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
            ChoiceInput(
                "taille", LABELS["taille"], "Moyenne", _sizes, "Pour la capacité de charge."
            ),
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
            IntInput(
                "jet_argent", LABELS["jet_argent"], 26, 0, 1000, "Dés de la caste (7d6 : 26)."
            ),
            IntInput("facteur_education", LABELS["facteur_education"], 4, 0, 100, ""),
            IntInput("depenses", LABELS["depenses"], 70, 0, 100000, "Équipement acheté."),
        ),
        compute_sheet,
        (
            "Répartition de l'étape 4 : un point retiré sous 8 permet d'en ajouter un ailleurs, comme dans l'exemple de Justinien (l. 205–207).",
            "Statistiques : Base rétroactive, un Incrément par niveau gagné calculé après le point d'attribut de ce niveau, aucun au niveau 0 ; Effectif tronqué vers zéro.",
            "Force, Précision et Puissance suivent les formules du chapitre 3 ; l'exemple de Justinien imprime la moitié du score (8, 5, 4), écart signalé.",
            "Seuil de tolérance à l'alcool arrondi à l'entier inférieur ; bonus d'Initiative des talents additionnés.",
            "Rabais des aspects à la création seulement (l. 253) : les talents de leurs compétences sont comptés comme achetés à la création (ils y tiennent toujours, avec ceux de la caste et de l'éducation) ; un tel talent acheté plus tard coûte 1 point de plus, à ajouter aux autres points dépensés. Talentueux rend gratuits les talents de tiers 0 qui économisent le plus.",
            "Bonus d'espèce et de peuple de +1 par case cochée ; Entraînement et Expertise ne modifient pas les valeurs calculées.",
        ),
    )
)
