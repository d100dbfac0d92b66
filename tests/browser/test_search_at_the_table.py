"""The header's search at the table: a word the table uses for another
(data/synonymes.yaml: « fiche » ≈ « feuille ») finds both; on a page of a system, that
system's hits come first."""

from __future__ import annotations

import pytest
from helpers import error_free_page

from generator import systems
from generator.core import urls
from generator.engine import registry

pytestmark = pytest.mark.browser


@pytest.fixture
def page(browser, server):
    with error_free_page(browser, viewport={"width": 1280, "height": 900}) as page:
        yield page


def search_from(page, address: str, query: str) -> list[str]:
    """The hits' addresses (site paths) once every hit of `query` is on screen."""
    page.goto(address)
    page.keyboard.press("s")
    page.keyboard.type(query)
    page.wait_for_function(
        "q => document.getElementById('srd-resultats').dataset.complet === q", arg=query
    )
    links = page.locator(".md-search-result__link")
    return links.evaluate_all("links => links.map((a) => new URL(a.href).pathname)")


def test_fiche_finds_the_character_sheets_titled_feuille(page, server):
    # Pagefind alone ranks them 13th and 106th for « fiche »: out of the ten hits shown.
    sheets = [c for c in registry.all_calculators() if "Feuille" in c.title]
    assert len(sheets) >= 2
    shown = search_from(page, f"{server}/", "fiche")
    for calc in sheets:
        assert urls.url(urls.calculator(calc.system, calc.id)) in shown, (calc.id, shown)


@pytest.mark.parametrize("system", systems.ids())
def test_the_current_systems_hits_come_first(page, server, system):
    shown = search_from(page, f"{server}/{system}/", "dégâts")
    ours = [path.startswith(f"/{system}/") for path in shown]
    assert any(ours), shown
    assert ours == sorted(ours, reverse=True), shown  # this system's before any other
