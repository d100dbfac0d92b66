"""Names a reader types, turned into the ids of the data."""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Mapping

from .inputs import FieldError


def slug(text: str) -> str:
    """« Masse d'arme » -> « masse-d-arme », « Manœuvres » -> « manoeuvres »: the id the
    data give the thing of that name (case, accents and punctuation do not matter)."""
    plain = unicodedata.normalize("NFD", text.strip().lower())
    plain = "".join(c for c in plain if not unicodedata.combining(c)).replace("œ", "oe")
    return "-".join("".join(c if c.isalnum() else " " for c in plain).split())


def unknown(field: str, what: str, wrong: list[str], known: Mapping[str, str]) -> FieldError:
    """Names the data do not know, reported at their field with the nearest known name
    (`known`: id -> name)."""
    close = difflib.get_close_matches(wrong[0], list(known), n=1, cutoff=0.7) if wrong else []
    hint = f" Vouliez-vous dire « {known[close[0]]} » ?" if close else ""
    return FieldError(field, f"{what} : {', '.join(f'« {w} »' for w in wrong)}.{hint}")
