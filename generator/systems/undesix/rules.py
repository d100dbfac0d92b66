"""The rule values the UnDéSix calculators read, built from data/undesix only."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from generator.engine.names import slug

NEEDS = {
    "table": ("lignes",),
    "verbe": ("nom", "modificateur"),
    "essence": ("nom", "modificateur"),
    "echelle": (
        "nom",
        "libelle",
        "echelle",
        "ordre",
        "modificateur",
        "bonus_verbes",
        "cout_psy",
        "perte_psy_max",
    ),
    "posture": ("nom", "modificateurs"),
    "option": ("nom", "seuil_phy"),
    "caracteristique": ("nom", "abreviation", "valeurs_derivees", "seuils"),
    "variante": (
        "nom",
        "methode",
        "jet",
        "seuil_relance",
        "points",
        "minimum",
        "maximum",
        "plafonds",
        "transfert",
        "bonus_magique",
    ),
}


@dataclass(frozen=True)
class Mode:
    """A way to create a character's five characteristics (Fiche 9)."""

    name: str
    method: str  # aleatoire, repartition, description-du-monstre
    faces: int | None  # of the die rolled for each characteristic
    reroll_at_most: int | None  # a total this low may be rolled again
    points: int | None  # to share out
    minimum: int | None
    maximum: int | None
    caps: Mapping[str, int]  # characteristic -> its own maximum
    transfer: Mapping | None  # {"vers", "plancher_autres", "plafond"}
    magic: Mapping | None  # {"points", "essences_min", "essences_max", "verbes"}


@dataclass(frozen=True)
class Stance:
    """An attitude de combat: its modifiers to the attack (None: no attack) and to CA."""

    name: str
    attack: int | None
    armour: int


@dataclass(frozen=True)
class Step:
    """One step of the size, duration or distance scale of spells."""

    id: str
    label: str
    scale: str  # taille, duree, distance
    modifier: int
    verb_bonus: Mapping[str, int]  # verb id -> bonus (Petit: Créer +2; contact: Déplacer…)
    psy_cost: int
    psy_max_loss: int


@dataclass(frozen=True)
class Incantation:
    label: str
    seconds: int
    psy: int
    phy: int
    verb_bonus: int


@dataclass(frozen=True)
class Rules:
    faces: int
    extra_action_malus: int  # per simultaneous action beyond the first
    helper_bonus: int  # per person helping
    always_success: int  # the face that always succeeds (option; combat)
    always_failure: int  # the face that always fails (option; combat)
    levels: tuple[tuple[int, int | None, str], ...]  # (margin min, max or None, name)
    scale: tuple[tuple[str, int], ...]  # (name, size) of the GM's bonuses and maluses
    verbs: Mapping[str, tuple[str, int]] = None  # id -> (name, modifier)
    essences: Mapping[str, tuple[str, int]] = None
    steps: Mapping[str, Step] = None
    incantations: tuple[Incantation, ...] = ()
    both_costs: int = 10  # PSY of a spell both long and large
    armours: Mapping[str, tuple[str, int]] = None  # id -> (name, CA), body armour
    shield: int = 0  # CA of a shield
    dex_armour: tuple[tuple[int, int, int], ...] = ()  # (DEX min, DEX max, base CA)
    stances: Mapping[str, Stance] = None
    postures: Mapping[str, Mapping] = None  # id -> {"nom", "modificateurs"}
    rest_minutes: Mapping[str, int] = None  # PHY, PSY -> minutes of rest per point regained
    psy_states: tuple[tuple[int, int | None, str], ...] = ()  # (from, down to or None, effect)
    death_threshold: int = 0  # PHY below which a character dies with the -10 option
    caracs: Mapping[str, str] = None  # id -> abbreviation (PHY…), in the book's order
    derived: tuple[tuple[str, Mapping], ...] = ()  # (characteristic, valeur dérivée)
    modes: Mapping[str, Mode] = None
    cast_minimum: int = 0  # PSY needed to cast spells

    def base_armour(self, dex: int) -> int:
        """CA de base from DEX: the table, then its progression (+1 per two points) beyond
        it, as the table's editorial note decides."""
        for low, high, armour in self.dex_armour:
            if low <= dex <= high:
                return armour
        low, high, armour = self.dex_armour[-1]
        width = high - low + 1
        return armour + max(0, dex - low) // width if dex > high else 0

    def modifier(self, posture: str, who: str, on: str, mode: str = "bonus") -> int | None:
        """The value of a posture's modifier (e.g. attaque-de-dos, attaquant, attaque)."""
        return next(
            (
                m["valeur"]
                for m in self.postures[posture]["modificateurs"]
                if (m["beneficiaire"], m["porte_sur"], m["mode"]) == (who, on, mode)
            ),
            None,
        )

    def steps_of(self, scale: str) -> tuple[Step, ...]:
        return tuple(s for s in self.steps.values() if s.scale == scale)

    def level(self, margin: int) -> str:
        """« réussite ou échec majeur »… for a margin of either sign."""
        size = abs(margin)
        for low, high, name in self.levels:
            if low <= size and (high is None or size <= high):
                return name
        return ""


