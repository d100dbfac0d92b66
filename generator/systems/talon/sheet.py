"""Character creation of the Talon system (l.320–330) and the values derived from it.

The attribute and skill lists are kept as the text prints them (l.34–53, l.59–89); the
data files (data/talon/attribut.yaml, competence.yaml) hold the same lists and a test
checks that both agree.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.names import slug

# Attribute -> skills in parentheses in the attribute list (l.34–53).
ATTRIBUTES = {
    "agile": ("acrobatie", "equitation", "escalade"),
    "athletique": ("course", "escalade", "natation", "vitalite"),
    "hautain": ("commandement", "connaissances", "equitation", "natation"),
    "charismatique": ("commandement", "comedie", "intimidation", "seduction"),
    "combatif": ("armes-blanches", "armes-a-distance", "corps-a-corps", "feinte"),
    "coriace": ("acrobatie", "degainer", "embuscade", "filature"),
    "costaud": ("corps-a-corps", "endurance", "intimidation", "vitalite"),
    "discret": ("embuscade", "filature", "furtivite"),
    "eveille": ("connaissances", "pouvoir"),
    "inquietant": ("furtivite", "intimidation", "pouvoir"),
    "intellectuel": ("connaissances", "pouvoir", "recherche"),
    "maitre-de-soi": ("armes-a-distance", "equilibre-mental", "escalade", "recharger"),
    "pragmatique": ("nature", "negociation", "pieges-et-serrures"),
    "resistant": ("endurance", "equilibre-mental", "vitalite"),
    "ruse": ("baratin", "comedie", "feinte", "interrogation", "pieges-et-serrures"),
    "sociable": ("baratin", "interrogation", "negociation", "seduction"),
    "survivant": ("course", "natation", "nature", "vitalite"),
    "vif": ("degainer", "recharger", "reflexes"),
    "vigilant": ("filature", "recherche", "reflexes"),
    "violent": ("armes-blanches", "reflexes"),
}

# Skill -> (suit, attributes in parentheses in the skill list, l.59–89). Recherche has no suit.
SKILLS = {
    "acrobatie": ("ecus", ("agile", "coriace")),
    "armes-a-distance": ("epees", ("combatif", "maitre-de-soi")),
    "armes-blanches": ("epees", ("combatif", "violent")),
    "baratin": ("ecus", ("ruse", "sociable")),
    "commandement": ("epees", ("hautain", "charismatique")),
    "comedie": ("coupes", ("charismatique", "ruse")),
    "connaissances": ("batons", ("eveille", "hautain", "intellectuel")),
    "corps-a-corps": ("epees", ("combatif", "costaud")),
    "course": ("coupes", ("athletique", "survivant")),
    "degainer": ("ecus", ("vif", "coriace")),
    "embuscade": ("epees", ("discret", "coriace")),
    "endurance": ("coupes", ("costaud", "resistant")),
    "equilibre-mental": ("coupes", ("maitre-de-soi", "resistant")),
    "equitation": ("coupes", ("agile", "hautain")),
    "escalade": ("coupes", ("agile", "maitre-de-soi")),
    "feinte": ("epees", ("combatif", "ruse")),
    "filature": ("coupes", ("discret", "coriace", "vigilant")),
    "furtivite": ("ecus", ("discret", "inquietant")),
    "interrogation": ("batons", ("ruse", "sociable")),
    "intimidation": ("batons", ("costaud", "charismatique", "inquietant")),
    "natation": ("ecus", ("athletique", "hautain", "survivant")),
    "nature": ("ecus", ("pragmatique", "survivant")),
    "negociation": ("batons", ("pragmatique", "sociable")),
    "pieges-et-serrures": ("ecus", ("pragmatique", "ruse")),
    "pouvoir": ("batons", ("eveille", "inquietant", "intellectuel")),
    "recharger": ("ecus", ("maitre-de-soi", "vif")),
    "recherche": (None, ("intellectuel", "vigilant")),
    "reflexes": ("ecus", ("vif", "vigilant", "violent")),
    "seduction": ("coupes", ("charismatique", "sociable")),
    "vitalite": ("coupes", ("athletique", "costaud", "resistant", "survivant")),
}

PRIMARY_VALUES = (9, 9, 8, 8)  # l.322
SECONDARY_VALUES = (8, 7, 7, 6)
# "5(x3), 5(x4), 4(x3), 3(x2)" read literally (editorial note on the creation chapter).
OTHER_VALUES = (5,) * 7 + (4,) * 3 + (3,) * 2


@dataclass
class Choice:
    attribute: str
    skills: tuple[str, ...]


def parse_choices(text: str) -> tuple[list[Choice], list[str]]:
    """'combatif = armes blanches + corps a corps, vif = reflexes' -> choices; problems."""
    choices, problems = [], []
    for part in text.split(","):
        if not part.strip():
            continue
        attribute, _, skills = part.partition("=")
        attribute = slug(attribute)
        if attribute not in ATTRIBUTES:
            problems.append(f"« {attribute} » n'est pas un attribut")
            continue
        names = tuple(slug(s) for s in skills.split("+") if s.strip())
        for name in names:
            if name not in SKILLS:
                problems.append(f"« {name} » n'est pas une compétence")
        choices.append(Choice(attribute, tuple(n for n in names if n in SKILLS)))
    return choices, problems


@dataclass
class Sheet:
    attributes: dict[str, int]
    primaries: list[Choice]
    secondaries: list[Choice]

    def developments(self) -> dict[str, int]:
        count: dict[str, int] = {}
        for choice in self.primaries + self.secondaries:
            for skill in choice.skills:
                count[skill] = count.get(skill, 0) + 1
        return count

    def skill(self, skill: str) -> tuple[int, str, int]:
        """(value, attribute used, developments): the best linked attribute (l.322)."""
        _, linked = SKILLS[skill]
        attribute = max(linked, key=lambda a: self.attributes[a])
        dev = self.developments().get(skill, 0)
        return self.attributes[attribute] + 2 * dev, attribute, dev

    def problems(self) -> list[str]:
        found = []
        primaries = [c.attribute for c in self.primaries]
        secondaries = [c.attribute for c in self.secondaries]
        if len(primaries) != 4 or len(set(primaries)) != 4:
            found.append(f"Il faut 4 attributs primaires différents (reçu : {len(primaries)}).")
        if len(secondaries) != 4 or len(set(secondaries)) != 4:
            found.append(f"Il faut 4 attributs secondaires différents (reçu : {len(secondaries)}).")
        both = set(primaries) & set(secondaries)
        if both:
            found.append(
                f"Un attribut ne peut être à la fois primaire et secondaire : {', '.join(sorted(both))}."
            )
        for choices, wanted, kind in (
            (self.primaries, 2, "primaire"),
            (self.secondaries, 1, "secondaire"),
        ):
            for choice in choices:
                if len(choice.skills) != wanted or len(set(choice.skills)) != len(choice.skills):
                    found.append(
                        f"{choice.attribute} ({kind}) doit développer {wanted} compétence{'s' if wanted > 1 else ''} différente{'s' if wanted > 1 else ''} (reçu : {len(choice.skills)})."
                    )
                for skill in choice.skills:
                    if skill not in ATTRIBUTES[choice.attribute]:
                        found.append(
                            f"{skill} n'est pas liée à {choice.attribute} dans la liste des attributs."
                        )
        expected = {
            "primaires": (sorted(PRIMARY_VALUES), primaries),
            "secondaires": (sorted(SECONDARY_VALUES), secondaries),
            "autres": (
                sorted(OTHER_VALUES),
                [a for a in ATTRIBUTES if a not in primaries and a not in secondaries],
            ),
        }
        for group, (values, names) in expected.items():
            got = sorted(self.attributes[a] for a in names)
            if len(names) == len(values) and got != values:
                found.append(
                    f"Valeurs des attributs {group} : {', '.join(map(str, got))} ; la création demande {', '.join(map(str, sorted(values, reverse=True)))}."
                )
        return found

    def melee_die(self) -> str:
        """Corps à Corps damage (l.66) from the status of Costaud and Violent."""

        def status(attribute: str) -> str:
            if attribute in [c.attribute for c in self.primaries]:
                return "P"
            return "S" if attribute in [c.attribute for c in self.secondaries] else "-"

        pair = sorted((status("costaud"), status("violent")))
        if pair == ["P", "P"]:
            return "2D6"
        if pair == ["P", "S"]:
            return "1D10"
        if pair in (["-", "P"], ["S", "S"]):
            return "1D8"
        return "1D6"
