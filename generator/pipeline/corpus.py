"""Load every system: `data/<system>/*.yaml` (entities) and `content/<system>/*.md` (chapters).

Loading checks each file against its kind's JSON Schema and the ids for duplicates;
cross-references are checked later, by `links`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from generator import systems
from generator.core import urls
from generator.pipeline import schemas
from generator.pipeline.anchors import chapter_anchors
from generator.pipeline.errors import Problems
from generator.pipeline.yamlload import Located, YamlProblem, parse_yaml


@dataclass
class Entity:
    system: str
    kind: str
    data: dict
    file: Path
    located: Located
    index: int  # position in its file's list

    @property
    def id(self) -> str:
        return self.data["id"]

    @property
    def name(self) -> str:
        # An entity kept despite schema errors may lack its name: its id still labels links.
        return self.data.get("nom") or self.id

    def line(self, path: tuple = ()) -> int:
        return self.located.line((self.index,) + tuple(path))

    @property
    def docs_path(self) -> str:
        return urls.entity(self.system, self.kind, self.id)

    @property
    def url(self) -> str:
        return urls.url(self.docs_path)

    @property
    def notes(self) -> list[dict]:
        return self.data.get("notes_editoriales", [])


@dataclass
class Chapter:
    system: str
    id: str
    meta: dict
    body: str
    file: Path
    body_line: int  # line of the file where `body` starts

    @property
    def title(self) -> str:
        return self.meta["titre"]

    @property
    def name(self) -> str:
        return self.title

    @property
    def docs_path(self) -> str:
        return urls.chapter(self.system, self.id)

    @property
    def url(self) -> str:
        return urls.url(self.docs_path)

    @property
    def notes(self) -> list[dict]:
        """The notes in reading order: by the place of the heading each names in the body
        (the order of the file's header is not the reader's), those naming none last."""
        notes = self.meta.get("notes_editoriales", [])
        if not isinstance(notes, list):
            return notes
        places = {anchor: rank for rank, anchor in enumerate(chapter_anchors(self))}
        return sorted(
            notes,
            key=lambda note: places.get(
                str(note.get("section")) if isinstance(note, dict) else "", len(places)
            ),
        )


@dataclass
class System:
    id: str
    meta: dict
    file: Path
    entities: dict[str, list[Entity]] = field(default_factory=dict)  # kind -> entities, file order
    chapters: list[Chapter] = field(default_factory=list)
    # Kinds with a file that could not be read: references to them are not reported as
    # « introuvable », since the file's own error says it all.
    unreadable: set[str] = field(default_factory=set)
    # kind -> (its list, its length, {id: entity}): rebuilt when the list changes
    _by_id: dict = field(default_factory=dict, repr=False, compare=False)
    # The digest of the bytes of its files (`inputs`), when it was loaded from them all
    files_digest: bytes | None = field(default=None, repr=False, compare=False)
    # Where each value of systeme.yaml is, once it passed its schema (None otherwise): the
    # checks of its declarations made after loading report at their lines.
    located: Located | None = field(default=None, repr=False, compare=False)

    @property
    def name(self) -> str:
        """The one name the site gives the system on every page: `nom_court` when its full
        name is a long descriptive one (« … (sans titre) »), else that full name."""
        return self.meta.get("nom_court") or self.meta["nom"]

    @property
    def full_name(self) -> str:
        """Its full name (`nom`), shown on its own home page and in the JSON export."""
        return self.meta["nom"]

    @property
    def original(self) -> bool:
        """Its authors' own text (`origine: original`), not a rewrite of a source text: its
        `source` fields are optional and its pages say so."""
        return self.meta.get("origine") == "original"

    @property
    def ready(self) -> bool:
        return self.meta["statut"] == "complet"

    @property
    def docs_path(self) -> str:
        """Its home page, where the texts of `systeme.yaml` are shown."""
        return urls.system_home(self.id)

    def entity(self, kind: str, entity_id: str) -> Entity | None:
        entities = self.entities.get(kind, [])
        known = self._by_id.get(kind)
        if known is None or known[0] is not entities or known[1] != len(entities):
            first = {e.id: e for e in reversed(entities)}  # the first of an id wins
            known = self._by_id[kind] = (entities, len(entities), first)
        return known[2].get(entity_id) if isinstance(entity_id, str) else None

    def chapter(self, chapter_id: str) -> Chapter | None:
        return next((c for c in self.chapters if c.id == chapter_id), None)

    def all_entities(self) -> list[Entity]:
        return [e for kind in self.entities for e in self.entities[kind]]

    def chapter_sources(self) -> list[str]:
        """The `source` field of each chapter (a source marker names their sections)."""
        return [chapter.meta["source"] for chapter in self.chapters if "source" in chapter.meta]


def digest(value: object) -> bytes:
    """A short key for a value made of texts, numbers, lists, dicts and paths: its repr
    tells them apart (1, 1.0, True and "1" included)."""
    return hashlib.blake2b(repr(value).encode("utf-8", "surrogatepass")).digest()


@dataclass
class Corpus:
    root: Path
    systems: dict[str, System]

    def all_entities(self) -> list[Entity]:
        return [e for s in self.systems.values() for e in s.all_entities()]

    @property
    def texts(self) -> str:
        """What the site says of its texts, on its home page and in its footer:
        « reecriture » (every system rewrites a source text), « original » (every one is
        its authors' own) or « mixte »."""
        originals = {s.original for s in self.systems.values()}
        if originals == {True}:
            return "original"
        return "mixte" if True in originals else "reecriture"


CHAPTER_SCHEMA = {
    "$schema": schemas.DIALECT,
    "type": "object",
    "properties": {
        "titre": {"type": "string", "minLength": 1},
        "resume": {"type": "string", "minLength": 1},
        "source": {"type": "string", "minLength": 1},
        "notes_editoriales": {"type": "array", "items": {"$ref": "#/$defs/note_editoriale"}},
    },
    "required": ["titre", "resume", "source"],
    "additionalProperties": False,
    "$defs": schemas.base()["$defs"],
}

# An original system's entities and chapters have no source text to cite (`origine`). The
# relaxed copy is kept beside the schema it came from (validators are kept by schema id).
_WITHOUT_SOURCE: dict[int, tuple[dict, dict]] = {}


def without_source(schema: dict) -> dict:
    """`schema` with `source` optional, kept with it (validators are kept by schema id)."""
    if id(schema) not in _WITHOUT_SOURCE:
        relaxed = {**schema, "required": [r for r in schema["required"] if r != "source"]}
        _WITHOUT_SOURCE[id(schema)] = (schema, relaxed)
    return _WITHOUT_SOURCE[id(schema)][1]


FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.S)


