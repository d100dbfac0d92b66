"""Cross-references: inline tags in texts, `x-ref` fields, chapter anchors, backlinks.

Inline tags (resolved at build time; an unknown target fails the build):
  {@<genre> <id>}  {@<genre> <id>|libellé}   an entity of the same system
  {@regle <chapitre>#<ancre>|libellé}         a rules chapter, optionally a heading in it
  {@calcul <id>?champ=valeur&…|libellé}        a calculator, optionally with its inputs
  {@des 3d6+4}  {@des 1d10 + 5|1D10+5}         a dice expression (engine/roll_tags.py): a button
                                               that rolls it and shows its exact law
  {@source 578–580}  {@source 35, 73}           lines of the source text (see sources.py)
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from pathlib import Path
from urllib.parse import parse_qsl, urlencode

from generator import systems
from generator.core import schema_refs, urls
from generator.core.schema_refs import follow
from generator.core.typographie import pluriel
from generator.engine import registry, roll_tags
from generator.pipeline import markdown_safety, schemas, sources
from generator.pipeline.anchors import TAG, chapter_anchors
from generator.pipeline.corpus import Chapter, Corpus, Entity, System
from generator.pipeline.per_entity import FRESH, Fresh, ReadOutside

SPECIAL_TAGS = ("regle", "calcul", "des", "source")
# Texts are Markdown: raw HTML and script links could run code in the reader's page.
RAW_HTML = re.compile(r"<[A-Za-z!/?]")
TAG_START = "{@"


@dataclass(frozen=True)
class Target:
    docs_path: str  # Markdown file of the target page
    anchor: str
    label: str
    query: str = ""
    source: str = ""  # a source marker's text


@dataclass
class CorpusLinks:
    """The build's tags resolved against the corpus, and who cites, requires and excludes
    whom (the backlinks of each page)."""

    corpus: Corpus
    rules: dict = field(default_factory=dict)  # system -> the rules its calculators receive
    cited_by: dict[str, list] = field(
        default_factory=dict
    )  # target docs path -> citing entities/chapters
    required_by: dict[str, list] = field(default_factory=dict)
    excluded_by: dict[str, list] = field(default_factory=dict)
    problems: list[tuple[object, tuple, int, str]] = field(default_factory=list)
    _anchors: dict = field(default_factory=dict)  # chapter docs path -> its anchors, parsed once
    # (target docs path, requiring entity's docs path) -> minimum required, where one is
    _thresholds: dict = field(default_factory=dict)
    # (id of the backlinks dict, target docs path, id of the source) already noted: a
    # source is listed once, without searching the list (long on large data)
    _noted: set = field(default_factory=set)

    def backlinks(self, target) -> dict[str, list]:
        """The pages pointing at `target`, each said once: « requis » and « exclu » by the
        relation (an exclusion `target` states itself is already in its condition), then
        « cite » for the others."""
        excludes = {
            docs for docs, sources in self.excluded_by.items() for s in sources if s is target
        }
        required = self.required_by.get(target.docs_path, [])
        excluded = [
            s for s in self.excluded_by.get(target.docs_path, []) if s.docs_path not in excludes
        ]
        listed = {s.docs_path for s in required} | excludes | {s.docs_path for s in excluded}
        cited = [s for s in self.cited_by.get(target.docs_path, []) if s.docs_path not in listed]
        return {"requis": required, "exclu": excluded, "cite": cited}

    def threshold(self, target, source) -> object:
        """The minimum `source` requires of `target` (« Dextérité 2 »), or None."""
        return self.minimum(target.docs_path, source.docs_path)

    def minimum(self, target_path: str, source_path: str) -> object:
        """`threshold`, by the two pages' docs paths."""
        return self._thresholds.get((target_path, source_path))

    def anchors(self, chapter: Chapter) -> dict[str, str]:
        if chapter.docs_path not in self._anchors:
            self._anchors[chapter.docs_path] = chapter_anchors(chapter)
        return self._anchors[chapter.docs_path]

    # --- resolution -------------------------------------------------------------
    def resolve(
        self, system: System, kind: str, ref: str, label: str | None, owner=None
    ) -> Target | str:
        """The target of a tag, or a French message saying why there is none (empty when
        the target's file could not be read: that file's own error is enough). `owner`,
        the entity or chapter whose text holds the tag, names the section of a source."""
        ref = ref.strip()
        if kind == "source":
            return self._source(system, ref, owner)
        if kind == "des":
            try:
                roll_tags.parse(ref)
            except roll_tags.DiceError as error:
                return str(error)
            return Target("", "", label or ref, query=ref)
        if kind == "jet":  # its former name
            return f"la balise {{@jet {ref}}} s'écrit désormais {{@des {ref}}}"
        if kind == "regle":
            chapter_id, _, anchor = ref.partition("#")
            chapter = system.chapter(chapter_id)
            if chapter is None:
                listed = chapter_id in system.meta.get("chapitres", [])
                return "" if listed else f"chapitre « {chapter_id} » inconnu dans {system.id}"
            anchors = self.anchors(chapter)
            if anchor and anchor not in anchors:
                return f"ancre « #{anchor} » absente du chapitre « {chapter_id} » (ancres : {', '.join(anchors)})"
            return Target(
                chapter.docs_path, anchor, label or (anchors[anchor] if anchor else chapter.title)
            )
        if kind == "calcul":
            calc_id, _, query = ref.partition("?")
            try:
                calculator = registry.get(system.id, calc_id)
            except KeyError:
                return f"calculateur « {calc_id} » inconnu dans {system.id}"
            pairs = dict(parse_qsl(query, keep_blank_values=True))
            unknown = set(pairs) - {
                i.name for i in calculator.inputs_for(self.rules.get(system.id))
            }
            if unknown:
                return (
                    f"{pluriel(len(unknown), 'champ', 'champs')} {', '.join(sorted(unknown))} "
                    f"{pluriel(len(unknown), 'inconnu', 'inconnus')} du calculateur « {calc_id} »"
                )
            errors = calculator.read(pairs, self.rules.get(system.id)).errors
            if errors:
                return "; ".join(f"{name} : {message}" for name, message in errors.items())
            return Target(
                urls.calculator(system.id, calc_id), "", label or calculator.title, urlencode(pairs)
            )
        kinds = schemas.kinds(system.id)
        if kind not in kinds and kind in system.unreadable:
            return ""  # its schema's own error says it all
        if kind not in kinds:
            return f"balise de genre inconnu « {kind} » (genres de {system.id} : {', '.join(list(kinds) + list(SPECIAL_TAGS))})"
        entity = system.entity(kind, ref)
        if entity is None:
            if kind in system.unreadable:
                return ""
            return f"{kinds[kind].label.lower()} « {ref} » introuvable dans {system.id}"
        return Target(entity.docs_path, "", label or entity.name)

    def _source(self, system: System, ref: str, owner) -> Target | str:
        """A source marker: its label is « Source : title, section, l. N » (label "")."""
        spans = sources.cited(ref)
        if spans is None:
            return f"lignes « {ref} » illisibles : attendu par exemple {{@source 578–580}} ou {{@source 35, 73}}"
        owned = _source_field(owner)
        candidates = [*_sections(owned)] + [
            s for source in system.chapter_sources() for s in _sections(source)
        ]
        title = system.meta.get("nom_court", system.name)
        return Target("", "", "", source=sources.label(title, candidates, spans))

    # --- checking ---------------------------------------------------------------
    def _note(self, key: dict, target: Target, source: Entity | Chapter) -> None:
        if target.docs_path and target.docs_path != source.docs_path:
            noted = (id(key), target.docs_path, id(source))
            if noted not in self._noted:
                self._noted.add(noted)
                key.setdefault(target.docs_path, []).append(source)

    def check_text(
        self,
        system: System,
        text: str,
        source: Entity | Chapter | System,
        where: tuple,
        first_line: int,
    ) -> None:
        def line_of(position: int, needle: str) -> int:
            if not isinstance(source, Chapter):  # folded YAML lost its line breaks: look it up
                return _line_in_file(source.file, first_line, needle)
            return first_line + text.count("\n", 0, position)

        tags, faults, typed = _scanned(text)
        for start, kind, ref, label in tags:
            target = self.resolve(system, kind, ref, label, source)
            if target == "":
                continue
            if isinstance(target, str):
                self.problems.append((source, where, line_of(start, ref.strip()), target))
            elif not isinstance(source, System):  # a system's home is no backlink
                self._note(self.cited_by, target, source)
        for position, shown, message in faults:
            self.problems.append((source, where, line_of(position, shown), message))
        self._check_markdown_safety(text, source, where, line_of)
        if not sources.NOT_PROSE.intersection(p for p in where if isinstance(p, str)):
            for start, typed_text in typed:
                message = f"référence « {typed_text} » tapée dans le texte : citez les lignes par {{@source {typed_text[2:].strip()}}} à la fin du paragraphe"
                self.problems.append((source, where, line_of(start, typed_text), message))

    def _check_markdown_safety(self, text: str, source, where: tuple, line_of) -> None:
        """Attribute lists and link targets that could run code or restyle the page."""
        found, rendered = _safety_findings(text)
        lines = set()
        for position, shown, message in found:
            lines.add(line_of(position, shown))
            message = f"{message} : « {shown} »"
            self.problems.append((source, where, line_of(position, shown), message))
        for position, shown, message in rendered:
            if line_of(position, shown) not in lines:  # not said twice
                self.problems.append((source, where, line_of(position, shown), message))

    def check_all(self, reuse: Fresh = FRESH) -> None:
        """Every system's findings (made of the system and its rules alone)."""
        for system in self.corpus.systems.values():
            rules = self.rules.get(system.id)
            self._take(reuse.made("liens", system, self._checked, system, rules))

    def _checked(self, system: System, rules) -> CorpusLinks:
        """`system`'s findings, checked by a CorpusLinks of their own; they name its own pages
        only (its texts cite its own entities and chapters), or ReadOutside is raised."""
        found = CorpusLinks(self.corpus, self.rules)
        try:
            found._check_system(system)
        except Exception:
            self._take(found)  # what was found before the failure is reported
            raise
        found.corpus = None  # not kept alive by the pipeline's cache
        _own_pages_only(system, found)
        return found

    def _take(self, found: CorpusLinks) -> None:
        """One system's findings, checked by another CorpusLinks, added to these."""
        self.problems += found.problems
        for mine, theirs in (
            (self.cited_by, found.cited_by),
            (self.required_by, found.required_by),
            (self.excluded_by, found.excluded_by),
        ):
            for target, citing in theirs.items():
                if target not in mine:  # always so: a system's pages cite its own (checked)
                    mine[target] = list(citing)
                    self._noted.update((id(mine), target, id(source)) for source in citing)
                    continue
                for source in citing:
                    self._note(mine, Target(target, "", ""), source)
        self._thresholds.update(found._thresholds)

    def _check_system(self, system: System) -> None:
        kinds = schemas.kinds(system.id)
        for entity in system.all_entities():
            for path, text in strings_in(entity.data, ()):
                self.check_text(system, text, entity, path, entity.line(path))
            for pattern, target_kind, relation, seuil in kinds[entity.kind].references():
                if target_kind not in kinds:  # a schema naming a kind the system lacks
                    self.problems.append(
                        (
                            entity,
                            (),
                            entity.line(),
                            f"le schéma du genre « {entity.kind} » renvoie au genre « {target_kind} », inconnu dans {system.id}",
                        )
                    )
                    continue
                for path, value in follow(entity.data, pattern, ()):
                    target = system.entity(target_kind, value)
                    if target is None and target_kind in system.unreadable:
                        continue
                    if target is None:
                        self.problems.append(
                            (
                                entity,
                                path,
                                entity.line(path),
                                f"« {'.'.join(str(p) for p in path)} » : {kinds[target_kind].label.lower()} « {value} » introuvable dans {system.id}",
                            )
                        )
                    else:
                        self._note(
                            self._relation(relation),
                            Target(target.docs_path, "", target.name),
                            entity,
                        )
                        minimum = schema_refs.threshold(entity.data, path, seuil)
                        if relation == "requis" and minimum is not None:
                            key = (target.docs_path, entity.docs_path)
                            self._thresholds[key] = max(minimum, self._thresholds.get(key, minimum))
        for path, text in strings_in(system.meta, ()):
            self.check_text(system, text, system, path, 1)
        self._check_computed(system)
        for chapter in system.chapters:
            self.check_text(system, chapter.body, chapter, (), chapter.body_line)
            for path, text in strings_in(chapter.meta, ()):
                self.check_text(system, text, chapter, path, 1)

    def _check_computed(self, system: System) -> None:
        """Each rule a calculator says it computes (`computes`) is a page of the system: a
        chapter, one of its sections, or an entity."""
        for calc in registry.of_system(system.id):
            for ref in calc.computes:
                kind, _, rest = ref.partition(" ")
                if kind in SPECIAL_TAGS and kind != "regle":
                    found = "attendu « regle chapitre#ancre », « regle chapitre » ou « genre id »"
                else:
                    found = self.resolve(system, kind, rest, None)
                if isinstance(found, str) and found:
                    file, line = _declared(system.id, ref)
                    message = f"calculateur « {calc.id} » : règle calculée « {ref} » : {found}"
                    self.problems.append((Code(file), (), line, message))

    def _relation(self, relation: str) -> dict:
        """The backlinks a reference feeds, by its schema's `x-relation`."""
        return {"requis": self.required_by, "exclu": self.excluded_by}.get(relation, self.cited_by)

    # --- rendering --------------------------------------------------------------
    def render(self, system: System, text: str, page: str, owner=None) -> str:
        """Replace every tag of `text` by Markdown, with links relative to the `page` file;
        `owner` is the entity or chapter the text belongs to (for source markers)."""

        def replace(match: re.Match) -> str:
            kind = match.group(1)
            target = self.resolve(system, kind, match.group(2), match.group(3), owner)
            if isinstance(target, str):  # check_all has already failed the build
                raise ValueError(target)
            if kind == "source":
                return sources.marker(target.source)
            if kind == "des":
                return dice_button(target.query, target.label)
            return (
                f"[{target.label}]({relative(page, target.docs_path, target.anchor, target.query)})"
            )

        return sources.hold_punctuation(TAG.sub(replace, text))


