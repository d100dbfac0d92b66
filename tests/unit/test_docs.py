"""The documentation a newcomer reads: a README short enough to read in minutes, links
that lead somewhere, and no reference to a tracker a reader of the repository does not
have (« issue 19 » says nothing; the reason it stood for does)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from helpers import ROOT

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


def test_the_checks_see_what_they_look_for():
    """The patterns find a link and a tracker number where there is one."""
    assert LINK.findall("voir [le plan](docs/architecture.md#etages).") == [
        "docs/architecture.md#etages"
    ]
    assert not LINK.findall(CODE.sub("", "`[a](b.md)`"))
    assert TRACKER.findall("(issue 19 §3) et les Issues 8 and 9") == ["issue 19", "Issues 8"]
    assert not TRACKER.findall("l'issue tirée par le moteur, ses issues nommées")
    assert CITED.findall("voir D5 et D38, pas 2D6 ni 1d10") == ["5", "38"]
