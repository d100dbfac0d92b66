"""A Talon character at creation as a value: attributes, developed skills, archetype and
the atouts the creation reads, its URL query and its JSON (engine/character.py)."""

from __future__ import annotations

from dataclasses import dataclass

from generator.engine.character import Character
from generator.engine.printout import Imprimable
from generator.engine.registry import get
from generator.engine.results import Figures, Table


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
        """Célérité (its atout level), Initiative (Réflexes) and the skill of each health
        track (its free levels, l. 70, 71, 89), as the sheet computes them (the registry,
        so that the sheet, which imports this module, is not imported back)."""
        blocks = get("talon", "creation").compute(rules, **self.values())
        shown = {f.label: f.value for b in blocks if isinstance(b, Figures) for f in b.items}
        (skills,) = [b for b in blocks if isinstance(b, Table) and b.title == "Compétences"]
        value = {row[0]: row[-1] for row in skills.rows}
        tracks = {t.skill: value[rules.skills[t.skill].name] for t in rules.tracks.values()}
        return {
            "celerite": self.celerite,
            "initiative": shown["Initiative (= Réflexes)"],
            **tracks,
        }


CHARACTER = TalonCharacter
