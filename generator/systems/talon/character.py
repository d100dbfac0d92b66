"""A Talon character at creation as a value: attributes, developed skills, archetype and
the atouts the creation reads, its URL query and its JSON (engine/character.py)."""

from __future__ import annotations

from dataclasses import dataclass

from generator.engine.character import Character
from generator.engine.printout import Imprimable
from generator.engine.registry import get
from generator.engine.results import Figures


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
        shown = sheet_figures("talon", "creation", self, rules)
        return {"celerite": self.celerite, "initiative": shown["Initiative (= Réflexes)"]}


CHARACTER = TalonCharacter


def sheet_figures(system: str, calculator: str, character, rules) -> dict[str, object]:
    """The figures the sheet calculator shows for `character`, by label: what a fight takes
    from it is what the sheet computes (the registry, so that the sheet, which imports this
    module, is not imported back)."""
    blocks = get(system, calculator).compute(rules, **character.values())
    return {f.label: f.value for b in blocks if isinstance(b, Figures) for f in b.items}
