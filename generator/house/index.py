"""What the browser knows of the entities (« Règles maison »), and a house
entity's finder row and GM card, made by the same code as the official ones
(core/entity_index.py, core/conditions.py) so that the finder, the search and the
lists show them alike.

The official entities are the finder's rows (assets/entites.json); the kinds, chapters
and calculators come from assets/maison.json (pipeline/house_context.py). A house entity
is shown at `urls.HOUSE_ENTITY`, its key in the query « e »."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from generator.core import conditions, entity_index, schema_refs, tags, urls
from generator.house.text import Texts


@dataclass(frozen=True)
class KindWords:
    """A kind as its rows, cards and sentences say it (the attributes of the build's
    pipeline/schemas.Kind that core/entity_index.py and core/conditions.py read)."""

    system: str
    id: str
    label: str  # singular, its schema's title
    plural: str
    feminine: bool
    columns: tuple[tuple[str, str], ...]
    subfields: tuple[tuple[str, str], ...]
    schema: dict = field(repr=False)

    def references(self) -> list[schema_refs.Reference]:
        return schema_refs.references(self.schema)

    def requirements(self) -> list[schema_refs.Requirement]:
        return schema_refs.requirements(self.schema)


@dataclass(frozen=True, eq=False)
class NamedEntity:
    """An entity a text or a field may name: official or house. Told apart by identity
    (core/conditions.py)."""

    kind: str
    id: str
    name: str
    url: str  # from the site root, without its leading « / »


def house_url(key: str) -> str:
    """The page of a house entity, from the site root (assets/maison-stock.js houseUrl)."""
    return urls.house_entity(key)


class Site:
    """The systems, kinds and official entities the browser was sent."""

    def __init__(self, maison: Mapping, rows: Iterable[dict]):
        self.systems: Mapping[str, dict] = maison["systemes"]
        self.texts = Texts(self.systems)
        self.kinds = {
            (system, kind_id): KindWords(
                system,
                kind_id,
                str(words["titre"]),
                str(words["nom"]),
                bool(words.get("feminin")),
                tuple(tuple(c) for c in words.get("colonnes", ())),
                tuple(words.get("sous_champs", {}).items()),
                words["schema"],
            )
            for system, own in self.systems.items()
            for kind_id, words in own["genres"].items()
        }
        self.official = {
            row["i"]: NamedEntity(row["k"], row["i"].rsplit("/", 1)[1], row["n"], row["u"])
            for row in rows
        }

    def schemas(self) -> dict[str, dict[str, dict]]:
        return {
            system: {kind: words["schema"] for kind, words in own["genres"].items()}
            for system, own in self.systems.items()
        }

    def targets(self, entries: Iterable[dict]) -> dict[str, NamedEntity]:
        """Every entity by key: the official ones, then the house `entries` (kept, valid),
        an amendment standing for its official entity."""
        found = dict(self.official)
        for entry in entries:
            entity = entry["entite"]
            key = entity_index.key(entry["systeme"], entry["genre"], entity["id"])
            found[key] = NamedEntity(entry["genre"], entity["id"], entity["nom"], house_url(key))
        return found

    def plain(self, system: str, text: str, targets: Mapping[str, NamedEntity]) -> str:
        """A text with its tags written as their labels, on one line (as the finder)."""

        def label(match) -> str:
            kind, ref, own_label = match.group(1), match.group(2), match.group(3)
            if (system, kind) in self.kinds:
                target = targets.get(entity_index.key(system, kind, ref.strip()))
                return (own_label or target.name) if target else ref
            found = self.texts.special(system, kind, ref.strip(), own_label)
            if found is None:
                return ""  # a source marker
            return ref if isinstance(found, str) else found.label

        return tags.plain(text, label)

    def shown(self, entry: dict, targets: Mapping[str, NamedEntity]) -> dict:
        """{"ligne": its finder row, "carte": its card} of a kept house entry: the keys and
        words of the official ones, plus « m » (house) and « b » (it amends an official
        entity)."""
        system, data = entry["systeme"], entry["entite"]
        kind = self.kinds[(system, entry["genre"])]

        def find(kind_id: str, value: str) -> NamedEntity | None:
            return targets.get(entity_index.key(system, kind_id, value))

        def name_of(kind_id: str, value: str) -> str | None:
            target = find(kind_id, value)
            return target.name if target else None

        def plain(text: str) -> str:
            return self.plain(system, text, targets)

        found = conditions.clauses(data, kind.requirements(), find)
        # The generic sentence: a system's own `condition()` (Divin's, in its publication
        # package) is build-side code, not shipped: a house entity of it says the
        # built-in one.
        kinds = {k: words for (s, k), words in self.kinds.items() if s == system}
        condition = conditions.sentence(
            found,
            conditions.exclusions(data, kind.references(), find),
            kinds,
            lambda target: target.name,
        )
        key = entity_index.key(system, kind.id, data["id"])
        row = entity_index.row(
            system=(system, self.systems[system]["nom"]),
            kind=kind,
            data=data,
            url=house_url(key),
            condition=condition,
            name_of=name_of,
            plain=plain,
            requires=[
                [[entity_index.key(system, t.kind, t.id), m] for t, m in clause] for clause in found
            ],
        )
        costs = entity_index.costs(
            kind, set(row["f"]), lambda f: entity_index.cell(kind, data, f, name_of, plain)
        )
        card = entity_index.card(
            row, costs, entity_index.effect(data.get("description") or row["r"], plain)
        )
        row["m"] = 1
        if "base" in entry:
            row["b"] = 1
        return {"ligne": row, "carte": {**card, "m": 1}}
