"""The rule values the UnDéSix calculators read, built from data/undesix only."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

NEEDS = {"table": ("lignes",)}


@dataclass(frozen=True)
class Rules:
    faces: int
    extra_action_malus: int  # per simultaneous action beyond the first
    helper_bonus: int  # per person helping
    always_success: int  # the face that always succeeds (option; combat)
    always_failure: int  # the face that always fails (option; combat)
    levels: tuple[tuple[int, int | None, str], ...]  # (margin min, max or None, name)
    scale: tuple[tuple[str, int], ...]  # (name, size) of the GM's bonuses and maluses

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
    return Rules(faces, malus, helper, success, failure, levels, scale)
