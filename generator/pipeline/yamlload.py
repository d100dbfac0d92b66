"""YAML loading that remembers the line of every value, so errors can name `file:line`."""

from __future__ import annotations

import pickle
import re
from dataclasses import dataclass
from functools import lru_cache

import yaml

Path_ = tuple  # a path inside the document: keys and list indexes


@dataclass
class Located:
    """A loaded document and the 1-based line of each path inside it."""

    data: object
    lines: dict[Path_, int]

    def line(self, path: Path_) -> int:
        """Line of `path`, or of its closest ancestor that has one."""
        path = tuple(path)
        while path not in self.lines and path:
            path = path[:-1]
        return self.lines.get(path, 1)


class YamlProblem(Exception):
    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line


# Plain YAML only: text, numbers, booleans, null, lists and objects. Anything else (dates,
# binary, custom tags) would reach the site as something no schema describes.
SCALAR_TAGS = {
    "tag:yaml.org,2002:str": "",
    "tag:yaml.org,2002:int": "",
    "tag:yaml.org,2002:float": "",
    "tag:yaml.org,2002:bool": "",
    "tag:yaml.org,2002:null": "",
}
REFUSED_TAGS = {
    "tag:yaml.org,2002:timestamp": "une date : mettez-la entre guillemets",
    "tag:yaml.org,2002:binary": "des données binaires (!!binary)",
}


# Deeper than this, a document is a mistake or an attack: PyYAML's composer, the schema
# validator and the export all recurse once per level, and would end in a RecursionError.
# The real data goes 7 levels deep.
MAX_DEPTH = 50
DEPTH_MESSAGE = f"imbrication trop profonde : au plus {MAX_DEPTH} niveaux de listes et d'objets"


def _refuse(node: yaml.Node, message: str) -> YamlProblem:
    return YamlProblem(node.start_mark.line + 1, message)


def _walk(loader: yaml.SafeLoader, node: yaml.Node, path: Path_, lines: dict, seen: set) -> object:
    # An alias makes the composer hand out the same node twice: refuse it at once, so a
    # small file of nested aliases cannot expand into millions of values.
    if id(node) in seen:
        raise _refuse(node, "alias YAML (*nom) refusé : écrivez la valeur en entier")
    seen.add(id(node))
    if len(path) > MAX_DEPTH:
        raise _refuse(node, DEPTH_MESSAGE)
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        if node.tag != "tag:yaml.org,2002:map":
            raise _refuse(node, f"étiquette YAML « {node.tag} » refusée sur un objet")
        result = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in SCALAR_TAGS:
                raise _refuse(key_node, "une clé doit être un texte simple")
            key = loader.construct_object(key_node)
            if key in result:
                raise YamlProblem(
                    key_node.start_mark.line + 1, f"clé « {key} » en double dans le même objet"
                )
            result[key] = _walk(loader, value_node, path + (key,), lines, seen)
            lines[path + (key,)] = key_node.start_mark.line + 1
        return result
    if isinstance(node, yaml.SequenceNode):
        if node.tag != "tag:yaml.org,2002:seq":
            raise _refuse(node, f"étiquette YAML « {node.tag} » refusée sur une liste")
        return [_walk(loader, item, path + (i,), lines, seen) for i, item in enumerate(node.value)]
    if node.tag not in SCALAR_TAGS:
        what = REFUSED_TAGS.get(node.tag, f"l'étiquette « {node.tag} »")
        raise _refuse(node, f"valeur YAML refusée : {what} ; seuls texte, nombre, booléen et null")
    return loader.construct_object(node)


class _FastLoader(yaml.composer.Composer, yaml.constructor.SafeConstructor, yaml.resolver.Resolver):
    """libyaml's scanner and parser (C, ten times faster) under PyYAML's own composer,
    constructor and resolver: the same nodes, lines and values as `yaml.SafeLoader`, and
    a deep document still ends in a RecursionError (libyaml's composer would crash)."""

    def __init__(self, text: str):
        self._parser = yaml.cyaml.CParser(text)
        self.check_event = self._parser.check_event
        self.peek_event = self._parser.peek_event
        self.get_event = self._parser.get_event
        yaml.composer.Composer.__init__(self)
        yaml.constructor.SafeConstructor.__init__(self)
        yaml.resolver.Resolver.__init__(self)

    def dispose(self) -> None:
        self._parser.dispose()


def parse_yaml(text: str) -> Located:
    """The document and the line of each value; raise YamlProblem (line, French message)."""
    return pickle.loads(_parsed(text))


# A pure function of the text: `serve` judges the project again after each edit, and only
# the edited file needs reading again. Pickled, so that every caller gets its own copy; a
# faulty text raises, and is not kept.
@lru_cache(maxsize=4096)
def _parsed(text: str) -> bytes:
    return pickle.dumps(_parse_fast(text), pickle.HIGHEST_PROTOCOL)


