"""The documentation a newcomer reads: a README short enough to read in minutes, links
that lead somewhere, the code's paths it names there, and no reference to a tracker a
reader of the repository does not have, in the docs or in the code (« issue N » says
nothing; the reason it stood for does)."""

from __future__ import annotations

import glob
import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from helpers import ROOT

from generator.pipeline import scaffold

README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md")), ROOT / "tests" / "README.md"]
MAX_README_LINES = 200

FENCE = re.compile(r"^```.*?^```", re.M | re.S)
CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
EXTERNAL = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*:")
TRACKER = re.compile(r"\bissues? +(?:n[°o] *)?\d+", re.I)


def _prose(path: Path) -> str:
    """The page without its code: an example link in a code block is not a link."""
    return CODE.sub("", FENCE.sub("", path.read_text(encoding="utf-8")))


def _links(path: Path) -> list[str]:
    return [target for target in LINK.findall(_prose(path)) if not EXTERNAL.match(target)]


def test_the_readme_reads_in_minutes():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_README_LINES


def test_the_readme_keeps_its_two_commands_and_its_promises():
    text = README.read_text(encoding="utf-8")
    commands = re.findall(r"^make \w+", text, re.M)
    assert commands[:2] == ["make serve", "make test"]
    assert "\n## Interfaces stables\n" in text and "\n## Notes de migration\n" in text


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_to_a_file(page):
    assert page.exists()
    broken = []
    for target in _links(page):
        path = unquote(target.split("#", 1)[0])
        if not path:  # an anchor of the page itself
            continue
        if path.startswith("/") or not (page.parent / path).exists():
            broken.append(target)
    assert broken == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_page_cites_a_tracker_number(page):
    text = page.read_text(encoding="utf-8")
    found = [
        f"l. {text.count(chr(10), 0, hit.start()) + 1} : {hit.group()}"
        for hit in TRACKER.finditer(text)
    ]
    assert found == []


DECISIONS = ROOT / "docs" / "decisions.md"
RECORD = re.compile(r"^## D(\d+) — .+\n\nStatut : (en vigueur|remplacée par D(\d+))\b", re.M)
CITED = re.compile(r"\bD(\d+)\b")


def test_every_decision_is_numbered_in_order_with_its_status():
    text = DECISIONS.read_text(encoding="utf-8")
    records = RECORD.findall(text)
    assert len(records) == text.count("\n## ") and records
    assert [int(number) for number, _, _ in records] == list(range(1, len(records) + 1))
    assert all(int(by) <= len(records) for _, _, by in records if by)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_decision_cited_exists(page):
    count = len(RECORD.findall(DECISIONS.read_text(encoding="utf-8")))
    cited = {int(n) for n in CITED.findall(page.read_text(encoding="utf-8"))}
    assert {n for n in cited if not 1 <= n <= count} == set()


# --- no tracker number in the code either --------------------------------------------

CODE_FOLDERS = ("generator", "tests", "scripts")
# Browser modules that other work is rewriting right now, left to it: they still cite a
# tracker number. An entry leaves once its file is clean (the test below fails on an entry
# that no longer cites one), and none is ever added.


def _code_files() -> list[Path]:
    """Every text file of the code's folders (compiled caches aside)."""
    found = []
    for folder in CODE_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                found.append(path)
    return found


def _tracker_numbers(path: Path) -> list[str]:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:  # an image, a binary
        return []
    return [
        f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, hit.start()) + 1} : {hit.group()}"
        for hit in TRACKER.finditer(text)
    ]


def test_no_code_comment_cites_a_tracker_number():
    found = [hit for path in _code_files() for hit in _tracker_numbers(path)]
    assert found == []


# --- every path of the code named in the docs exists ------------------------------------

