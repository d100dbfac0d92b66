"""French typography and words (the reader's side): the typography function, then every
page of the built site read as a reader sees it (the text of its HTML, code left out)."""

from __future__ import annotations

import re

import pytest
from helpers import BREAKABLE_BEFORE

from generator.core.typographie import INSECABLE


@pytest.mark.browser
def test_the_finder_shows_more_only_when_there_is_more(browser, server):
    """« Afficher plus » is hidden once every result is shown (.md-button vs [hidden])."""
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    page = context.new_page()
    more = page.get_by_role("button", name="Afficher plus")
    page.goto(f"{server}/trouver/")
    expect(page.locator(".srd-carte").first).to_be_visible(timeout=20_000)
    expect(more).to_be_visible()  # the whole site: more than one screen of cards
    page.goto(f"{server}/trouver/?s=skillcraft&k=talent&q=commandement")
    expect(page.locator(".srd-trouveur-compte")).to_have_text(re.compile(r"^\d résultats?$"))
    expect(more).to_be_hidden()
    context.close()


@pytest.mark.browser
def test_search_excerpts_keep_the_non_breaking_spaces(browser, server):
    """Pagefind joins an excerpt's words with plain spaces; the search box puts back the
    site's non-breaking ones."""
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    page = context.new_page()
    page.goto(f"{server}/")
    page.keyboard.press("/")
    page.locator("input.md-search__input").fill("esquive défense armure")
    excerpts = page.locator(".md-search-result__item p")
    expect(excerpts.first).to_be_visible(timeout=30_000)
    texts = "\n".join(excerpts.all_inner_texts())
    assert f"{INSECABLE}:" in texts
    assert not BREAKABLE_BEFORE.search(texts), texts
    context.close()