# What libyaml accepts and PyYAML refuses (found by fuzzing both on the real files): a tab
# (inside a plain text, say), a comment glued to a block scalar's header (`>#`), a `?`
# inside a flow collection (`{genre: p?}`): such a document goes to PyYAML alone.
_PYYAML_ONLY = re.compile(r"\t|[|>][-+0-9]*#|(?:\[|\{(?!@))[^\n]*\?")


def _parse_fast(text: str) -> Located:
    """With libyaml when the document is good; a faulty one (or one libyaml might take
    although PyYAML would not) is parsed by PyYAML alone, whose messages and lines are the
    ones the writer is shown."""
    if yaml.__with_libyaml__ and not _PYYAML_ONLY.search(text):
        try:
            return _parse(text, _FastLoader)
        except Exception:  # any fault: said as PyYAML says it, below
            pass
    return _parse(text, yaml.SafeLoader)


def _parse(text: str, make_loader) -> Located:
    loader = None
    try:
        loader = make_loader(text)
        node = loader.get_single_node()
        if node is None:
            return Located(None, {(): 1})
        lines: dict[Path_, int] = {}
        data = _walk(loader, node, (), lines, set())
        return Located(data, lines)
    except RecursionError:  # the composer recurses too: far deeper than MAX_DEPTH
        line = loader.line + 1 if loader is not None else 1
        raise YamlProblem(line, DEPTH_MESSAGE) from None
    except yaml.reader.ReaderError as error:  # a control character, say: no mark, a position
        line = text.count("\n", 0, error.position) + 1
        raise YamlProblem(
            line, f"caractère interdit dans un fichier YAML (code {error.character:#x})"
        ) from None
    except yaml.MarkedYAMLError as error:
        # The context mark is where the broken construct opened (an unclosed bracket, say):
        # that is where the author has to look; the problem mark is where the parser gave up.
        mark = error.context_mark or error.problem_mark
        line = mark.line + 1 if mark else 1
        message = f"YAML invalide : {in_french(error.problem)}"
        if (
            error.context_mark
            and error.problem_mark
            and error.problem_mark.line != error.context_mark.line
        ):
            message += f" (ligne {error.problem_mark.line + 1}, {in_french(error.context)})"
        raise YamlProblem(line, message) from None
    finally:
        if loader is not None:
            loader.dispose()


# PyYAML's messages, by their start, said in French with what to do (an author reads them).
_FRENCH = (
    (
        "mapping values are not allowed",
        "« : » inattendu ; un texte qui contient « : » s'écrit entre guillemets",
    ),
    (
        "could not find expected ':'",
        "« : » attendu après la clé (ou texte à mettre entre guillemets)",
    ),
    ("found character '\\t'", "tabulation interdite : indentez avec des espaces"),
    ("found a tab character", "tabulation interdite : indentez avec des espaces"),
    (
        "found unexpected end of stream",
        "fin de fichier inattendue : un guillemet ou un crochet n'est pas fermé",
    ),
    ("found unexpected ':'", "« : » inattendu ; mettez le texte entre guillemets"),
    ("found undefined alias", "alias YAML (*nom) refusé : écrivez la valeur en entier"),
    (
        "found unknown escape character",
        "échappement inconnu après « \\ » entre guillemets doubles : doublez-le (\\\\) ou employez des guillemets simples",
    ),
    ("expected ',' or ']'", "« , » ou « ] » attendu : un crochet n'est pas fermé"),
    ("expected ',' or '}'", "« , » ou « } » attendu : une accolade n'est pas fermée"),
    (
        "expected <block end>",
        "indentation incohérente : alignez cette ligne sur celles de même niveau",
    ),
    ("did not find expected key", "clé attendue : indentation incohérente ou tiret mal placé"),
    (
        "did not find expected '-' indicator",
        "tiret « - » attendu : indentation incohérente dans la liste",
    ),
    ("did not find expected node content", "valeur attendue après « - » ou « : »"),
    (
        "did not find expected comment or line break",
        "texte inattendu après la valeur : mettez toute la valeur entre guillemets",
    ),
    (
        "expected a comment or a line break",
        "texte inattendu après la valeur : mettez toute la valeur entre guillemets",
    ),
    ("found duplicate anchor", "ancre YAML (&nom) en double"),
    ("while scanning a simple key", "en lisant une clé"),
    ("while scanning a quoted scalar", "dans un texte entre guillemets ouvert ici"),
    ("while scanning a plain scalar", "en lisant une valeur"),
    ("while parsing a block mapping", "dans l'objet commencé ici"),
    ("while parsing a block collection", "dans la liste commencée ici"),
    ("while parsing a flow sequence", "dans la liste entre crochets ouverte ici"),
    ("while parsing a flow mapping", "dans l'objet entre accolades ouvert ici"),
    ("while parsing a block node", "en lisant une valeur"),
    ("while scanning an alias", "en lisant un alias"),
    ("while scanning an anchor", "en lisant une ancre"),
)


def in_french(message: str | None) -> str:
    """A PyYAML problem or context in French; one not foreseen keeps its words, quoted."""
    message = message or ""
    for start, french in _FRENCH:
        if message.startswith(start):
            return french
    return f"« {message} » (message de PyYAML)"
