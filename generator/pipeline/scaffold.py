"""`python -m generator nouveau-systeme ID`: a new original system that builds and passes
`check` at once, every file in its place (docs/auteurs.md, « Ajouter un système »).

It writes, with example content to replace: data/<id>/systeme.yaml and one kind (« don »,
two entities, one requiring the other), content/<id>/ with one chapter citing them, the
package generator/systems/<package>/, each file in its role (generator/systems ROLES: one
schema, one template, publication/__init__.py, rules.py, dice.py, calculators.py with one
calculator) and the calculator's test under tests/unit/. Every file is made in a scratch
folder first and moved in at the end: a refusal writes nothing.
"""

from __future__ import annotations

import keyword
import re
import shutil
import tempfile
from pathlib import Path

from generator import systems
from generator.core import urls
from generator.pipeline import project

# A system id is a URL prefix (/<id>/) and, with "-" written "_", a Python package name:
# it starts with a letter (systeme.json's pattern allows a digit first, Python does not).
ID = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
MAX_ID = 40


class ScaffoldError(ValueError):
    """Why the system cannot be created, in French."""


def reserved() -> set[str]:
    """First segments of the site's own addresses, which a system's prefix would shadow."""
    pages = [getattr(urls, name) for name in dir(urls) if name.isupper()]
    found = {p.split("/")[0].removesuffix(".md") for p in pages if isinstance(p, str)}
    return found | {"assets", "pagefind", "search", "sw", "404", "__serve"}


def check_id(system_id: str) -> None:
    if not ID.fullmatch(system_id) or len(system_id) > MAX_ID:
        raise ScaffoldError(
            f"identifiant « {system_id} » invalide : minuscules sans accents, chiffres et "
            f"tirets, une lettre d'abord, {MAX_ID} caractères au plus (par exemple « mon-jeu »)"
        )
    package = systems.package_of(system_id)
    if keyword.iskeyword(package) or system_id in reserved():
        raise ScaffoldError(f"identifiant « {system_id} » réservé : choisissez-en un autre")


def targets(root: Path, system_id: str) -> dict[str, Path]:
    """Where each part goes: data and texts in the project, the package in the folder of
    its systems (the project's own; in this repository, the generator's)."""
    package = systems.package_of(system_id)
    return {
        "data": root / "data" / system_id,
        "content": root / "content" / system_id,
        "package": systems.folder(system_id),
        "test": root / "tests" / "unit" / f"test_{package}_calculators.py",
    }


def create(root: Path, system_id: str) -> list[Path]:
    """Write the new system; the paths written, relative to `root` when inside it."""
    check_id(system_id)
    places = targets(root, system_id)
    # The package goes where the project finds its systems, which must be in the project:
    # nothing is written inside an installed generator.
    if not places["package"].resolve().is_relative_to(root.resolve()):
        raise ScaffoldError(
            f"les systèmes de ce projet sont dans {systems.systems_folder()}, hors du projet "
            f"{root} : lancez la commande depuis le dossier du projet, avec son générateur"
        )
    taken = [p for p in places.values() if p.exists()]
    if taken or system_id in systems.ids():
        names = ", ".join(_shown(root, p) for p in taken) or f"paquet {places['package']}"
        raise ScaffoldError(f"le système « {system_id} » existe déjà ({names}) : rien n'est écrit")
    files = _files(system_id)
    with tempfile.TemporaryDirectory(prefix="nouveau-systeme-", dir=root) as scratch:
        staged = Path(scratch)
        for (part, relative), text in files.items():
            path = staged / part / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        for part, target in places.items():
            target.parent.mkdir(parents=True, exist_ok=True)
            source = staged / part
            if part == "test":
                source = source / target.name
            shutil.move(source, target)
    return [
        _shown(root, places[part] if part == "test" else places[part] / relative)
        for part, relative in files
    ]


