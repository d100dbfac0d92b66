"""Plain Markdown links and images written in the texts, judged before MkDocs does.

MkDocs' strict mode refuses a page whose link or image leads to no file of the site, an
absolute link, or an anchor its target page lacks; it would say so after a long build, in
English, about a generated page. Here each link of a chapter or an entity's text is
resolved against the pages the build writes (rendered already) and the files it adds
(export, assets), and reported in French at the line it is written on.

Links produced by the generator itself (tags, templates) are its own business: tested.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Collection
from urllib.parse import unquote, urlsplit

from markdown.extensions.toc import slugify

from generator.pipeline.corpus import Chapter, Entity
from generator.pipeline.errors import Problems
from generator.pipeline.links import strings_in
from generator.pipeline.per_entity import FRESH, Fresh

# [label](target "title") and ![alt](target); the label may hold brackets one level deep.
LINK = re.compile(
    r"(!?)\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\]\(\s*(<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)"
    r"(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)"
)
REFERENCE = re.compile(r"^ {0,3}\[[^\]\n]+\]:[ \t]*<?([^\s>]+)>?", re.M)
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,}).*?(?:^ {0,3}\1[`~]*[ \t]*$|\Z)", re.M | re.S)
CODE_SPAN = re.compile(r"(`+)(?!`).+?(?<!`)\1(?!`)", re.S)
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*(?:\{:?\s*#([\w-]+)[^}]*\})?\s*#*\s*$", re.M)
ATTR_ID = re.compile(r"\{:?[^}\n]*#([\w-]+)[^}\n]*\}|\bid=\"([^\"]+)\"|\bname=\"([^\"]+)\"")
MD_LINK_TEXT = re.compile(r"!?\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\([^)]*\)")


def _blank(match: re.Match) -> str:
    """Code is not Markdown: its text is hidden, its line breaks kept for line numbers."""
    return re.sub(r"[^\n]", " ", match.group(0))


def _prose(text: str) -> str:
    return CODE_SPAN.sub(_blank, FENCE.sub(_blank, text))


def anchors(markdown: str) -> set[str]:
    """The anchors a page will have: its headings as the toc extension names them (a
    repeated one gets _1, _2…), and the ids written in attributes."""
    found: set[str] = set()
    text = _prose(markdown)
    for _, title, explicit in HEADING.findall(text):
        if explicit:
            found.add(explicit)
            continue
        plain = MD_LINK_TEXT.sub(lambda m: m.group(1), title).replace("*", "").replace("`", "")
        slug = base = slugify(plain, "-")
        count = 0
        while slug in found:
            count += 1
            slug = f"{base}_{count}"
        found.add(slug)
    for match in ATTR_ID.finditer(text):
        found.add(next(g for g in match.groups() if g))
    return found


def _texts(system):
    """(source, page it is shown on, text, line of its first character) of every text."""
    for chapter in system.chapters:
        yield chapter, chapter.docs_path, chapter.body, chapter.body_line
    for entity in system.all_entities():
        for path, text in strings_in(entity.data, ()):
            yield entity, entity.docs_path, text, entity.line(path)


def written(system) -> list:
    """(source, page, text, first line, [(position, image?, address)]) of each text of
    `system` that has Markdown links or images."""
    found = []
    for source, page, text, first_line in _texts(system):
        if "](" not in text and "]:" not in text:
            continue
        prose = _prose(text)
        links = [(m.start(), m.group(1) == "!", m.group(2)) for m in LINK.finditer(prose)]
        links += [(m.start(), False, m.group(1)) for m in REFERENCE.finditer(prose)]
        if links:
            found.append((source, page, text, first_line, links))
    return found


def problem(url: str, image: bool, page: str, files: Collection[str], pages: dict, cache: dict):
    """Why MkDocs would refuse `url` written on `page`, in French, or None."""
    what = "image" if image else "lien"
    scheme, netloc, path, _query, anchor = urlsplit(url)
    if scheme or netloc:
        return None  # another site: not MkDocs' business (script links are refused elsewhere)
    if url.startswith(("/", "\\")):
        return f"{what} absolu « {url} » refusé : écrivez un chemin relatif à la page"
    if not path:
        target = page
    else:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(page), unquote(path)))
        if target not in files:
            extension = posixpath.splitext(path)[1]
            hint = "" if extension else " (un lien vers une page finit par .md)"
            return (
                f"{what} « {url} » : « {target} » n'existe pas dans le site{hint} ; "
                "pour citer une page du site, écrivez une balise {@genre id} ou {@regle id}"
            )
    if anchor and target.endswith(".md") and target in pages:
        if target not in cache:
            cache[target] = anchors(pages[target])
        if anchor not in cache[target]:
            return f"{what} « {url} » : ancre « #{anchor} » absente de la page « {target} »"
    return None


def check(
    renderer,
    pages: dict[str, str],
    files: Collection[str],
    problems: Problems,
    reuse: Fresh = FRESH,
) -> None:
    """The links and images written in the texts, as MkDocs will judge them: `files`, every
    file of the docs folder the build writes, as MkDocs will list it (plan.py)."""
    cache: dict[str, set[str]] = {}
    every = [
        found
        for system in renderer.corpus.systems.values()
        for found in reuse.made("ecrits", system, written, system)
    ]
    for source, page, text, first_line, found in every:
        for start, image, url in found:
            url = url[1:-1] if url.startswith("<") else url
            message = problem(url, image, page, files, pages, cache)
            if message:
                problems.add(source.file, _line(source, text, start, first_line, url), message)


def _line(source: Entity | Chapter, text: str, start: int, first_line: int, url: str) -> int:
    if isinstance(source, Chapter):
        return first_line + text.count("\n", 0, start)
    # Folded YAML loses its line breaks: look the link up in the file, from the field on.
    lines = source.file.read_text(encoding="utf-8-sig").splitlines()
    for number in range(first_line, len(lines) + 1):
        if url in lines[number - 1]:
            return number
    return first_line
