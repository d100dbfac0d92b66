"""A Talon character at creation as a value: attributes, developed skills, archetype and
the atouts the creation reads, its URL query and its JSON (engine/character.py)."""

from __future__ import annotations

from dataclasses import dataclass

from generator.engine.character import Character
from generator.engine.printout import Imprimable


@dataclass(frozen=True)
class TalonCharacter(Character):
    CALCULATOR = ("talon", "creation")
    # Its printed sheet (engine/printout.py): the chosen entities of these kinds, with
    # their effect.
    PRINTOUT = Imprimable(
        valeurs=(("Attributs", ("attributs",)),),
        genres=("archetype",),
        choix=(("archetype", "archetype"),),
    )

    primaires: str  # primary attributes and their developed skills, as written
    secondaires: str
    attributs: tuple[tuple[str, int], ...]  # (attribute id, value), in the data's order
    archetype: str
    celerite: int
    maitre_d_arme: int
    deux_armes: bool

    def resume(self, rules: object) -> str:
        """Its archetype: a character at creation has no level."""
        return f"Archétype : {self.label('archetype', rules)}"

    def combattant(self, rules: object) -> dict[str, int]:
        """Célérité (its atout level) and Initiative, Réflexes as the sheet computes it."""
        from generator.systems.talon.sheet import read_creation  # it imports this module

        reflexes = read_creation(rules, self).skill("reflexes")[0]
        return {"celerite": self.celerite, "initiative": reflexes}


CHARACTER = TalonCharacter
