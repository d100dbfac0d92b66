"""The rule systems: one package each, found by listing this folder; none is named here.

The package of a system is its id with "-" written "_" (`reserve-d6` → `reserve_d6`). What
sits directly in it is rule code the engine's wheel ships to the browser; what only the
build reads is in its `publication/` folder, which the wheel leaves out:
  calculators.py           its calculators: each is declared there, and only there, and
                           listed in `CALCULATORS` in the order of its pages;
  rules.py                 `NEEDS` (kind → fields the engine reads) and `build(data)`, which
                           turns those fields into the immutable rules the calculators take;
  character.py, sheet.py,  the model code the calculators compute with: the saved
  dice.py, health.py…      character, its sheet, the system's dice laws, its health… (the
                           same file name has the same role in every system);
  publication/__init__.py  build-side hooks, e.g. `condition(value, link)` for a field
                           whose schema says `"x-rendu": "condition"`, or `FILTERS`;
  publication/schemas/<kind>.json      its entity kinds: the only definition of its data;
  publication/templates/<kind>.md.j2   a page template for a kind that needs more than the
                                       generic one.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

FOLDER = Path(__file__).parent


def package_of(system_id: str) -> str:
    return system_id.replace("-", "_")


def folder(system_id: str) -> Path:
    return FOLDER / package_of(system_id)


PUBLICATION = "publication"  # the build-only part of a system's package


def publication(system_id: str) -> Path:
    """The folder of what only the build reads: schemas, templates, page hooks."""
    return folder(system_id) / PUBLICATION


def ids() -> list[str]:
    """Every system that has a package here, by id."""
    return sorted(
        p.name.replace("_", "-") for p in FOLDER.iterdir() if (p / "__init__.py").is_file()
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
