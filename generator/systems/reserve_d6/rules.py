"""The rule values the reserve-d6 calculators read, built from data/reserve-d6 only."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

NEEDS = {"table": ("succes_par_face",), "formule": ("variantes",)}


@dataclass(frozen=True)
class CostFormula:
    id: str
    name: str
    expression: str  # as printed, e.g. « N(N+1)/2 »
    term: int  # the level N costs N(N + term)/2
    kept: bool  # the reading the site retains

    def cost(self, level: int) -> int:
        return level * (level + self.term) // 2


@dataclass(frozen=True)
class Rules:
    successes_by_face: tuple[int, ...]  # faces 1 to 6
    formulas: Mapping[str, CostFormula]

    @property
    def kept_formula(self) -> CostFormula:
        return next(f for f in self.formulas.values() if f.kept)


def build(data: Mapping) -> Rules:
    faces = next(t["succes_par_face"] for t in data["table"].values() if "succes_par_face" in t)
    variants = data["formule"]["cout-progression"]["variantes"]
    formulas = {
        v["id"]: CostFormula(v["id"], v["nom"], v["expression"], v["terme"], v["retenue"])
        for v in variants
    }
    return Rules(tuple(faces), formulas)