def build(data: Mapping) -> Rules:
    tables = data["table"]
    params = [row[1] for row in tables["parametres-du-test"]["lignes"]]
    faces, malus, helper, success, failure = params
    levels = tuple(
        (low, high if isinstance(high, int) else None, name)
        for _printed, low, high, name in tables["niveaux-de-reussite"]["lignes"]
    )
    scale = tuple((name, size) for name, _printed, size in tables["bonus-et-malus"]["lignes"])
    steps = {
        step_id: Step(
            step_id,
            s["libelle"],
            s["echelle"],
            s["modificateur"],
            {b["verbe"]: b["bonus"] for b in s.get("bonus_verbes", ())},
            s["cout_psy"],
            s["perte_psy_max"],
        )
        for step_id, s in sorted(data["echelle"].items(), key=lambda kv: kv[1]["ordre"])
    }
    incantations = tuple(
        Incantation(label, seconds, psy, phy, bonus)
        for label, seconds, psy, phy, bonus in tables["incantation-plus-longue"]["lignes"]
    )
    both = max(row[4] for row in tables["cout-en-psy"]["lignes"])
    armours = tables["armures"]["lignes"]
    stances = {
        slug(name): Stance(name, attack if isinstance(attack, int) else None, armour)
        for name, _sens, attack, armour, *_rest in tables["attitudes-de-combat"]["lignes"]
    }
    return Rules(
        faces,
        malus,
        helper,
        success,
        failure,
        levels,
        scale,
        verbs={k: (v["nom"], v["modificateur"]) for k, v in data["verbe"].items()},
        essences={
            k: (v["nom"], v["modificateur"])
            for k, v in data["essence"].items()
            if isinstance(v.get("modificateur"), int)
        },
        steps=steps,
        incantations=incantations,
        both_costs=both,
        armours={slug(n): (n, ca) for n, ca, worn in armours if worn == "armure"},
        shield=next(ca for _n, ca, worn in armours if worn == "bouclier"),
        dex_armour=tuple(
            (low, high, ca) for _printed, low, high, ca in tables["ca-de-base"]["lignes"]
        ),
        stances=stances,
        postures=data["posture"],
        rest_minutes={
            name: minutes // points
            for name, points, _printed, minutes in tables["recuperation"]["lignes"]
        },
        psy_states=tuple(
            (high, low if isinstance(low, int) else None, effect)
            for _printed, high, low, effect in tables["seuils-de-psy"]["lignes"]
        ),
        caracs={k: c["abreviation"] for k, c in data["caracteristique"].items()},
        derived=tuple(
            (k, d) for k, c in data["caracteristique"].items() for d in c["valeurs_derivees"]
        ),
        modes={k: _mode(v) for k, v in data["variante"].items()},
        cast_minimum=next(
            s["valeur"]
            for c in data["caracteristique"].values()
            if c["abreviation"] == "PSY"
            for s in c["seuils"]
            if s["comparaison"] == "au-moins"
        ),
        death_threshold=next(
            o["seuil_phy"] for o in data["option"].values() if o.get("seuil_phy") is not None
        ),
    )


def _mode(v: Mapping) -> Mode:
    return Mode(
        v["nom"],
        v["methode"],
        int(v["jet"].split("d")[1]) if v.get("jet") else None,
        v.get("seuil_relance"),
        v.get("points"),
        v.get("minimum"),
        v.get("maximum"),
        {c["caracteristique"]: c["maximum"] for c in v.get("plafonds") or ()},
        v.get("transfert"),
        v.get("bonus_magique"),
    )
