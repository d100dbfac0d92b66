"""The rule values the SkillCraft calculators read, built from data/skillcraft only: the
tests and their dice, the talents, and the character's creation and progression (guide
§3): attributes, statistics and their formulas, skills, aspects, caractères, dons,
handicaps and the numbered tables of chapter 1."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from generator.engine.names import slug

NEEDS = {
    "table": ("lignes",),
    "talent": (
        "nom",
        "tiers",
        "prerequis",
        "achats_multiples",
        "resume",
        "formation",
        "effets_feuille",
        "maitrises",
    ),
    "attribut": ("nom", "statistique", "competences"),
    "statistique": ("nom", "categorie", "attribut", "calcul", "arrondi"),
    "competence": ("nom", "attribut", "talent"),
    "aspect": ("nom", "attributs_obligatoires", "attributs_facultatifs", "competences"),
    "caractere": ("nom", "attribut", "bonus_attribut", "don"),
    "don": (
        "nom",
        "caractere",
        "bonus_attribut",
        "attributs_au_choix",
        "score_maximal_avant_bonus",
        "bonus_passifs",
        "talents_gratuits",
    ),
    "handicap": ("nom",),
}


@dataclass(frozen=True)
class Formula:
    """valeur = max(minimum, (constante + multiplicateur × grandeur) ÷ diviseur), exact."""

    constant: int
    factor: int
    quantity: str  # "modificateur", "score" or "statistique"
    divisor: int
    minimum: int | None = None
    statistic: str | None = None  # when quantity is "statistique"

    def __call__(self, score: int = 0, modifier: int = 0, statistic: Fraction = Fraction(0)):
        value = {"modificateur": modifier, "score": score, "statistique": statistic}[self.quantity]
        result = Fraction(self.constant + self.factor * value, self.divisor)
        return result if self.minimum is None else max(Fraction(self.minimum), result)


@dataclass(frozen=True)
class Statistic:
    id: str
    name: str
    attribute: str
    base: Formula
    increment: Formula
    truncated: bool  # « effectif tronqué » (Force, Précision, Puissance, Initiative)


@dataclass(frozen=True)
class Talent:
    id: str
    name: str
    tier: int
    prerequisite: str | None  # the one talent it needs, if any
    skill: str | None  # the skill it trains (the 20 skill-named talents)
    multiple: bool  # « Achats multiples »
    effects: Mapping[str, int]
    masteries: tuple[str, ...]
    summary: str


@dataclass(frozen=True)
class Don:
    id: str
    name: str
    caractere: str | None
    attribute_bonus: int
    attribute_choices: tuple[str, ...]
    score_cap: int | None  # the chosen attribute's score may not exceed it before the bonus
    passives: Mapping[str, int]  # skill -> bonus to its passive score
    free_talents: tuple[tuple[str, int], ...]  # (genre, number): one of these options


@dataclass(frozen=True)
class Rules:
    faces: int  # of each of the two dice (Espérance, Damnation)
    critical_double: int  # the lowest double that succeeds automatically
    fumble_double: int  # the highest double that fails automatically
    group_share: int  # a group test needs this percentage of the participants…
    group_extra: int  # …plus this many
    difficulties: tuple[tuple[str, int], ...]  # (name, DD)
    talents: Mapping[str, Talent]  # in the book's order
    talents_by_tier: Mapping[str, Talent]  # the same talents, tier then book order
    creation_points: int  # talent points at creation (level 0)
    points_per_level: int  # talent points per level gained
    crit_ranges: Mapping[str, tuple[str, int]]  # talent id -> (name, lowest critical sum)
    multiple_attacks: Mapping[int, int]  # attack of the turn -> penalty
    attribute_points_per_level: int
    carry_per_vigueur: int  # kg carried without encumbrance per point of Vigueur (Moyenne)
    least_penalty: int  # movement points lost as soon as there is any excess
    size_share: Mapping[str, tuple[str, int]]  # size id -> (name, % of the Moyenne capacity)
    powers: Mapping[int, tuple[int, int, int, int]]  # tier -> (talent points, lowest level,
    #                                                   highest level, Énergie per level)
    # The character's creation and progression (the sheet, the planner, everyday figures).
    attributes: tuple[str, ...]  # in the book's order
    attribute_names: Mapping[str, str]
    statistics: Mapping[str, Statistic]  # by attribute
    skills: Mapping[str, tuple[str, str, str]]  # id -> (name, attribute, talent)
    aspects: Mapping[str, tuple[str, tuple[str, ...], tuple[str, ...], tuple[str, ...]]]
    caracteres: Mapping[str, tuple[str, str, int, str]]  # id -> (name, attribute, bonus, don)
    dons: Mapping[str, Don]
    handicaps: Mapping[str, str]
    talents: Mapping[str, Talent]  # tier then book order
    derived: Mapping[str, tuple[str | None, Formula]]  # vitalite, esquive…: (attribute, formula)
    progression: Mapping[str, int]  # « Points de progression », by the start of the label
    talent_cost: Mapping[int, int]  # tier -> points
    max_rank: Mapping[int, int]  # personal tier -> highest skill rank
    xp_total: tuple[int, ...]  # total experience to reach each level, from 0
    modifiers: tuple[tuple[int, int], ...]  # (lowest score, modifier), ascending
    sizes: tuple[tuple[str, int], ...]  # (size, carrying capacity in % of the normal)
    encumbrance: tuple[int, int]  # (kg per point of Vigueur, least penalty)
    jumps: tuple[tuple[int, int], tuple[int, int]]  # (base cm, cm per point): long, high
    breath: tuple[int, int]  # (rounds per point of Vigueur, factor under water)
    round_seconds: int
    initiative_die: int  # faces of the Initiative die
    passive: int  # replaces the dice in a passive test
    alcohol: tuple[int, int]  # threshold = (Vigueur modifier + a) ÷ b, rounded down
    intoxication: int  # tolerance = Vigueur modifier + this
    book_example: tuple[tuple, ...]  # the table « Attributs et statistiques de Justinien »

    def modifier(self, score: int) -> int:
        return next(
            (m for low, m in reversed(self.modifiers) if score >= low), self.modifiers[0][1]
        )

    def level_of(self, experience: int) -> int:
        """The level reached with this much experience (« Expérience par niveau »)."""
        return max(n for n, total in enumerate(self.xp_total) if total <= experience)

    def talent_choices(self) -> tuple[tuple[str, str], ...]:
        return tuple((t.id, f"{t.name} (T{t.tier})") for t in self.talents_by_tier.values())

    def talent_suggestions(self) -> tuple[tuple[str, str], ...]:
        return tuple((t.name, f"tiers {t.tier}") for t in self.talents_by_tier.values())

    def attribute_choices(self) -> tuple[tuple[str, str], ...]:
        return tuple((a, self.attribute_names[a]) for a in self.attributes)


def _formula(row: Mapping) -> Formula:
    return Formula(
        row["constante"],
        row["multiplicateur"],
        row["grandeur"],
        row["diviseur"],
        row.get("minimum"),
        row.get("statistique"),
    )


def _rows(tables: Mapping, table: str) -> dict[str, object]:
    return {str(row[0]): row[1] for row in tables[table]["lignes"]}


def _value(rows: Mapping[str, object], start: str) -> int:
    return next(v for k, v in rows.items() if k.startswith(start))


# The labels of the table « Points de progression » the sheet reads (by their start).
PROGRESSION_KEYS = (
    "Points de talents à la création",
    "Points de talents à dépenser au moins",
    "Rabais d'un talent de compétence d'aspect",
    "Points de talents par niveau",
    "Points d'attribut par niveau",
    "Score d'attribut maximal",
    "Score d'attribut minimal",
    "Score de départ",
    "Score minimal lors de la répartition",
    "Score maximal lors de la répartition",
    "Bonus du Meilleur",
    "Bonus du Pire",
    "Bonus de chacun des deux autres",
    "Attributs facultatifs retenus",
    "Bonus de chaque attribut facultatif",
    "Bonus de l'attribut au choix",
    "Talents de compétence à acquérir",
    "Coût d'un rang de compétence, formé",
    "Coût d'un rang de compétence, non formé",
    "Réduction de coût d'un rabais",
)


def _statistics(data: Mapping) -> tuple[dict, dict]:
    """({attribute: its statistic}, {derived value: (attribute, formula)})."""
    stats, derived = {}, {}
    for stat_id, s in data["statistique"].items():
        steps = {row["valeur"]: row for row in s.get("calcul", ())}
        if s["categorie"] == "statistique" and s["attribut"] not in stats:  # the first one
            stats[s["attribut"]] = Statistic(
                stat_id,
                s["nom"],
                s["attribut"],
                _formula(steps["base"]),
                _formula(steps["increment"]),
                s["arrondi"] == "troncature",
            )
        elif steps:
            derived[stat_id] = (s["attribut"], _formula(next(iter(steps.values()))))
    return stats, derived


def _dons(data: Mapping) -> dict[str, Don]:
    return {
        k: Don(
            k,
            v["nom"],
            v.get("caractere"),
            v.get("bonus_attribut", 0),
            tuple(v.get("attributs_au_choix", ())),
            v.get("score_maximal_avant_bonus"),
            {b["competence"]: b["bonus"] for b in v.get("bonus_passifs", ())},
            tuple((g["genre"], g["nombre"]) for g in v.get("talents_gratuits", ())),
        )
        for k, v in data["don"].items()
    }


def _talents(data: Mapping) -> dict[str, Talent]:
    """In the book's order."""
    return {
        k: Talent(
            k,
            v["nom"],
            v["tiers"],
            v.get("prerequis"),
            v.get("formation"),
            bool(v.get("achats_multiples")),
            dict(v.get("effets_feuille", {})),
            tuple(v.get("maitrises", ())),
            v["resume"],
        )
        for k, v in data["talent"].items()
    }


