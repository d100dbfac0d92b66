"""Health tracks of the Talon system: Endurance, Équilibre Mental, Vitalité (l.153–177).

Each track (its numbers come from data/talon/piste.yaml): a Cumul and three tiers of levels,
each with its count, threshold, malus and the skill value that gives a free level. A level
taken when its tier is full goes to the next tier; beyond the last, the track overflows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import floor

from generator.systems.talon.rules import TrackRules

# How a level weighs: "libre" has no malus and cancels nothing below it (free levels,
# atouts that cancel a malus); "souffle" has no malus but cancels the tier below (Second
# souffle); "plein" carries its tier's malus and cancels the tiers below.
FREE, SOUFFLE, FULL = "libre", "souffle", "plein"


@dataclass
class Atouts:
    dur_a_cuire: int = 0  # Blessure grave maluses cancelled (vitality, l.368)
    infatigable: int = 0  # Épuisement maluses cancelled (endurance, l.374)
    juste_une_egratignure: bool = False  # no Blessure légère malus (vitality, l.375)
    second_souffle: bool = (
        False  # first Épuisement level: no malus, Fatigue maluses cancelled (endurance, l.386)
    )


@dataclass
class Track:
    rules: TrackRules
    skill: int
    atouts: Atouts = field(default_factory=Atouts)
    cumul: int = 0
    taken: list[list[str]] = field(default_factory=lambda: [[], [], []])
    overflow: bool = False

    @property
    def capacity(self) -> tuple[int, int, int]:
        return tuple(
            level.count + (1 if self.skill >= level.free_from else 0) for level in self.rules.levels
        )

    def _kind_of_next(self, tier: int) -> str:
        """The weight of the next level taken in `tier`, in the order the rules give."""
        taken = self.taken[tier]
        free = (
            1 if self.skill >= self.rules.levels[tier].free_from else 0
        )  # "le premier niveau à prendre en compte"
        if len(taken) < free:
            return FREE
        cancelled = 0
        if tier == 1 and self.rules.id == "vitalite":
            cancelled = self.atouts.dur_a_cuire
        if tier == 1 and self.rules.id == "endurance":
            cancelled = self.atouts.infatigable
        if sum(1 for k in taken[free:] if k == FREE) < cancelled:
            return FREE
        if (
            tier == 1
            and self.rules.id == "endurance"
            and self.atouts.second_souffle
            and SOUFFLE not in taken
        ):
            return SOUFFLE
        return FULL

    def take(self, tier: int) -> None:
        while tier < 3 and len(self.taken[tier]) >= self.capacity[tier]:
            tier += 1  # a full tier passes the level on to the next (l.159, 161)
        if tier == 3:
            self.overflow = True
            return
        self.taken[tier].append(self._kind_of_next(tier))

    def hit(self, damage: int) -> str:
        """Apply damage already reduced by armour; returns what happened, in French."""
        names = [level.name for level in self.rules.levels]
        thresholds = [level.threshold for level in self.rules.levels]
        if damage < thresholds[0]:
            self.cumul += damage
            if self.cumul <= self.rules.cumul_max:
                return f"Cumul {self.cumul}"
            self.cumul = 0
            self.take(0)
            return f"Cumul dépassé : remis à 0, niveau de {names[0]}"
        # A damage equal to a threshold reaches it (editorial decision on the piste pages).
        tier = 2 if damage >= thresholds[2] else 1 if damage >= thresholds[1] else 0
        self.take(tier)
        return f"Niveau de {names[tier]}"

    @property
    def malus(self) -> int:
        """Current malus: only the highest tier holding a level that cancels counts."""
        for tier in (2, 1):
            if any(k in (FULL, SOUFFLE) for k in self.taken[tier]):
                return self._tier_malus(tier)
        if self.rules.id == "vitalite" and self.atouts.juste_une_egratignure:
            return 0
        return self._tier_malus(0)

    def _tier_malus(self, tier: int) -> int:
        full = sum(1 for k in self.taken[tier] if k == FULL)
        return -floor(full * self.rules.levels[tier].malus)

    @property
    def state(self) -> str:
        return self.rules.overflow if self.overflow else "en état d'agir"
