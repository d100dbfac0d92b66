"""A house entity shown as data, never as HTML (« Règles maison »): the page
(assets/maison.js) builds its elements from a safe tree, so that nothing a reader imports
can run in the page.

Blocks: {"p": [inline]}, {"ul": [[inline], …]}, {"ol": [[inline], …]}. Inline items:
{"t": text}, {"em": [inline]}, {"strong": [inline]}, {"a": address from the site root,
"t": label} (a tag or a reference, to the official page or to a house entity's),
{"des": expression, "t": label, "loi": its terms and law as JSON} (`{@des …}`: the page
makes the button official pages have, which assets/lancer.js rolls without the engine),
and, in a compared field, {"ins": [inline]} and {"del": [inline]} (house/diff.py).

Texts are the Markdown subset the data use: paragraphs separated by blank lines, « - » (or
« * ») and « 1. » lists, *em* and **strong**; anything else is text."""

from __future__ import annotations

import re
from collections.abc import Mapping

from generator.core import entity_index
from generator.core.tags import TAG
from generator.core.typographie import texte
from generator.engine import roll_tags
from generator.house.index import NamedEntity, Site
from generator.house.reader import TRANSCRIPTION
from generator.house.text import Dice, TagLink

BULLET = re.compile(r"^\s*[-*+]\s+(.*)$")
NUMBERED = re.compile(r"^\s*\d+[.)]\s+(.*)$")
DELIMITER = re.compile(r"(\*\*|\*)")
HIDDEN = ("id", "nom")


class HouseTreeRenderer:
    """Texts and values of one system's entity into blocks."""

    def __init__(self, site: Site, system: str, targets: Mapping[str, NamedEntity]):
        self.site, self.system, self.targets = site, system, targets

    # --- texts ---------------------------------------------------------------------------

    def blocks(self, text: str) -> list[dict]:
        """A text's paragraphs and lists."""
        found: list[dict] = []
        current: dict | None = None  # the block being filled: {"p": [lines]} or a list's
        for line in text.split("\n"):
            bullet, numbered = BULLET.match(line), NUMBERED.match(line)
            if not line.strip():
                current = None
            elif bullet or numbered:
                kind = "ul" if bullet else "ol"
                if current is None or kind not in current:
                    current = {kind: []}
                    found.append(current)
                current[kind].append([(bullet or numbered).group(1)])
            elif current is None:
                current = {"p": [line.strip()]}
                found.append(current)
            elif "p" in current:
                current["p"].append(line.strip())
            else:  # a list item's following line
                next(iter(current.values()))[-1].append(line.strip())
        return [self._filled(block) for block in found]

    def _filled(self, block: dict) -> dict:
        if "p" in block:
            return {"p": self.inline(" ".join(block["p"]))}
        kind, items = next(iter(block.items()))
        return {kind: [self.inline(" ".join(item)) for item in items]}

    def inline(self, text: str) -> list[dict]:
        """One line of text: emphasis and tags."""
        tokens: list = []
        position = 0
        for match in TAG.finditer(text):
            tokens += _split(text[position : match.start()])
            tokens.append(self.tag(match))
            position = match.end()
        tokens += _split(text[position:])
        return _emphasis([t for t in tokens if t is not None])

    def tag(self, match: re.Match) -> dict | None:
        kind, ref, label = match.group(1), match.group(2).strip(), match.group(3)
        if (self.system, kind) in self.site.kinds:
            target = self.targets.get(entity_index.key(self.system, kind, ref))
            if target is None:
                return {"t": label or ref}
            return {"a": target.url, "t": label or target.name}
        found = self.site.texts.special(self.system, kind, ref, label)
        if isinstance(found, TagLink):
            return {"a": found.url, "t": found.label}
        if isinstance(found, Dice):
            return {"des": found.expression, "t": found.label, "loi": dice_law(found.expression)}
        if isinstance(found, str):
            return {"t": match.group(0)}  # refused by the check: shown as written
        return None  # a source marker: a house rule cites no source text

    # --- values --------------------------------------------------------------------------

    def field_blocks(self, value: object, spec: dict) -> list[dict]:
        """A field's value: a text's blocks, a list's items, an object's fields."""
        spec = self._resolved(spec)
        if isinstance(value, str) and not self._is_word(spec):
            return self.blocks(value)
        if isinstance(value, list):
            items = self._resolved(spec.get("items", {}))
            return [{"ul": [self.value_inline(item, items) for item in value]}]
        if isinstance(value, dict):
            return [{"ul": self._fields_inline(value, spec)}]
        return [{"p": self.value_inline(value, spec)}]

    def value_inline(self, value: object, spec: dict) -> list[dict]:
        """A value on one line."""
        spec = self._resolved(spec)
        if isinstance(value, bool):
            return [{"t": "oui" if value else "non"}]
        if isinstance(value, int | float):
            return [{"t": str(value).replace("-", "\u2212")}]
        if isinstance(value, str):
            if "x-ref" in spec:
                target = self.targets.get(entity_index.key(self.system, spec["x-ref"], value))
                return [{"a": target.url, "t": target.name}] if target else [{"t": value}]
            labels = spec.get("x-libelles", {})
            if value in labels:
                return [{"t": str(labels[value])}]
            return self.inline(" ".join(value.split()))
        if isinstance(value, list):
            items = self._resolved(spec.get("items", {}))
            found: list[dict] = []
            for n, item in enumerate(value):
                found += ([{"t": ", "}] if n else []) + self.value_inline(item, items)
            return found
        if isinstance(value, dict):
            found = []
            for n, item in enumerate(self._fields_inline(value, spec)):
                found += ([{"t": " ; "}] if n else []) + item
            return found
        return []

    def _fields_inline(self, value: dict, spec: dict) -> list[list[dict]]:
        """« Title : value » of each filled field of an object, in its schema's order."""
        properties = spec.get("properties", {})
        names = [n for n in properties if n in value] + [n for n in value if n not in properties]
        return [
            [
                {"strong": [{"t": str(self._resolved(properties.get(n, {})).get("title", n))}]},
                {"t": " : "},
                *self.value_inline(value[n], properties.get(n, {})),
            ]
            for n in names
            if filled(value[n]) and not _transcription(properties.get(n, {}))
        ]

    def _is_word(self, spec: dict) -> bool:
        """A text shown as one word: a reference or an enumerated value."""
        return "x-ref" in spec or "enum" in spec

    def _resolved(self, spec: object) -> dict:
        """A schema node, its local `$ref` followed (once per step, a bounded number)."""
        schema = self.site.systems.get(self.system, {})
        for _ in range(8):
            if not isinstance(spec, dict) or "$ref" not in spec:
                break
            ref = spec["$ref"]
            if not isinstance(ref, str) or not ref.startswith("#/$defs/"):
                break
            spec = self._defs(schema).get(ref.removeprefix("#/$defs/"), {})
        return spec if isinstance(spec, dict) else {}

    def _defs(self, schema: dict) -> dict:
        found: dict = {}
        for words in schema.get("genres", {}).values():
            found.update(words["schema"].get("$defs", {}))
        return found


