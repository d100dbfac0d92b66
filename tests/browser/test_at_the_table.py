"""At the table: a page opened from the header search scrolls on a
phone; closed panels take no focus and a dialog gives it back; pinning in one tap; the
menu's « Mes personnages »; a sheet's foldable sections and its « Enregistrer », and a
calculator's « Lancer », beside the key figure."""

from __future__ import annotations

import json
import re

import pytest
from helpers import AXE
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}
PYODIDE_WAIT_MS = 120_000  # a cold Pyodide start on a crowded 2-core machine
STORE = "srd-listes"


def touch_context(browser, viewport):
    return browser.new_context(
        viewport=viewport,
        has_touch=True,
        is_mobile=True,
        service_workers="block",
        bypass_csp=True,  # for axe-core
    )


def axe_violations(page: Page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async () => (await axe.run(document, { resultTypes: ["violations"] })).violations
            .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}`))"""
    )


@pytest.fixture
def desk(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors


def focused(page: Page, selector: str) -> bool:
    return page.evaluate("(s) => document.activeElement.matches(s)", selector)


def swipe_up(page: Page, distance: int = 560) -> None:
    """A finger drawn up the screen (touch events): the page scrolls down under it."""
    session = page.context.new_cdp_session(page)
    touch = lambda kind, *points: session.send(  # noqa: E731
        "Input.dispatchTouchEvent",
        {"type": kind, "touchPoints": [{"x": 200, "y": y} for y in points]},
    )
    touch("touchStart", 700)
    for y in range(680, 700 - distance, -40):
        touch("touchMove", y)
    touch("touchEnd")
    session.detach()


def search(page: Page, words: str) -> None:
    page.keyboard.type(words)
    expect(page.locator("#srd-resultats")).to_have_attribute("data-complet", words, timeout=30_000)


# --- 1. search, then scroll -----------------------------------------------------------


@pytest.mark.parametrize(
    ("viewport", "words", "path", "heading"),
    [
        (PHONE, "attaque sournoise", "/skillcraft/talent/attaque-sournoise/", "#requis-par"),
        (TABLET, "combat", "/skillcraft/regles/combat/", "#cite-par"),
    ],
    ids=["390", "820"],
)
def test_a_page_opened_from_the_search_scrolls_under_the_finger(
    browser, server, viewport, words, path, heading
):
    context = touch_context(browser, viewport)
    page = context.new_page()
    page.goto(f"{server}/skillcraft/")
    page.locator("label.md-header__button[for=__search]").tap()
    expect(page.locator(".md-search__input")).to_be_focused()
    search(page, words)
    # The theme locks the page under the open search (and must let it go).
    expect(page.locator("body")).to_have_attribute("data-md-scrolllock", "")
    page.locator(f'a.md-search-result__link[href$="{path}"]').first.tap()
    page.wait_for_url(re.compile(re.escape(path) + "$"))
    expect(page.locator(".md-content h1")).to_be_visible()
    expect(page.locator("body")).not_to_have_attribute("data-md-scrolllock", "")
    swipe_up(page)
    page.wait_for_function("() => scrollY > 0")
    # The section lies within what the page scrolls through (locked, it was one screen high)…
    section = page.locator(heading)
    assert section.evaluate(
        "h => h.getBoundingClientRect().bottom + scrollY <= document.documentElement.scrollHeight"
    )
    # … and on a phone, where it is below the first screen, the finger gets there.
    in_view = "(h) => h.getBoundingClientRect().bottom <= innerHeight"
    if viewport == PHONE:
        for _ in range(8):
            if section.evaluate(in_view):
                break
            swipe_up(page)
        page.wait_for_function(in_view, arg=section.element_handle())
    context.close()


def test_escape_releases_the_page_under_the_search(browser, server):
    context = touch_context(browser, PHONE)
    page = context.new_page()
    page.goto(f"{server}/skillcraft/talent/attaque-sournoise/")
    page.locator("label.md-header__button[for=__search]").tap()
    search(page, "parade")
    expect(page.locator("body")).to_have_attribute("data-md-scrolllock", "")
    page.keyboard.press("Escape")
    expect(page.locator("body")).not_to_have_attribute("data-md-scrolllock", "")
    swipe_up(page)
    page.wait_for_function("() => scrollY > 0")
    context.close()


# --- 2. focus: closed panels take none, a dialog gives it back ------------------------


def test_after_a_search_by_keyboard_tab_never_lands_in_the_closed_search(desk, server):
    page = desk
    page.goto(f"{server}/divin6/regles/combat/")
    page.keyboard.press("/")
    search(page, "initiative")
    first = page.locator("a.md-search-result__link").first.get_attribute("href")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(re.escape(first.split("#")[0]) + "(#.*)?$"))
    expect(page.locator("#__search")).not_to_be_checked()
    landed = []
    for _ in range(15):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('.md-search__output')"):
            landed.append(page.evaluate("() => document.activeElement.outerHTML.slice(0, 80)"))
    assert not landed, landed


def test_the_pin_dialog_keeps_the_focus_then_gives_it_back(desk, server):
    page = desk
    page.goto(f"{server}/skillcraft/talent/acrobaties/")
    button = page.locator(".srd-epingler .srd-epingler-bouton")
    button.focus()
    page.keyboard.press("Enter")  # a fresh profile: into a first list at once
    expect(button).to_have_text("Épinglé")
    page.keyboard.press("Enter")  # « Épinglé »: the dialog, to choose the lists
    dialog = page.locator("dialog.srd-epingler-dialogue")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_label(re.compile(r"^ ?Ma liste \("))).to_be_focused()
    page.keyboard.press("Space")  # out of « Ma liste »…
    page.keyboard.press("Tab")
    page.keyboard.type("Scénario du 12")  # … into a new one
    page.keyboard.press("Enter")  # « Enregistrer »
    expect(dialog.get_by_role("status")).to_contain_text("« Scénario du 12 »")
    assert page.evaluate("() => !!document.activeElement.closest('dialog[open]')")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()
    expect(button).to_have_text("Épinglé")
    assert stored_ids(page) == {"Ma liste": [], "Scénario du 12": ["skillcraft/talent/acrobaties"]}


# --- 4. pin in one tap -----------------------------------------------------------------


def stored_ids(page: Page) -> dict[str, list[str]]:
    text = page.evaluate(f"() => localStorage.getItem('{STORE}')")
    return {entry["nom"]: entry["ids"] for entry in json.loads(text)["listes"]}


def test_one_tap_pins_into_the_last_list_and_undoes(browser, server):
    context = touch_context(browser, PHONE)
    page = context.new_page()
    page.goto(f"{server}/skillcraft/talent/acrobaties/")
    # The first time, a first list is made, to rename on its page.
    page.locator(".srd-epingler .srd-epingler-bouton").tap()
    dialog = page.locator("dialog.srd-epingler-dialogue")
    expect(page.locator(".srd-epingle-note")).to_have_text(
        re.compile(r"^Dans «\sMa liste\s», nouvelle liste\.\sRenommer\sAnnuler$")
    )
    # Then one tap per entity: on a page…
    page.goto(f"{server}/skillcraft/talent/attaque-sournoise/")
    button = page.locator(".srd-epingler .srd-epingler-bouton")
    expect(button).to_have_text("Épingler")
    page.screenshot(path="/tmp/phone-pin-avant.png", animations="disabled")
    button.tap()
    expect(button).to_have_text("Épinglé")
    expect(dialog).to_be_hidden()
    note = page.locator(".srd-epingle-note")
    expect(note).to_have_text(re.compile(r"^Dans «\sMa liste\s»\.\sAnnuler$"))
    page.screenshot(path="/tmp/phone-pin-apres.png", animations="disabled")
    assert not axe_violations(page)
    key = "skillcraft/talent/attaque-sournoise"
    assert key in stored_ids(page)["Ma liste"]
    # … « Annuler » takes it back.
    note.get_by_role("button", name=re.compile("^Annuler")).tap()
    expect(button).to_have_text("Épingler")
    expect(note).to_have_count(0)
    assert key not in stored_ids(page)["Ma liste"]
    # … on a search hit, one tap too.
    page.locator("label.md-header__button[for=__search]").tap()
    search(page, "parade")
    hit = page.locator(".md-search-result__item .srd-epingler-bouton").first
    hit.tap()
    expect(hit).to_have_text("Épinglé")
    expect(hit).to_have_attribute("aria-label", re.compile("^Épinglé "))
    assert hit.get_attribute("data-cle") in stored_ids(page)["Ma liste"]
    context.close()


# --- 4 and 5: the key figure's bar, a long sheet's sections ----------------------------

IN_VIEW = """(e) => { const box = e.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight && box.width > 0; }"""


def test_lancer_sits_in_the_first_screen_beside_the_key_figure(browser, server):
    context = touch_context(browser, PHONE)
    page = context.new_page()
    page.goto(f"{server}/skillcraft/calculateurs/test/?dd=12")
    expect(page.locator(".srd-calc")).to_have_attribute("data-state", "ok", timeout=PYODIDE_WAIT_MS)
    bar = page.locator(".srd-calc-barre")
    roll = bar.get_by_role("button", name="Lancer", exact=True)
    assert page.evaluate("() => scrollY") == 0
    assert roll.evaluate(IN_VIEW), "« Lancer » hors du premier écran"
    roll.tap()
    outcome = bar.locator(".srd-lancer-resultat strong")
    expect(outcome).not_to_be_empty(timeout=PYODIDE_WAIT_MS)
    assert outcome.evaluate(IN_VIEW)
    page.screenshot(path="/tmp/phone-lancer.png", animations="disabled")
    assert not axe_violations(page)
    context.close()


def test_a_long_sheet_folds_its_sections_and_saves_from_the_bar(browser, server):
    context = touch_context(browser, PHONE)
    page = context.new_page()
    page.goto(f"{server}/skillcraft/calculateurs/fiche/")
    sections = page.locator("details.srd-calc-section")
    expect(sections).to_have_count(7)
    aspects = sections.filter(has=page.locator("summary", has_text="Aspects"))
    field = page.locator("#fiche-aspect_1")
    expect(field).to_be_visible()
    height = page.evaluate("() => document.documentElement.scrollHeight")
    aspects.locator("summary").tap()
    expect(aspects).not_to_have_attribute("open", "")
    expect(field).to_be_hidden()
    assert page.evaluate("() => document.documentElement.scrollHeight") < height
    page.screenshot(path="/tmp/phone-fiche-pliee.png", animations="disabled")
    aspects.locator("summary").tap()
    expect(field).to_be_visible()
    # « Enregistrer », in view from the first screen on, goes to the character's name.
    save = page.locator(".srd-calc-barre").get_by_role("button", name="Enregistrer", exact=True)
    assert save.evaluate(IN_VIEW)
    save.tap()
    name = page.locator("#srd-personnage-nom")
    expect(name).to_be_focused()
    assert name.evaluate(IN_VIEW)
    assert not axe_violations(page)
    context.close()
