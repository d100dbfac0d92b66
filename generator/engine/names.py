"""Names a reader types, turned into the ids of the data."""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Mapping

from generator.core.typographie import pluriel
from generator.engine.inputs import FieldError


def slug(text: str) -> str:
    """« Masse d'arme » -> « masse-d-arme », « Manœuvres » -> « manoeuvres »: the id the
    data give the thing of that name (case, accents and punctuation do not matter)."""
    plain = unicodedata.normalize("NFD", text.strip().lower())
    plain = "".join(c for c in plain if not unicodedata.combining(c)).replace("œ", "oe")
    return "-".join("".join(c if c.isalnum() else " " for c in plain).split())


def unknown(
    field: str, what: tuple[str, str], wrong: list[str], known: Mapping[str, str]
) -> FieldError:
    """Names the data do not know (as the reader typed them, or their ids), reported at
    their field with the nearest known name (`known`: id -> name); `what`: what they are,
    in the singular and the plural (« Classe inconnue », « Classes inconnues »)."""
    close = difflib.get_close_matches(slug(wrong[0]), list(known), n=1, cutoff=0.7) if wrong else []
    hint = f" Vouliez-vous dire « {known[close[0]]} » ?" if close else ""
    return FieldError(
        field, f"{pluriel(len(wrong), *what)} : {', '.join(f'« {w} »' for w in wrong)}.{hint}"
    )


def require_known(
    field: str, what: tuple[str, str], ids: list[str], known: Mapping[str, str], among=None
):
    """Raise `unknown` at `field` for the ids not in `among` (by default, `known`: id ->
    name), with the nearest known name: the one check every list of names ends with."""
    wrong = [i for i in ids if i not in (known if among is None else among)]
    if wrong:
        raise unknown(field, what, wrong, known)


class Names:
    """The names one field reads, `known` (id -> name): the page's picker offers these
    names and the engine reads them back through this one resolver, so whatever the picker
    offers is understood. A name is found by its id or its name, case, accents and
    punctuation aside, even when it holds parentheses, « + » or commas."""

    def __init__(self, known: Mapping[str, str]):
        self.known = dict(known)
        index = {slug(name): entity for entity, name in self.known.items()}
        index |= {slug(entity): entity for entity in self.known}  # an id is exact: it wins
        index.pop("", None)
        self._index = index
        self._commas = max((name.count(",") for name in self.known.values()), default=0)
        self._words = max((key.count("-") + 1 for key in index), default=0)

    def find(self, text: str) -> str | None:
        """The id of the name or id `text`, or None."""
        return self._index.get(slug(text))

    def lead(self, text: str) -> tuple[str, str, str] | None:
        """(id, name as written, what follows) for the longest name `text` starts with,
        what follows being parameters, a rank…; a name ends at the end of the text, a
        space or an opening parenthesis. None when `text` starts with no name (a text that
        opens on a parenthesis starts with parameters)."""
        if text.lstrip().startswith("("):
            return None
        # Where a name may end; past the longest name's number of words, nowhere (a word is
        # counted when it holds a plain letter or digit: never more than its slug has).
        ends, words, in_word = [], 0, False
        for end, char in enumerate(text):
            if char.isspace() or char == "(":
                ends.append(end)
                in_word = False
            elif not in_word and char.isascii() and char.isalnum():
                words, in_word = words + 1, True
                if words > self._words:
                    break
        else:
            ends.append(len(text))
        for end in reversed(ends):
            found = self.find(text[:end])
            if found is not None:
                return found, text[:end].strip(), text[end:].strip()
        return None

    def split(self, text: str) -> list[str]:
        """The comma-separated parts of a list; a name that holds commas stays whole."""
        pieces = text.split(",")
        parts, start = [], 0
        while start < len(pieces):
            end = start + 1
            for longer in range(min(len(pieces), start + 1 + self._commas), start + 1, -1):
                found = self.lead(",".join(pieces[start:longer]).strip())
                if found is not None and "," in found[1].strip(", "):  # a comma inside
                    end = longer
                    break
            parts.append(",".join(pieces[start:end]))
            start = end
        return parts
