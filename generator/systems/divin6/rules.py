"""The rule values the Divin (6)thème calculators read, built from data/divin6 only."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

NEEDS = {
    "atout": ("nom", "categorie", "prerequis", "caracteristique_liee", "prises"),
    "caracteristique": ("nom",),
    "competence": ("nom", "caracteristique", "famille"),
    "classe": ("nom", "categorie_atout", "creation", "par_niveau"),
    "peuple": ("nom", "type", "modificateurs", "atouts", "bonus_competences"),
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
    )
