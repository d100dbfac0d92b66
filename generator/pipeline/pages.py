"""Render every Markdown page of the site from the corpus, with Jinja2 templates.

Returns {docs path: Markdown}; nothing is written here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cached_property, partial
from pathlib import Path

from jinja2 import (
    Environment,
    FileSystemLoader,
    StrictUndefined,
    pass_context,
)

from generator import systems
from generator.core import reperes, urls
from generator.core.typographie import pluriel, texte
from generator.engine import character, printout, registry, saved
from generator.engine.form import calculator_html
from generator.engine.results import signed
from generator.house import reader
from generator.pipeline import (
    corpus_conditions,
    features,
    notes,
    partie,
    per_entity,
    schemas,
    sources,
    table_law,
    vocabulary,
)
from generator.pipeline.anchors import HEADING, heading_anchor
from generator.pipeline.corpus import Corpus, Entity, System, digest
from generator.pipeline.errors import Origin, blamed_on
from generator.pipeline.finder import _plain
from generator.pipeline.links import CorpusLinks, computed_places, relative
from generator.pipeline.offline import SIZE_PLACEHOLDER
from generator.pipeline.pins import pin_button

TEMPLATES = Path(__file__).parent / "templates"  # generic; a system's own are in its package
COMMON_FIELDS = {"id", "nom", "resume", "source", "notes_editoriales"}


def number_text(value: object) -> str:
    """A number as French writes it: 0,5 ; 12 ; −3 (typographic minus)."""
    text = f"{value:g}".replace(".", ",") if isinstance(value, float) else str(value)
    return text.replace("-", "\u2212")


def facts(rows) -> str:
    """(label, Markdown value) pairs as a definition list: a fact sheet with no empty header
    band, which a phone shows as label over value. Empty values are left out."""
    items = [f"{label}\n:   {value}" for label, value in rows if value not in (None, "")]
    if not items:
        return ""
    return '<div class="srd-faits" markdown>\n\n' + "\n\n".join(items) + "\n\n</div>"


def _indent(text: str, width: int = 4) -> str:
    pad = " " * width
    return "\n".join(pad + line if line.strip() else "" for line in str(text).splitlines())


NUMBERS = [
    "zéro",
    "un",
    "deux",
    "trois",
    "quatre",
    "cinq",
    "six",
    "sept",
    "huit",
    "neuf",
    "dix",
    "onze",
    "douze",
]


def in_words(count: int) -> str:
    """A small count as the text writes it (« cinq systèmes »), in digits beyond twelve."""
    return NUMBERS[count] if 0 <= count < len(NUMBERS) else str(count)


class Renderer:
    def __init__(
        self,
        corpus: Corpus,
        links: CorpusLinks,
        rules: Mapping[str, object],
        reuse: per_entity.Fresh = per_entity.FRESH,
        markers: Mapping[str, Mapping] | None = None,
        site: Mapping[str, object] | None = None,
    ):
        """`rules`: each system's rules; `markers`: what its calculators' source markers
        say (rulebook.py); `site`: the project's site settings (Project.site: its home
        text, the features it shows)."""
        self.corpus, self.links, self.rules, self.reuse = corpus, links, rules, reuse
        self.markers = markers or {}
        self.site = dict(site or {})
        self.features = features.shown(self.site)
        self._templates: dict[tuple[str, str], str] = {}  # (system, kind) -> template
        self._templates_read: bytes | None = None  # digest of every template's text
        self.env = Environment(
            loader=FileSystemLoader([TEMPLATES, systems.systems_folder()]),
            bytecode_cache=reuse.bytecode,
            undefined=StrictUndefined,
            keep_trailing_newline=True,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.env.filters["indent4"] = _indent
        self.env.filters["en_lettres"] = in_words
        self.env.filters["faits"] = facts
        # A front-matter value: JSON strings are valid YAML, whatever quotes or backslashes.
        self.env.filters["chaine"] = lambda value: json.dumps(str(value), ensure_ascii=False)
        self.env.filters["texte"] = self._texte
        self.env.filters["lien"] = self._lien
        self.env.filters["chemin"] = self._chemin
        self.env.filters["cellule"] = self._cellule
        self.env.filters["champs"] = self._champs
        self.env.filters["sous_table"] = self._sous_table
        self.env.filters["groupes"] = self._groupes
        self.env.filters["par_genre"] = self._par_genre
        self.env.filters["notes_de_page"] = notes.page_notes
        self.env.filters["avec_appels"] = notes.with_markers
        self.env.filters["appels"] = lambda items, section: notes.markers(
            notes.page_notes(items), section
        )
        self.env.filters["condition"] = self._condition
        self.env.filters["chaine_prerequis"] = self._chaine_prerequis
        self.env.filters["calculs"] = self._calculs
        self.env.filters["tirage"] = table_law.page_roll
        self.env.filters["avec_calculs"] = self._avec_calculs
        self.env.filters["regles_calculees"] = self._regles_calculees
        self.env.globals["calculators_of"] = self.calculators_of
        self.env.globals["urls"] = urls
        self.env.globals["fonctions"] = self.features
        for system_id in systems.ids():  # filters a system's own templates use
            site = systems.module(system_id, systems.PUBLICATION)
            self.env.filters.update(getattr(site, "FILTERS", {}) if site else {})

    # --- filters (they need the current page to write relative links) ------------
    @pass_context
    def _texte(self, ctx, value: str) -> str:
        owner = ctx.get("entity") or ctx.get("chapter")
        return self.links.render(ctx["system"], value, ctx["page"], owner)

    @pass_context
    def _lien(self, ctx, target, label: str | None = None) -> str:
        """Markdown link from the current page to an entity, chapter or docs path."""
        path = target if isinstance(target, str) else target.docs_path
        name = label or (target.name if not isinstance(target, str) else path)
        return f"[{name}]({relative(ctx['page'], path)})"

    @pass_context
    def _chemin(self, ctx, target: str, query: str = "") -> str:
        """Relative link from the current page to a docs path, with an optional query."""
        return relative(ctx["page"], target, "", query)

    @pass_context
    def _cellule(self, ctx, entity: Entity, field: str) -> str:
        """One index-table cell: references become links, lists are joined."""
        value = entity.data.get(field)
        kind = schemas.kinds(entity.system)[entity.kind]
        spec = kind.schema["properties"][field]
        if spec.get("x-rendu") == "condition":  # structured conditions read as a sentence
            return self._condition_of(ctx, entity).replace("|", "\\|")
        refs = {path: target for path, target, *_ in kind.references()}
        ref_kind = refs.get((field, "*")) or refs.get((field,))
        labels = spec.get("x-libelles", {})
        sub = dict(kind.subfields).get(field)
        if sub:  # one value per item of a list of objects, e.g. the XP cost of each level
            shown = [
                number_text(row.get(sub)) if row.get(sub) is not None else "—"
                for row in value or []
            ]
            return " / ".join(shown) or "—"
        items = value if isinstance(value, list) else [value]
        shown = []
        for item in items:
            if item is None:
                continue
            if ref_kind:
                target = ctx["system"].entity(ref_kind, item)
                shown.append(
                    self._lien(
                        ctx, target, schemas.kinds(entity.system)[ref_kind].short_name(target.data)
                    )
                )
            elif isinstance(item, dict):  # an object without a name reads field by field
                name = item.get("texte") or item.get("nom")
                own = spec.get("items", spec) if isinstance(value, list) else spec
                shown.append(str(name) if name else self._value(ctx, item, own))
            elif isinstance(item, bool):
                shown.append("oui" if item else "non")
            elif isinstance(item, str) and item in labels:
                shown.append(labels[item])
            elif isinstance(item, (int, float)):
                shown.append(signed(item) if spec.get("x-signe") else number_text(item))
            else:
                shown.append(self._texte(ctx, str(item)))
        return ", ".join(shown).replace("|", "\\|") or "—"

    @pass_context
    def _champs(self, ctx, entity: Entity) -> str:
        """The kind's own fields, read from its schema: simple ones in a two-column table,
        lists of objects (levels, bonuses…) each in a table of their own."""
        schema = schemas.kinds(entity.system)[entity.kind].schema["properties"]
        placed = notes.page_notes(entity.notes)
        simple, tables = [], []
        for field, spec in schema.items():
            if field in COMMON_FIELDS or field == "description" or field not in entity.data:
                continue
            if spec.get("x-interne"):
                continue
            value, title = entity.data[field], spec.get("title", field)
            if value is None:  # no target, no value: the line is left out
                continue
            items = spec.get("items", {})
            if isinstance(value, list) and value and isinstance(value[0], dict):
                columns = [
                    k
                    for k, column in items.get("properties", {}).items()
                    if not column.get("x-interne") and any(k in row for row in value)
                ]
                head = (
                    "| "
                    + " | ".join(items["properties"][k].get("title", k) for k in columns)
                    + " |"
                )
                rule = "|" + "---|" * len(columns)
                rows = [
                    "| "
                    + " | ".join(
                        self._value(ctx, row.get(k), items["properties"][k]) for k in columns
                    )
                    + " |"
                    for row in value
                ]
                marked = f"**{title}** {notes.inline_markers(placed, field)}".rstrip()
                tables.append(f"{marked}\n\n" + "\n".join([head, rule, *rows]))
            else:
                value = self._value(ctx, value, spec)
                simple.append((title, f"{value} {notes.inline_markers(placed, field)}".rstrip()))
        return "\n\n".join(filter(None, [facts(simple), *tables]))

    @pass_context
    def _sous_table(self, ctx, entity: Entity, field: str, keys=()) -> str:
        """A field holding a list of objects, as a Markdown table (its schema's titles):
        the keys given, or every key some object fills."""
        items = schemas.kinds(entity.system)[entity.kind].schema["properties"][field]["items"]
        specs = items.get("properties", {})
        value = entity.data.get(field) or []
        columns = list(keys) or [
            k
            for k, spec in specs.items()
            if not spec.get("x-interne") and any(row.get(k) not in (None, "") for row in value)
        ]
        head = "| " + " | ".join(specs[k].get("title", k) for k in columns) + " |"
        rows = [
            "| " + " | ".join(self._value(ctx, row.get(k), specs[k]) for k in columns) + " |"
            for row in value
        ]
        return "\n".join([head, "|" + "---|" * len(columns), *rows])

    @pass_context
    def _groupes(self, ctx, entities: list, field: str) -> list[tuple[str, list]]:
        """Entities grouped by the shown value of one of their fields, in data order."""
        groups: dict[str, list] = {}
        for entity in entities:
            groups.setdefault(self._cellule(ctx, entity, field), []).append(entity)
        return list(groups.items())

    @pass_context
    def _chaine_prerequis(self, ctx, entity: Entity) -> list[Entity]:
        """The entity under its prerequisites of its own kind, root first (corpus_conditions.py)."""
        return corpus_conditions.chain(ctx["system"], entity)

    @pass_context
    def _condition(self, ctx, data: dict) -> str:
        """The condition of the page's entity (`data`: its fields) as a sentence."""
        return self._condition_of(ctx, ctx["entity"], data)

    def _condition_of(self, ctx, entity: Entity, data: dict | None = None) -> str:
        """An entity's condition as a sentence: the system's own `condition(value, link)`
        (publication/__init__.py) if it writes one, else the built-in sentence read from
        the schema (corpus_conditions.py)."""
        system = ctx["system"]
        own = getattr(systems.module(system.id, systems.PUBLICATION), "condition", None)
        if own is not None:
            return own(
                entity.data if data is None else data,
                lambda kind, ref: self._lien(ctx, system.entity(kind, ref)),
            )
        return corpus_conditions.sentence(system, entity, lambda target: self._lien(ctx, target))

    @pass_context
    def _par_genre(self, ctx, sources: list) -> list[tuple[str, list]]:
        """Citing pages grouped by kind (rules chapters last), for compact backlinks."""
        groups: dict[str, list] = {}
        for source in sources:
            kind = getattr(source, "kind", None)
            label = ctx["kinds"][kind].plural if kind else "Règles"
            groups.setdefault(label, []).append(source)
        return sorted(groups.items(), key=lambda item: (item[0] == "Règles", item[0]))

    @pass_context
    def _calculs(self, ctx, target, anchor: str = "") -> str:
        """The paragraph that leads from a rule page, or one of its sections (`anchor`), to
        the calculators that say they compute it (their `computes`); '' if none."""
        places = computed_places(ctx["system"].id).get(target.docs_path, {})
        calcs = places.get(anchor, [])
        if not calcs:
            return ""
        shown = ", ".join(
            f"[{c.title}]({relative(ctx['page'], urls.calculator(c.system, c.id))})" for c in calcs
        )
        return f"{pluriel(len(calcs), 'Calculateur', 'Calculateurs')} : {shown}\n{{: .srd-vers-calcul }}"

    @pass_context
    def _avec_calculs(self, ctx, body: str, chapter) -> str:
        """A chapter's Markdown with, under each heading a calculator computes, the link to it."""

        def add(match) -> str:
            line = self._calculs(ctx, chapter, heading_anchor(match.group(2), match.group(3)))
            return f"{match.group(0).rstrip()}\n\n{line}\n" if line else match.group(0)

        return HEADING.sub(add, body)

    @pass_context
    def _regles_calculees(self, ctx, calc: registry.Calculator) -> str:
        """The paragraph that leads from a calculator to the rules it computes ('' if none)."""
        system, shown = ctx["system"], []
        for ref in calc.computes:
            kind, _, rest = ref.partition(" ")
            target = self.links.resolve(system, kind, rest, None)
            label = target.label
            if kind == "regle" and target.anchor:
                label += f" ({system.chapter(rest.partition('#')[0]).title})"
            shown.append(f"[{label}]({relative(ctx['page'], target.docs_path, target.anchor)})")
        if not shown:
            return ""
        word = pluriel(len(shown), "Règle appliquée", "Règles appliquées")
        return f"{word} : {', '.join(shown)}\n{{: .srd-vers-regle }}"

    def _value(self, ctx, value, spec: dict) -> str:
        """One field value as Markdown: references become links."""
        if value is None:
            return "—"
        ref = spec.get("x-ref") or spec.get("items", {}).get("x-ref")
        if ref:
            targets = value if isinstance(value, list) else [value]
            return ", ".join(self._lien(ctx, ctx["system"].entity(ref, t)) for t in targets) or "—"
        if isinstance(value, bool):
            return "oui" if value else "non"
        if isinstance(value, str) and value in spec.get("x-libelles", {}):
            return spec["x-libelles"][value]
        if isinstance(value, (int, float)):
            return signed(value) if spec.get("x-signe") else number_text(value)
        if isinstance(value, list):
            shown = [self._value(ctx, v, spec.get("items", {})) for v in value]
            if any(item.endswith(".") for item in shown):  # sentences read as sentences
                return " ".join(item if item.endswith(".") else f"{item}." for item in shown)
            return ", ".join(shown) or "—"
        if isinstance(value, dict):
            fields = spec.get("properties", {})
            return " ; ".join(
                f"{fields.get(k, {}).get('title', k)} : {self._value(ctx, v, fields.get(k, {}))}"
                for k, v in value.items()
            )
        return self._texte(ctx, str(value)).replace("|", "\\|").replace("\n", " ")

    # --- helpers --------------------------------------------------------------------
    def origins(self) -> dict[str, tuple[Path, int]]:
        """Generated page -> the file and line it comes from, to report MkDocs' errors there."""
        return self._origins

    @cached_property
    def _origins(self) -> dict[str, tuple[Path, int]]:
        found = {}
        for system in self.corpus.systems.values():
            for entity in system.all_entities():
                found[entity.docs_path] = (entity.file, entity.line(("id",)))
            for chapter in system.chapters:
                found[chapter.docs_path] = (chapter.file, chapter.body_line)
        return found

    def extra_pages(self, system: System) -> list[tuple[str, str, str]]:
        """Pages a system's `site.extra_pages` adds (title, docs path, Markdown body); it is
        given how to link a page and how to draw an entity's « Épingler » button."""
        site = systems.module(system.id, systems.PUBLICATION)
        if site is None or not hasattr(site, "extra_pages"):
            return []

        def link(page: str, target: str, label: str) -> str:
            return f"[{label}]({relative(page, target)})"

        def pin(entity: Entity) -> str:
            return pin_button(entity, system.name)

        return site.extra_pages(system, link, pin)

    def origin(self, page: str, system: System | None) -> Origin:
        """Where a failure to write `page` is blamed: the entity or chapter it shows, else
        its system, else the generator."""
        if page in self._origins:
            return Origin(*self._origins[page], page)
        return Origin(system.file, 1, page) if system is not None else Origin("generator", 1, page)

    def calculators_of(self, system: System) -> list[registry.Calculator]:
        return [c for c in registry.all_calculators() if c.system == system.id]

    def sheets(self) -> list[dict]:
        """What « Mes personnages » needs of each system that saves a character: its name,
        and the addresses of the calculators that show it (relative to that page)."""
        found = []
        for system_id, kind in character.types().items():
            system = self.corpus.systems.get(system_id)
            if system is None or not system.ready:
                continue
            views = [kind.CALCULATOR[1], *kind.VIEWS]
            with blamed_on(Origin(system.file, 1, urls.SAVED)):
                calcs = [registry.get(system_id, calc_id) for calc_id in views]
            found.append(
                {
                    "id": system_id,
                    "nom": system.name,
                    "calculateurs": [
                        {
                            "id": c.id,
                            "titre": c.title,
                            "url": urls.relative(urls.SAVED, urls.calculator(system_id, c.id)),
                        }
                        for c in calcs
                    ],
                    "imprimer": urls.relative(urls.SAVED, urls.printable_sheet(*kind.CALCULATOR)),
                }
            )
        return found

    def _render(
        self,
        template: str,
        page: str,
        system: System | None = None,
        reads: per_entity.Reads | None = None,
        **values,
    ) -> str:
        """A page from its template; with `reads`, what it reads of the system is noted
        there (an entity page, see generator/pipeline/per_entity.py). A system's page is made of
        the system alone: reading the corpus raises ReadOutside. A failure is blamed on
        the page's own file (`origin`)."""
        with blamed_on(self.origin(page, system)):
            return self._render_page(template, page, system, reads, **values)

    def _render_page(self, template, page, system, reads, **values) -> str:
        kinds = schemas.kinds(system.id) if system else {}
        rules = self.rules.get(system.id) if system else None
        corpus, links = self.corpus, self.links
        if system is not None:
            corpus = per_entity.Outside(f"la page {page}")
        if reads is not None:
            seen = per_entity.view(reads, system, links, rules=rules)
            system, links, rules = seen.system, seen.links, seen.rules
        page_text = self.env.get_template(template).render(
            regles=rules,
            page=page,
            system=system,
            corpus=corpus,
            links=links,
            kinds=kinds,
            **values,
        )
        return sources.number_markers(page_text)

    def entity_template(self, system: str, kind: str) -> str:
        """The most specific template: the system's own for the kind, the generic one for
        the kind (entite/<kind>), or entite/_base."""
        if (system, kind) not in self._templates:
            self._templates[system, kind] = self._find_entity_template(system, kind)
        return self._templates[system, kind]

    def _find_entity_template(self, system: str, kind: str) -> str:
        own = f"{systems.package_of(system)}/{systems.PUBLICATION}/templates/{kind}.md.j2"
        if (systems.systems_folder() / own).exists():
            return own
        if (TEMPLATES / f"entite/{kind}.md.j2").exists():
            return f"entite/{kind}.md.j2"
        return "entite/_base.md.j2"

    # --- pages ----------------------------------------------------------------------
    def pages(self) -> dict[str, str]:
        out = {
            urls.HOME: self._render("accueil.md.j2", urls.HOME, accueil=self.site.get("accueil"))
        }
        out.update(self._feature_pages())
        original = [s.id for s in self.corpus.systems.values() if s.original]
        out[urls.API] = self._render(
            "api.md.j2", urls.API, schemas_files=schemas.published(original)
        )
        out[vocabulary.PAGE] = self._render(
            "vocabulaire.md.j2", vocabulary.PAGE, reference=vocabulary.markdown()
        )
        out[urls.ACCESSIBILITY] = self._render("accessibilite.md.j2", urls.ACCESSIBILITY)
        if "hors-ligne" in self.features:
            out[urls.OFFLINE] = self._render(
                "hors-ligne.md.j2", urls.OFFLINE, size=SIZE_PLACEHOLDER
            )
        if "personnages" in self.features:
            out[urls.SAVED] = self._render(  # « Mes personnages »
                "personnages.md.j2", urls.SAVED, sheets=self.sheets(), format=saved.FILE_FORMAT
            )
        if "maison" in self.features:
            out.update(self._house_pages())
        for system in self.corpus.systems.values():
            out.update(self.system_pages(system))
        return out

    def _feature_pages(self) -> dict[str, str]:
        """The finder's and the lists' pages, the features shown (features.py)."""
        out = {}
        if "trouver" in self.features:
            out[urls.FINDER] = self._render("trouver.md.j2", urls.FINDER)
        if "listes" in self.features:
            out[urls.LISTS] = self._render("listes.md.j2", urls.LISTS)
        return out

    def _house_pages(self) -> dict[str, str]:
        """« Règles maison »: what it shows of each system comes from assets/maison.json."""
        limits = {  # numbers as French writes them: 1 000 000
            "regles": f"{reader.MAX_ENTRIES:_}".replace("_", "\u202f"),
            "caracteres": f"{reader.MAX_TEXT_CHARS:_}".replace("_", "\u202f"),
        }
        return {
            urls.HOUSE: self._render(
                "maison.md.j2", urls.HOUSE, format=reader.FORMAT, limites=limits
            ),
            urls.HOUSE_ENTITY: self._render("maison-voir.md.j2", urls.HOUSE_ENTITY),
        }

    def system_pages(self, system: System) -> dict[str, str]:
        """A system's pages, made of its own files, the templates and the code alone."""
        step = ("pages", self._templates_digest(), tuple(sorted(self.features)))
        with blamed_on(Origin(system.file, 1)):  # what no page of its own says
            return dict(self.reuse.made(step, system, self._system_pages, system))

    def _templates_digest(self) -> bytes:
        if self._templates_read is None:
            folders = [
                TEMPLATES,
                *systems.systems_folder().glob(f"*/{systems.PUBLICATION}/templates"),
            ]
            files = sorted(p for folder in folders for p in folder.rglob("*") if p.is_file())
            self._templates_read = digest([(str(p), p.read_bytes()) for p in files])
        return self._templates_read

    def _system_pages(self, system: System) -> dict[str, str]:
        sid = system.id
        home = urls.system_home(sid)
        out = {home: self._render("systeme.md.j2", home, system)}
        if not system.ready:
            return out
        page = urls.chapters_index(sid)
        out[page] = self._render("chapitres.md.j2", page, system)
        page = urls.catalogue(sid)
        out[page] = self._render("catalogue.md.j2", page, system)
        for chapter in system.chapters:
            out[chapter.docs_path] = self._render(
                "chapitre.md.j2", chapter.docs_path, system, chapter=chapter
            )
        key = ("pages", self._templates_digest(), sid, tuple(sorted(self.features)))
        entity_pages = self.reuse.round(key, system, self.links)
        for kind_id, entities in system.entities.items():
            index = urls.kind_index(sid, kind_id)
            kind = schemas.kinds(sid)[kind_id]
            out[index] = self._render(
                "index_genre.md.j2", index, system, kind=kind, entities=entities
            )
            for entity in entities:
                out[entity.docs_path] = entity_pages.value(
                    entity, partial(self._entity_page, system, kind, entity)
                )
        self.reuse.keep(key, entity_pages)
        out[urls.errata(sid)] = self._render("errata.md.j2", urls.errata(sid), system)
        out.update(self.screen_page(system))
        out.update(self.partie_page(system))
        for title, page, body in self.extra_pages(system):
            out[page] = self._render("page.md.j2", page, system, title=title, body=body)
        calculators = self.calculators_of(system)
        if calculators:
            page = urls.calculators_index(sid)
            out[page] = self._render("calculateurs.md.j2", page, system, calculators=calculators)
            names = {k: {e.id: e.name for e in found} for k, found in system.entities.items()}
            # The engine draws a result's source markers from what was declared for its
            # system (the browser declares them as it builds its rules): handed over here,
            # where the default results are drawn.
            reperes.declare(sid, self.markers.get(sid))
            for calc in calculators:
                page = urls.calculator(sid, calc.id)
                rules = self.rules.get(sid)
                with blamed_on(Origin(system.file, 1, page)):
                    form = calculator_html(calc, calc.default_html(rules), rules, names)
                    # Its help texts cite their lines as the pages do ({@source …}).
                    form = self.links.render(system, form, page)
                saves = (sid, calc.id) in character.calculators() and (
                    "personnages" in self.features
                )
                sheet = printout.declaration(sid, calc.id)
                out[page] = self._render(
                    "calculateur.md.j2",
                    page,
                    system,
                    calc=calc,
                    form=form,
                    personnage=saves,
                    imprimable=sheet,
                )
                if sheet:
                    out.update(self.sheet_page(system, calc, sheet))
        return out

    def _entity_page(self, system: System, kind, entity: Entity, reads: per_entity.Reads):
        return self._render(
            self.entity_template(system.id, kind.id),
            entity.docs_path,
            system,
            reads,
            entity=entity,
            kind=kind,
            e=entity.data,
        )

    def sheet_page(self, system: System, calc, sheet: printout.Imprimable) -> dict[str, str]:
        """A character sheet calculator's sheet for print, with the one-line effect of each
        entity of the kinds it declares (the engine computes the rest in the browser)."""
        effects = {
            entity.docs_path: texte(_plain(self.links, system, entity.data.get("resume", "")))
            for kind in sheet.genres
            for entity in system.entities.get(kind, [])
        }
        page = urls.printable_sheet(system.id, calc.id)
        return {page: self._render("imprimer.md.j2", page, system, calc=calc, effets=effects)}

    def screen_page(self, system: System) -> dict[str, str]:
        """The GM screen, if the system declares one (`ecran` in systeme.yaml)."""
        if "ecran" not in system.meta or "ecran" not in self.features:
            return {}
        kinds = schemas.kinds(system.id)
        volets = [
            {
                "titre": volet["titre"],
                "contenu": [
                    {
                        "kind": kinds[item["genre"]],
                        "entity": system.entity(item["genre"], item["id"])
                        if "id" in item
                        else None,
                        "entities": [
                            entity
                            for entity in system.entities.get(item["genre"], [])
                            if all(
                                entity.data.get(field) in allowed
                                for field, allowed in item.get("filtre", {}).items()
                            )
                        ],
                        "colonnes": [
                            (field, kinds[item["genre"]].schema["properties"][field]["title"])
                            for field in item.get("colonnes", [])
                            if "table" not in item
                        ],
                        "sous_colonnes": item.get("colonnes", []) if "table" in item else [],
                        "table": item.get("table"),
                        "titre": item.get("titre") or kinds[item["genre"]].plural,
                        "grouper": item.get("grouper"),
                        "libelle": item.get("libelle", "nom"),
                        "grouper_titre": kinds[item["genre"]]
                        .schema["properties"]
                        .get(item.get("grouper"), {})
                        .get("title"),
                    }
                    for item in volet["contenu"]
                ],
            }
            for volet in system.meta["ecran"]
        ]
        page = urls.gm_screen(system.id)
        return {page: self._render("ecran.md.j2", page, system, volets=volets)}

    def partie_page(self, system: System) -> dict[str, str]:
        """« Mener la partie », if the system declares it (`partie` in systeme.yaml): the
        page's data embedded as JSON, for assets/partie.js."""
        if not self.shows_partie(system):
            return {}
        page = urls.partie(system.id)
        data = partie.embedded(partie.payload(system, self.links))
        return {
            page: self._render(
                "partie.md.j2", page, system, donnees=data, element_id=partie.ELEMENT_ID
            )
        }

    def shows_partie(self, system: System) -> bool:
        """Whether the site has the system's « Mener la partie »: declared and shown."""
        return "partie" in self.features and partie.declares(system)

    def nav(self) -> list:
        nav: list = [{"Accueil": urls.HOME}]
        shown = (
            ("trouver", "Trouver", urls.FINDER),
            ("listes", "Mes listes", urls.LISTS),
            ("personnages", "Mes personnages", urls.SAVED),  # beside the lists: a player's
            ("maison", "Règles maison", urls.HOUSE),  # what a game master writes
        )
        nav += [{title: page} for feature, title, page in shown if feature in self.features]
        for system in self.corpus.systems.values():
            sid = system.id
            section: list = [urls.system_home(sid)]
            if system.ready:
                section.append(
                    {
                        "Règles": [urls.chapters_index(sid)]
                        + [{c.title: c.docs_path} for c in system.chapters]
                    }
                )
                kinds = schemas.kinds(sid)
                # Kinds only: listing every entity would make MkDocs' build grow with the
                # square of their number (×10 data: 12 min instead of 40 s); an entity
                # page says where it is with its own breadcrumb.
                section.append(
                    {
                        "Catalogue": [urls.catalogue(sid)]
                        + [{kinds[k].plural: urls.kind_index(sid, k)} for k in system.entities]
                        + [{title: page} for title, page, _ in self.extra_pages(system)]
                    }
                )
                calculators = self.calculators_of(system)
                if calculators:
                    section.append(
                        {
                            "Calculateurs": [urls.calculators_index(sid)]
                            + [{c.title: urls.calculator(sid, c.id)} for c in calculators]
                        }
                    )
                if "ecran" in system.meta and "ecran" in self.features:
                    section.append({"Écran du MJ": urls.gm_screen(sid)})
                if self.shows_partie(system):
                    section.append({"Mener la partie": urls.partie(sid)})
                section.append({"Errata": urls.errata(sid)})
            nav.append({system.name: section})
        nav.append({"Données (API)": urls.API})
        return nav
