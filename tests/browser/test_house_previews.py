"""The reader's house rules in the link previews (assets/apercu.js) and in the
printed character sheet (assets/fiche.js), in Debian's Chromium on the built site.

The store of assets/maison-stock.js is seeded directly, its rows copied from the build's
own (assets/entites.json) with other names and summaries: one new house atout, one
amendment in force, one amendment the reader switched off."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from urllib.parse import urlencode

import pytest
from helpers import AXE, error_free_page
from house_form import POIGNE
from playwright.sync_api import expect

from generator.core import urls

pytestmark = pytest.mark.browser

PYODIDE_WAIT_MS = 120_000  # a cold Pyodide start on a loaded 2-core machine
KEY = "srd-regles-maison"
NEW = "divin6/atout/eclat-d-emeraude"
NEW_NAME = "Éclat d'émeraude"
NEW_TEXT = "Un éclat vert <b>qui n'est pas du HTML</b>."  # shown as text, never parsed
MODEL = "divin6/atout/compagnon"
AMENDED = "divin6/atout/accointances"
AMENDED_NAME = "Accointances des bas-fonds"
AMENDED_TEXT = "Des contacts dans chaque port, version maison."
OFF = "divin6/atout/chasseur-d-exception"
OFF_NAME = "Chasseur de primes"
OFF_TEXT = "Une prime par mois, version maison éteinte."
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="module")
def rows(site: Path) -> dict[str, dict]:
    found = json.loads((site / "assets" / "entites.json").read_text(encoding="utf-8"))
    return {row["i"]: row for row in found}


@pytest.fixture(scope="module")
def kept(rows) -> dict:
    """The store as the page « Règles maison » writes it (its index: rows only)."""
    rules = [
        (NEW, MODEL, NEW_NAME, NEW_TEXT),
        (AMENDED, AMENDED, AMENDED_NAME, AMENDED_TEXT),
        (OFF, OFF, OFF_NAME, OFF_TEXT),
    ]
    index = {}
    for key, model, name, text in rules:
        line = copy.deepcopy(rows[model]) | {
            "n": name,
            "r": text,
            "u": urls.house_entity(key),
            "i": key,
        }
        index[key] = {"ligne": line | {"m": 1} | ({"b": 1} if key != NEW else {})}
    entries = [
        {"systeme": "divin6", "genre": "atout", "entite": {"id": key.rsplit("/", 1)[1]}}
        | ({"base": key.rsplit("/", 1)[1]} if key != NEW else {})
        for key, *_ in rules
    ]
    return {
        "format": 1,
        "collection": {"format": 1, "regles": entries},
        "eteintes": [OFF],
        "index": index,
    }


def seed(page, server: str, kept: dict) -> None:
    page.goto(f"{server}/404.html")
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, json.dumps(kept)])


def preview(page, link, touch: bool):
    """The preview of `link`: on hover, or on a first tap (which must not follow it)."""
    before = page.url
    if touch:
        link.tap()
    else:
        link.hover()
    card = page.locator(".srd-apercu")
    expect(card).to_be_visible(timeout=10_000)
    assert page.url == before
    return card


def axe_on_preview(page) -> list[str]:
    """axe-core on the preview shown (not on the hovered link: Material's hover colour is
    the theme's, not the preview's)."""
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async () => (await axe.run({ include: [["#srd-apercu"]] },
                { resultTypes: ["violations"] })).violations
            .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}`))"""
    )


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["bureau", "telephone"])
def test_a_preview_shows_the_house_version_in_force_marked_maison(
    browser, server, kept, rows, device
):
    touch = device.get("has_touch", False)
    with error_free_page(browser, bypass_csp=True, **device) as page:
        seed(page, server, kept)
        page.goto(f"{server}/divin6/atout/")
        content = page.locator(".md-content")
        # An amendment in force: its house name, text and mark, not the official ones.
        amended = content.get_by_role("link", name=rows[AMENDED]["n"], exact=True).first
        card = preview(page, amended, touch)
        expect(card.locator("strong")).to_have_text(AMENDED_NAME)
        expect(card.locator(".srd-maison-marque")).to_have_text("maison")
        expect(card).to_contain_text(AMENDED_TEXT)
        expect(card).not_to_contain_text(rows[AMENDED]["r"][:40])
        assert amended.get_attribute("aria-describedby") == "srd-apercu"
        problems = axe_on_preview(page)
        assert not problems, problems
        # Switched off: the official preview, unmarked.
        off = content.get_by_role("link", name=rows[OFF]["n"], exact=True).first
        card = preview(page, off, touch)
        expect(card.locator("strong")).to_have_text(rows[OFF]["n"])
        expect(card).to_contain_text(rows[OFF]["r"][:40])
        expect(card).not_to_contain_text(OFF_TEXT)
        expect(card.locator(".srd-maison-marque")).to_have_count(0)
        # No house rule: unchanged.
        model = content.get_by_role("link", name=rows[MODEL]["n"], exact=True).first
        card = preview(page, model, touch)
        expect(card.locator("strong")).to_have_text(rows[MODEL]["n"])
        expect(card.locator(".srd-maison-marque")).to_have_count(0)

        # A link to a house entity's page (the finder's card of a new house atout).
        page.goto(f"{server}/trouver/?s=divin6&k=atout&q=emeraude")
        page.wait_for_selector(".srd-trouveur[data-pret]")
        link = page.locator(".md-content").get_by_role("link", name=NEW_NAME, exact=True)
        assert link.get_attribute("href") == f"{server}/{urls.house_entity(NEW)}"
        card = preview(page, link, touch)
        expect(card.locator("strong")).to_have_text(NEW_NAME)
        expect(card.locator(".srd-maison-marque")).to_have_text("maison")
        expect(card).to_contain_text(NEW_TEXT)  # the reader's words, as text
        expect(card.locator("b")).to_have_count(0)
        problems = axe_on_preview(page)
        assert not problems, problems


