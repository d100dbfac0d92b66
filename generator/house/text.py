"""The texts of a house entity (« Règles maison »): judged as `check` judges
data/'s (pipeline/links.py, same words), and their tags resolved, from what the browser
was sent (assets/maison.json, the finder's rows, the house entities kept). Used by the
check (`Texts.check`, the Context's `texts`) and the rendering (house/render.py).

Refused in a text: raw HTML (`<` before a letter, « / », « ! » or « ? »: the page would
run it), a malformed tag, a tag of an unknown kind, chapter, anchor or calculator, an
unreadable dice expression. A tag naming an entity is a reference: the house check
(house/reader.py) finds it among the official entities, the kept ones and those of the
same collection, as an `x-ref`. A calculator's tag is not checked against the
calculator's fields (its rules are not loaded here): the page that opens says what it
refuses; its query is kept as written, each part percent-encoded. A `{@source …}` tag is kept, unread: a house rule cites no source text."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from generator.core import urls
from generator.core.tags import TAG
from generator.engine import roll_tags

SPECIAL_TAGS = ("regle", "calcul", "des", "source")  # as pipeline/links.py
RAW_HTML = re.compile(r"<[A-Za-z!/?]")  # as pipeline/links.py
TAG_START = "{@"
SHOWN = 30  # characters of a malformed tag quoted
SHOWN_HTML = 20


@dataclass(frozen=True)
class TagLink:
    """A tag that leads to a page: its address from the site root, its label."""

    url: str
    label: str


@dataclass(frozen=True)
class Dice:
    """A `{@des …}` tag: its expression, its label."""

    expression: str
    label: str


class Texts:
    """What texts may cite in each system: its kinds, chapters (and their anchors) and
    calculators, from assets/maison.json."""

    def __init__(self, systems: Mapping[str, dict]):
        self.systems = systems

    def check(self, system: str, text: str) -> tuple[list[tuple[str, str]], list[str]]:
        """([(kind, id) of each entity the tags name], [message of each fault])."""
        named, faults = [], []
        own = self.systems.get(system, {})
        well_formed = set()
        for match in TAG.finditer(text):
            well_formed.add(match.start())
            kind, ref = match.group(1), match.group(2).strip()
            if kind in own.get("genres", {}):
                named.append((kind, ref))
                continue
            found = self.special(system, kind, ref, match.group(3))
            if isinstance(found, str):
                faults.append(found)
        start = text.find(TAG_START)
        while start != -1:
            if start not in well_formed:
                shown = text[start : start + SHOWN].split("\n")[0]
                faults.append(
                    f"balise mal formée « {shown} » : attendu {{@genre id}} ou {{@genre id|libellé}}"
                )
            start = text.find(TAG_START, start + 1)
        for match in RAW_HTML.finditer(text):
            shown = text[match.start() : match.start() + SHOWN_HTML].split("\n")[0]
            faults.append(f"HTML brut refusé : écrivez en Markdown : « {shown} »")
        return named, list(dict.fromkeys(faults))

    def special(
        self, system: str, kind: str, ref: str, label: str | None
    ) -> TagLink | Dice | None | str:
        """A tag that names no entity: its link, its dice, None (a source marker), or a
        French message (as pipeline/links.py says it)."""
        own = self.systems.get(system, {})
        if kind == "source":
            return None
        if kind == "des":
            try:
                roll_tags.parse(ref)
            except roll_tags.DiceError as error:
                return str(error)
            return Dice(ref, label or ref)
        if kind == "regle":
            chapter_id, _, anchor = ref.partition("#")
            chapter = own.get("chapitres", {}).get(chapter_id)
            if chapter is None:
                return f"chapitre « {chapter_id} » inconnu dans {own.get('nom', system)}"
            anchors = chapter.get("ancres", {})
            if anchor and anchor not in anchors:
                return (
                    f"ancre « #{anchor} » absente du chapitre « {chapter_id} » "
                    f"(ancres : {', '.join(anchors)})"
                )
            address = urls.url(urls.chapter(system, chapter_id)).lstrip("/")
            shown = label or (anchors[anchor] if anchor else chapter.get("titre", chapter_id))
            return TagLink(address + (f"#{anchor}" if anchor else ""), shown)
        if kind == "calcul":
            calc_id, _, query = ref.partition("?")
            title = own.get("calculateurs", {}).get(calc_id)
            if title is None:
                return f"calculateur « {calc_id} » inconnu dans {own.get('nom', system)}"
            address = urls.url(urls.calculator(system, calc_id)).lstrip("/")
            pairs = "&".join(
                "=".join(urls.component(part, safe="%+,") for part in pair.split("=", 1))
                for pair in query.split("&")
                if pair
            )
            return TagLink(address + (f"?{pairs}" if pairs else ""), label or title)
        if kind == "jet":  # its former name
            return f"la balise {{@jet {ref}}} s'écrit désormais {{@des {ref}}}"
        kinds = list(own.get("genres", {})) + list(SPECIAL_TAGS)
        shown = own.get("nom", system)
        return f"balise de genre inconnu « {kind} » (genres de {shown} : {', '.join(kinds)})"