def _from_tables(tables: Mapping) -> dict[str, object]:
    """The fields of Rules read from the numbered tables of chapter 1."""
    progression = _rows(tables, "points-de-progression")
    combat = _rows(tables, "deroulement-du-combat")
    breath = _rows(tables, "retenir-son-souffle")
    alcohol = _rows(tables, "alcoolemie")
    jumps = {row[0]: (row[1], row[2]) for row in tables["sauts"]["lignes"]}
    return dict(
        progression={key: _value(progression, key) for key in PROGRESSION_KEYS},
        talent_cost={row[0]: row[1] for row in tables["cout-des-talents"]["lignes"]},
        max_rank={row[0]: row[1] for row in tables["rang-maximal-par-tiers"]["lignes"]},
        xp_total=tuple(row[2] for row in tables["experience-par-niveau"]["lignes"]),
        modifiers=tuple((row[1], row[2]) for row in tables["modificateurs-d-attribut"]["lignes"]),
        sizes=tuple((row[0], row[1]) for row in tables["capacite-de-charge-par-taille"]["lignes"]),
        encumbrance=(
            _value(_rows(tables, "encombrement"), "Masse portée"),
            _value(_rows(tables, "encombrement"), "Pénalité minimale"),
        ),
        jumps=(jumps["En longueur"], jumps["En hauteur"]),
        breath=(_value(breath, "Rounds d'apnée"), _value(breath, "Multiplicateur sous l'eau")),
        round_seconds=_value(combat, "Durée d'un round"),
        initiative_die=_value(combat, "Initiative : faces du dé"),
        passive=_value(_rows(tables, "parametres-des-tests"), "Valeur remplaçant les dés"),
        alcohol=(
            _value(alcohol, "Seuil de tolérance : ajout"),
            _value(alcohol, "Seuil de tolérance : diviseur"),
        ),
        intoxication=_value(_rows(tables, "intoxication"), "Tolérance : ajout"),
        book_example=tuple(tuple(row) for row in tables["attributs-de-justinien"]["lignes"]),
    )