@dataclass(frozen=True)
class Code:
    """A file of a system's package, where a problem of its declarations is reported."""

    file: Path


def _declared(system_id: str, ref: str) -> tuple[Path, int]:
    """The file and line of the system's package where `ref` is written (in quotes)."""
    folder = systems.folder(system_id)
    for file in sorted(folder.glob("*.py")):
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
            if f'"{ref}"' in line:
                return file, number
    return folder / "calculators.py", 1


def computed_places(system_id: str) -> dict[str, dict[str, list[registry.Calculator]]]:
    """Where a system's calculators say the rules they compute are written (`computes`):
    docs path of the rule page → anchor ("" for the whole page) → those calculators."""
    places: dict[str, dict[str, list[registry.Calculator]]] = {}
    for calc in registry.of_system(system_id):
        for ref in calc.computes:
            kind, _, rest = ref.partition(" ")
            if kind == "regle":
                chapter_id, _, anchor = rest.partition("#")
                path = urls.chapter(system_id, chapter_id)
            else:
                path, anchor = urls.entity(system_id, kind, rest), ""
            places.setdefault(path, {}).setdefault(anchor, []).append(calc)
    return places


def dice_button(expression: str, label: str) -> str:
    """A dice expression of the text: assets/lancer.js rolls it on a tap and shows its
    law, both written here (`data-loi`), so that no Python starts in the page."""
    shown = escape(label)
    return (
        f'<button type="button" class="srd-des" data-des="{escape(expression)}" '
        f'data-loi="{escape(_dice_law(expression))}" '
        f'aria-label="Lancer {shown}" aria-haspopup="dialog">{shown}</button>'
    )


