"""The one place that answers "where is X": the Markdown file MkDocs renders for it
(`docs path`, relative to the docs folder) and the site URL it gets from it.

Every page, link, export entry and navigation item asks here; nothing else joins paths.
"""

from __future__ import annotations

import posixpath

CHAPTERS = "regles"
CATALOGUE = "catalogue"
CALCULATORS = "calculateurs"

HOME = "index.md"
API = "api/index.md"
FINDER = "trouver.md"  # every entity of every system, filtered by facets
ACCESSIBILITY = "accessibilite.md"  # the accessibility statement, linked from the footer
LISTS = "listes.md"  # the reader's GM lists of entities, as printable cards (assets/listes.js)
OFFLINE = "hors-ligne.md"  # the reader's choice of a full offline copy, linked from the footer
SAVED = "personnages.md"  # « Mes personnages »: the characters kept in the reader's browser
# « Règles maison »: the reader's own entities, kept in the browser. The page
# writes, checks and shares them; a house entity is shown by HOUSE_ENTITY, its key
# (« system/kind/id ») in the query « e » (assets/maison-stock.js).
HOUSE = "maison/index.md"
HOUSE_ENTITY = "maison/voir.md"


# What encodeURIComponent leaves as is (urllib is not in the site's Python: stdlib.txt).
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")


def component(text: str, safe: str = "") -> str:
    """`text` as a part of an address, as JavaScript's encodeURIComponent writes it (and
    the characters of `safe` left as they are)."""
    return "".join(
        c if c in _UNRESERVED or c in safe else "".join(f"%{b:02X}" for b in c.encode("utf-8"))
        for c in text
    )


def house_entity(key: str) -> str:
    """The page of a house entity, from the site root (assets/maison-stock.js houseUrl)."""
    return url(HOUSE_ENTITY).lstrip("/") + "?e=" + component(key)


def system_home(system: str) -> str:
    return f"{system}/index.md"


def system_page(system: str, slug: str) -> str:
    """A page a system adds of its own (its `site.extra_pages`)."""
    return f"{system}/{slug}.md"


def entity(system: str, kind: str, entity_id: str) -> str:
    return f"{system}/{kind}/{entity_id}.md"


def kind_index(system: str, kind: str) -> str:
    return f"{system}/{kind}/index.md"


def chapter(system: str, chapter_id: str) -> str:
    return f"{system}/{CHAPTERS}/{chapter_id}.md"


def chapters_index(system: str) -> str:
    return f"{system}/{CHAPTERS}/index.md"


def catalogue(system: str) -> str:
    """The list of a system's kinds (the menu's « Catalogue » section opens on it)."""
    return f"{system}/{CATALOGUE}/index.md"


def calculator(system: str, calc_id: str) -> str:
    return f"{system}/{CALCULATORS}/{calc_id}.md"


def printable_sheet(system: str, calc_id: str) -> str:
    """A character sheet calculator's sheet laid out for print (its query in the URL)."""
    return f"{system}/{CALCULATORS}/{calc_id}/imprimer.md"


def gm_screen(system: str) -> str:
    """The GM screen: the tables declared by `ecran` in systeme.yaml, its panels, printed."""
    return f"{system}/ecran.md"


def partie(system: str) -> str:
    """« Mener la partie »: a fight run from the system's `partie` in systeme.yaml."""
    return f"{system}/partie.md"


def calculators_index(system: str) -> str:
    return f"{system}/{CALCULATORS}/index.md"


def errata(system: str) -> str:
    return f"{system}/errata.md"


def api_data(system: str, kind: str) -> str:
    """A kind's JSON export, relative to api/."""
    return f"{system}/{kind}.json"


def api_schema(system: str, kind: str) -> str:
    """A kind's published schema, relative to api/."""
    return f"schemas/{system}/{kind}.schema.json"


def url(docs_path: str) -> str:
    """The site URL MkDocs gives a docs file (directory URLs): a/b.md → /a/b/, a/index.md → /a/."""
    stem = docs_path[: -len(".md")]
    if stem == "index" or stem.endswith("/index"):
        stem = stem[: -len("index")]
    else:
        stem += "/"
    return "/" + stem


def relative(from_docs_path: str, to_docs_path: str) -> str:
    """The link from one page to another, relative, so the site works in any folder:
    calculator jeu/calculateurs/feuille.md → entity jeu/atout/tir.md gives « ../../atout/tir/ »."""
    start, target = url(from_docs_path), url(to_docs_path)
    return posixpath.relpath(target, start) + "/"
