"""An UnDéSix character at creation as a value: the creation mode, the five
characteristics and the magic bonus, its URL query and its JSON (engine/character.py)."""

from __future__ import annotations

from dataclasses import dataclass

from generator.engine.character import Character
from generator.engine.printout import Imprimable


@dataclass(frozen=True)
class UndesixCharacter(Character):
    CALCULATOR = ("undesix", "creation")
    # Its printed sheet (engine/printout.py): the chosen entities of these kinds, with
    # their effect.
    PRINTOUT = Imprimable(
        valeurs=(
            ("Caractéristiques", ("mode", "phy", "dex", "sav", "psy", "sens")),
            ("Bonus magique", ("essences", "bonus_essences", "bonus_verbe")),
        ),
        genres=("verbe",),
        choix=(("verbe", "verbe"),),
    )

    mode: str
    phy: int
    dex: int
    sav: int
    psy: int
    sens: int
    essences: str  # essence names, comma-separated
    verbe: str
    bonus_essences: int
    bonus_verbe: int

    def resume(self, rules: object) -> str:
        """Its creation mode: a character at creation has no level."""
        return f"Création : {self.label('mode', rules)}"

    def combattant(self, rules: object) -> dict[str, int]:
        """SENS orders the fight; PHY and PSY points are as many as the characteristics
        (l. 1041, 1073); DEX gives the base CA an attack aims at (l. 1043): the sheet's own
        values."""
        return {"sens": self.sens, "phy": self.phy, "psy": self.psy, "dex": self.dex}


CHARACTER = UndesixCharacter
