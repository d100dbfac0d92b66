"""A word longer than the screen or a card, written in a house rule (the reader's words:
nothing bounds them), breaks: on a 390 px phone, neither the search panel nor a link's
preview grows wider than the screen; on a printed card, the word is there, cut across
lines and cards, never dropped.

The store of assets/maison-stock.js is seeded as the page « Règles maison » writes it,
its row and card copied from the build's own (assets/entites.json, assets/cartes.json)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from helpers import error_free_page
from playwright.sync_api import expect

from generator.core import urls

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
KEY = "divin6/atout/geant-des-mots"
MODEL = "divin6/atout/compagnon"
WORD = "abcdefghij" * 2_000  # 20,000 characters, no break opportunity
NAME = f"Géant {WORD}"
TEXT = f"Au début. {WORD} À la fin."

# Every element wider than the screen (its box or its content), named by its tag/class.
WIDER_THAN_SCREEN = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.getClientRects().length
    && (e.scrollWidth > innerWidth || e.getBoundingClientRect().right > innerWidth + 1))
  .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${e.scrollWidth}`)"""


@pytest.fixture(scope="module")
def store(site: Path) -> str:
    rows = json.loads((site / "assets" / "entites.json").read_text(encoding="utf-8"))
    row = next(r for r in rows if r["i"] == MODEL)
    card = json.loads((site / "assets" / "cartes.json").read_text(encoding="utf-8"))["cartes"]
    address = urls.house_entity(KEY)
    line = copy.deepcopy(row) | {"n": NAME, "r": TEXT, "u": address, "i": KEY, "m": 1}
    printed = copy.deepcopy(card[MODEL]) | {"n": "Géant des mots", "e": TEXT, "u": address}
    entry = {"systeme": "divin6", "genre": "atout", "entite": {"id": KEY.rsplit("/", 1)[1]}}
    return json.dumps(
        {
            "format": 1,
            "collection": {"format": 1, "regles": [entry]},
            "eteintes": [],
            "index": {KEY: {"ligne": line, "carte": printed | {"m": 1}}},
        }
    )


def seed(page, server: str, items: dict[str, str]) -> None:
    page.goto(f"{server}/404.html")
    for key, text in items.items():
        page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, text])


def test_a_long_house_word_does_not_widen_the_phone_search(browser, server, store, tmp_path):
    with error_free_page(browser, **PHONE) as page:
        seed(page, server, {"srd-regles-maison": store})
        page.goto(f"{server}/divin6/")
        page.locator("label.md-search__icon, label[for='__search']").first.tap()
        page.locator("input.md-search__input").fill("geant")
        page.wait_for_function(
            "() => document.getElementById('srd-resultats')?.dataset.complet === 'geant'"
        )
        hit = page.locator(".md-search-result__item").filter(has_text="Géant abcdefghij").first
        expect(hit).to_be_visible()
        page.screenshot(path=tmp_path / "recherche-390.png")
        # The theme's overlay is a small disc scaled up past the screen's edge on purpose.
        wide = page.evaluate(WIDER_THAN_SCREEN, ".md-search *:not(.md-search__overlay)")
        assert not wide, wide[:5]
        # The page as a whole, the overlay set aside as above (while it grows, it alone may
        # reach past the edge: run 16 measured 1,259 px once).
        page.evaluate("document.querySelector('.md-search__overlay').style.display = 'none'")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_long_house_word_does_not_widen_a_preview_on_a_phone(browser, server, store, tmp_path):
    with error_free_page(browser, **PHONE) as page:
        seed(page, server, {"srd-regles-maison": store})
        # The finder's card links to the house page: its preview breaks the word.
        page.goto(f"{server}/trouver/?s=divin6&k=atout&q=geant")
        page.wait_for_selector(".srd-trouveur[data-pret]")
        address = f"{server}/{urls.house_entity(KEY)}"
        link = page.locator(".md-content a").filter(has_text="Géant abcdefghij").first
        expect(link).to_have_attribute("href", address)
        link.tap(position={"x": 5, "y": 5})  # a 20,000-letter name: its first line
        card = page.locator(".srd-apercu")
        expect(card).to_be_visible(timeout=10_000)
        expect(card).to_contain_text(WORD[:200])
        page.screenshot(path=tmp_path / "apercu-mot-long-390.png")
        wide = page.evaluate(WIDER_THAN_SCREEN, ".srd-apercu, .srd-apercu *, .srd-carte *")
        assert not wide, wide[:5]
        # Taller than the screen, it would start above the page: it scrolls inside instead.
        box = card.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 844, box
        assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_word_longer_than_a_card_is_printed_broken_across_its_cards(
    browser, server, store, tmp_path
):
    lists = {"format": 1, "listes": [{"nom": "Mots", "ids": [KEY]}]}
    with error_free_page(browser, viewport={"width": 1280, "height": 900}) as page:
        seed(page, server, {"srd-regles-maison": store, "srd-listes": json.dumps(lists)})
        page.goto(f"{server}/listes/?liste=Mots")
        page.wait_for_selector(".srd-listes[data-pret]")
        page.emulate_media(media="print")
        printed = page.locator(".srd-carte-mj")
        expect(printed.first).to_be_visible()
        printed.nth(1).screenshot(path=tmp_path / "carte-mot-long.png")
        # Every card's text lies inside the card (nothing cut off), and all of it together
        # is the whole text: the word is broken, not dropped.
        effects = printed.locator(".srd-carte-mj-effet")
        shown = page.evaluate(
            """() => [...document.querySelectorAll('.srd-carte-mj')].map((card) => {
                const box = card.getBoundingClientRect();
                const effect = card.querySelector('.srd-carte-mj-effet');
                const inside = effect.getBoundingClientRect().bottom <= box.bottom + 1
                  && effect.scrollWidth <= effect.clientWidth + 1;
                return [inside, card.dataset.effet];
            })"""
        )
        assert all(inside for inside, _ in shown), [i for i, _ in shown]
        joined = "".join(text.replace(" ", "") for _, text in shown)
        assert joined == TEXT.replace(" ", ""), (len(joined), len(TEXT))
        # The first card ends before the word (a card after it holds more of it); the
        # next one is filled with it, as the reader sees it.
        assert WORD[:100] in effects.nth(1).inner_text().replace("\n", "")
        assert printed.count() > 5
