"""What a composed schema says of the links between entities, and where a value holds them.

One implementation for the build (`schemas.Kind.references`, `links`, `graph`, `corpus_conditions`)
and the reader's browser (a game master's own entities are judged as data/ is, house/reader.py):
standard library only. The keywords are the project's (docs/schema-vocabulaire.md):
`x-ref` (the value is the id of an entity of that kind, same system), `x-relation`
(`requis`, `exclu`), `x-seuil`, `x-seuil-fixe`, `x-un-parmi`.

A pattern is the path of a field in the schema, « * » standing for every item of a list:
("prerequis", "*", "atout").
"""

from __future__ import annotations

from collections.abc import Iterator

CITES = "cite"  # the relation of an `x-ref` without `x-relation`: it only cites

Reference = tuple[tuple, str, str, str | int | None]  # (pattern, kind, relation, threshold)
Requirement = tuple[tuple, str, str | int | None, int | None]  # (pattern, kind, threshold, group)


def references(schema: dict) -> list[Reference]:
    """(schema path pattern, target kind, relation, threshold) of every field marked
    `x-ref`. The relation is `x-relation` (requis, exclu) or « cite »; the threshold of
    a requirement is a sibling field named by the enclosing object's `x-seuil` (« min »),
    or a number given by the field's own `x-seuil-fixe`."""
    found: list[Reference] = []

    def walk(node: dict, path: tuple, threshold: str | None) -> None:
        if "x-ref" in node:
            relation = node.get("x-relation", CITES)
            found.append((path, node["x-ref"], relation, node.get("x-seuil-fixe", threshold)))
        for key, child in node.get("properties", {}).items():
            walk(child, path + (key,), node.get("x-seuil"))
        if isinstance(node.get("items"), dict):
            walk(node["items"], path + ("*",), None)

    walk(schema, (), None)
    return found


def requirements(schema: dict) -> list[Requirement]:
    """(pattern, target kind, threshold, alternatives) of every requirement: the last is
    the length of the path to the nearest `x-un-parmi` node above it (requirements found
    under one value of that node are alternatives), or None (a requirement of its own)."""
    found: list[Requirement] = []

    def walk(node: dict, path: tuple, threshold: str | None, group: int | None) -> None:
        if node.get("x-un-parmi"):
            group = len(path)
        if "x-ref" in node and node.get("x-relation") == "requis":
            found.append((path, node["x-ref"], node.get("x-seuil-fixe", threshold), group))
        for key, child in node.get("properties", {}).items():
            walk(child, path + (key,), node.get("x-seuil"), group)
        if isinstance(node.get("items"), dict):
            walk(node["items"], path + ("*",), None, group)

    walk(schema, (), None, None)
    return found


def follow(node: object, pattern: tuple, path: tuple = ()) -> Iterator[tuple[tuple, str]]:
    """(path, value) of each text found along a schema path pattern ('*' = every list
    item); what is not a text there (a value the schema refuses) is passed by."""
    if not pattern:
        if isinstance(node, str):
            yield path, node
        return
    head, rest = pattern[0], pattern[1:]
    if head == "*" and isinstance(node, list):
        for i, item in enumerate(node):
            yield from follow(item, rest, path + (i,))
    elif isinstance(node, dict) and head in node:
        yield from follow(node[head], rest, path + (head,))


def threshold(data: dict, path: tuple, seuil: str | int | None) -> int | None:
    """The minimum a requirement found at `path` (by `follow`) asks for: the number
    `x-seuil-fixe` gives, or the integer in the sibling field `x-seuil` names (None when
    there is none)."""
    if seuil is None or isinstance(seuil, int):
        return seuil
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    value = parent.get(seuil) if isinstance(parent, dict) else None
    return value if isinstance(value, int) else None
