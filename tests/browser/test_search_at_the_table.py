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


def hits_from(page, address: str, query: str) -> list[dict]:
    """{path, title, what} of each hit of `query` searched from `address`."""
    search_from(page, address, query)
    return page.locator("#srd-resultats .md-search-result__item").evaluate_all(
        """items => items.map((item) => ({
            path: new URL(item.querySelector("a").href).pathname,
            title: item.querySelector("h1").firstChild.textContent,
            what: item.querySelector(".srd-lieu")?.textContent || "",
        }))"""
    )


DIVIN_PAGE = "/divin6/atout/adaptation/"


@pytest.mark.parametrize("query", ["le combat", "combat"])
def test_a_page_titled_as_the_query_comes_first(page, server, query):
    shown = hits_from(page, server + DIVIN_PAGE, query)
    assert shown[0]["path"] == "/divin6/regles/combat/", shown[:3]


def test_an_abbreviation_a_system_declares_beats_a_loose_match_here(page, server):
    # UnDéSix declares « PSY » (Psychique); Divin's atouts only hold the letters.
    shown = hits_from(page, server + DIVIN_PAGE, "PSY")
    assert shown[0]["path"] == "/undesix/caracteristique/psy/", shown[:3]


def test_fiche_from_a_divin_page_gives_its_character_sheet_first(page, server):
    shown = hits_from(page, server + DIVIN_PAGE, "fiche")
    assert shown[0]["path"] == "/divin6/calculateurs/feuille/", shown[:3]


@pytest.mark.parametrize("query", ["fiche", "mouvement", "arme", "combat"])
def test_one_hit_per_page(page, server, query):
    paths = [hit["path"] for hit in hits_from(page, server + DIVIN_PAGE, query)]
    assert len(paths) == len(set(paths)), paths
    # A hit names one section at most (its best), inside its own link.
    assert page.locator("#srd-resultats .srd-sections").count() == 0
    per_hit = page.locator("#srd-resultats .md-search-result__item").evaluate_all(
        "items => items.map((item) => item.querySelectorAll('a').length)"
    )
    assert set(per_hit) == {1}, per_hit


def test_arme_from_the_home_page_shows_atouts_among_the_first_ten(page, server):
    shown = hits_from(page, f"{server}/", "arme")[:10]
    assert any("Atout" in hit["what"] for hit in shown), shown
    assert len({hit["path"].split("/")[1] for hit in shown}) >= 3, shown  # several systems


def test_a_corrected_word_is_named_as_typed_and_as_searched(page, server):
    search_from(page, f"{server}/", "faucon")
    said = page.locator("#srd-resultats .md-search-result__meta").inner_text()
    # « faucon » is nowhere in the rules: « façon » (one letter away) is searched, and said.
    assert "«\u202ffaucon\u202f»" in said and "pour «\u202ffaçon\u202f»" in said, said
    assert "facon" not in said, said