# Limits that keep a faulty project from exhausting the build (docs/auteurs.md, « Écrire des
# données »).
MAX_FILE_BYTES = 1_000_000  # a data file or chapter; the largest real one is under 70 Ko
MAX_ID_LENGTH = 100  # an id becomes a file name; the longest real one has 57 characters


def safe_path(path: Path, problems: Problems, folder: bool = False) -> bool:
    """Whether `path` can be read: a symbolic link must end inside the project (no loop,
    no way out), and be a folder or a file as expected; otherwise reported, False."""
    root = problems.root.resolve()
    try:
        target = path.resolve(strict=True)
    except (OSError, RuntimeError):  # RuntimeError: a loop, before Python 3.13
        problems.add(path, 1, "lien symbolique en boucle ou cassé : remplacez-le par le fichier")
        return False
    if not target.is_relative_to(root):
        problems.add(path, 1, "lien symbolique qui sort du projet : refusé")
        return False
    if folder and not target.is_dir():
        problems.add(path, 1, "un dossier est attendu ici, pas un fichier")
        return False
    if not folder and not target.is_file():
        problems.add(path, 1, f"« {path.name} » est un dossier : un fichier est attendu")
        return False
    return True


def read_text(path: Path, problems: Problems) -> str | None:
    """A file's text (UTF-8, with or without a byte-order mark), or None once reported."""
    if not safe_path(path, problems):
        return None
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            problems.add(
                path,
                1,
                f"fichier trop gros ({size / 1e6:.1f} Mo) : au plus {MAX_FILE_BYTES // 1_000_000} Mo ; "
                "découpez-le en parties (genre.partie.yaml)",
            )
            return None
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as error:
        line = path.read_bytes()[: error.start].count(b"\n") + 1
        problems.add(path, line, "fichier illisible : il doit être encodé en UTF-8")
    except OSError as error:
        problems.add(path, 1, f"fichier illisible : {error.strerror or error}")
    return None


