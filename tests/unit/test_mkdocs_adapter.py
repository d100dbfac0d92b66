"""MkDocs by its public interface, save one adapter (docs/decisions.md, « MkDocs : une
construction complète publique, un seul adaptateur pour `serve` »): generator/hooks/mkdocs_run.py
is the only module that reaches MkDocs' private names, and those are the ones it was
written against. A new MkDocs that changes any of them fails here, before `serve` renders
a page differently from a full build."""

from __future__ import annotations

import hashlib
import importlib
import inspect
import re

from helpers import ROOT

ADAPTER = "generator/hooks/mkdocs_run.py"

# The private names the adapter uses, and a digest of their source in MkDocs 1.6.1.
PRIVATE = {
    "mkdocs.commands.build._build_page": "adcdbd14b2361126",
    "mkdocs.commands.build._populate_page": "31a70ea4caef1e12",
    "mkdocs.commands.build._build_theme_template": "628a78f6a129c8a0",
    "mkdocs.structure.files.Files": "8e68ad2371624cf3",  # its `_src_uris`
    "mkdocs.structure.files.file_sort_key": "225b6995c5057806",
    "mkdocs.structure.files.set_exclusions": "e4181bb2ee5366e1",
}


def _source_digest(dotted: str) -> str:
    module, name = dotted.rsplit(".", 1)
    found = getattr(importlib.import_module(module), name)
    return hashlib.sha256(inspect.getsource(found).encode()).hexdigest()[:16]


def test_the_private_names_of_mkdocs_are_those_the_adapter_was_written_against():
    assert {name: _source_digest(name) for name in PRIVATE} == PRIVATE


def test_only_the_adapter_reaches_private_names_of_mkdocs():
    private = re.compile(r"from mkdocs[\w.]* import [^\n]*\b_\w|\._src_uris|mkdocs\.\S*\._\w")
    reaching = [
        path.relative_to(ROOT).as_posix()
        for path in sorted((ROOT / "generator").rglob("*.py"))
        if private.search(path.read_text(encoding="utf-8"))
    ]
    assert reaching == [ADAPTER]
