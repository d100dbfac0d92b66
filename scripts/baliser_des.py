"""Tag the dice expressions of the rules text with {@des …} (real rolls at the table).

Only an expression with its number of dice (« 2D6 », « 1d10 + 5 », « 3D6+4 ») is tagged,
never a bare die (« au d10 », « par D6 de PE »: a kind of die, not a roll). Only in the
chapters' bodies (outside headings, code and existing tags) and in the prose fields of the
data (`PROSE`); a YAML file is rewritten only if, read again, its data equal the data read
before with the same tags put in those fields, and nothing else changed.

    python scripts/baliser_des.py          # rewrites data/ and content/, prints a count
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
PROSE = {
    "description",
    "effet",
    "regle",
    "seconde_prise",
    "couverture",
    "negative",
    "condition_attaque_opportunite",
}
# N d F, then « + K » or « − K » unless K is itself a die or a number going on (« 2,5 »).
DICE = re.compile(r"(?<![\w{@|+−/-])(\d+)[dD](\d+)(?:( ?[+−-] ?)(\d+)(?![\w,]|\s*[dD×x]))?(?![\w])")
PROTECTED = re.compile(r"\{@[^}]*\}|`[^`]*`")
KEY = re.compile(r"^(\s*)(?:- )?([\w-]+):(?:\s|$)")


def tagged(text: str) -> str:
    """`text` with its dice expressions tagged, tags and code spans left alone."""
    out, last = [], 0
    for match in PROTECTED.finditer(text):
        out.append(DICE.sub(lambda m: f"{{@des {m.group(0)}}}", text[last : match.start()]))
        out.append(match.group(0))
        last = match.end()
    out.append(DICE.sub(lambda m: f"{{@des {m.group(0)}}}", text[last:]))
    return "".join(out)


def expected(node: object, key: str | None = None) -> object:
    if isinstance(node, str):
        return tagged(node) if key in PROSE else node
    if isinstance(node, dict):
        return {k: expected(v, k) for k, v in node.items()}
    if isinstance(node, list):
        return [expected(v, key) for v in node]
    return node


def tag_yaml_lines(lines: list[str]) -> list[str]:
    """Tag the lines that belong to a prose field (its own line and the more indented
    ones after it); a value starting with the tag is left: YAML would read a mapping."""
    out, field, indent = [], None, -1
    for line in lines:
        key = KEY.match(line)
        if key:
            field, indent = key.group(2), len(key.group(1))
            head, value = line[: key.end()], line[key.end() :]
            new = head + tagged(value) if field in PROSE else line
            out.append(line if new[key.end() :].lstrip().startswith("{") else new)
        elif line.strip() and len(line) - len(line.lstrip()) <= indent:
            field = None
            out.append(line)
        else:
            out.append(tagged(line) if field in PROSE else line)
    return out


def tag_yaml(path: Path) -> int:
    text = path.read_text(encoding="utf-8")
    new = "".join(tag_yaml_lines(text.splitlines(keepends=True)))
    if new == text:
        return 0
    before = list(yaml.safe_load_all(text))
    after = list(yaml.safe_load_all(new))
    if after != [expected(doc) for doc in before]:
        print(f"{path.relative_to(ROOT)} : relecture différente, fichier laissé tel quel")
        return 0
    path.write_text(new, encoding="utf-8")
    return new.count("{@des ") - text.count("{@des ")


def tag_chapter(path: Path) -> int:
    text = path.read_text(encoding="utf-8")
    head, sep, body = text.partition("\n---\n")  # the YAML front matter is left alone
    out, fenced = [], False
    for line in body.splitlines(keepends=True):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        out.append(line if fenced or line.startswith("#") else tagged(line))
    new = head + sep + "".join(out)
    path.write_text(new, encoding="utf-8")
    return new.count("{@des ") - text.count("{@des ")


def main() -> int:
    count = sum(tag_yaml(p) for p in sorted((ROOT / "data").rglob("*.yaml")))
    count += sum(tag_chapter(p) for p in sorted((ROOT / "content").rglob("*.md")))
    print(f"{count} expressions de dés balisées")
    return 0


if __name__ == "__main__":
    sys.exit(main())