def _load_document(path: Path, problems: Problems) -> Located | None:
    text = read_text(path, problems)
    if text is None:
        return None
    if not text.strip():
        problems.add(path, 1, "fichier vide")
        return None
    try:
        return parse_yaml(text)
    except YamlProblem as error:
        problems.add(path, error.line, str(error))
    return None


def _check(
    schema: dict, data: object, located: Located, prefix: tuple, path: Path, problems: Problems
) -> bool:
    found = schemas.problems(schema, data)
    for where, message in found:
        problems.add(path, located.line(prefix + where), message)
    return not found


def inputs(folder: Path, chapters: Path, root: Path) -> tuple[bytes | None, int]:
    """A digest of what loading the system in `folder` reads: the entries of its data and
    chapter folders (links and where they lead included) and their bytes; None when one
    cannot be read (loaded afresh, its error reported). Then the number of bytes read."""
    found: list = [str(root), str(folder), str(chapters)]
    size = 0
    try:
        for place in (folder, chapters):
            found.append((place.is_symlink(), os.path.realpath(place), place.is_dir()))
            if not place.is_dir():
                continue
            for entry in sorted(os.scandir(place), key=lambda e: e.name):
                path = Path(entry.path)
                if path.suffix not in (".yaml", ".md"):
                    continue
                target = os.path.realpath(path)
                content = None
                if os.path.isfile(target):
                    if os.path.getsize(target) > MAX_FILE_BYTES:
                        return None, 0  # refused by the loading, which says why
                    read = path.read_bytes()
                    size += len(read)
                    content = hashlib.blake2b(read).digest()
                found.append((entry.name, entry.is_symlink(), target, content))
    except (OSError, RuntimeError):
        return None, 0
    return digest(found), size


def load_system(folder: Path, content: Path, problems: Problems) -> System | None:
    meta_file = folder / "systeme.yaml"
    if not meta_file.exists() and not meta_file.is_symlink():
        problems.add(folder, 1, "dossier de système sans fichier systeme.yaml")
        return None
    located = _load_document(meta_file, problems)
    valid = located is not None and _check(
        schemas.system_schema(), located.data, located, (), meta_file, problems
    )
    # A broken systeme.yaml does not hide the errors of the system's other files: they are
    # read all the same, and the system's references checked, but it never reaches a page.
    meta = located.data if located is not None and isinstance(located.data, dict) else {}
    if valid and meta["id"] != folder.name:
        problems.add(
            meta_file,
            located.line(("id",)),
            f"l'id « {meta['id']} » doit être le nom du dossier « {folder.name} »",
        )
    if not (systems.folder(folder.name) / "__init__.py").is_file():
        _no_package(folder, meta_file, problems)
        return None  # without its package, every file of the system would say it again
    system = System(folder.name, meta, meta_file)
    kinds = schemas.kinds(folder.name)
    broken = schemas.faults(folder.name)  # kind -> its schema's faults
    for kind_id, faults in broken.items():
        system.unreadable.add(kind_id)  # its data is not judged against a broken schema
        for fault in faults:
            problems.add(*fault)
    seen: dict[tuple[str, str], tuple[Path, int]] = {}  # (kind, id) -> where first defined
    for path in sorted(folder.glob("*.yaml")):
        if path.name == "systeme.yaml":
            continue
        # A long kind may be split in parts: atout.combat.yaml, atout.mystique.yaml…
        kind_id = path.name.split(".")[0]
        if kind_id in broken:
            continue
        if kind_id not in kinds:
            problems.add(
                path,
                1,
                f"genre d'entité inconnu « {kind_id} » (genres connus : {', '.join(kinds)})",
            )
            continue
        kind = kinds[kind_id]
        if system.original:
            kind = dataclasses.replace(kind, schema=without_source(kind.schema))
        loaded = _load_entities(system.id, kind, path, seen, problems)
        if loaded is None:
            system.unreadable.add(kind_id)
        system.entities.setdefault(kind_id, []).extend(loaded or [])
    system.chapters = _load_chapters(
        system, content / system.id, located if valid else None, problems
    )
    if valid:
        system.located = located
        _check_screen(system, located, problems)
    return system


