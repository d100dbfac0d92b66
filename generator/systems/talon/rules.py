"""The rule values the Talon calculators read, built from data/talon only.

The pack of lames, the context and NPC modifiers, the archetypes, the health tracks and the
creation tables all come from the data; the engine modules (deck, health, sheet) receive them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from generator.engine.names import slug
from generator.systems.talon.deck import Pack, Suit

NEEDS = {
    "enseigne": ("nom", "symbole"),
    "honneur": ("nom", "valeur"),
    "arcane": ("nom", "numero", "fin_de_cycle"),
    "archetype": ("nom", "enseigne", "bonus_par_lame", "malus_par_lame"),
    "qualite-pnj": ("nom", "modificateur_actif", "modificateur_passif"),
    "piste": ("nom", "competence", "cumul_max", "niveaux", "depassement"),
    "attribut": ("nom", "competences"),
    "competence": ("nom", "enseigne", "attributs", "des_a_mains_nues"),
    "table": ("lignes",),
}

# How the site writes a suit in a lame's code (« 12E »), in the URL of the calculators and in
# the virtual talon's log: a stable interface, not a rule. D for the Écus: their other name,
# Deniers (l. 23), keeps the letters distinct.
SUIT_LETTERS = {"epees": "E", "coupes": "C", "ecus": "D", "batons": "B"}
CONTEXT_TABLE = "modificateurs-de-contexte"
CREATION_TABLE = "valeurs-des-attributs"
DEVELOPMENT_TABLE = "developpement-des-competences"
MARGINS_TABLE = "difficulte-et-marges"  # rows: base difficulty, special margin, critical margin


@dataclass(frozen=True)
class Modifier:
    id: str
    name: str
    value: int


@dataclass(frozen=True)
class NpcQuality:
    id: str
    name: str
    active: int  # the PC acts on the NPC
    passive: int  # the PC reacts to it


@dataclass(frozen=True)
class Archetype:
    id: str
    name: str
    suit: str
    bonus: int  # per lame of its suit, on a skill of its suit
    malus: int  # per lame of another suit, on a skill of another suit


@dataclass(frozen=True)
class Level:
    name: str
    count: int
    threshold: int
    malus: Fraction  # per full level; the tier's total is rounded down
    free_from: int  # skill value that gives one more level, without malus


@dataclass(frozen=True)
class TrackRules:
    id: str
    name: str
    skill: str
    cumul_max: int
    levels: tuple[Level, ...]
    overflow: str  # what happens past the last level


@dataclass(frozen=True)
class Attribute:
    id: str
    name: str
    skills: tuple[str, ...]  # the skills it can develop (attribute list)


@dataclass(frozen=True)
class Skill:
    id: str
    name: str
    suit: str | None
    attributes: tuple[str, ...]  # the attributes it can take its value from (skill list)


@dataclass(frozen=True)
class Group:
    """Primary, secondary or other attributes at creation: their values, and how many
    skills each of them develops."""

    name: str
    values: tuple[int, ...]
    developed: int


@dataclass(frozen=True)
class Rules:
    pack: Pack
    contexts: tuple[Modifier, ...]
    npc_qualities: tuple[NpcQuality, ...]
    archetypes: Mapping[str, Archetype]
    tracks: Mapping[str, TrackRules]
    attributes: Mapping[str, Attribute]
    skills: Mapping[str, Skill]
    groups: tuple[Group, Group, Group]  # primaries, secondaries, others
    development_bonus: Mapping[int, int]  # developments -> bonus
    unarmed_dice: Mapping[tuple[str, str], str]  # (Costaud's status, Violent's) -> die
    difficulty: int  # of a test, unless said otherwise
    special: int  # margin of a special success
    critical: int  # margin of a critical success

    def context(self, context_id: str) -> Modifier:
        return next(c for c in self.contexts if c.id == context_id)

    def bonus(self, developments: int) -> int:
        """+2 per development (l.322); past the table, the same step again (editorial)."""
        if developments in self.development_bonus:
            return self.development_bonus[developments]
        return developments * self.development_bonus[1]


def _number(cell: object) -> int:
    return int(str(cell).replace("−", "-").replace("+", ""))


def _pack(data: Mapping) -> Pack:
    honours = {h["valeur"]: h["nom"] for h in data["honneur"].values()}
    value_of = {h_id: h["valeur"] for h_id, h in data["honneur"].items()}
    suits = tuple(
        Suit(s_id, s["nom"], s["symbole"], SUIT_LETTERS.get(s_id, s_id))
        for s_id, s in data["enseigne"].items()
    )
    arcana = {a["numero"]: a["nom"] for a in data["arcane"].values() if a.get("numero")}
    sans_nom = next(a["nom"] for a in data["arcane"].values() if a.get("fin_de_cycle"))
    return Pack(
        suits,
        tuple(sorted(honours.items())),
        value_of["as"],
        value_of["roi"],
        tuple(sorted(arcana.items())),
        sans_nom,
    )


def _track(track_id: str, track: Mapping) -> TrackRules:
    levels = tuple(
        Level(
            level["nom"],
            level["nombre"],
            level["seuil"],
            Fraction(str(level["malus_par_niveau"])),
            level["niveau_gratuit_des"],
        )
        for level in track["niveaux"]
    )
    return TrackRules(
        track_id,
        track["nom"],
        track["competence"],
        track["cumul_max"],
        levels,
        track["depassement"],
    )


def build(data: Mapping) -> Rules:
    tables = data["table"]
    contexts = tuple(
        Modifier(slug(str(name)), str(name), _number(value))
        for name, value in tables[CONTEXT_TABLE]["lignes"]
    )
    npc = tuple(
        NpcQuality(q_id, q["nom"], q["modificateur_actif"], q["modificateur_passif"])
        for q_id, q in data["qualite-pnj"].items()
    )
    groups = tuple(
        Group(str(name), tuple(_number(v) for v in str(values).split(",")), int(developed))
        for name, _, values, developed in tables[CREATION_TABLE]["lignes"]
    )
    development = {int(n): _number(bonus) for n, bonus in tables[DEVELOPMENT_TABLE]["lignes"]}
    unarmed = {
        (row["costaud"], row["violent"]): row["dommages"]
        for skill in data["competence"].values()
        for row in skill.get("des_a_mains_nues", ())
    }
    difficulty, special, critical = (_number(row[1]) for row in tables[MARGINS_TABLE]["lignes"])
    return Rules(
        pack=_pack(data),
        contexts=contexts,
        npc_qualities=npc,
        archetypes={
            a_id: Archetype(a_id, a["nom"], a["enseigne"], a["bonus_par_lame"], a["malus_par_lame"])
            for a_id, a in data["archetype"].items()
        },
        tracks={t_id: _track(t_id, t) for t_id, t in data["piste"].items()},
        attributes={
            a_id: Attribute(a_id, a["nom"], tuple(a["competences"]))
            for a_id, a in data["attribut"].items()
        },
        skills={
            s_id: Skill(s_id, s["nom"], s.get("enseigne"), tuple(s["attributs"]))
            for s_id, s in data["competence"].items()
        },
        groups=groups,
        development_bonus=development,
        unarmed_dice=unarmed,
        difficulty=difficulty,
        special=special,
        critical=critical,
    )
