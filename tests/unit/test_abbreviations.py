"""Header search answers « CA », « PV », « DD » and « PSY » in
each system that *uses* the abbreviation. The search test (browser/test_calculator_pages.py) checks the
systems that declare it in their `systeme.yaml`; this one checks that every system whose
texts use it declares it, so that no system is left out of that test."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ASKED = ("CA", "PV", "DD", "PSY")


def users_without_declaration(root: Path) -> list[str]:
    """« system : abbreviation » for each of ASKED a system's data or chapters use as a
    word while its systeme.yaml does not declare it."""
    missing = []
    for meta_file in sorted((root / "data").glob("*/systeme.yaml")):
        system = meta_file.parent.name
        declared = yaml.safe_load(meta_file.read_text(encoding="utf-8")).get("abreviations", {})
        files = [p for p in meta_file.parent.glob("*.yaml") if p != meta_file]
        files += sorted((root / "content" / system).glob("*.md"))
        text = "\n".join(p.read_text(encoding="utf-8") for p in files)
        for short in ASKED:
            if re.search(rf"(?<![\w-]){short}(?![\w-])", text) and short not in declared:
                missing.append(f"{system} : {short}")
    return missing


def test_every_system_using_an_asked_abbreviation_declares_it(root):
    assert not users_without_declaration(root)


def test_each_asked_abbreviation_is_used_somewhere(root):
    """Not vacuous: each one is used by at least one system."""
    for short in ASKED:
        assert any(
            re.search(rf"(?<![\w-]){short}(?![\w-])", p.read_text(encoding="utf-8"))
            for p in (root / "data").glob("*/*.yaml")
            if p.name != "systeme.yaml"
        ), short


def test_a_system_using_an_abbreviation_it_does_not_declare_is_found(project):
    meta = project / "data" / "divin6" / "systeme.yaml"
    meta.write_text(
        meta.read_text(encoding="utf-8").replace("  DD: [difficulté]\n", ""), encoding="utf-8"
    )
    assert users_without_declaration(project) == ["divin6 : DD"]