def _no_package(folder: Path, meta_file: Path, problems: Problems) -> None:
    package = systems.folder(folder.name)
    data = folder.parent
    lonely = [p for p in systems.ids() if not (data / p).is_dir()]
    hint = (
        f" ; paquets sans dossier de données : {', '.join(map(systems.package_of, lonely))}"
        if lonely
        else ""
    )
    problems.add(
        meta_file if meta_file.exists() else folder,
        1,
        f"aucun paquet {problems.relative(package)}/ (avec __init__.py) pour le système "
        f"« {folder.name} » : le dossier du paquet porte l'id du système, « - » écrit « _ »" + hint,
    )


def _check_screen(system: System, meta: Located, problems: Problems) -> None:
    """Each kind and entity the GM screen (`ecran`) shows exists, reported at its line."""
    for panel, volet in enumerate(system.meta.get("ecran", [])):
        for position, item in enumerate(volet["contenu"]):
            kind, entity_id = item["genre"], item.get("id")
            if kind in system.unreadable:
                continue
            where = ("ecran", panel, "contenu", position)
            if kind not in system.entities:
                problems.add(
                    system.file,
                    meta.line((*where, "genre")),
                    f"écran du MJ : genre « {kind} » introuvable dans data/{system.id}/",
                )
            elif entity_id and system.entity(kind, entity_id) is None:
                problems.add(
                    system.file,
                    meta.line((*where, "id")),
                    f"écran du MJ : entité « {kind} {entity_id} » introuvable",
                )
            else:
                fields = schemas.kinds(system.id)[kind].schema["properties"]
                named = [(fields, "filtre", f, f) for f in item.get("filtre", {})]
                for key in ("grouper", "libelle"):
                    if key in item:
                        named.append((fields, key, None, item[key]))
                columns = fields
                if "table" in item:
                    named.append((fields, "table", None, item["table"]))
                    inner = fields.get(item["table"], {}).get("items", {})
                    columns = inner.get("properties", {})
                named += [
                    (columns, "colonnes", i, f) for i, f in enumerate(item.get("colonnes", []))
                ]
                for known, key, sub, field in named:
                    if field not in known:
                        path = (*where, key) if sub is None else (*where, key, sub)
                        problems.add(
                            system.file,
                            meta.line(path),
                            f"écran du MJ : le genre « {kind} » n'a pas de champ « {field} »",
                        )