@lru_cache(maxsize=1024)
def _dice_law(expression: str) -> str:
    """The terms and the exact law of an expression, as JSON (the same few expressions
    come back on many pages)."""
    return roll_tags.page_law(expression)


def _own_pages_only(system: System, found: CorpusLinks) -> None:
    """The invariant the pipeline's cache rests on: a system's texts cite its own pages."""
    home = posixpath.dirname(system.docs_path) + "/"
    for noted in (found.cited_by, found.required_by, found.excluded_by):
        for target, citing in noted.items():
            if not target.startswith(home) or any(
                getattr(source, "system", getattr(source, "id", None)) != system.id
                for source in citing
            ):
                raise ReadOutside(f"{system.id} cite une page hors de lui-même : {target}")


def _source_field(owner) -> str:
    """The `source` field of an entity or a chapter ("" for anything else)."""
    if isinstance(owner, Entity):
        return owner.data.get("source", "")
    if isinstance(owner, Chapter):
        return owner.meta.get("source", "")
    return ""


# A text's own findings depend on it alone; `serve` checks the same texts after each edit.
@lru_cache(maxsize=1 << 15)
def _scanned(text: str) -> tuple[tuple, tuple, tuple]:
    """What `text` holds, whatever the corpus: its tags (position, kind, ref, label), its
    faults (position, shown text, message: malformed tags, raw HTML) and the line
    references typed in it (position, text)."""
    tags = tuple((m.start(), m.group(1), m.group(2), m.group(3)) for m in TAG.finditer(text))
    well_formed = {start for start, *_ in tags}
    faults = []
    start = text.find(TAG_START)
    while start != -1:
        if start not in well_formed:
            shown = text[start : start + 30].split("\n")[0]
            message = (
                f"balise mal formée « {shown} » : attendu {{@genre id}} ou {{@genre id|libellé}}"
            )
            faults.append((start, shown, message))
        start = text.find(TAG_START, start + 1)
    for match in RAW_HTML.finditer(text):
        shown = text[match.start() : match.start() + 20].split("\n")[0]
        faults.append(
            (match.start(), shown, f"HTML brut refusé : écrivez en Markdown : « {shown} »")
        )
    typed = tuple((m.start(), m.group(0)) for m in sources.TYPED_LINE.finditer(text))
    return tags, tuple(faults), typed


