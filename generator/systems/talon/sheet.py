"""The character sheet of the Talon system, its creation (l.320–330), as its calculator
« creation » (declared in calculators.py) shows it: the creation checked, and the values
derived from it.

The attribute and skill lists, the values to share out and the development bonus come from
the data (rules.py): an attribute develops the skills of its own list, and a skill takes its
value from the attributes of its own list.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.typographie import pluriel
from generator.engine.inputs import FieldError
from generator.engine.names import slug
from generator.engine.results import Figure, Figures, Table, Text, signed
from generator.systems.talon.character import TalonCharacter
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


def field_name(entity_id: str) -> str:
    return entity_id.replace("-", "_")


def read_creation(regles, c: TalonCharacter) -> Sheet:
    """Creation (l. 320–330): the scores shared out, the skills each primary and secondary
    attribute develops; a name the data do not know is reported at its field."""
    scores = dict(c.attributs)
    attributes = {a: scores[field_name(a)] for a in regles.attributes}
    primaries, problems = parse_choices(regles, c.primaires)
    if problems:
        raise FieldError("primaires", " ; ".join(problems) + ".")
    secondaries, problems = parse_choices(regles, c.secondaires)
    if problems:
        raise FieldError("secondaires", " ; ".join(problems) + ".")
    return Sheet(regles, attributes, primaries, secondaries)


def compute_sheet(regles, **values):
    """The calculator: the character read from the form, its creation checked, its
    derived values and skills assembled."""
    c = TalonCharacter.from_values(values, regles)
    character = read_creation(regles, c)
    broken = character.problems()
    return (
        Text(
            "Création conforme aux règles{@source 322}."
            if not broken
            else "Création non conforme : " + " ".join(broken),
            "info" if not broken else "avertissement",
        ),
        _creation_figures(regles, c, character),
        Table(
            "Compétences",
            ("Compétence", "Enseigne", "Attribut retenu", "Développement", "Valeur"),
            _skill_rows(regles, character),
            note="Chaque compétence prend le meilleur de ses attributs liés (liste des compétences), +2 par développement.",
        ),
    )


def _skill_rows(regles, character: Sheet) -> tuple[tuple, ...]:
    suits, rows = regles.pack.suit, []
    for skill in regles.skills.values():
        value, attribute, dev = character.skill(skill.id)
        rows.append(
            (
                skill.name,
                suits[skill.suit].symbol if skill.suit in suits else "—",
                regles.attributes[attribute].name,
                signed(regles.bonus(dev)) if dev else "—",
                value,
            )
        )
    return tuple(rows)


def _free_levels(regles, skills: dict[str, int]) -> list[str]:
    """The health levels a skill gives for free, by track."""
    return [
        f"{regles.skills[track.skill].name} {skills[track.skill]} : {n} {pluriel(n, 'niveau gratuit', 'niveaux gratuits')}"
        for track in regles.tracks.values()
        for n in [sum(1 for level in track.levels if skills[track.skill] >= level.free_from)]
        if n
    ]


def _creation_figures(regles, c: TalonCharacter, character: Sheet) -> Figures:
    """Initiative, mastery, attacks and actions (l. 183), melee damage (l. 66)."""
    suits = regles.pack.suit
    skills = {skill: character.skill(skill)[0] for skill in regles.skills}
    mastery = 1 + c.celerite + (1 if c.deux_armes else 0)
    free = _free_levels(regles, skills)
    chosen = regles.archetypes.get(c.archetype)
    return Figures(
        "Valeurs dérivées",
        (
            Figure("Initiative (= Réflexes)", skills["reflexes"]),
            Figure(
                "Maîtrise",
                mastery,
                note=f"1 + Célérité {c.celerite}"
                + (" + 1 (deux armes)" if c.deux_armes else "")
                + (
                    f" ; {mastery + c.maitre_d_arme} avec une arme de mêlée (Maître d'arme)"
                    if c.maitre_d_arme
                    else ""
                ),
            ),
            Figure("Attaques par round", 1 + c.celerite, note="Célérité + 1"),
            Figure(
                "Actions par round",
                mastery,
                note="Maîtrise sans Célérité + Célérité + Vélocité{@source 183} (Vélocité non définie : comptée 0)",
            ),
            Figure(
                "Dommages au corps à corps",
                character.melee_die(),
                note="selon Costaud et Violent{@source 66}",
            ),
            Figure(
                "Niveaux de santé gratuits",
                " ; ".join(free) if free else "aucun (compétences < 15)",
            ),
            Figure(
                "Archétype",
                f"{chosen.name} ({suits[chosen.suit].name})" if chosen else "aucun",
            ),
            Figure("Somme des attributs", sum(character.attributes.values())),
        ),
    )
