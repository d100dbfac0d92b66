"""What the page « Mener la partie » of a system knows, built from its `partie`
declaration (systeme.yaml) as one JSON object: its
combatants' values, its turn order with the exact law of its dice, its tracks of harm, its
states, its non-player characters and its one-tap actions. The page never waits for
Python: every law is computed here; texts are HTML, their tags resolved as on every page,
their links relative to the page; `lien` values are site paths from the root.
"""

from __future__ import annotations

import json
import posixpath
import re
from functools import cache

import markdown

from generator.core import reperes, typographie, urls
from generator.core.tags import TAG
from generator.engine.results import signed
from generator.pipeline import markdown_safety
from generator.pipeline.corpus import Entity, System
from generator.pipeline.finder import _plain
from generator.pipeline.links import CorpusLinks
from generator.pipeline.table_law import law_of, rollable_tables

FORMAT = 1  # of the payload; the page refuses another
# The element whose `data-donnees` holds it: an attribute, because Material's instant
# navigation re-creates every <script> of a page it brings in, without its type or id.
ELEMENT_ID = "srd-partie-donnees"
HREF = re.compile(r'href="([^"]*)"')
SCHEME = re.compile(r"^[a-z][a-z0-9+.\-]*:", re.I)


def declares(system: System) -> bool:
    return isinstance(system.meta.get("partie"), dict)


def payload(system: System, links: CorpusLinks) -> dict:
    """The page's data for `system`, which declares `partie`. A value the declaration does
    not give is left out, never written `null` (the page reads it as absent)."""
    return _without_none(_Payload(system, links).build())


def _without_none(value: object) -> object:
    if isinstance(value, dict):
        return {k: _without_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_without_none(v) for v in value]
    return value


