"""A Divin character as a value: the choices the sheet reads (chapter « Création du
personnage »), its URL query and its JSON (engine/character.py)."""

from __future__ import annotations

from dataclasses import dataclass

from generator.engine.character import Character
from generator.engine.printout import Imprimable


@dataclass(frozen=True)
class DivinCharacter(Character):
    CALCULATOR = ("divin6", "feuille")
    # Its printed sheet (engine/printout.py): the chosen entities of these kinds, with
    # their effect.
    PRINTOUT = Imprimable(
        valeurs=(
            (
                "Caractéristiques",
                ("force", "dexterite", "constitution", "intelligence", "sagesse", "charisme"),
            ),
        ),
        genres=("classe", "atout", "equipement", "categorie-arme", "peuple"),
        choix=(("peuple", "peuple"),),
    )

    force: int
    dexterite: int
    constitution: int
    intelligence: int
    sagesse: int
    charisme: int
    peuple: str
    point_niveau_4: str  # « aucun » or a characteristic
    classes: str  # one a level, comma-separated, as the reader wrote them
    rangs: str  # « compétence (spécialisation) rangs », comma-separated
    degres: str  # « avantage degrés », comma-separated
    libres_pv: int
    libres_pe: int
    recuperation_pv: int
    recuperation_pe: int
    atouts: str  # names, details in parentheses
    equipement: str  # names of the price tables or weapons

    def resume(self, rules: object) -> str:
        """Its level: one class a level (« Création du personnage »)."""
        return f"Niveau {len([c for c in self.classes.split(',') if c.strip()])}"


CHARACTER = DivinCharacter
