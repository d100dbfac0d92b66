"""A Divin character as a value: the choices the sheet reads (chapter « Création du
personnage »), its URL query and its JSON (engine/character.py), and the names written in
its lists read as the data's entities (`read_choices`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.engine.character import Character
from generator.engine.inputs import FieldError
from generator.engine.names import Names, require_known, unknown
from generator.engine.printout import Imprimable
from generator.engine.registry import get
from generator.engine.results import Figures
from generator.systems.divin6.rules import slug


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
        # What the player counts down and back in play (« Points de vie » et seq.).
        suivis=("Points de vie", "Points d'énergie", "Points de Destin"),
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

    def combattant(self, rules: object) -> dict[str, int]:
        """Initiative and the two counters' maxima, as the sheet computes them."""
        shown = sheet_figures("divin6", "feuille", self, rules)
        return {
            "initiative": shown["Initiative"],
            "pv": shown["Points de vie"],
            "pe": shown["Points d'énergie"],
        }


CHARACTER = DivinCharacter


def sheet_figures(system: str, calculator: str, character, rules) -> dict[str, object]:
    """The figures the sheet calculator shows for `character`, by label: what a fight takes
    from it is what the sheet computes (the registry, so that the sheet, which imports this
    module, is not imported back)."""
    blocks = get(system, calculator).compute(rules, **character.values())
    return {f.label: f.value for b in blocks if isinstance(b, Figures) for f in b.items}


# --- the names written in its lists -------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """'arme de prédilection (épée longue)' -> id + parameters."""

    id: str
    params: tuple[str, ...] = ()
    rank: int = 0
    labels: tuple[str, ...] = ()  # the parameters as the reader wrote them
    text: str = ""  # the name as the reader wrote it


RANK = re.compile(r"\+?[0-9]{1,2}")


def parse_list(text: str, field: str, names: Names, with_rank: bool = False) -> list[Entry]:
    """'arme de prédilection (épée longue), vigilance 2' -> entries; a name is read by
    `names`, the resolver the field's picker offers names from, so a name holding
    parentheses or « + » is read whole. A rank (before or after the parentheses) that is
    not a small whole number is reported at `field`."""
    entries = []
    for part in names.split(text):
        part = part.strip()
        if not part:
            continue
        entry = _known(part, field, names, with_rank) or _unknown(part, field, with_rank)
        entries.append(entry)
    return entries


def _params(raw: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """'épée longue' or 'conduite; acrobatie' -> (ids, as written)."""
    labels = tuple(p.strip() for p in raw.replace("&", ";").split(";") if p.strip())
    return tuple(slug(p) for p in labels), labels


def _rank(word: str, part: str, field: str) -> int | None:
    """The rank `word` writes, None if it is no number; a number out of bounds is reported."""
    if RANK.fullmatch(word):
        return int(word)
    if any(c.isdigit() for c in word):
        raise FieldError(
            field, f"« {part} » : le rang doit être 0, 1 ou 2 (ou un nombre de degrés de 0 à 6)."
        )
    return None


def _known(part: str, field: str, names: Names, with_rank: bool) -> Entry | None:
    """A part that starts with a name `names` knows, followed by nothing but parameters in
    parentheses and, with `with_rank`, a rank before or after them."""
    found = names.lead(part)
    if found is None:
        return None
    entity, name, rest = found
    before, paren, after = rest.partition("(")
    inside, close, tail = after.rpartition(")")
    if not close or not tail.strip():
        inside, tail = after.rstrip(")"), ""
    outside = (before + " " + tail).split()
    rank = 0
    if outside:
        if not with_rank or len(outside) > 1:
            return None
        rank = _rank(outside[0], part, field)
        if rank is None:
            return None
    params, labels = _params(inside) if paren else ((), ())
    return Entry(entity, params, rank, labels, name)


def _unknown(part: str, field: str, with_rank: bool) -> Entry:
    """A part that starts with no known name: read as « name rank (parameters) », its id
    made from the name (the calculator reports it, with the nearest known name)."""
    name, _, rest = part.partition("(")
    params, labels = _params(rest.rstrip(")"))
    rank = 0
    words = name.split()
    if with_rank and words:
        found = _rank(words[-1], part, field)
        if found is not None:
            rank, name = found, " ".join(words[:-1])
    return Entry(slug(name), params, rank, labels, name.strip())


@dataclass(frozen=True)
class Choices:
    """The lists of names the player wrote, read into the data's ids."""

    classes: list[str]
    ranks: list[Entry]
    degrees: list[Entry]
    atouts: list[Entry]
    gear: list[Entry]


def read_choices(regles, c: DivinCharacter) -> Choices:
    """The names the player wrote in each list (classes, ranks, degrees, atouts, gear),
    read by the field's own resolver; a name the data do not know is reported at its
    field with the nearest known name."""
    known = regles.names["classe"]
    class_list = [known.find(x) or slug(x) for x in known.split(c.classes) if x.strip()]
    require_known(
        "classes", ("Classe inconnue", "Classes inconnues"), class_list, known.known, regles.classes
    )
    if not class_list or len(class_list) > 6:
        names = ", ".join(x.name.lower() for x in regles.classes.values())
        raise FieldError(
            "classes",
            f"Une classe par niveau, de 1 à 6, parmi {names} (ex. « combattant, mystique »).",
        )

    def entries(field: str, kind: str, what: tuple[str, str], among, with_rank: bool = False):
        known = regles.names[kind]
        found = parse_list(getattr(c, field), field, known, with_rank=with_rank)
        # An unknown name is reported as the reader wrote it, not as the id made from it.
        wrong = [
            e.text or e.id for e in found if e.id not in (known.known if among is None else among)
        ]
        if wrong:
            raise unknown(field, what, wrong, known.known)
        return found

    return Choices(
        classes=class_list,
        ranks=entries(
            "rangs",
            "competence",
            ("Compétence inconnue", "Compétences inconnues"),
            regles.skills,
            True,
        ),
        degrees=entries(
            "degres",
            "avantage",
            ("Avantage inconnu", "Avantages inconnus"),
            regles.advantages,
            True,
        ),
        atouts=entries("atouts", "atout", ("Atout inconnu", "Atouts inconnus"), regles.atouts),
        gear=entries(
            "equipement", "equipement", ("Équipement inconnu", "Équipements inconnus"), None
        ),
    )
