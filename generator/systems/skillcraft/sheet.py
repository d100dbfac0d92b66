"""Character sheet of SkillCraft (guide §3.3–3.5, §6.3): creation from the point-buy to
the last level, every derived value, and the checks of the creation and of the budgets.
The character (character.py) goes through the book's steps (steps.py); this module
assembles the steps' results into the sheet, which the calculator « fiche » (declared with
its form in calculators.py) shows. Every number of the rules comes from the data
(character.py)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from generator.core import urls
from generator.core.typographie import pluriel
from generator.engine.inputs import FieldError
from generator.engine.results import (
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
from generator.systems.skillcraft import steps
from generator.systems.skillcraft.character import SkillCraftCharacter
from generator.systems.skillcraft.rules import Rules

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


@dataclass(frozen=True)
class Computed:
    """The character passed through every step (steps.py), for the sheet's blocks."""

    character: SkillCraftCharacter
    scores: dict[str, int]
    buy: steps.PointBuy
    aspects: steps.Aspects
    origins: steps.Origins
    levels: steps.Levels
    talents: steps.Talents
    stats: steps.Statistics
    skills: steps.Skills
    body: steps.Body
    money: steps.Money

    @property
    def problems(self) -> tuple[tuple[str, str], ...]:
        """Every failed check, in the order of the steps."""
        parts = (self.buy, self.aspects, self.origins, self.levels, self.talents, self.skills)
        return sum((part.problems for part in parts), ()) + self.money.problems


def compute_character(r: Rules, c: SkillCraftCharacter) -> Computed:
    """The creation's steps in the order the book takes them (step 4's point-buy and
    step 3's aspects first, for the scores), then the levels gained."""
    scores = {key: getattr(c, key) for key, _, _ in ATTRIBUTE_FIELDS}
    if not set(scores) <= set(r.attributes):
        raise FieldError(
            "agilite", "Les attributs des données ne sont pas ceux de la feuille : à corriger."
        )
    # The sheet has its seven attributes; data holding more (copies) are read for those.
    r = replace(r, attributes=tuple(a for a in r.attributes if a in scores))
    buy = steps.point_buy(r, scores)
    aspects = steps.aspects(r, c)
    origins = steps.origins(r, c, scores, aspects)
    grown = steps.levels(r, c, origins.creation)
    talents = steps.talents(r, c, aspects, origins.dons, grown.level)
    stats = steps.statistics(r, grown, talents.effects)
    skills = steps.skills(r, c, origins.dons, talents.owned_ids, grown.mod, stats)
    body = steps.body(r, c, grown.final, stats.effective, talents.effects)
    return Computed(
        c, scores, buy, aspects, origins, grown, talents, stats, skills, body, steps.money(c)
    )


def compute_sheet(regles, **values):
    """The calculator: the character read from the form, computed, shown."""
    r: Rules = regles
    computed = compute_character(r, SkillCraftCharacter.from_values(values, r))
    r = replace(r, attributes=tuple(a for a in r.attributes if a in computed.scores))
    blocks = [Checks("Fiche conforme aux règles de création et de progression.", computed.problems)]
    book = _book_discrepancy(r, computed.levels.final, computed.stats.rows, computed.levels.level)
    if book:
        blocks.append(Text(book, "avertissement"))
    blocks += [
        _main_figures(r, computed),
        _attribute_table(r, computed),
        _statistics_table(computed),
        _skills_table(r, computed),
        _talents_table(r, computed),
        _other_figures(r, computed),
    ]
    c, owned = computed.character, computed.talents.owned
    aspects = (c.aspect_1, c.aspect_2)
    chosen = _chosen(r, aspects, c.caractere, computed.origins.dons, c.handicaps, owned)
    return (*blocks, Links("Vos choix", chosen))


def _main_figures(r: Rules, computed: Computed) -> Figures:
    c, body, buy, skills = computed.character, computed.body, computed.buy, computed.skills
    talents, level = computed.talents, computed.levels.level
    free = talents.free
    next_level = level + 1 < len(r.xp_total)
    return Figures(
        f"Niveau {level}, tiers {c.tiers}",
        (
            Figure(
                "Vitalité maximale",
                body.vitality,
                note=f"Constitution {format_number(body.constitution)} + talents ; moitié au 4e niveau de Fatigue",
            ),
            Figure("Énergie maximale", body.energy, note="Constitution + talents"),
            Figure(
                "Esquive", body.dodge, note="10 + modificateur d'Agilité, hors bonus de situation"
            ),
            Figure("Défense", body.defence, note="Esquive + armure et bouclier"),
            Figure(
                "Initiative",
                f"1d{r.initiative_die} {signed(body.initiative)}",
                note="Effectif tronqué, bonus des talents compris",
            ),
            Figure(
                "Points de talents",
                f"{talents.spent} / {talents.allowed}",
                note=f"{format_number(talents.allowed - talents.spent)} à dépenser"
                + (f" ; gratuits : {', '.join(r.talents[t].name for t in free)}" if free else ""),
            ),
            Figure(
                "Points de compétence",
                f"{skills.cost} / {format_number(skills.points)}",
                note="Effectif d'Apprentissage",
            ),
            Figure(
                "Répartition de l'étape 4",
                f"{buy.up} / {buy.down}",
                note=f"points ajoutés / retirés, chaque score de {buy.low} à {buy.high}",
            ),
            Figure("Rang maximal", skills.max_rank, note=f"tiers {c.tiers}"),
            Figure(
                "Expérience",
                c.experience,
                note=(
                    f"niveau {level + 1} à {r.xp_total[level + 1]} (encore {r.xp_total[level + 1] - c.experience})"
                    if next_level
                    else "niveau maximal"
                ),
            ),
        ),
    )


