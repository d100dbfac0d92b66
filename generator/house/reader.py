"""House rules (« Règles maison »): the entities a game master writes in the
browser (atouts, talents, spells, equipment…) or amends from the official ones, shared as
a file or a link, without a server. Each one is judged as `check` judges data/, with the
same French messages at the same fields, and every input is bounded before it is read, so
that a hostile file or link changes nothing. Generic: the systems, kinds and official
entities come from the `Context` (the composed schemas and the finder's rows).

The collection (format 1), in a file or in a link:
    {"format": 1, "regles": [{"systeme": <id>, "genre": <kind>, "entite": {<the entity's
    fields, as in data/: "id", "nom", "resume"…>}, "base": <official id, absent for a new
    entity>, "modifie": "<date ISO>"}, …]}
An entry with `base` amends that official entity: it keeps its id, and stands for it
(the entities that require it now require the amended one). A house rule cites no source
text: its `source` is optional, as an original system's.

Reading (`read_collection`, `decode_link`), as `saved.read_file` reads characters: what is
not a collection at all (too large or too nested, not JSON, not an object, a format
missing, unknown or newer, `regles` not a list, too many entries, another field beside
`format` and `regles`) is refused whole, in one sentence, and nothing is read. Otherwise
each entry is judged on its own: a faulty one is left out, with a sentence per field that
names it (its number in the file, its name), and the others are kept whole, each of them
valid with the others that are kept. Nothing is kept half-read: an entry is never kept
with a field set aside.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from generator.core import schema_check, schema_refs
from generator.core.imbrication import place_of, too_deep
from generator.engine.character import JSON_SCHEMA
from generator.house import titles

FORMAT = 1
# Bounds of a collection, each told before what it bounds is read. The whole official
# corpus (1,080 entities) is 1.06 million characters of JSON, its deepest entity nests 6
# levels (9 in a collection), its longest text has 1,930 characters.
MAX_TEXT_CHARS = 1_000_000  # the JSON text of a collection (a file, or a link inflated)
MAX_DEPTH = 16  # levels of brackets and braces, counted before parsing (imbrication.py)
MAX_ENTRIES = 500
MAX_STRING = 20_000  # characters of one text of an entry, a field's name as well
# A link: its characters (base64url, about 75 Ko compressed: a large collection goes in a
# file), and the bytes it may inflate to, read up to that bound and no further.
MAX_LINK_CHARS = 100_000
MAX_INFLATED_BYTES = MAX_TEXT_CHARS
# Names the page's JavaScript would read as an object's own machinery: refused as keys.
RESERVED_KEYS = frozenset({"__proto__", "constructor", "prototype"})
MAX_SHOWN_NAME = 80  # characters of an entry's name in a sentence
# Fields in error said of one entry (a hostile one could have one per item of a list: a
# sentence each would outweigh the file), and entities named in a loop's path.
MAX_PROBLEMS = 50
MAX_LOOP_SHOWN = 8

VERB = {"requis": "se requiert", "exclu": "s'exclut"}  # as pipeline/graph.py says it
ENTRY_FIELDS = ("systeme", "genre", "entite", "base", "modifie")
# An entry's own fields, judged by schema_check as the entity is: same French messages.
ENTRY_SCHEMA = {
    "type": "object",
    "title": "Une règle maison",
    "required": ["systeme", "genre", "entite"],
    "properties": {
        "systeme": {"title": "Système (son id)", "type": "string", "minLength": 1},
        "genre": {"title": "Genre d'entité (son id)", "type": "string", "minLength": 1},
        "entite": {"title": "L'entité (son genre dit ses champs)", "type": "object"},
        "base": {
            "title": "Entité officielle modifiée (son id)",
            "type": "string",
            "minLength": 1,
        },
        "modifie": {"title": "Dernière modification", "type": "string"},
    },
    "additionalProperties": False,
}
_ENTRY = schema_check.Validator(ENTRY_SCHEMA)
_ISO_DATE_TIME = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,9})?)?(Z|[+-][0-9]{2}:[0-9]{2})?"
)
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")
# Half of a UTF-16 pair left alone (a cut copy, a hand-written « \\ud800 »): no text
# holds one, and UTF-8 cannot write it (the link would fail for the whole collection).
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
LONE_SURROGATE_SAID = (
    "caractère illisible (une moitié de caractère isolée, souvent laissée par un "
    "copier-coller) : retapez ce texte"
)


class CollectionError(ValueError):
    """The whole collection is refused (not one at all, or beyond a bound): a French
    sentence."""


# --- the context -------------------------------------------------------------------------


TRANSCRIPTION = "x-transcription"  # a field only a transcription of the source needs


def _transcription_optional(node: object) -> object:
    """`node` with every field marked `x-transcription` optional, at any depth (objects,
    list items, definitions): a game master writing a rule has no sheet number, printed
    value or check against the print to give. The field stays known, so that a rule kept
    with it still reads."""
    if isinstance(node, list):
        return [_transcription_optional(child) for child in node]
    if not isinstance(node, dict):
        return node
    found = {key: _transcription_optional(child) for key, child in node.items()}
    properties = node.get("properties")
    if isinstance(properties, dict) and isinstance(node.get("required"), list):
        found["required"] = [
            name
            for name in node["required"]
            if not (isinstance(properties.get(name), dict) and properties[name].get(TRANSCRIPTION))
        ]
    return found


def entity_schema(schema: dict) -> dict:
    """A kind's composed schema (or its copy published under api/schemas/) as a house
    entity is judged by: `source` optional, as `corpus.without_source` makes it for an
    original system, the fields only a transcription needs (`x-transcription`) optional,
    and without the fields the export adds (`readOnly`: the page's address), which no
    author writes. The build may publish it for the collection's schema (`file_schema`)."""
    relaxed = _transcription_optional(schema)
    properties = {
        name: spec
        for name, spec in relaxed.get("properties", {}).items()
        if not (isinstance(spec, dict) and spec.get("readOnly"))
    }
    required = [r for r in relaxed.get("required", []) if r != "source" and r in properties]
    return {**relaxed, "properties": properties, "required": required}


@dataclass(frozen=True)
class HouseKind:
    """An entity kind of a system, as a house entity of it is judged."""

    system: str
    id: str
    label: str  # its French name (the schema's title)
    schema: dict  # entity_schema of its composed schema
    validator: schema_check.Validator = field(repr=False, compare=False)
    references: tuple[schema_refs.Reference, ...] = ()


@dataclass(frozen=True)
class Known:
    """An entity references may name: an official one (a finder row), or a house one
    already kept. `requires`: the keys (system/kind/id) of what it requires."""

    name: str
    requires: tuple[str, ...] = ()


@dataclass(frozen=True)
class Context:
    """What a house entity is judged against, from what the browser can fetch: the kinds
    by (system, kind), the official entities by key (« system/kind/id », the finder's
    « i »), and the house entities already kept (their references may name them). Made
    by `Context.from_json`; never changed (`with_house` makes another)."""

    kinds: Mapping[tuple[str, str], HouseKind]
    official: Mapping[str, Known]
    house: Mapping[str, Known] = field(default_factory=lambda: MappingProxyType({}))
    # {system: its name, as every page says it}: a message names a system by it.
    names: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # The texts' own check, or None: `texts(system, text)` -> ([(kind, id) of each entity
    # its tags name], [French message of each fault]) (house/text.py). A tag is a
    # reference as an `x-ref` is: to an entity official, kept, or of the same collection.
    texts: Callable | None = field(default=None, compare=False)

    @classmethod
    def from_json(
        cls,
        schemas: Mapping[str, Mapping[str, dict]],
        rows: Iterable[dict],
        house=(),
        texts: Callable | None = None,
        names: Mapping[str, str] | None = None,
    ) -> Context:
        """`schemas`: {system: {kind: its composed schema, or its published copy}};
        `rows`: the finder's rows (assets/entites.json: « i », « n », « q »); `house`: the
        entries of the house rules already kept (`with_house`); `texts`: the texts' own
        check (None: texts are judged by their schema alone); `names`: {system: its name}."""
        kinds = {}
        for system, own in schemas.items():
            for kind_id, schema in own.items():
                relaxed = entity_schema(schema)
                kinds[(system, kind_id)] = HouseKind(
                    system,
                    kind_id,
                    str(schema.get("title", kind_id)),
                    relaxed,
                    schema_check.Validator(relaxed),
                    tuple(schema_refs.references(relaxed)),
                )
        official = {}
        for row in rows:
            required = (key for clause in row.get("q", ()) for key, _minimum in clause)
            official[row["i"]] = Known(row["n"], tuple(dict.fromkeys(required)))
        made = cls(
            MappingProxyType(kinds),
            MappingProxyType(official),
            names=MappingProxyType(dict(names or {})),
            texts=texts,
        )
        return made.with_house(house)

    def with_house(self, entries: Iterable[dict]) -> Context:
        """This context with the house `entries` (checked when they were kept) known as
        well; one of an entity already known as a house one takes its place."""
        house = dict(self.house)
        for entry in entries:
            judged = _Entry(0, entry)
            kind = self._kind_of(judged)
            if kind is not None and judged.key is not None:
                judged.edges = _edges(judged, kind)
                house[judged.key] = Known(judged.name, _required(judged))
        return Context(self.kinds, self.official, MappingProxyType(house), self.names, self.texts)

    def systems(self) -> list[str]:
        return list(dict.fromkeys(system for system, _ in self.kinds))

    def system_name(self, system: str) -> str:
        return self.names.get(system, system)

    def _kind_of(self, judged: _Entry) -> HouseKind | None:
        entry = judged.entry
        if not isinstance(entry, dict):
            return None
        system, kind = entry.get("systeme"), entry.get("genre")
        if not isinstance(system, str) or not isinstance(kind, str):
            return None
        return self.kinds.get((system, kind))


# --- one entry ---------------------------------------------------------------------------


@dataclass
class _Entry:
    """An entry being judged: its number in the collection (from 1), and what is known of
    it so far."""

    number: int
    entry: object
    problems: dict[str, str] = field(default_factory=dict)
    untold: int = 0  # problems beyond MAX_PROBLEMS, counted only
    schema: dict | None = None  # its kind's house schema, once known: fields by title
    # (path in the entity, target key, relation, target kind, value) of each x-ref value
    edges: list[tuple[tuple, str, str, str, str]] = field(default_factory=list)

    @property
    def entity(self) -> dict:
        found = self.entry.get("entite") if isinstance(self.entry, dict) else None
        return found if isinstance(found, dict) else {}

    @property
    def key(self) -> str | None:
        entry, entity_id = self.entry, self.entity.get("id")
        if not isinstance(entry, dict) or not isinstance(entity_id, str) or not entity_id:
            return None
        system, kind = entry.get("systeme"), entry.get("genre")
        if not isinstance(system, str) or not isinstance(kind, str):
            return None
        return f"{system}/{kind}/{entity_id}"

    @property
    def name(self) -> str:
        name = self.entity.get("nom")
        if not isinstance(name, str) or not name.strip():
            return ""
        name = " ".join(name.split())
        return name if len(name) <= MAX_SHOWN_NAME else name[: MAX_SHOWN_NAME - 1] + "…"

    def said(self) -> dict[str, str]:
        """Its problems by field, those beyond MAX_PROBLEMS counted on the whole entry."""
        if not self.untold:
            return dict(self.problems)
        more = f"et {self.untold} autres champs en faute, non détaillés"
        whole = self.problems.get("")
        return {**self.problems, "": f"{whole} ; {more}" if whole else more}

    def add(self, path: tuple, message: str) -> None:
        """A problem at `path` in the entry (« entite.prerequis.0.atout »; () for the
        whole entry); two at one field are said in one message."""
        where = ".".join(str(p) for p in path)
        said = self.problems.get(where)
        if said is None and len(self.problems) >= MAX_PROBLEMS:
            self.untold += 1
        elif said is None:
            self.problems[where] = message
        elif message not in said.split(" ; "):
            self.problems[where] = f"{said} ; {message}"


def _at(path: tuple, schema: dict | None = None) -> str:
    """The « field » : that starts a message: the entity's own fields by their titles in
    its kind's `schema` (titles.py), else by their path in it, list positions left out;
    the entry's own fields by their names (those of the file)."""
    if path[:1] == ("entite",) and schema is not None:
        return titles.at(schema, path[1:])
    return schema_check.where(path[1:] if path[:1] == ("entite",) else path)


def _hostile(judged: _Entry) -> bool:
    """Keys JavaScript reads as an object's machinery, texts beyond MAX_STRING, and
    texts or keys holding a lone surrogate, at any depth: each said at its place. Iterative: the depth was bounded by the reader,
    not necessarily by the caller."""
    stack: list[tuple[object, tuple]] = [(judged.entry, ())]
    found = False
    while stack:
        node, path = stack.pop()
        if isinstance(node, str) and len(node) > MAX_STRING:
            judged.add(
                path,
                f"{_at(path, judged.schema)}texte trop long : {len(node)} caractères, "
                f"pour {MAX_STRING} au plus",
            )
            found = True
        elif isinstance(node, str) and _LONE_SURROGATE.search(node):
            judged.add(path, f"{_at(path, judged.schema)}{LONE_SURROGATE_SAID}")
            found = True
        elif isinstance(node, dict):
            children = []
            for key, child in node.items():
                if not isinstance(key, str):
                    continue
                if len(key) > MAX_STRING or _LONE_SURROGATE.search(key):
                    said = (
                        f"nom de champ trop long : {len(key)} caractères, pour {MAX_STRING} au plus"
                        if len(key) > MAX_STRING
                        else f"nom de champ {LONE_SURROGATE_SAID}"
                    )
                    judged.add(path, f"{_at(path, judged.schema)}{said}")
                    found = True
                elif key in RESERVED_KEYS:
                    judged.add(
                        (*path, key),
                        f"{_at((*path, key), judged.schema)}nom de champ refusé : « __proto__ », "
                        "« constructor » et « prototype » sont réservés par JavaScript",
                    )
                    found = True
                else:
                    children.append((child, (*path, key)))
            stack.extend(reversed(children))
        elif isinstance(node, list):
            stack.extend(reversed([(child, (*path, i)) for i, child in enumerate(node)]))
    return found


def _edges(judged: _Entry, kind: HouseKind) -> list[tuple[tuple, str, str, str, str]]:
    return [
        (path, f"{kind.system}/{target_kind}/{value}", relation, target_kind, value)
        for pattern, target_kind, relation, _ in kind.references
        for path, value in schema_refs.follow(judged.entity, pattern)
    ]


def _texts(judged: _Entry, kind: HouseKind, texts: Callable) -> None:
    """Each text of the entity by the context's own check: its faults said at its field,
    the entities its tags name added to its references (« cite »)."""
    for path, text in _strings(judged.entity, ()):
        named, faults = texts(kind.system, text)
        for message in faults:
            judged.add(("entite", *path), f"{_at(('entite', *path), kind.schema)}{message}")
        judged.edges += [
            (path, f"{kind.system}/{target_kind}/{value}", schema_refs.CITES, target_kind, value)
            for target_kind, value in named
        ]


def _strings(node: object, path: tuple):
    """(path, text) of every text in a value (its depth is bounded by the reader)."""
    stack = [(node, path)]
    while stack:
        node, path = stack.pop()
        if isinstance(node, str):
            yield path, node
        elif isinstance(node, dict):
            stack.extend(reversed([(v, (*path, k)) for k, v in node.items()]))
        elif isinstance(node, list):
            stack.extend(reversed([(v, (*path, i)) for i, v in enumerate(node)]))


def _required(judged: _Entry) -> tuple[str, ...]:
    """The keys the entry requires (`x-relation: requis`), itself left out."""
    return tuple(
        dict.fromkeys(
            target
            for _, target, relation, _, _ in judged.edges
            if relation == "requis" and target != judged.key
        )
    )


def _own(judged: _Entry, context: Context) -> HouseKind | None:
    """What the entry says alone: its fields, the entity against its kind's schema, its
    id and `base` against the official entities, its requirement or exclusion of itself.
    Its kind, when it is known."""
    entry = judged.entry
    if not isinstance(entry, dict):
        judged.add(
            (), "une règle est un objet JSON ({ … }) avec « systeme », « genre » et « entite »"
        )
        return None
    known = context._kind_of(judged)  # reads « systeme » and « genre » only
    judged.schema = known.schema if known is not None else None
    if _hostile(judged):
        return None  # nothing more is read of it
    for path, message in _ENTRY.problems(entry):
        judged.add(path, message)
    changed = entry.get("modifie")
    if isinstance(changed, str) and not _ISO_DATE_TIME.fullmatch(changed):
        judged.add(
            ("modifie",),
            f"« modifie » : « {changed} » n'est pas une date et heure ISO "
            "(par exemple 2025-01-31T18:30:00Z)",
        )
    system, kind_id = entry.get("systeme"), entry.get("genre")
    if not isinstance(system, str) or not isinstance(kind_id, str):
        return None
    systems = context.systems()
    if system not in systems:
        judged.add(
            ("systeme",),
            f"« systeme » : système « {system} » inconnu (systèmes : {', '.join(systems)})",
        )
        return None
    kind = context.kinds.get((system, kind_id))
    if kind is None:
        known = ", ".join(k for s, k in context.kinds if s == system)
        judged.add(
            ("genre",),
            f"« genre » : genre « {kind_id} » inconnu dans {context.system_name(system)} "
            f"(genres : {known})",
        )
        return None
    if not isinstance(entry.get("entite"), dict):
        return kind  # said by ENTRY_SCHEMA
    for path, message in kind.validator.problems(judged.entity):
        path, message = titles.titled(kind.schema, path, message)
        judged.add(("entite", *path), message)
    judged.edges = _edges(judged, kind)
    if context.texts is not None:
        _texts(judged, kind, context.texts)
    _identity(judged, kind, context)
    for path, target, relation, _, _ in judged.edges:
        if target == judged.key and relation in VERB:
            entity_id = judged.entity["id"]
            judged.add(
                ("entite", *path),
                f"{_at(('entite', *path), kind.schema)}{kind.label.lower()} « {entity_id} » "
                f"{VERB[relation]} lui-même",
            )
    return kind


def _identity(judged: _Entry, kind: HouseKind, context: Context) -> None:
    """Its id is its own, or that of the official entity it amends (`base`)."""
    entity_id, base = judged.entity.get("id"), judged.entry.get("base")
    if isinstance(base, str):
        if f"{kind.system}/{kind.id}/{base}" not in context.official:
            judged.add(
                ("base",),
                f"« base » : {kind.label.lower()} « {base} » introuvable dans "
                f"{context.system_name(kind.system)}",
            )
        elif isinstance(entity_id, str) and entity_id != base:
            judged.add(
                ("entite", "id"),
                f"{_at(('entite', 'id'), kind.schema)}une règle qui modifie "
                f"{kind.label.lower()} « {base} » garde son "
                f"id : « {base} », pas « {entity_id} »",
            )
    key = judged.key
    if key in context.official and base != entity_id:
        judged.add(
            ("entite", "id"),
            f"{_at(('entite', 'id'), kind.schema)}id « {entity_id} » déjà pris par l'entité "
            "officielle "
            f"« {context.official[key].name} » ({kind.label.lower()}) : choisissez-en un "
            "autre, ou nommez-la dans « base » pour la modifier",
        )


# --- entries together: references and loops ----------------------------------------------


def _judge(entries: list, context: Context) -> list[_Entry]:
    """Each entry judged, alone then with the others (they may name each other). Those
    judged with no problem are valid together: a reference to an entry left out is a
    problem of its own."""
    judged = [_Entry(number, entry) for number, entry in enumerate(entries, 1)]
    kinds = [_own(one, context) for one in judged]
    first: dict[str, _Entry] = {}  # key -> the entry that defines it, the first of its id
    for one, kind in zip(judged, kinds, strict=True):
        key = one.key if kind is not None else None
        if key is None:
            continue
        if key in first:
            one.add(
                ("entite", "id"),
                f"{_at(('entite', 'id'), one.schema)}id « {one.entity['id']} » en double "
                "(déjà utilisé par la règle "
                f"n° {first[key].number})",
            )
        else:
            first[key] = one
    for one, kind in zip(judged, kinds, strict=True):
        for path, target, _, target_kind, value in one.edges:
            if target in context.official or target in context.house or target in first:
                continue
            if (kind.system, target_kind) not in context.kinds:
                continue  # the schema names a kind its system lacks: the build says it
            label = context.kinds[(kind.system, target_kind)].label.lower()
            one.add(
                ("entite", *path),
                f"{_at(('entite', *path), kind.schema)}{label} « {value} » introuvable "
                f"dans {context.system_name(kind.system)}",
            )
    kept = {one.key: one for one in first.values() if not one.problems}
    while _left_out_references(judged, kept, first, context) | _loops(kept, context):
        kept = {key: one for key, one in kept.items() if not one.problems}
    return judged


def _left_out_references(
    judged: list[_Entry], kept: dict[str, _Entry], first: dict[str, _Entry], context: Context
) -> bool:
    """Entries that name an entry left out are left out in turn, until none is: each
    says which. Whether one was."""
    dependents: dict[str, list[_Entry]] = {}
    for one in kept.values():
        for _, target, *_ in one.edges:
            dependents.setdefault(target, []).append(one)
    waiting = [one.key for one in judged if one.key in first and first[one.key].problems]
    waiting = [key for key in dict.fromkeys(waiting) if key not in kept]
    changed = False
    while waiting:
        gone = waiting.pop()
        if gone in context.official or gone in context.house:
            continue  # the official or kept one is still there
        for one in dependents.get(gone, ()):
            if one.key not in kept or kept[one.key] is not one:
                continue
            for path, target, _, target_kind, value in one.edges:
                if target == gone:
                    system = one.entry["systeme"]
                    label = context.kinds[(system, target_kind)].label.lower()
                    one.add(
                        ("entite", *path),
                        f"{_at(('entite', *path), one.schema)}{label} « {value} » "
                        f"introuvable dans {context.system_name(system)} : la règle "
                        f"n° {first[gone].number}, qui "
                        "porte cet id, est refusée",
                    )
            del kept[one.key]
            waiting.append(one.key)
            changed = True
    return changed


def _loops(kept: dict[str, _Entry], context: Context) -> bool:
    """Requirements that loop through a kept entry (official ones never loop: `check`
    refuses it), each entry of a loop said with its path of names « A → B → A ». An entry
    stands for the official or kept entity of its key. Whether one was found."""

    def requires(key: str) -> tuple[str, ...]:
        if key in kept:
            return _required(kept[key])
        known = context.house.get(key) or context.official.get(key)
        return known.requires if known else ()

    def name(key: str) -> str:
        _, kind, entity_id = key.split("/", 2)
        known = kept.get(key) or context.house.get(key) or context.official.get(key)
        return f"{kind} « {getattr(known, 'name', '') or entity_id} »"

    found = False
    for component in _components(list(kept), requires):
        inside = set(component)
        for key in component:
            if key not in kept:
                continue
            cycle = _cycle_from(key, requires, inside)
            one = kept[key]
            path = next(
                p
                for p, target, relation, *_ in one.edges
                if relation == "requis" and target == cycle[1]
            )
            one.add(
                ("entite", *path),
                f"{_at(('entite', *path), one.schema)}prérequis en boucle, impossibles à remplir : "
                + " → ".join(_shortened([name(key) for key in cycle])),
            )
            found = True
    return found


def _shortened(names: list[str]) -> list[str]:
    """A loop's path, its middle left out beyond MAX_LOOP_SHOWN names."""
    if len(names) <= MAX_LOOP_SHOWN:
        return names
    head, tail = MAX_LOOP_SHOWN // 2, MAX_LOOP_SHOWN - MAX_LOOP_SHOWN // 2 - 1
    return [*names[:head], f"… ({len(names) - head - tail} autres)", *names[-tail:]]


def _components(starts: list[str], requires) -> list[list[str]]:
    """The strongly connected components of more than one key reachable from `starts`
    (Tarjan's, without recursion: a chain may be as long as the data)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for start in starts:
        if start in index:
            continue
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        frames = [(start, iter(requires(start)))]
        while frames:
            node, targets = frames[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    frames.append((target, iter(requires(target))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            frames.pop()
            if frames:
                parent = frames[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(component[::-1])
    return found


def _cycle_from(start: str, requires, inside: set[str]) -> list[str]:
    """The shortest loop from `start` back to it, within its component: [start, …, start]."""
    before: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in requires(node):
                if target == start:
                    return _path(start, node, before)
                if target in inside and target not in before:
                    before[target] = node
                    following.append(target)
        frontier = following
    raise ValueError(f"{start} n'est dans aucune boucle")  # a component of more than one


def _path(start: str, last: str, before: dict[str, str]) -> list[str]:
    """[start, …, last, start], walked back from `last` by `before`."""
    path = [last]
    while path[-1] != start:
        path.append(before[path[-1]])
    return [*reversed(path), start]


def check_entry(entry: object, context: Context) -> dict[str, str]:
    """{field path in the entry (« entite.prerequis.0.atout », « base »; "" for the whole
    entry): French message} of everything wrong with one house rule, as `check` says it
    of data/; {} when it is valid. Its references may name the official entities and the
    context's house ones, which it replaces when it has the key of one."""
    return _judge([entry], context)[0].said()


STRONGEST = ("requis", "exclu", schema_refs.CITES)  # what an entry says first of a target


def named_by(key: str, entries: Iterable[dict], context: Context) -> list[tuple[dict, str]]:
    """(entry, relation) of each of `entries` that names the entity of `key` in a field
    (`x-ref`: « requis », « exclu », « cite ») or a text's tag (« cite »), its strongest
    relation when it names it twice; the entry of `key` itself left out. What deleting the
    house rule of `key` would leave without its target (the official one, for an
    amendment). By the same edges as the check's."""
    found = []
    for entry in entries:
        judged = _Entry(0, entry)
        kind = context._kind_of(judged)
        if kind is None or judged.key in (None, key):
            continue
        judged.edges = _edges(judged, kind)
        if context.texts is not None:
            _texts(judged, kind, context.texts)
        relations = {relation for _, target, relation, _, _ in judged.edges if target == key}
        if relations:
            rank = {r: n for n, r in enumerate(STRONGEST)}
            found.append((entry, min(relations, key=lambda r: (rank.get(r, len(rank)), r))))
    return found


# --- the collection ------------------------------------------------------------------------


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} n'est pas du JSON")


