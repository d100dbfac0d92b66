"""A SkillCraft character as a value: the choices of the nine creation steps and of the
progression that the sheet reads (guide §3), its URL query and its JSON
(engine/character.py). The planner reads its talents from the same value."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace

from generator.engine.character import Character, CharacterError, CharacterView
from generator.engine.printout import Imprimable
from generator.engine.registry import get
from generator.engine.results import MINUS, Figures
from generator.systems.skillcraft.planner import read_talents


@dataclass(frozen=True)
class SkillCraftCharacter(Character):
    CALCULATOR = ("skillcraft", "fiche")
    # Its printed sheet (engine/printout.py): the chosen entities of these kinds, with
    # their effect.
    PRINTOUT = Imprimable(
        genres=("aspect", "caractere", "don", "handicap", "talent"),
    )

    # Step 1: attribute scores bought.
    agilite: int
    coordination: int
    esprit: int
    intellect: int
    presence: int
    sensibilite: int
    vigueur: int
    # Step 2: aspects and the attributes they raise.
    aspect_1: str
    aspect_2: str
    meilleur: str
    pire: str
    facultatif_1: str
    facultatif_2: str
    choix_libre: str
    bonus_espece: tuple[str, ...]
    bonus_peuple: tuple[str, ...]
    # Step 3: caractère, dons, handicaps.
    caractere: str
    dons: tuple[str, ...]
    handicaps: tuple[str, ...]
    attribut_don: str
    # Progression: experience, the attributes of the levels gained, the tier.
    experience: int
    progression: str
    tiers: int
    # Talents and skill ranks.
    talents: str  # names, comma-separated, as the reader wrote them
    competence_caste: str
    competence_education: str
    autres_points: int
    rangs: str  # « compétence rangs », comma-separated
    # Body, equipment, money.
    taille: str
    points_de_mouvement: int
    masse_portee: int
    defense_armure: int
    jet_argent: int
    facteur_education: int
    depenses: int

    def resume(self, rules: object) -> str:
        """Its level (from its experience) and its tier, as the sheet says them."""
        return f"Niveau {rules.level_of(self.experience)}, tiers {self.tiers}"

    def combattant(self, rules: object) -> dict[str, int]:
        """The Initiative bonus, the maxima of Vitalité and Énergie, and the Esquive and
        Défense an attack aims at, as the sheet calculator shows them (whole points: a
        fraction of a point is never marked). The
        registry, so that the sheet, which imports this module, is not imported back."""
        blocks = get("skillcraft", "fiche").compute(rules, **self.values())
        shown = {f.label: f.value for b in blocks if isinstance(b, Figures) for f in b.items}
        bonus = str(shown["Initiative"]).split()[-1].replace(MINUS, "-")  # « 1d10 −1 »
        return {
            "initiative": int(bonus),
            "vitalite": math.floor(shown["Vitalité maximale"]),
            "energie": math.floor(shown["Énergie maximale"]),
            "esquive": math.floor(shown["Esquive"]),
            "defense": math.floor(shown["Défense"]),
        }

    def talent_ids(self, known: Mapping[str, str], field: str = "talents") -> list[str]:
        """The talents owned, in order, once each (`known`: id -> name): the one reading
        of the talents for every view of the character, the sheet and the planner; an
        unknown name is reported at `field`."""
        return read_talents(known, self.talents, field)

    def planner_query(self) -> dict[str, str]:
        """The planner's query for this character: its talents and its tier."""
        return {"possedes": self.talents, "tiers": str(self.tiers)}

    @classmethod
    def for_planner(cls, rules: object, possedes: str, tiers: int) -> SkillCraftCharacter:
        """The character the planner's query describes: the talents owned and the tier,
        the other choices left to the sheet's defaults (the planner does not read them)."""
        return replace(cls.from_query({}, rules), talents=possedes, tiers=tiers)

    def with_planner(self, query: Mapping[str, str], rules: object) -> SkillCraftCharacter:
        """This character once the planner's talents and tier are kept in it, read as the
        planner and then the sheet read them (an unknown talent is refused)."""
        outcome = get("skillcraft", "planificateur").read(dict(query), rules)
        if not outcome.ok:
            raise CharacterError(outcome.errors)
        values = outcome.values
        changed = replace(self, talents=values["possedes"], tiers=values["tiers"])
        return type(self).from_query(changed.to_query(), rules)


SkillCraftCharacter.VIEWS = {
    "planificateur": CharacterView(
        query=SkillCraftCharacter.planner_query, update=SkillCraftCharacter.with_planner
    )
}


CHARACTER = SkillCraftCharacter
