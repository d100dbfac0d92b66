"""The table of the changes of the data formats (the version itself: generator/version.py): what a
project written for an older version must change (`check` says it, project.upgrades)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.version import VERSION as VERSION_TEXT

DISTRIBUTION = "srd-jdr"
VERSION = re.compile(r"(\d+)\.(\d+)(?:\.(\d+))?")


def parse(text: str) -> tuple[int, int, int] | None:
    """(major, minor, patch) of « 1.2.3 » (« 1.2 » is 1.2.0); None for anything else."""
    found = VERSION.fullmatch(text.strip())
    if found is None:
        return None
    major, minor, patch = found.groups()
    return int(major), int(minor), int(patch or 0)


CURRENT = VERSION_TEXT  # generator/version.py, the one place it is written


@dataclass(frozen=True)
class FormatChange:
    """A change of a data format: from `since`, what a project written before must do."""

    since: str  # the first generator version with the new format
    what: str  # what changed, in French
    todo: str  # what to change in the project, in French


# Every change of a data format, oldest first: the one place CHANGELOG.md's « Formats »
# entries and `check`'s advice come from. A format change adds a line here.
FORMAT_CHANGES: tuple[FormatChange, ...] = (
    FormatChange(
        "0.1.0",
        "le projet se décrit dans projet.yaml (dossier de ses systèmes, version du générateur)",
        "écrivez projet.yaml à la racine (python -m generator nouveau-projet en montre un)",
    ),
)


def changes_since(written_for: str) -> list[FormatChange]:
    """The changes a project written for `written_for` has not followed yet."""
    written = parse(written_for) or (0, 0, 0)
    return [c for c in FORMAT_CHANGES if parse(c.since) > written]
