"""Names that look like an official one (« Règles maison »): « Accointances » written
with a Cyrillic « а », a zero-width space or a ligature reads as the official entity's
name on every page, yet names another entity. Such a name is not refused (a game master
may mean it), it is warned of: the form says it beside the name."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping

# Letters of other scripts drawn as Latin ones (Unicode's confusables, the common part).
CONFUSABLES = str.maketrans(
    {
        "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
        "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j", "ԁ": "d",
        "ɡ": "g", "ո": "n", "ս": "u", "α": "a", "ο": "o", "ρ": "p", "ν": "v", "τ": "t",
        "ι": "i", "κ": "k", "χ": "x", "υ": "u", "ε": "e", "ℓ": "l", "ı": "i",
    }
)  # fmt: skip


def skeleton(name: str) -> str:
    """`name` as it looks: NFKC (ligatures, wide letters), invisible characters left out,
    look-alike letters of other scripts read as Latin, blanks aside; case and accents
    kept (« Eclat » is another name than « Éclat »)."""
    folded = unicodedata.normalize("NFKC", name)
    seen = "".join(c for c in folded if not _invisible(c))
    return " ".join(seen.translate(CONFUSABLES).split())


def _invisible(c: str) -> bool:
    """A format or control character, or a variation selector: nothing drawn."""
    point = ord(c)
    selector = 0xFE00 <= point <= 0xFE0F or 0xE0100 <= point <= 0xE01EF
    return selector or unicodedata.category(c) in ("Cf", "Cc")


def by_skeleton(official: Iterable[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """{(« system/kind », skeleton): official name} of (key, name) pairs."""
    found: dict[tuple[str, str], str] = {}
    for key, name in official:
        group = key.rsplit("/", 1)[0]
        found.setdefault((group, skeleton(name)), name)
    return found


def warning(entry: object, looks: Mapping[tuple[str, str], str]) -> str | None:
    """The French warning for an entry whose name looks like, without being, the name
    of an official entity of its kind; None otherwise (an amendment keeps its name)."""
    if not isinstance(entry, dict) or not isinstance(entry.get("entite"), dict):
        return None
    name, system, kind = entry["entite"].get("nom"), entry.get("systeme"), entry.get("genre")
    if not all(isinstance(v, str) for v in (name, system, kind)) or "base" in entry:
        return None
    official = looks.get((f"{system}/{kind}", skeleton(name)))
    if official is None or official == name:
        return None
    return (
        f"« Nom » : « {name} » ressemble à s'y méprendre au nom de l'entité officielle "
        f"« {official} » (caractères invisibles ou d'un autre alphabet) : les pages les "
        "confondront ; enregistrez-le ainsi seulement si c'est voulu"
    )
