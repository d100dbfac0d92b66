"""What a text of the data or a chapter may not do: run code or restyle the page.

Texts are Markdown, rendered by MkDocs with `attr_list`: besides raw HTML (refused by
`links.py`), Markdown itself can write attributes (`{: onfocus=… autofocus}`) and link
targets (`[a](javascript:…)`, `[r]: <javascript:…>`, `&#106;avascript:`). Two checks,
so that no Markdown form escapes:

- attribute lists are read with attr_list's own parser and may hold only an id, classes
  and a few inert attributes;
- the text is rendered with the site's Markdown extensions and every attribute of the
  resulting HTML is inspected: no event handler, no `style`, and every address is
  http(s) or relative.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache
from html.parser import HTMLParser

import markdown
from markdown.extensions.attr_list import get_attrs_and_remainder

from generator.core.typographie import pluriel

# What an attribute list may set: `#ancre`, `.classe`, and attributes that cannot act.
INERT_ATTRIBUTES = {"id", ".", "title", "lang"}
# What a browser would take for an attribute name (« 1, » in « {1, 2} » is none).
ATTRIBUTE_NAME = re.compile(r"^[A-Za-z_:][-\w:.]*$")
ATTRIBUTE_LIST = re.compile(r"\{:?[ ]*([^}\n ][^}\n]*)\}")
URL_ATTRIBUTES = {
    "href", "src", "action", "formaction", "xlink:href", "data", "poster", "cite",
    "background", "srcset", "ping",
}  # fmt: skip
FORBIDDEN_ATTRIBUTES = {"style", "srcdoc", "formaction", "action"}
SCHEME = re.compile(r"^([a-z][a-z0-9+.\-]*):", re.I)
SAFE_SCHEMES = {"http", "https", "mailto"}
# Browsers drop these before reading a scheme (« java\tscript: » is « javascript: »).
IGNORED_IN_URL = re.compile(r"[\x00-\x20\x7f]")
# The same extensions as mkdocs.yml, minus those that only add structure.
EXTENSIONS = ["attr_list", "def_list", "md_in_html", "tables", "admonition"]
MARKDOWN_SIGNS = ("[", "{", "<", "&")
BLOCK = re.compile(r"(?:[^\n]*\S[^\n]*(?:\n|$))+")
# A reference definition is checked even when no link uses it.
REFERENCE_DEFINITION = re.compile(r"^[ ]{0,3}\[[^\]\n]+\]:[ \t]*<?([^\s>]+)", re.M)


@cache
def _renderer() -> markdown.Markdown:
    return markdown.Markdown(extensions=EXTENSIONS)


def unsafe_url(value: str) -> bool:
    """True when an address is neither relative nor http(s)/mailto."""
    cleaned = IGNORED_IN_URL.sub("", value)
    scheme = SCHEME.match(cleaned)
    return scheme is not None and scheme.group(1).lower() not in SAFE_SCHEMES


def attribute_list_problems(text: str) -> Iterator[tuple[int, str, str]]:
    """(position, shown text, message) for each attribute list setting more than an id,
    classes or an inert attribute. Tags `{@…}` are not attribute lists."""
    for match in ATTRIBUTE_LIST.finditer(text):
        content = match.group(1)
        if content.startswith("@"):
            continue
        attributes, _ = get_attrs_and_remainder(content)
        refused = [
            key
            for key, _ in attributes
            if ATTRIBUTE_NAME.match(key) and key.lower() not in INERT_ATTRIBUTES
        ]
        if refused:
            yield (
                match.start(),
                match.group(0)[:40],
                f"{pluriel(len(refused), 'attribut', 'attributs')} {', '.join(refused)} "
                f"{pluriel(len(refused), 'refusé', 'refusés')} dans une liste d'attributs "
                "(seuls #ancre, .classe, title et lang sont permis)",
            )


class _Attributes(HTMLParser):
    """Collects (tag, attribute, value) of every element of an HTML fragment."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.found.extend((tag, key.lower(), value or "") for key, value in attrs)

    handle_startendtag = handle_starttag


def _refused_address(value: str) -> str:
    return (
        f"adresse « {value[:30]} » refusée : seules les adresses http(s) ou relatives sont permises"
    )


def reference_problems(text: str) -> Iterator[tuple[int, str, str]]:
    """(position, shown text, message) for each reference definition to an unsafe address."""
    for match in REFERENCE_DEFINITION.finditer(text):
        if unsafe_url(match.group(1)):
            yield match.start(1), match.group(1)[:20], _refused_address(match.group(1))


def rendered_problems(
    text: str, words: Callable[[str], str] = str
) -> Iterator[tuple[int, str, str]]:
    """(position, shown text, message) for each attribute of the rendered text that could
    run code or restyle the page. Each block (lines between blank lines) is rendered alone,
    so that a problem is placed at its block even when its form hides its text
    (`&#106;avascript:`); `words` first turns what is no Markdown (tags) into plain words."""
    for block in BLOCK.finditer(text):
        plain = words(block.group(0))
        if not any(sign in plain for sign in MARKDOWN_SIGNS):
            continue
        parser = _Attributes()
        parser.feed(_renderer().reset().convert(plain))
        for _tag, key, value in parser.found:
            if key.startswith("on") or key in FORBIDDEN_ATTRIBUTES:
                needle, message = (
                    key,
                    f"attribut « {key} » refusé (un texte ne peut ni agir ni styler la page)",
                )
            elif key in URL_ATTRIBUTES and unsafe_url(value):
                needle, message = value.split(":")[0], _refused_address(value)
            else:
                continue
            position = block.start() + max(block.group(0).find(needle), 0)
            yield position, needle[:20], message