def _finite(text: str) -> float:
    value = float(text)
    if abs(value) == float("inf"):
        raise ValueError(f"nombre trop grand : {text}")
    return value


def parse(text: object) -> object:
    """The JSON value of a collection's text, bounded before it is parsed."""
    if not isinstance(text, str):
        raise CollectionError(
            "Collection illisible : un texte JSON est attendu. Rien n'a été importé."
        )
    if len(text) > MAX_TEXT_CHARS:
        raise CollectionError(
            f"Collection trop grosse : {len(text)} caractères, pour {MAX_TEXT_CHARS} au plus. "
            "Rien n'a été importé."
        )
    if too_deep(text, MAX_DEPTH):
        raise CollectionError(
            f"Collection trop imbriquée : plus de {MAX_DEPTH} niveaux d'accolades ou de "
            "crochets, ce qu'aucune règle n'a. Rien n'a été importé."
        )
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)
    except (TypeError, ValueError, RecursionError) as error:
        where = place_of(error)
        raise CollectionError(
            f"Collection illisible : ce n'est pas du JSON{where}. Rien n'a été importé."
        ) from None


def entries(data: object) -> list:
    """The collection's entries, or CollectionError when it is not a collection at all."""
    if not isinstance(data, dict):
        raise CollectionError(
            "Collection illisible : un objet JSON avec « format » et « regles » est attendu. "
            "Rien n'a été importé."
        )
    other = [key for key in data if key not in ("format", "regles")]
    if other:
        shown = other[0] if len(other[0]) <= MAX_SHOWN_NAME else other[0][:MAX_SHOWN_NAME] + "…"
        raise CollectionError(
            f"Collection illisible : champ inconnu « {shown} » (champs permis : format, "
            "regles). Rien n'a été importé."
        )
    if "format" not in data:
        raise CollectionError(
            "Collection sans numéro de format : impossible de savoir comment la lire. "
            "Rien n'a été importé."
        )
    number = data["format"]
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        shown = json.dumps(number, ensure_ascii=False)[:MAX_SHOWN_NAME]
        raise CollectionError(f"Format de collection inconnu : {shown}. Rien n'a été importé.")
    if number > FORMAT:
        raise CollectionError(
            f"Cette collection est au format {number}, plus récent que celui que ce site lit "
            f"(format {FORMAT}) : rechargez la page pour avoir la dernière version du site. "
            "Rien n'a été importé."
        )
    found = data.get("regles")
    if not isinstance(found, list):
        raise CollectionError(
            "Collection illisible : « regles » doit être une liste. Rien n'a été importé."
        )
    if len(found) > MAX_ENTRIES:
        raise CollectionError(
            f"Collection trop longue : {len(found)} règles, pour {MAX_ENTRIES} au plus. "
            "Rien n'a été importé."
        )
    return found


