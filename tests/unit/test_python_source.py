"""Sources shipped to the browser without their documentation (generator/pipeline/pysource.py)."""

import ast

from generator.pipeline.pysource import without_docs

SOURCE = b'''"""Module doc."""
import os  # why

x = "kept"  # a value


class A:
    """Class
    doc on two lines."""

    def f(self):
        """Only a docstring."""

    def g(self):
        s = """a string
        that is a value"""  # not a docstring
        return s + "#not a comment"
'''


def test_comments_and_docstrings_go_the_code_stays():
    out = without_docs(SOURCE)
    assert b"Module doc" not in out and b"why" not in out and b"Class" not in out
    assert b"Only a docstring" not in out and b"not a docstring" not in out
    assert b'"kept"' in out and b"that is a value" in out and b"#not a comment" in out
    assert out.count(b"\n") == SOURCE.count(b"\n")  # tracebacks keep their line numbers
    namespace = {}
    exec(compile(out, "m", "exec"), namespace)
    assert namespace["A"]().g() == "a string\n        that is a value#not a comment"
    assert namespace["A"]().f() is None
    assert ast.dump(ast.parse(out)).count("FunctionDef") == 2


def test_a_file_it_cannot_read_is_kept_as_is():
    for source in (b"# -*- coding: latin-1 -*-\nx = 1  # c\n", b"x = (\n", b"\xff\xfe"):
        assert without_docs(source) == source