def build(data: Mapping) -> Rules:
    tables = data["table"]
    values = {row[0]: row[1] for row in tables["parametres-des-tests"]["lignes"]}

    def value(start: str) -> int:
        return next(v for k, v in values.items() if k.startswith(start))

    progression = {row[0]: row[1] for row in tables["points-de-progression"]["lignes"]}
    talents = _talents(data)
    difficulties = tuple(
        (str(row[0]), row[1])
        for row in tables["degres-de-difficulte"]["lignes"]
        if isinstance(row[1], int)
    )
    stats, derived = _statistics(data)
    return Rules(
        faces=value("Faces du dé"),
        critical_double=value("Double le plus bas"),
        fumble_double=value("Double le plus haut"),
        group_share=value("Test de groupe : part"),
        group_extra=value("Test de groupe : réussites ajoutées"),
        difficulties=difficulties,
        talents=talents,
        talents_by_tier=dict(sorted(talents.items(), key=lambda item: item[1].tier)),
        creation_points=progression["Points de talents à la création"],
        points_per_level=progression["Points de talents par niveau gagné"],
        crit_ranges={
            slug(name): (name, lowest)
            for name, lowest, *_rest in tables["plages-de-coup-critique"]["lignes"]
            if isinstance(lowest, int)
        },
        multiple_attacks=dict(tables["penalites-d-attaques-multiples"]["lignes"]),
        attribute_points_per_level=progression["Points d'attribut par niveau gagné"],
        carry_per_vigueur=tables["encombrement"]["lignes"][0][1],
        least_penalty=tables["encombrement"]["lignes"][1][1],
        size_share={
            slug(name): (name, share)
            for name, share in tables["capacite-de-charge-par-taille"]["lignes"]
        },
        powers={
            tier: (points, low, high, base)
            for tier, points, _levels, low, high, base in tables["pouvoirs-par-tiers"]["lignes"]
        },
        attributes=tuple(data["attribut"]),
        attribute_names={a: v["nom"] for a, v in data["attribut"].items()},
        statistics=stats,
        skills={k: (v["nom"], v["attribut"], v["talent"]) for k, v in data["competence"].items()},
        aspects={
            k: (
                v["nom"],
                tuple(v["attributs_obligatoires"]),
                tuple(v["attributs_facultatifs"]),
                tuple(v["competences"]),
            )
            for k, v in data["aspect"].items()
        },
        caracteres={
            k: (v["nom"], v["attribut"], v["bonus_attribut"], v["don"])
            for k, v in data["caractere"].items()
        },
        dons=_dons(data),
        handicaps={k: v["nom"] for k, v in data["handicap"].items()},
        derived=derived,
        **_from_tables(tables),
    )