def _shown(root: Path, path: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return str(path)


def _packages_shown() -> str:
    """The folder of the project's systems, as its files name it."""
    folder = systems.systems_folder()
    try:
        return folder.relative_to(project.loaded().root).as_posix()
    except (LookupError, ValueError):
        return str(folder)


def _files(system_id: str) -> dict[tuple[str, str], str]:
    """{(part, path inside it): text}; the test is one file, whose part is itself."""
    package = systems.package_of(system_id)
    name = system_id.replace("-", " ").capitalize()
    values = {
        "__ID__": system_id,
        "__PAQUETS__": _packages_shown(),
        "__PAQUET__": package,
        "__NOM__": name,
    }

    def filled(text: str) -> str:
        for token, value in values.items():
            text = text.replace(token, value)
        return text.lstrip("\n")

    return {
        ("data", "systeme.yaml"): filled(SYSTEME),
        ("data", "don.yaml"): filled(DONS),
        ("content", "resolution.md"): filled(CHAPITRE),
        ("package", "__init__.py"): filled(INIT),
        ("package", "publication/schemas/don.json"): filled(SCHEMA),
        ("package", "publication/templates/don.md.j2"): filled(GABARIT),
        ("package", "publication/__init__.py"): filled(SITE),
        ("package", "rules.py"): filled(RULES),
        ("package", "dice.py"): filled(DICE),
        ("package", "calculators.py"): filled(CALCULATORS),
        ("test", f"test_{package}_calculators.py"): filled(TEST),
    }


# --- the files, with their placeholders (__ID__, __PAQUET__, __NOM__) ------------------

SYSTEME = """
# Fiche du système : chaque texte ci-dessous est un exemple à remplacer
# (docs/auteurs.md, « Ajouter un système » ; champs : generator/pipeline/schemas/systeme.json).
id: __ID__
nom: __NOM__
nom_court: __NOM__
statut: complet
# Le texte est celui de ses auteurs : ni « source » ni repères {@source …} à donner.
origine: original
resume: >-
  Système à écrire : ce résumé, les dons d'exemple, le chapitre « Résolution » et le
  calculateur de chances sont des exemples à remplacer.
auteurs: []
version: "0.1"
licence: à préciser
couverture: |
  Un genre d'entité (les dons), un chapitre de règles et un calculateur, tous d'exemple.
chapitres:
  - resolution
# L'écran du MJ : un volet ou plus de ce qu'on consulte en jeu (page /__ID__/ecran/).
ecran:
  - titre: Dons
    contenu:
      - {genre: don, colonnes: [jet]}
  - titre: Don d'exemple
    contenu:
      - {genre: don, id: don-d-exemple}
  - titre: Don avancé
    contenu:
      - {genre: don, id: don-avance}
"""

DONS = """
# Dons d'exemple, à remplacer : une entrée par don (schéma :
# __PAQUETS__/__PAQUET__/publication/schemas/don.json). Le champ « jet » est lu par le calculateur
# de chances (rules.py, NEEDS) : une valeur de règle ne s'écrit qu'ici.
- id: don-d-exemple
  nom: Don d'exemple
  resume: Premier don d'exemple, à remplacer.
  jet: 2d6
  description: >-
    Texte d'exemple, à remplacer. Ce don fait lancer les dés de son jet ; le chapitre
    {@regle resolution} dit comment le lire, et le {@calcul chances|calculateur de chances}
    en donne les probabilités exactes.
- id: don-avance
  nom: Don avancé
  resume: Second don d'exemple, qui requiert le premier.
  jet: 2d6+1
  prerequis: [don-d-exemple]
  description: >-
    Texte d'exemple, à remplacer. Il faut d'abord le {@don don-d-exemple} ; son jet vaut
    un de plus ({@calcul chances?don=don-avance&seuil=7|ses chances}).
"""

CHAPITRE = """
---
titre: Résolution
resume: "Chapitre d'exemple, à remplacer : comment se lit un jet."
---

Texte d'exemple, à remplacer. Pour agir, un personnage lance les dés d'un de ses dons, par
exemple le {@don don-d-exemple}, et réussit si le total atteint le seuil que fixe le meneur.

## Le seuil

Plus le seuil est haut, plus l'action est difficile. Le {@don don-avance} ajoute un au
total ; le {@calcul chances|calculateur de chances} donne la probabilité exacte d'atteindre
un seuil avec chaque don.
"""

INIT = '''
"""Package du système __ID__ (voir generator/systems/__init__.py)."""
'''

SCHEMA = """
{
  "title": "Don",
  "x-pluriel": "Dons",
  "description": "Genre d'exemple, à remplacer : un don d'un personnage et les dés qu'il fait lancer.",
  "x-colonnes": [
    {
      "champ": "jet",
      "titre": "Jet"
    }
  ],
  "properties": {
    "jet": {
      "title": "Jet",
      "type": "string",
      "pattern": "^[1-9][0-9]*d[1-9][0-9]*([+-][0-9]+)?$",
      "description": "Les dés lancés avec ce don, par exemple 2d6+1."
    },
    "prerequis": {
      "title": "Prérequis",
      "type": "array",
      "items": {
        "type": "string",
        "x-ref": "don",
        "x-relation": "requis"
      },
      "x-rendu": "condition",
      "description": "Les dons qu'il faut avoir d'abord, écrits en phrase (« Don requis : … »)."
    },
    "description": {
      "title": "Description",
      "$ref": "#/$defs/texte"
    }
  },
  "required": [
    "jet",
    "description"
  ]
}
"""

GABARIT = """
{% extends "entite/_base.md.j2" %}
{% block fields %}
{% set chain = entity | chaine_prerequis %}
{{ [
  ("Jet", e.jet),
  ("Prérequis", e | condition),
  ("Chaîne de prérequis", chain | map("lien") | join(" → ") if chain | length > 1 else ""),
] | faits }}
{% endblock %}
"""

SITE = '''
"""__NOM__, build side: hooks of its pages. None is needed yet: a don's prerequisites
(`x-rendu: condition`) are written in words by the built-in sentence
(generator/pipeline/corpus_conditions.py); write `condition(value, link)` here for other words."""
'''

RULES = '''
"""The rule values the __ID__ calculators read, built from data/__ID__ only."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

NEEDS = {"don": ("nom", "jet")}


@dataclass(frozen=True)
class Gift:
    id: str
    name: str
    roll: str  # as written in the data, e.g. « 2d6+1 »


@dataclass(frozen=True)
class Rules:
    gifts: Mapping[str, Gift]  # in the order of the data


def build(data: Mapping) -> Rules:
    gifts = {
        gift_id: Gift(gift_id, fields["nom"], fields["jet"])
        for gift_id, fields in data["don"].items()
    }
    return Rules(gifts)
'''

DICE = '''
"""The dice of __NOM__ (an example to replace): the exact law of each roll, a value of
engine/law.py, made here only; the calculators read it."""

from __future__ import annotations

from functools import lru_cache

from ...engine import roll_tags
from ...engine.law import Law


@lru_cache(maxsize=64)
def roll_law(roll: str) -> Law:
    """The law of the total of a roll written as the data write it, e.g. « 2d6+1 »."""
    return roll_tags.ways(roll_tags.parse(roll))
'''

CALCULATORS = '''
"""__NOM__: the chances of a don's roll against a threshold (an example to replace).

The dice of each don come from the data, through the `Rules` the calculator receives
(rules.py), their law from dice.py; nothing here restates a rule value.
"""

from __future__ import annotations

from ...engine.inputs import ChoiceInput, IntInput
from ...engine.registry import Calculator
from ...engine.results import Distribution, Figure, Figures
from .dice import roll_law

SYSTEM = "__ID__"


def compute_chances(regles, don, seuil):
    gift = regles.gifts[don]
    law = roll_law(gift.roll)
    return (
        Figures(
            f"Jet du don « {gift.name} »",
            (
                Figure(f"P(total ≥ {seuil})", law.at_least(seuil), percent=True, key=True),
                Figure("Dés lancés", gift.roll),
                Figure("Total moyen", law.mean),
            ),
        ),
        Distribution("Loi du total", "Total", law.items()),
    )


CHANCES = Calculator(
    system=SYSTEM,
    id="chances",
    title="Chances d'un jet",
    summary="Quelles chances a le jet d'un don d'atteindre un seuil ?",
    inputs=(
        ChoiceInput(
            "don",
            "Don",
            lambda rules: next(iter(rules.gifts)),
            lambda rules: tuple((g.id, g.name) for g in rules.gifts.values()),
            "Le don dont on lance les dés.",
        ),
        IntInput("seuil", "Seuil", 7, 0, 1000, "Le total à atteindre, fixé par le meneur."),
    ),
    compute=compute_chances,
    assumptions=("Le jet réussit quand son total atteint le seuil.",),
    computes=("regle resolution#le-seuil",),
)

# The system's calculators, in the order of its pages (engine/registry.py reads this list).
CALCULATORS = (CHANCES,)
'''

TEST = '''
"""The __ID__ calculator on its default inputs, with the project's data (written by
`python -m generator nouveau-systeme`: update it with the data and the calculator)."""

from fractions import Fraction

from generator.engine import registry
from generator.engine.results import Figures
from generator.testing import project_rules


def test_chances_on_default_inputs():
    calculator = registry.get("__ID__", "chances")
    outcome = calculator.run({}, project_rules()["__ID__"])
    assert outcome.ok, outcome.errors
    assert outcome.values == {"don": "don-d-exemple", "seuil": 7}
    figures = {f.label: f.value for f in outcome.blocks[0].items}
    assert isinstance(outcome.blocks[0], Figures)
    # 2d6 reaches 7 in 21 of its 36 equally likely rolls.
    assert figures["P(total ≥ 7)"] == Fraction(21, 36)
    assert figures["Total moyen"] == 7
'''