def test_a_preview_follows_a_house_rule_switched_off_meanwhile(browser, server, kept, rows):
    with error_free_page(browser, **DESKTOP) as page:
        seed(page, server, kept)
        page.goto(f"{server}/divin6/atout/")
        amended = page.locator(".md-content").get_by_role("link", name=rows[AMENDED]["n"])
        card = preview(page, amended.first, touch=False)
        expect(card.locator("strong")).to_have_text(AMENDED_NAME)
        page.mouse.move(0, 0)
        expect(card).to_be_hidden()
        # Another tab switches the amendment off: the official preview again.
        page.evaluate(
            """() => { window.changed = new Promise((done) =>
                addEventListener("srd-regles-maison", done, { once: true })); }"""
        )
        other = page.context.new_page()
        other.goto(f"{server}/404.html")
        changed = {**kept, "eteintes": [OFF, AMENDED]}
        other.evaluate("([k, text]) => localStorage.setItem(k, text)", [KEY, json.dumps(changed)])
        other.close()
        page.evaluate("() => window.changed")
        card = preview(page, amended.first, touch=False)
        expect(card.locator("strong")).to_have_text(rows[AMENDED]["n"])
        expect(card.locator(".srd-maison-marque")).to_have_count(0)


def test_a_printed_sheet_links_a_house_atout_to_its_house_page(browser, server, rows):
    store = {
        "format": 1,
        "collection": {"format": 1, "regles": [POIGNE]},
        "eteintes": [],
        "index": {},
    }
    with error_free_page(browser, **DESKTOP) as page:
        seed(page, server, store)
        query = {"force": "4", "classes": "combattant", "atouts": "metier des armes, Poigne de fer"}
        sheet = urls.url(urls.printable_sheet("divin6", "feuille"))
        page.goto(f"{server}{sheet}?{urlencode(query)}")
        page.wait_for_selector(".srd-fiche[data-state='ok']", timeout=PYODIDE_WAIT_MS)
        body = page.locator(".srd-fiche-corps")
        house = body.get_by_role("link", name="Poigne de fer", exact=True)
        expect(house).to_have_attribute(
            "href", f"{server}/{urls.house_entity('divin6/atout/poigne-de-fer')}"
        )
        # The official atout keeps its page and its effect.
        official = rows["divin6/atout/metier-des-armes"]
        link = body.get_by_role("link", name=official["n"], exact=True)
        assert link.evaluate("a => a.href") == f"{server}/{official['u']}"
        chosen = body.locator("li").filter(has=page.get_by_role("link", name=official["n"]))
        expect(chosen.locator(".srd-fiche-effet")).not_to_be_empty()