def _load_entities(
    system: str, kind: schemas.Kind, path: Path, seen: dict, problems: Problems
) -> list[Entity] | None:
    """The file's entities; None if the file itself could not be read."""
    located = _load_document(path, problems)
    if located is None:
        return None
    if not isinstance(located.data, list):
        problems.add(
            path,
            1,
            f"le fichier doit contenir une liste d'entités « {kind.label} » (une par tiret)",
        )
        return None
    entities = []
    for index, data in enumerate(located.data):
        valid = _check(kind.schema, data, located, (index,), path, problems)
        # An entity with errors but a usable id still answers references to it, so one
        # mistake is reported once, not again at every page that cites it.
        if not valid and not (isinstance(data, dict) and isinstance(data.get("id"), str)):
            continue
        entity = Entity(system, kind.id, data, path, located, index)
        if len(entity.id) > MAX_ID_LENGTH:
            problems.add(
                path,
                entity.line(("id",)),
                f"id trop long ({len(entity.id)} caractères) : au plus {MAX_ID_LENGTH}, "
                "car il devient un nom de fichier et une adresse",
            )
        key = (kind.id, entity.id)
        if key in seen:
            first_file, first_line = seen[key]
            where = (
                f"ligne {first_line}"
                if first_file == path
                else f"{first_file.name}, ligne {first_line}"
            )
            problems.add(
                path, entity.line(("id",)), f"id « {entity.id} » en double (déjà utilisé {where})"
            )
            continue
        seen[key] = (path, entity.line(("id",)))
        entities.append(entity)
    return entities


def _load_chapters(
    system: System, folder: Path, meta: Located | None, problems: Problems
) -> list[Chapter]:
    """The chapters listed in systeme.yaml; with no valid list (`meta` None: systeme.yaml
    is broken), every chapter of the folder, so that their own errors are reported."""
    present = folder.exists() or folder.is_symlink()
    if present and not safe_path(folder, problems, folder=True):
        return []
    found = sorted(folder.glob("*.md")) if present else []
    if meta is None:
        return [
            c
            for p in found
            if (c := _load_chapter(system.id, p.stem, p, problems, system.original))
        ]
    listed = system.meta.get("chapitres", [])
    chapters = []
    for position, chapter_id in enumerate(listed):
        path = folder / f"{chapter_id}.md"
        if not path.exists() and not path.is_symlink():
            problems.add(
                system.file,
                meta.line(("chapitres", position)),
                f"chapitre « {chapter_id} » introuvable : {problems.relative(path)} n'existe pas",
            )
            continue
        chapter = _load_chapter(system.id, chapter_id, path, problems, system.original)
        if chapter:
            chapters.append(chapter)
    for path in found:
        if path.stem not in listed:
            problems.add(
                path,
                1,
                f"chapitre absent de la liste « chapitres » de {problems.relative(system.file)}",
            )
    return chapters


def _load_chapter(
    system: str, chapter_id: str, path: Path, problems: Problems, original: bool = False
) -> Chapter | None:
    text = read_text(path, problems)
    if text is None:
        return None
    match = FRONT_MATTER.match(text)
    if not match:
        problems.add(
            path,
            1,
            "en-tête YAML manquant : le fichier doit commencer par « --- », titre, resume, source, puis « --- »",
        )
        return None
    try:
        located = parse_yaml(match.group(1))
    except YamlProblem as error:
        problems.add(path, error.line + 1, str(error))
        return None
    # Lines of the front matter start after the opening "---".
    shifted = Located(located.data, {k: v + 1 for k, v in located.lines.items()})
    schema = without_source(CHAPTER_SCHEMA) if original else CHAPTER_SCHEMA
    if not _check(schema, located.data, shifted, (), path, problems):
        return None
    body_line = match.group(0).count("\n") + 1
    return Chapter(system, chapter_id, located.data, text[match.end() :], path, body_line)


def load_corpus(root: Path, problems: Problems, load=load_system) -> Corpus:
    """Every system of `root`, each loaded by `load` (the pipeline's cache keeps them)."""
    data, content = root / "data", root / "content"
    systems = {}
    if not data.is_dir():
        problems.add(data, 1, "dossier data/ introuvable")
        return Corpus(root, systems)
    for folder in sorted(data.iterdir()):
        # A plain file beside the systems is ignored; a link is followed only if it stays
        # in the project and leads to a folder.
        if not (folder.is_symlink() or folder.is_dir()):
            continue
        if not safe_path(folder, problems, folder=True):
            continue
        system = load(folder, content, problems)
        if system:
            systems[system.id] = system
    return Corpus(root, systems)
