"""YAML loading that remembers the line of every value, so errors can name `file:line`."""

from __future__ import annotations

from dataclasses import dataclass

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


def _walk(loader: yaml.SafeLoader, node: yaml.Node, path: Path_, lines: dict) -> object:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        result = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if key in result:
                raise YamlProblem(
                    key_node.start_mark.line + 1, f"clé « {key} » en double dans le même objet"
                )
            result[key] = _walk(loader, value_node, path + (key,), lines)
            lines[path + (key,)] = key_node.start_mark.line + 1
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_walk(loader, item, path + (i,), lines) for i, item in enumerate(node.value)]
    return loader.construct_object(node, deep=True)


def parse_yaml(text: str) -> Located:
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return Located(None, {(): 1})
        lines: dict[Path_, int] = {}
        data = _walk(loader, node, (), lines)
        return Located(data, lines)
    except yaml.MarkedYAMLError as error:
        # The context mark is where the broken construct opened (an unclosed bracket, say):
        # that is where the author has to look; the problem mark is where the parser gave up.
        mark = error.context_mark or error.problem_mark
        line = mark.line + 1 if mark else 1
        message = f"YAML invalide : {error.problem}"
        if (
            error.context_mark
            and error.problem_mark
            and error.problem_mark.line != error.context_mark.line
        ):
            message += f" (ligne {error.problem_mark.line + 1}, {error.context})"
        raise YamlProblem(line, message) from None
    finally:
        loader.dispose()
