"""Character creation of the Talon system (l.320–330) and the values derived from it.

The attribute and skill lists, the values to share out and the development bonus come from
the data (rules.py): an attribute develops the skills of its own list, and a skill takes its
value from the attributes of its own list.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.engine.names import slug
from generator.systems.talon.rules import Rules


@dataclass
class Choice:
    attribute: str
    skills: tuple[str, ...]


def parse_choices(rules: Rules, text: str) -> tuple[list[Choice], list[str]]:
    """'combatif = armes blanches + corps a corps, vif = reflexes' -> choices; problems."""
    choices, problems = [], []
    for part in text.split(","):
        if not part.strip():
            continue
        attribute, _, skills = part.partition("=")
        attribute = slug(attribute)
        if attribute not in rules.attributes:
            problems.append(f"« {attribute} » n'est pas un attribut")
            continue
        names = tuple(slug(s) for s in skills.split("+") if s.strip())
        for name in names:
            if name not in rules.skills:
                problems.append(f"« {name} » n'est pas une compétence")
        choices.append(Choice(attribute, tuple(n for n in names if n in rules.skills)))
    return choices, problems


@dataclass
class Sheet:
    rules: Rules
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
        linked = self.rules.skills[skill].attributes
        attribute = max(linked, key=lambda a: self.attributes[a])
        dev = self.developments().get(skill, 0)
        bonus = self.rules.bonus(dev) if dev else 0
        return self.attributes[attribute] + bonus, attribute, dev

    def problems(self) -> list[str]:
        found = []
        primaries = [c.attribute for c in self.primaries]
        secondaries = [c.attribute for c in self.secondaries]
        primary, secondary, other = self.rules.groups
        for names, group, kind in (
            (primaries, primary, "primaires"),
            (secondaries, secondary, "secondaires"),
        ):
            wanted = len(group.values)
            if len(names) != wanted or len(set(names)) != wanted:
                found.append(f"Il faut {wanted} attributs {kind} différents (reçu : {len(names)}).")
        both = set(primaries) & set(secondaries)
        if both:
            found.append(
                f"Un attribut ne peut être à la fois primaire et secondaire : {', '.join(sorted(both))}."
            )
        for choices, wanted, kind in (
            (self.primaries, primary.developed, "primaire"),
            (self.secondaries, secondary.developed, "secondaire"),
        ):
            for choice in choices:
                if len(choice.skills) != wanted or len(set(choice.skills)) != len(choice.skills):
                    found.append(
                        f"{choice.attribute} ({kind}) doit développer {wanted} compétence{'s' if wanted > 1 else ''} différente{'s' if wanted > 1 else ''} (reçu : {len(choice.skills)})."
                    )
                for skill in choice.skills:
                    if skill not in self.rules.attributes[choice.attribute].skills:
                        found.append(
                            f"{skill} n'est pas liée à {choice.attribute} dans la liste des attributs."
                        )
        expected = {
            "primaires": (sorted(primary.values), primaries),
            "secondaires": (sorted(secondary.values), secondaries),
            "autres": (
                sorted(other.values),
                [a for a in self.rules.attributes if a not in primaries and a not in secondaries],
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
                return "primaire"
            if attribute in [c.attribute for c in self.secondaries]:
                return "secondaire"
            return "aucun"

        return self.rules.unarmed_dice[(status("costaud"), status("violent"))]
