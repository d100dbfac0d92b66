"""The rule systems: one package each, found by listing the folder the project names; none
is named here.

A project (its `projet.yaml`, generator/pipeline/project.py) names the folder of its
systems' packages: this repository names the generator's own (FOLDER), a game of its own a
folder of its project. Wherever it is, a system is imported as `generator.systems.<package>`
(this package's `__path__` is that folder), so its code reads the same in every project and
in the browser, whose engine wheel puts the project's systems here; nothing is ever written
inside the generator.

The package of a system is its id with "-" written "_" (`reserve-d6` → `reserve_d6`). What
sits directly in it is rule code the engine's wheel ships to the browser; what only the
build reads is in its `publication/` folder, which the wheel leaves out. Every file of a
package has one of the roles of `ROLES` below, the same file name the same role in every
system (tests/unit/test_systems.py holds each package to them).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

FOLDER = Path(__file__).parent  # the generator's own: this repository's systems
_chosen: list[Path] = []  # the folder the project named (use_folder), once chosen


@dataclass(frozen=True)
class Role:
    """What one file of a system's package holds."""

    path: str  # inside the package; « folder/*.ext » for any number of such files
    holds: str
    required: bool = False
    goes_with: tuple[str, ...] = ()  # the roles that must be there when it is

    def matches(self, path: str) -> bool:
        """Is `path` (inside the package, with "/") a file of this role?"""
        folder, star, ending = self.path.rpartition("*")
        if not star:
            return path == self.path
        name = path.removeprefix(folder)
        return (
            path.startswith(folder)
            and "/" not in name
            and len(name) > len(ending)
            and name.endswith(ending)
        )


ROLES = (
    Role("__init__.py", "the package, its docstring naming the system", required=True),
    Role(
        "rules.py",
        "NEEDS (kind → fields the engine reads) and build(data), which turns those fields "
        "into the one immutable rules object its calculators take",
        required=True,
    ),
    Role(
        "calculators.py",
        "its calculators, each declared there and only there, listed in CALCULATORS in the "
        "order of its pages",
        required=True,
    ),
    Role(
        "dice.py",
        "the laws of its dice, as values of engine/law.py (Law), and what reads them: the "
        "only module that builds a law (a system that rolls no die has none)",
    ),
    Role("deck.py", "its cards, their shuffle and the exact laws of a test drawn from them"),
    Role(
        "character.py",
        "CHARACTER, the character as a value (engine/character.py): the fields of its sheet "
        "calculator (CALCULATOR), its printed sheet (PRINTOUT), its other views (VIEWS)",
        goes_with=("sheet.py",),
    ),
    Role(
        "sheet.py",
        "compute_sheet, the function of its sheet calculator (SHEET_CALCULATOR in "
        "calculators.py): the character's derived values, its checks, their blocks",
        goes_with=("character.py",),
    ),
    Role(
        "steps.py",
        "a long sheet's values, step by step as the book builds a character",
        goes_with=("sheet.py",),
    ),
    Role("health.py", "its health tracks and the state they give"),
    Role("planner.py", "the path to a talent to buy, and what it costs"),
    Role("everyday.py", "the model of its calculators of play: experience, load, powers"),
    Role("lancer.py", "a test played step by step for « Lancer » (cards turned one by one)"),
    Role("virtual.py", "a virtual table object played move by move (a shuffled talon)"),
    Role(
        "publication/__init__.py",
        "build-side hooks: `condition(value, link)` for a field whose schema says "
        '"x-rendu": "condition", FILTERS…',
        required=True,
    ),
    Role(
        "publication/schemas/*.json",
        "its entity kinds, one schema each: the only definition of its data",
        required=True,
    ),
    Role(
        "publication/templates/*.md.j2",
        "a page template for a kind that needs more than the generic one",
    ),
)


def use_folder(found: Path) -> None:
    """Find the systems in `found`, the folder the project names: one per process (the
    modules imported, the calculators registered and the schemas read are kept)."""
    found = found.resolve()
    if _chosen and _chosen[0] != found:
        raise RuntimeError(
            f"systèmes déjà pris dans {_chosen[0]} : un seul projet par processus ({found})"
        )
    _chosen[:] = [found]
    __path__[:] = [str(found)]
    importlib.invalidate_caches()


def systems_folder() -> Path:
    """The folder of the systems: the project's; in the browser, the engine wheel's own,
    which holds the project's systems only."""
    if _chosen:
        return _chosen[0]
    # The engine wheel (the browser's, or its copy a test runs) ships no pipeline: it
    # holds the project's systems only, in its own folder.
    if sys.platform == "emscripten" or not (FOLDER.parent / "pipeline").is_dir():
        return FOLDER
    raise LookupError(
        "aucun projet chargé : les systèmes se trouvent par le projet "
        "(generator.pipeline.project.load(racine) d'abord)"
    )


def package_of(system_id: str) -> str:
    return system_id.replace("-", "_")


def folder(system_id: str) -> Path:
    return systems_folder() / package_of(system_id)


PUBLICATION = "publication"  # the build-only part of a system's package


def publication(system_id: str) -> Path:
    """The folder of what only the build reads: schemas, templates, page hooks."""
    return folder(system_id) / PUBLICATION


def ids() -> list[str]:
    """Every system that has a package in the project's folder, by id."""
    return sorted(
        p.name.replace("_", "-")
        for p in systems_folder().iterdir()
        if (p / "__init__.py").is_file()
    )


def module(system_id: str, name: str) -> ModuleType | None:
    """The module `name` of a system's package, or None if the system has none."""
    full = f"{__name__}.{package_of(system_id)}.{name}"
    try:
        if importlib.util.find_spec(full) is None:
            return None
    except ModuleNotFoundError:  # no package for this system at all
        return None
    return importlib.import_module(full)


# The engine never imports this package: it is handed the systems, here, once (the
# browser's worker imports this package for that before its first call).
from generator.engine import registry  # noqa: E402

registry.use(sys.modules[__name__])