def embedded(data: dict) -> str:
    """`data` as the value of an HTML attribute between double quotes: no « < », « > »,
    « & » or « " » left in it, so that no text of the data can end the attribute or the
    element (the browser gives the JSON back, `&quot;` read as « " »)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for character, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026")):
        text = text.replace(character, escaped)
    return text.replace('"', "&quot;")


def _cited_lines(source: str | None) -> str:
    """The lines a `source` field names (« Combat, l. 213 ; l. 627–633 » -> « 213,
    627–633 »), or "" when it names none."""
    if not source:
        return ""
    found = [m.group("lines").strip() for part in source.split(";") if (m := _LINES.search(part))]
    return ", ".join(found) if found and all(reperes.cited(f) for f in found) else ""


_LINES = re.compile(r"\bl\.\s*(?P<lines>\d.*)$")


@cache
def _markdown() -> markdown.Markdown:
    return markdown.Markdown(extensions=markdown_safety.EXTENSIONS)


class _Payload:
    def __init__(self, system: System, links: CorpusLinks):
        self.system, self.links = system, links
        self.page = urls.partie(system.id)
        self.declared = system.meta["partie"]

    # --- texts and links -------------------------------------------------------------

    def html(self, text: str | None, source: str | None = None) -> str:
        """A text of the declaration as HTML, as the site's pages render it, its `source`
        (« l. 513–515 ») a marker at its end, out of the rule's way (the page numbers it)."""
        if not text:
            return ""
        cited = _cited_lines(source)
        if cited and "{@source" not in text:
            text = f"{text}{{@source {cited}}}"
        rendered = self.links.render(self.system, text, self.page)
        converter = _markdown()
        converter.reset()
        return typographie.html(self._hrefs(converter.convert(rendered)))

    def _hrefs(self, html: str) -> str:
        """Links MkDocs would have turned from Markdown files into page addresses."""

        def address(match: re.Match) -> str:
            href = match.group(1)
            cut = re.search(r"[?#]", href)
            path, rest = (href[: cut.start()], href[cut.start() :]) if cut else (href, "")
            if SCHEME.match(href) or href.startswith(("/", "#")) or not path.endswith(".md"):
                return match.group(0)
            docs = posixpath.normpath(posixpath.join(posixpath.dirname(self.page), path))
            return f'href="{urls.relative(self.page, docs)}{rest}"'

        return HREF.sub(address, html)

    def first_link(self, text: str | None) -> str | None:
        """The site path of the first page a text's tags name (a consequence's rule)."""
        for match in TAG.finditer(text or ""):
            target = self.links.resolve(self.system, match.group(1), match.group(2), None)
            if not isinstance(target, str) and target.docs_path:
                return urls.url(target.docs_path) + (f"#{target.anchor}" if target.anchor else "")
        return None

    def entity_entry(self, entity: Entity) -> dict:
        return {
            "id": entity.id,
            "nom": entity.name,
            "resume": typographie.texte(
                _plain(self.links, self.system, entity.data.get("resume", ""))
            ),
            "lien": entity.url,
        }

    def notes(self, notes: list) -> list[str]:
        """Editorial notes as HTML: title, finding, decision (and the other reading)."""
        found = []
        for note in notes:
            parts = [f"<p><strong>{typographie.texte(note['titre'])}</strong></p>"]
            for key, label in (
                ("constat", "Constat"),
                ("decision", "Décision"),
                ("alternative", "Autre lecture"),
            ):
                if note.get(key):
                    parts.append(self.html(f"**{label}.** {note[key]}"))
            found.append("".join(parts))
        return found

    # --- the parts -------------------------------------------------------------------

    def build(self) -> dict:
        declared = self.declared
        return {
            "format": FORMAT,
            "systeme": self.system.id,
            "nom": self.system.name,
            "valeurs": [
                {
                    "id": v["id"],
                    "nom": v["nom"],
                    "defaut": v.get("defaut", 0),
                    "min": v.get("min"),
                    "max": v.get("max"),
                }
                for v in declared.get("valeurs", [])
            ],
            "ordre": self.order(declared["ordre"]),
            "pistes": [self.track(t) for t in declared.get("pistes", [])],
            "etats": self.states(declared.get("etats", {})),
            "pnj": self.npcs(declared.get("pnj")),
            "actions": [self.action(a) for a in declared.get("actions", [])],
            "tables": rollable_tables(self.system),
        }

    def order(self, ordre: dict) -> dict:
        return {
            "mode": ordre["mode"],
            "quand": ordre.get("quand"),
            "des": ordre.get("des"),
            "loi": law_of(ordre["des"]) if ordre.get("des") else None,
            "plus": ordre.get("plus"),
            "cles": ordre.get("cles", []),
            "departage": ordre.get("departage", []),
            "egalite": ordre.get("egalite"),
            "html": self.html(ordre.get("texte"), ordre.get("source")),
            "source": ordre.get("source"),
            "notes_html": self.notes(ordre.get("notes_editoriales", [])),
            "modificateurs": [
                found
                for m in ordre.get("modificateurs", [])
                for found in (self.modifiers_of(m) if "genre" in m else [self.modifier(m)])
            ],
        }

    def modifier(self, m: dict) -> dict:
        return {
            "id": m["id"],
            "nom": m["nom"],
            "cle": m["cle"],
            "valeur": m["valeur"],
            "html": self.html(m.get("texte"), m.get("source")),
        }

    def modifiers_of(self, m: dict) -> list[dict]:
        """One modifier per entity of the kind `genre` whose field `champ` is a whole number
        other than 0 (the data holds the number, never the declaration), in the data's order.
        They form one group: a combatant has one of them at a time (an attitude, a stance)."""
        valeurs = {v["id"]: v["nom"] for v in self.declared.get("valeurs", [])}
        found = []
        for entity in self.system.entities.get(m["genre"], []):
            number = entity.data.get(m["champ"])
            if not isinstance(number, int) or isinstance(number, bool) or number == 0:
                continue
            text = f"{{@{m['genre']} {entity.id}}} : {valeurs.get(m['cle'], m['cle'])} {signed(number)} pour l'ordre."
            found.append(
                {
                    "id": entity.id,
                    "nom": entity.name,
                    "cle": m["cle"],
                    "valeur": number,
                    "groupe": m["genre"],
                    "html": self.html(text, entity.data.get("source")),
                }
            )
        return found

    def track(self, track: dict) -> dict:
        found = {
            "id": track["id"],
            "nom": track["nom"],
            "type": track["type"],
            "max": track.get("max"),
            "min": track.get("min"),
            "seuils": [
                {
                    "au_plus": s["au_plus"],
                    "effet": s["effet"],
                    "html": self.html(s.get("texte"), s.get("source")),
                    "lien": self.first_link(s.get("texte")),
                }
                for s in sorted(track.get("seuils", []), key=lambda s: s["au_plus"])
            ],
            "niveaux": [
                {
                    "nom": n["nom"],
                    "nombre": 1,
                    "seuil": None,
                    "malus": None,
                    "effet": n.get("effet"),
                    "html": self.html(n.get("texte"), n.get("source")),
                    "lien": self.first_link(n.get("texte")),
                }
                for n in track.get("niveaux", [])
            ],
            "cumul": None,
            "depassement": None,
            "malus": track.get("malus"),
            "gratuit": track.get("gratuit"),
            "html": self.html(track.get("texte"), track.get("source")),
            "lien": None,
        }
        if "genre" in track:
            found.update(self.levels_of(track))
        return found

    def levels_of(self, track: dict) -> dict:
        """The levels an entity holds, read by the field names the track gives. A level
        numbered 0 is the rest state, not a level of the track; a numbered level is named
        after the track (« Fatigue 2 »); the lethal level, when the entity gives it, comes
        last."""
        entity = self.system.entity(track["genre"], track["entite"])
        champs = track["champs"]
        levels = self.levels_in(entity, champs, track)
        lethal = entity.data.get(champs["mortel"]) if "mortel" in champs else None
        if isinstance(lethal, int) and not isinstance(lethal, bool):
            levels.append(
                {
                    "nom": f"{track['nom']} {lethal}",
                    "nombre": 1,
                    "seuil": None,
                    "malus": None,
                    "effet": "Mort",
                    "html": "",
                    "lien": None,
                }
            )
        return {
            "niveaux": levels,
            "cumul": entity.data.get(champs["cumul"]) if "cumul" in champs else None,
            "depassement": entity.data.get(champs["depassement"])
            if "depassement" in champs
            else None,
            "lien": entity.url,
        }

    def levels_in(self, entity: Entity, champs: dict, track: dict) -> list[dict]:
        """The levels of `entity`'s list `champs["niveaux"]`, each read by the field
        names `champs` gives."""
        levels = []
        for row in entity.data.get(champs["niveaux"]) or []:
            level = {
                key: row.get(champs[key]) if key in champs else None
                for key in ("nom", "nombre", "seuil", "malus", "effet", "gratuit_des")
            }
            if level["nom"] == 0 and track["type"] == "niveaux":
                continue
            if isinstance(level["nom"], int):
                level["nom"] = f"{track['nom']} {level['nom']}"
            if level["nombre"] is None:
                level["nombre"] = 1
            level["html"] = ""
            level["lien"] = None
            levels.append(level)
        return levels

    def npc_tracks(self, entity: Entity, declared: dict) -> dict:
        """The tracks a non-player character has levels of its own for (a category of
        fewer levels than a character's): their levels, lowest threshold first."""
        tracks = {t["id"]: t for t in self.declared.get("pistes", [])}
        found = {}
        for track_id, champs in declared.items():
            levels = self.levels_in(entity, champs, tracks[track_id])
            if levels:
                levels.sort(key=lambda level: (level["seuil"] is None, level["seuil"] or 0))
                found[track_id] = {"niveaux": levels}
        return found

    def states(self, etats: dict) -> dict:
        genres = etats.get("genres", [])
        return {
            "liste": [
                {**self.entity_entry(entity), "genre": kind}
                for kind in genres
                for entity in self.system.entities.get(kind, [])
            ],
            "genres": genres,
            "fin": etats.get("fin"),
            "html": self.html(etats.get("texte"), etats.get("source")),
        }

    def npcs(self, pnj: dict | None) -> list[dict]:
        """Each entity of the declared kind, with the values its fields give (whole
        numbers only: a value it lacks is the GM's to type)."""
        if not pnj:
            return []
        fields = pnj.get("valeurs", {})
        found = []
        for entity in self.system.entities.get(pnj["genre"], []):
            values = {
                valeur: entity.data[name]
                for valeur, name in fields.items()
                if isinstance(entity.data.get(name), int)
                and not isinstance(entity.data.get(name), bool)
            }
            own = self.npc_tracks(entity, pnj.get("pistes", {}))
            found.append({**self.entity_entry(entity), "valeurs": values, "pistes": own or None})
        return found

    def action(self, action: dict) -> dict:
        return {
            "id": action["id"],
            "nom": action["nom"],
            "calculateur": action["calculateur"],
            "lien": urls.url(urls.calculator(self.system.id, action["calculateur"])),
            "champs": action.get("champs", {}),
            "cible": action.get("cible", {}),
            "restant": action.get("restant", {}),
            "html": self.html(action.get("texte")),
        }
