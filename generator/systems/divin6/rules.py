"""The rule values the Divin (6)thème calculators read, built from data/divin6 only."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from types import MappingProxyType

from generator.engine.names import Names, slug

NEEDS = {
    "atout": ("nom", "categorie", "prerequis", "caracteristique_liee", "prises", "resume"),
    "caracteristique": ("nom",),
    "competence": ("nom", "caracteristique", "famille"),
    "classe": ("nom", "categorie_atout", "creation", "par_niveau"),
    "peuple": ("nom", "type", "modificateurs", "atouts", "bonus_competences"),
    "equipement": (
        "nom",
        "type",
        "categorie",
        "categorie_arme",
        "cout_do",
        "encombrement",
        "armure",
        "defense",
        "modificateur_encombrement",
        "a_distance",
    ),
    "categorie-arme": ("nom", "bonus_attaque", "degats", "metier_des_armes", "armes_citees"),
    "avantage": ("nom",),
}


@dataclass(frozen=True)
class ClassRule:
    """Gains of a class: at creation (if it is the first class) and at each later level."""

    name: str
    atout_category: str
    ranks: int  # plus Intelligence, at creation
    degrees: int
    factor: int  # Constitution (PV) and Sagesse (PE) multiplier at creation
    free: int
    level_ranks: int
    level_degrees: int
    level_free: int
    class_atouts: int  # atouts of its category at creation
    level_atouts: int  # atouts of its category at each later level…
    any_category_levels: tuple[int, ...]  # …except at these global levels


@dataclass(frozen=True)
class Item:
    """A row of the price tables, as the sheet counts it."""

    name: str
    kind: str  # the data's `type`: outil, consommable, arme, munition, armure, bouclier, monture
    cost: int  # DO
    load: Fraction  # a mount adds to the score instead (`value`)
    value: int  # armour, shield Défense, or a mount's encumbrance modifier
    category: str | None  # weapon category of a weapon, armour or shield
    ranged: bool = False


@dataclass(frozen=True)
class WeaponCategory:
    name: str
    attack: int
    damage_dice: int  # d6
    mastery: int  # takes of Métier des armes needed (also for armour and shields)
    price_row: str | None  # its line of the price table
    cited: Mapping[str, bool]  # id of a weapon the text names -> ranged?
    names: tuple[str, ...]  # those weapons' names, as the text writes them


@dataclass(frozen=True)
class Rules:
    atouts: Mapping[str, Mapping]
    caracs: tuple[str, ...]  # in the book's order
    carac_names: Mapping[str, str]
    skills: Mapping[str, tuple[str, bool]]  # id -> (characteristic, specialised?)
    skill_names: Mapping[str, str]
    classes: Mapping[str, ClassRule]
    peoples: Mapping[
        str, Mapping
    ]  # id -> {"nom", "type", "modificateurs": {carac: delta}, "atouts"}
    equipment: Mapping[str, Item]
    weapon_categories: Mapping[str, WeaponCategory]  # from the lightest to the heaviest
    advantages: Mapping[str, str]  # id -> name (Attaque, Défense, Sauvegarde)

    @cached_property
    def names(self) -> Mapping[str, Names]:
        """Kind -> the names of that kind the sheet reads (engine/names.py), built once: its
        pickers offer them and it reads them back through the same resolver. The gear is
        the price tables' rows and the weapons the text names (at their category's price)."""
        gear = {k: item.name for k, item in self.equipment.items()}
        for category in self.weapon_categories.values():
            gear |= {slug(n): n for n in category.names if slug(n) not in gear}
        return MappingProxyType(
            {
                "classe": Names({k: c.name for k, c in self.classes.items()}),
                "competence": Names(self.skill_names),
                "avantage": Names(self.advantages),
                "atout": Names({k: a["nom"] for k, a in self.atouts.items()}),
                "equipement": Names(gear),
            }
        )

    def weapon_named(self, weapon_id: str) -> str | None:
        """The category of a weapon the text names (« épée longue »), if any."""
        return next(
            (c for c, cat in self.weapon_categories.items() if weapon_id in cat.cited), None
        )


def _item(row: Mapping) -> Item:
    kind = row["type"]
    value = row.get("armure") or row.get("defense") or row.get("modificateur_encombrement") or 0
    mount = kind == "monture"
    return Item(
        row["nom"],
        kind,
        row["cout_do"],
        Fraction(0) if mount else Fraction(str(row["encombrement"])),
        value,
        row.get("categorie_arme") or (row.get("categorie") if kind != "arme" else None),
        bool(row.get("a_distance")),
    )


def _weapon_categories(data: Mapping) -> dict[str, WeaponCategory]:
    price_rows = {
        row["categorie"]: item_id
        for item_id, row in data["equipement"].items()
        if row["type"] == "arme" and row.get("categorie") == row.get("categorie_arme")
    }
    categories = {
        cid: WeaponCategory(
            c["nom"],
            c["bonus_attaque"],
            int(c["degats"].upper().split("D")[0]),
            c["metier_des_armes"],
            price_rows.get(cid),
            {slug(w["nom"]): bool(w.get("distance")) for w in c["armes_citees"]},
            tuple(w["nom"] for w in c["armes_citees"]),
        )
        for cid, c in data["categorie-arme"].items()
    }
    return dict(sorted(categories.items(), key=lambda kv: kv[1].mastery))


def build(data: Mapping) -> Rules:
    caracs = data["caracteristique"]
    skills = data["competence"]
    classes = {}
    for class_id, c in data["classe"].items():
        first, later = c["creation"], c["par_niveau"]
        classes[class_id] = ClassRule(
            c["nom"],
            c["categorie_atout"],
            first["rangs_base"],
            first["degres"],
            first["pv_multiplicateur_con"],
            first["points_libres"],
            later["rangs"],
            later["degres"],
            later["points_libres"],
            first["atouts_classe"],
            later["atouts"],
            tuple(later["niveaux_atout_libre"]),
        )
    peoples = {
        people_id: {
            "nom": p["nom"],
            "type": p["type"],
            "atouts": tuple(p.get("atouts", ())),
            "modificateurs": {
                m["caracteristique"]: m["valeur"] for m in p.get("modificateurs", ())
            },
            "competences": {b["competence"]: b["valeur"] for b in p.get("bonus_competences", ())},
        }
        for people_id, p in data["peuple"].items()
    }
    return Rules(
        atouts=data["atout"],
        caracs=tuple(caracs),
        carac_names={k: v["nom"] for k, v in caracs.items()},
        skills={
            k: (v["caracteristique"], v["famille"] == "specialisee") for k, v in skills.items()
        },
        skill_names={k: v["nom"] for k, v in skills.items()},
        classes=classes,
        peoples=peoples,
        equipment={k: _item(v) for k, v in data["equipement"].items()},
        weapon_categories=_weapon_categories(data),
        advantages={k: v["nom"] for k, v in data["avantage"].items()},
    )