@lru_cache(maxsize=1 << 15)
def _safety_findings(text: str) -> tuple[tuple, tuple]:
    """The attribute lists and addresses of `text` that are refused (position, shown,
    message): those found in its Markdown, then those found in its rendering."""
    found = (
        *markdown_safety.attribute_list_problems(text),
        *markdown_safety.reference_problems(text),
    )
    return found, tuple(markdown_safety.rendered_problems(text, _tag_words))


def _tag_words(text: str) -> str:
    """Tags as plain words: their ids are no attributes (« onde-de-choc »)."""
    return TAG.sub(lambda m: m.group(3) or m.group(2), text)


def relative(page: str, target: str, anchor: str = "", query: str = "") -> str:
    """Link from one docs file to another, the way MkDocs expects it (relative .md path)."""
    link = _relpath(target, posixpath.dirname(page) or ".")
    if query:
        link += "?" + query
    if anchor:
        link += "#" + anchor
    return link


@lru_cache(maxsize=1 << 12)
def _sections(source_field: str) -> tuple:
    """sources.sections, read once per text: each source marker asks for every chapter's."""
    return tuple(sources.sections(source_field))


@lru_cache(maxsize=1 << 16)
def _relpath(target: str, start: str) -> str:
    """posixpath.relpath, which is slow (it asks the working directory each time)."""
    return posixpath.relpath(target, start)


def _line_in_file(file, first_line: int, needle: str) -> int:
    """Line of some text in a YAML file: folded scalars lose their line breaks, so look it
    up in the file itself, from the field's first line on."""
    lines = file.read_text(encoding="utf-8-sig").splitlines()
    for number in range(first_line, len(lines) + 1):
        if needle in lines[number - 1]:
            return number
    return first_line


def strings_in(node: object, path: tuple):
    if isinstance(node, str):
        yield path, node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from strings_in(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from strings_in(value, path + (i,))