def dice_law(expression: str) -> str:
    """What a dice button carries (`data-loi`), as the build writes it
    (pipeline/links.py `dice_button`), as text: a word of diff.py must be hashable.
    `Texts.special` read the expression first: one it refuses never comes here."""
    return roll_tags.page_law(expression)


def _transcription(spec: object) -> bool:
    """A field only a transcription of the source needs (its source, its editorial notes,
    a printed value): a house rule is the game master's text, its page does not show it."""
    return isinstance(spec, dict) and spec.get(TRANSCRIPTION) is True


def filled(value: object) -> bool:
    return value is not None and value != "" and value != [] and value != {}


def _split(text: str) -> list:
    """Text (French typography) and emphasis delimiters (« ** », « * »), as tokens."""
    return [
        part if DELIMITER.fullmatch(part) else {"t": texte(part)}
        for part in DELIMITER.split(text)
        if part
    ]


def _emphasis(tokens: list) -> list[dict]:
    """Delimiters paired into « em » and « strong »; one left unpaired is text."""
    stack: list[tuple[str | None, list]] = [(None, [])]
    for token in tokens:
        if isinstance(token, str):
            opened = [n for n, (d, _) in enumerate(stack) if d == token]
            if opened:
                while len(stack) - 1 > opened[-1]:
                    _unpair(stack)
                delimiter, children = stack.pop()
                tag = "strong" if delimiter == "**" else "em"
                stack[-1][1].append({tag: _merged(children)})
            else:
                stack.append((token, []))
        else:
            stack[-1][1].append(token)
    while len(stack) > 1:
        _unpair(stack)
    return _merged(stack[0][1])


def _unpair(stack: list) -> None:
    delimiter, children = stack.pop()
    stack[-1][1].extend([{"t": delimiter}, *children])


def _merged(items: list[dict]) -> list[dict]:
    """Adjacent texts joined."""
    found: list[dict] = []
    for item in items:
        if "t" in item and len(item) == 1 and found and "t" in found[-1] and len(found[-1]) == 1:
            found[-1] = {"t": found[-1]["t"] + item["t"]}
        else:
            found.append(item)
    return found


def render(site: Site, entry: dict, targets: Mapping[str, NamedEntity]) -> dict:
    """{"titre", "genre", "systeme", "champs": [{"champ", "titre", "valeur"}]} of a house
    entry: every filled field but its id and name, in its schema's order."""
    system, data = entry["systeme"], entry["entite"]
    kind = site.kinds[(system, entry["genre"])]
    renderer = HouseTreeRenderer(site, system, targets)
    properties = kind.schema.get("properties", {})
    fields = []
    for name, spec in properties.items():
        if name in HIDDEN or not filled(data.get(name)) or _transcription(spec):
            continue
        fields.append(
            {
                "champ": name,
                "titre": str(spec.get("title", name)),
                "valeur": renderer.field_blocks(data[name], spec),
            }
        )
    return {
        "titre": str(data.get("nom", "")),
        "genre": kind.label,
        "systeme": site.systems[system]["nom"],
        "champs": fields,
    }
