"""`serve` while writing: the open page reloads itself and shows the sources' errors."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest
from helpers import copy_project, serving

from generator.pipeline.errors import Problems
from generator.serve import live as serve_live


def test_inject_puts_the_script_before_the_end_of_the_body():
    page = serve_live.inject(b"<html><body><p>r\xc3\xa8gle</p></body></html>")
    assert page.index(serve_live.TAGS) < page.index(b"</body>")
    assert serve_live.inject(b"<p>fragment</p>").endswith(serve_live.TAGS)


def test_page_addresses_are_the_ones_a_reader_sees():
    assert serve_live.page_url("index.html") == "/"
    assert serve_live.page_url("skillcraft/talent/vigilance/index.html") == (
        "/skillcraft/talent/vigilance/"
    )
    assert serve_live.page_url("404.html") == "/404.html"


def _site(folder: Path, pages: dict[str, str]) -> Path:
    for relative, text in pages.items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(text, encoding="utf-8")
    return folder


def test_a_page_learns_which_pages_changed_since_it_last_asked(tmp_path):
    site = _site(tmp_path, {"index.html": "accueil", "a/index.html": "A", "b/index.html": "B"})
    state = serve_live.BuildState(site)
    first = state.wait("")
    assert first["modifiees"] == [] and first["erreurs"] == []
    (site / "a/index.html").write_text("A modifiée", encoding="utf-8")
    state.built()
    (site / "b/index.html").unlink()
    state.built()
    # A page that missed both rebuilds hears of both; one that saw the first, of the second.
    assert state.wait(first["etat"])["modifiees"] == ["/a/", "/b/"]
    token = first["etat"].split(":")[0]
    assert state.wait(f"{token}:1")["modifiees"] == ["/b/"]
    # A page from before a restart of `serve` (another token) may be stale in any way.
    assert state.wait("ancien:3")["modifiees"] == ["*"]


def test_errors_are_published_with_their_place_and_cleared_by_a_good_build(tmp_path):
    site = _site(tmp_path, {"index.html": "accueil"})
    state = serve_live.BuildState(site)
    problems = Problems(tmp_path)
    problems.add(tmp_path / "data/x.yaml", 12, "champ « tiers » : 'zéro' n'est pas un entier")
    state.failed(problems)
    answer = state.wait("")
    assert answer["erreurs"] == [
        {"fichier": "data/x.yaml", "ligne": 12, "message": problems.items[0].message}
    ]
    state.built()
    assert state.wait(answer["etat"])["erreurs"] == []


def test_a_waiting_page_is_answered_as_soon_as_a_rebuild_ends(tmp_path):
    state = serve_live.BuildState(_site(tmp_path, {"index.html": "accueil"}))
    since = state.wait("")["etat"]
    threading.Timer(0.3, state.built).start()
    answer = state.wait(since, timeout=600)
    assert answer["etat"] != since  # woken by the rebuild, not by the end of its wait


@pytest.fixture
def writing(tmp_path):
    """`serve` run as a writer runs it, on a scratch copy of the project."""
    project = copy_project(tmp_path / "projet")
    with serving(project, tmp_path / "serve.log") as base:
        yield project, base


def _first_talent(project: Path) -> tuple[Path, str, str]:
    """A data file, the id of its first entity and one line of that entity's text."""
    import yaml

    path = project / "data/skillcraft/talent.tiers-0.yaml"
    entity = yaml.safe_load(path.read_text(encoding="utf-8"))[0]
    return path, entity["id"], entity["resume"]


def _read(path: Path) -> bytes | None:
    """The file's bytes, None while it is being replaced."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None


@pytest.mark.browser
def test_the_open_page_follows_the_edits_and_shows_the_errors(writing, browser, tmp_path):
    project, base = writing
    path, entity_id, summary = _first_talent(project)
    original = path.read_text(encoding="utf-8")
    assert original.count(summary) == 1
    entry = project / "site/pagefind/pagefind-entry.json"
    index_before = entry.read_bytes()
    page = browser.new_page()
    page.goto(f"{base}/skillcraft/talent/{entity_id}/")
    page.wait_for_function("() => window.srdDirect === true")
    seconds = 900_000  # a whole rebuild, on a busy test machine

    # An edit: the page shows it by itself.
    path.write_text(original.replace(summary, "Résumé réécrit pour l'essai."), encoding="utf-8")
    page.wait_for_function(
        '() => document.body?.innerText.includes("Résumé réécrit pour l\'essai.")', timeout=seconds
    )
    # The search index follows once the writer pauses (it came after the page).
    deadline = time.monotonic() + seconds / 1000
    log = tmp_path / "serve.log"
    while "Index de recherche et copie hors ligne à jour." not in log.read_text():
        assert time.monotonic() < deadline, "index de recherche jamais refait"
        time.sleep(0.2)
    assert _read(entry) not in (index_before, None)

    # An error: the overlay names the file and line; the last good page stays readable.
    broken = original.replace("tiers: 0", "tiers: zéro", 1)
    line = broken[: broken.index("tiers: zéro")].count("\n") + 1
    path.write_text(broken, encoding="utf-8")
    overlay = page.locator(".srd-direct")
    overlay.wait_for(timeout=seconds)
    assert f"data/skillcraft/talent.tiers-0.yaml:{line}" in overlay.inner_text()
    assert overlay.get_attribute("role") == "alert"
    assert "Résumé réécrit pour l'essai." in page.locator("article").inner_text()

    # Fixed: the overlay leaves by itself.
    path.write_text(original, encoding="utf-8")
    overlay.wait_for(state="detached", timeout=seconds)
    # (spaces compared as spaces: the typography may make some of them non-breaking)
    page.wait_for_function(
        "() => (document.body?.innerText ?? '').replace(/[\\u00a0\\u202f]/g, ' ').includes("
        + json.dumps(summary)
        + ")"
    )
    page.close()
