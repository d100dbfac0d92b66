"""The rule values the SkillCraft calculators read, built from data/skillcraft only."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ...engine.names import slug
from . import character

NEEDS = {
    "table": ("lignes",),
    "talent": ("nom", "tiers", "prerequis", "achats_multiples", "resume"),
}
# The character sheet reads more kinds and fields (character.py).
NEEDS = {
    kind: tuple(dict.fromkeys(NEEDS.get(kind, ()) + fields))
    for kind, fields in {**NEEDS, **character.NEEDS}.items()
}


@dataclass(frozen=True)
class Talent:
    name: str
    tier: int
    requires: str | None  # the one talent it needs, if any
    multiple: bool  # « Achats multiples »
    summary: str


@dataclass(frozen=True)
class Rules:
    faces: int  # of each of the two dice (Espérance, Damnation)
    critical_double: int  # the lowest double that succeeds automatically
    fumble_double: int  # the highest double that fails automatically
    group_share: int  # a group test needs this percentage of the participants…
    group_extra: int  # …plus this many
    difficulties: tuple[tuple[str, int], ...]  # (name, DD)
    talents: Mapping[str, Talent]  # in the book's order
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
    # The rules of the character, its creation and progression: the one place of the
    # values both read (passive test, talent costs, highest ranks, experience by level).
    personnage: character.CharacterRules = field(compare=False)


def build(data: Mapping) -> Rules:
    tables = data["table"]
    values = {row[0]: row[1] for row in tables["parametres-des-tests"]["lignes"]}

    def value(start: str) -> int:
        return next(v for k, v in values.items() if k.startswith(start))

    progression = {row[0]: row[1] for row in tables["points-de-progression"]["lignes"]}
    talents = {
        k: Talent(
            v["nom"], v["tiers"], v.get("prerequis"), bool(v["achats_multiples"]), v["resume"]
        )
        for k, v in data["talent"].items()
    }
    difficulties = tuple(
        (str(row[0]), row[1])
        for row in tables["degres-de-difficulte"]["lignes"]
        if isinstance(row[1], int)
    )
    return Rules(
        faces=value("Faces du dé"),
        critical_double=value("Double le plus bas"),
        fumble_double=value("Double le plus haut"),
        group_share=value("Test de groupe : part"),
        group_extra=value("Test de groupe : réussites ajoutées"),
        difficulties=difficulties,
        talents=talents,
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
        personnage=character.build(data),
    )