def _attribute_table(r: Rules, computed: Computed) -> Table:
    origins, final = computed.origins, computed.levels.final
    rows = tuple(
        (
            r.attribute_names[a],
            computed.scores[a],
            signed(computed.aspects.bonus[a]),
            signed(origins.species[a]),
            signed(origins.personal[a]),
            signed(final[a] - origins.creation[a]),
            final[a],
            signed(computed.levels.mod[a]),
        )
        for a in r.attributes
    )
    return Table(
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
        rows,
    )


def _statistics_table(computed: Computed) -> Table:
    return Table(
        "Statistiques",
        ("Statistique", "Attribut", "Base", "Cumulatif", "Talents", "Effectif", "Valeur"),
        computed.stats.rows,
        note="Base rétroactive ; un Incrément par niveau gagné, calculé avec le score de ce "
        "niveau ; Force, Précision, Puissance et Initiative tronquées vers zéro.",
    )


def _skills_table(r: Rules, computed: Computed) -> Table:
    return Table(
        "Compétences",
        ("Compétence", "Attribut", "Formé", "Rang", "Bonus", "Passif"),
        computed.skills.rows,
        note=f"Bonus = modificateur + rang ; passif = {r.passive} + bonus (+ dons). "
        "Expertise non comptée.",
    )


def _talents_table(r: Rules, computed: Computed) -> Table:
    talents, extra = computed.talents, computed.character.autres_points
    rows = tuple(
        (
            t.name,
            t.tier,
            talents.costs[t.id],
            r.talents[t.prerequisite].name if t.prerequisite else "—",
            "non" if t.prerequisite and t.prerequisite not in talents.owned_ids else "oui",
        )
        for t in talents.owned
    )
    return Table(
        "Talents",
        ("Talent", "Tiers", "Coût", "Requis", "Requis acquis"),
        rows,
        note="Coût selon le tiers ; rabais de 1 sur les talents des compétences des aspects, "
        "comptés comme achetés à la création (le rabais ne vaut qu'alors)."
        + (f" Autres dépenses : {extra}." if extra else ""),
    )


def _movement_figures(r: Rules, computed: Computed) -> tuple[Figure, ...]:
    """Load, movement, jumps and breath (chapter « Attributs et compétences »)."""
    c, body, final = computed.character, computed.body, computed.levels.final
    (long_base, long_step), (high_base, high_step) = r.jumps
    long_jump = Fraction(long_base + long_step * final["agilite"], 100)
    high_jump = Fraction(max(0, high_base + high_step * computed.levels.mod["agilite"]), 100)
    breath = r.breath[0] * final["vigueur"]
    seconds, penalty = r.round_seconds, body.penalty
    return (
        Figure(
            "Capacité de charge (kg)",
            body.capacity,
            note=f"{c.taille} ; pénalité {penalty} {pluriel(penalty, 'point', 'points')} de mouvement"
            if penalty
            else f"{c.taille} ; aucune pénalité",
        ),
        Figure("Points de mouvement", body.movement - penalty, note=f"{body.movement} − {penalty}"),
        Figure("Saut en longueur (m)", long_jump, note="moitié sans élan de 3 m"),
        Figure("Saut en hauteur (m)", high_jump),
        Figure(
            "Apnée (rounds)",
            breath,
            note=f"{breath * seconds} s ; sous l'eau {breath * r.breath[1]} rounds "
            f"({breath * r.breath[1] * seconds} s)",
        ),
    )


def _other_figures(r: Rules, computed: Computed) -> Figures:
    c, effects = computed.character, computed.talents.effects
    vigour = computed.levels.mod["vigueur"]
    alcohol_exact = Fraction(vigour + r.alcohol[0], r.alcohol[1])
    alcohol = alcohol_exact.numerator // alcohol_exact.denominator + effects.get("seuil_alcool", 0)
    masteries = list(dict.fromkeys(m for t in computed.talents.owned for m in t.masteries))
    total = computed.money.total
    dons = [r.dons[d].name for d in computed.origins.dons]
    return Figures(
        "Autres valeurs",
        (
            *_movement_figures(r, computed),
            Figure(
                "Seuil de tolérance à l'alcool",
                alcohol,
                note=f"({signed(vigour)} + {r.alcohol[0]}) ÷ {r.alcohol[1]} = "
                f"{format_number(alcohol_exact)}, arrondi à l'entier inférieur, + talents",
            ),
            Figure("Tolérance d'intoxication", vigour + r.intoxication),
            Figure(
                "Argent",
                total - c.depenses,
                note=f"{c.jet_argent} × {c.facteur_education} = {total}, moins {c.depenses}",
            ),
            *(
                [Figure("Langues en plus", effects["langues"], note="talents")]
                if effects.get("langues")
                else []
            ),
            Figure("Formé au maniement de", ", ".join(masteries) if masteries else "rien"),
            Figure("Dons et handicaps", ", ".join(dons + [r.handicaps[h] for h in c.handicaps])),
        ),
    )


def _chosen(r: Rules, aspects, caractere, dons, handicaps, talents) -> tuple[Link, ...]:
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


def _book_discrepancy(r: Rules, final, stat_rows, level: int) -> str:
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
        "Exemple de Justinien{@source 230–237} : le livre imprime "
        + ", ".join(f"{name} {book}" for name, book, _ in differ)
        + " (la moitié du score) ; les formules du chapitre 3, appliquées ici, donnent "
        + ", ".join(f"{name} {format_number(value)}" for name, _, value in differ)
        + (f". {', '.join(agree)} concordent." if agree else ".")
    )