# A path of the repository's code, written whole (`generator/pipeline/plan.py`) or from its
# folder under generator/ (`engine/law.py`). `<id>`, `<système>`… stand for any name, and so
# does a glob's `*`.
CODE_PATH = re.compile(
    r"(?<![\w./-])((?:generator|tests|scripts|core|engine|house|pipeline|serve|hooks|browser)"
    r"/[^\s`,;()]*)"
)
UNDER_GENERATOR = ("core", "engine", "house", "pipeline", "serve", "hooks", "browser")
PLACEHOLDER = re.compile(r"<[^>]*>|…")
# A former path, named as such: « `ancien` → `nouveau` » or « autrefois `ancien` ».
FORMER_BEFORE = re.compile(r"autrefois\s*$")
FORMER_AFTER = re.compile(r"^\s*→")
EXAMPLE = "mon-jeu"  # the id docs/auteurs.md makes its example system with


def _example_paths() -> set[str]:
    """What `nouveau-systeme mon-jeu` writes, and the folders it writes them in."""
    places = scaffold.targets(ROOT, EXAMPLE)
    files = [
        places[part] if part == "test" else places[part] / relative
        for part, relative in scaffold._files(EXAMPLE)
    ]
    written = {path.relative_to(ROOT).as_posix() for path in files}
    return written | {folder for path in written for folder in _folders(path)}


def _folders(path: str) -> list[str]:
    parts = path.split("/")
    return [f"{'/'.join(parts[:n])}/" for n in range(1, len(parts))]


def _cited_paths(page: Path) -> list[tuple[int, str]]:
    """(line, path) of each code path in a code span of the page, former paths aside."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    found = []
    for span in CODE.finditer(text):
        before, after = text[: span.start()], text[span.end() :]
        if FORMER_BEFORE.search(before) or FORMER_AFTER.match(after):
            continue
        for hit in CODE_PATH.finditer(span.group()[1:-1]):
            path = hit.group(1).rstrip(".:")
            if path.split("/")[0] in UNDER_GENERATOR:
                path = f"generator/{path}"
            found.append((text.count("\n", 0, span.start()) + 1, path))
    return found


def _exists(path: str, examples: set[str]) -> bool:
    if EXAMPLE in path or EXAMPLE.replace("-", "_") in path:
        return path in examples
    pattern = PLACEHOLDER.sub("*", path).rstrip("/")
    return bool(glob.glob(str(ROOT / pattern), recursive=True))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_code_path_a_page_names_exists(page):
    examples = _example_paths()
    missing = [
        f"l. {line} : {path}" for line, path in _cited_paths(page) if not _exists(path, examples)
    ]
    assert missing == []


def test_the_checks_see_what_they_look_for(tmp_path):
    """The patterns find a link, a tracker number and a code path where there is one."""
    assert LINK.findall("voir [le plan](docs/architecture.md#etages).") == [
        "docs/architecture.md#etages"
    ]
    assert not LINK.findall(CODE.sub("", "`[a](b.md)`"))
    n = 19  # a tracker number is never written here, this file being held to it too
    assert TRACKER.findall(f"(issue {n} §3) et les Issues {n - 11} and 9") == [
        f"issue {n}",
        f"Issues {n - 11}",
    ]
    assert not TRACKER.findall("l'issue tirée par le moteur, ses issues nommées")
    assert CITED.findall("voir D5 et D38, pas 2D6 ni 1d10") == ["5", "38"]
    page = tmp_path / "page.md"
    page.write_text(
        "`generator/core/urls.py`, `engine/law.py`, (`scripts/bench.py dossier`),\n"
        "`generator/systems/<id>/rules.py`, autrefois `engine/fiche.py`,\n"
        "`engine/des.py` → `engine/roll_tags.py`, `assets/calc.js`, `generator/nulle-part.py`\n",
        encoding="utf-8",
    )
    cited = _cited_paths(page)
    assert cited == [
        (1, "generator/core/urls.py"),
        (1, "generator/engine/law.py"),
        (1, "scripts/bench.py"),
        (2, "generator/systems/<id>/rules.py"),
        (3, "generator/engine/roll_tags.py"),
        (3, "generator/nulle-part.py"),
    ]
    examples = _example_paths()
    assert [path for _, path in cited if not _exists(path, examples)] == ["generator/nulle-part.py"]
    assert _exists("generator/systems/mon_jeu/dice.py", examples)
    assert not _exists("generator/systems/mon_jeu/health.py", examples)