def _refusal(error: CollectionError) -> tuple[list, list[dict]]:
    return [], [{"numero": 0, "nom": "", "champ": "", "message": str(error)}]


def read_collection(text: object, context: Context) -> tuple[list[dict], list[dict]]:
    """(the valid entries, as read, in the file's order; the problems of the others:
    {"numero": its number from 1, "nom": its name or "", "champ": the field's path or "",
    "message": a sentence that names them}). A text that is not a collection gives no
    entry and one problem, numbered 0: its refusal."""
    try:
        found = entries(parse(text))
    except CollectionError as error:
        return _refusal(error)
    kept, problems = [], []
    for one in _judge(found, context):
        if not one.problems:
            kept.append(one.entry)
            continue
        named = f"Règle n° {one.number}" + (f" « {one.name} »" if one.name else "")
        problems += [
            {"numero": one.number, "nom": one.name, "champ": where, "message": f"{named} : {said}"}
            for where, said in one.said().items()
        ]
    return kept, problems


# --- links ---------------------------------------------------------------------------------


def encode_link(collection: dict) -> str:
    """The collection in a link's words: its JSON, compressed (zlib), in base64url
    without padding."""
    text = json.dumps(collection, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    packed = zlib.compress(text.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def link_text(link: object) -> str:
    """The JSON text a link carries, bounded before it is decoded and while it is
    inflated: never more than MAX_INFLATED_BYTES are made of it."""
    if not isinstance(link, str):
        raise CollectionError("Lien illisible : un texte est attendu. Rien n'a été importé.")
    link = link.strip()
    if len(link) > MAX_LINK_CHARS:
        raise CollectionError(
            f"Lien trop long : {len(link)} caractères, pour {MAX_LINK_CHARS} au plus ; "
            "partagez plutôt la collection en fichier. Rien n'a été importé."
        )
    if not _BASE64URL.fullmatch(link) or len(link) % 4 == 1:
        raise CollectionError(
            "Lien illisible : des caractères y manquent ou n'en sont pas (copiez-le en "
            "entier). Rien n'a été importé."
        )
    try:
        packed = base64.urlsafe_b64decode(link + "=" * (-len(link) % 4))
    except (binascii.Error, ValueError):
        raise CollectionError(
            "Lien illisible : copiez-le en entier. Rien n'a été importé."
        ) from None
    inflater = zlib.decompressobj()
    try:
        data = inflater.decompress(packed, MAX_INFLATED_BYTES + 1)
    except zlib.error:
        raise CollectionError(
            "Lien illisible : il ne porte pas une collection (copiez-le en entier). "
            "Rien n'a été importé."
        ) from None
    if len(data) > MAX_INFLATED_BYTES or inflater.unconsumed_tail:
        raise CollectionError(
            f"Lien refusé : sa collection dépasse {MAX_INFLATED_BYTES} octets une fois "
            "décompressée. Rien n'a été importé."
        )
    if not inflater.eof:
        raise CollectionError("Lien incomplet : copiez-le en entier. Rien n'a été importé.")
    if inflater.unused_data:
        raise CollectionError(
            "Lien illisible : des données suivent la collection. Rien n'a été importé."
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise CollectionError(
            "Lien illisible : sa collection n'est pas du texte. Rien n'a été importé."
        ) from None


def decode_link(link: object, context: Context) -> tuple[list[dict], list[dict]]:
    """A link's collection, read as `read_collection` reads a file's (the part of the
    address that carries it, without the page's address)."""
    try:
        text = link_text(link)
    except CollectionError as error:
        return _refusal(error)
    return read_collection(text, context)


# --- its JSON Schema -----------------------------------------------------------------------


def file_schema(entity_schemas: Mapping[str, Mapping[str, str]]) -> dict:
    """The schema of a collection (file or link), for the build to publish;
    `entity_schemas`: {system: {kind: address of the schema of a house entity of that
    kind (`entity_schema`), relative to this one}}."""
    entry = {
        **ENTRY_SCHEMA,
        "properties": {
            **ENTRY_SCHEMA["properties"],
            "systeme": {**ENTRY_SCHEMA["properties"]["systeme"], "enum": list(entity_schemas)},
            "base": {**ENTRY_SCHEMA["properties"]["base"], "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
            "modifie": {**ENTRY_SCHEMA["properties"]["modifie"], "format": "date-time"},
        },
        "allOf": [
            {
                "if": {"properties": {"systeme": {"const": system}}, "required": ["systeme"]},
                "then": {"properties": {"genre": {"enum": list(kinds)}}},
            }
            for system, kinds in entity_schemas.items()
        ]
        + [
            {
                "if": {
                    "properties": {"systeme": {"const": system}, "genre": {"const": kind}},
                    "required": ["systeme", "genre"],
                },
                "then": {"properties": {"entite": {"$ref": address}}},
            }
            for system, kinds in entity_schemas.items()
            for kind, address in kinds.items()
        ],
    }
    return {
        "$schema": JSON_SCHEMA,
        "title": "Collection de règles maison",
        "description": "Les règles maison d'un meneur de jeu (ses entités, ou des entités "
        "officielles modifiées), telles qu'il les partage en fichier ou en lien. Le moteur "
        f"lit au plus {MAX_ENTRIES} règles, {MAX_TEXT_CHARS} caractères, {MAX_DEPTH} "
        f"niveaux d'imbrication, {MAX_STRING} caractères par texte.",
        "type": "object",
        "required": ["format", "regles"],
        "properties": {
            "format": {"title": "Version du format de la collection", "const": FORMAT},
            "regles": {
                "title": "Règles",
                "type": "array",
                "maxItems": MAX_ENTRIES,
                "items": entry,
            },
        },
        "additionalProperties": False,
    }
