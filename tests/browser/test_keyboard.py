"""Keyboard only (accessibility): each feature driven with `page.keyboard` alone, in
Debian's Chromium, checking where the focus is (`document.activeElement`), that it shows,
and what happened. The calculators are found in the built site by what they contain."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

PYODIDE_WAIT_MS = 120_000  # a cold Pyodide start on a crowded 2-core machine

# How the focused element shows it has the focus: its outline or a shadow.
RING = """() => {
    const focused = document.activeElement;
    const style = getComputedStyle(focused);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== "none";
}"""


@pytest.fixture
def page(browser, server):
    """A fresh page, no console error at the end."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors


def focused(page: Page, selector: str) -> bool:
    return page.evaluate("(s) => document.activeElement.matches(s)", selector)


def describe_focus(page: Page) -> str:
    return page.evaluate(
        "() => { const e = document.activeElement;"
        " return `${e.tagName.toLowerCase()}.${e.className} « ${(e.textContent || '').trim().slice(0, 40)} »`; }"
    )


def tab_to(page: Page, selector: str, limit: int = 120, key: str = "Tab") -> None:
    """Press Tab until the focus is on `selector`; it must show there."""
    for _ in range(limit):
        page.keyboard.press(key)
        if focused(page, selector):
            assert page.evaluate(RING), f"focus invisible sur {describe_focus(page)}"
            return
    raise AssertionError(f"{selector} jamais atteint en {limit} × {key}")


def count_of(page: Page) -> int:
    return int(page.locator(".srd-trouveur-compte").inner_text().split()[0])


# --- header search, palette -------------------------------------------------------------


def test_header_search_opens_lists_and_follows_a_hit_by_keyboard(page, server):
    page.goto(f"{server}/divin6/")
    tab_to(page, ".md-search__input")
    page.keyboard.type("combat")
    results = page.locator("#srd-resultats")
    expect(results).to_have_attribute("data-complet", "combat", timeout=30_000)
    hits = page.locator("#srd-resultats a.md-search-result__link")
    first, second = hits.nth(0).get_attribute("href"), hits.nth(1).get_attribute("href")
    page.keyboard.press("ArrowDown")
    assert focused(page, "a.md-search-result__link") and page.evaluate(RING)
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.getAttribute('href')") == second
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.getAttribute('href')") == first
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(re.escape(urlsplit(first).path) + "$"))


def test_header_search_opens_with_its_shortcut_and_tab_reaches_the_hits(page, server):
    page.goto(f"{server}/divin6/regles/combat/")
    page.keyboard.press("/")
    assert focused(page, ".md-search__input")
    page.keyboard.type("initiative")
    expect(page.locator("#srd-resultats")).to_have_attribute(
        "data-complet", "initiative", timeout=30_000
    )
    tab_to(page, "a.md-search-result__link", limit=3)
    page.keyboard.press("Escape")
    assert not page.evaluate("document.getElementById('__search').checked")


def test_a_hit_followed_by_keyboard_leaves_the_focus_on_its_page(page, server):
    """From the hit, a few Tabs reach the entity's first prerequisite (not the site's menus)."""
    page.goto(f"{server}/divin6/")
    page.keyboard.press("/")
    page.keyboard.type("chasseur d'exception")
    expect(page.locator("#srd-resultats")).to_have_attribute(
        "data-complet", "chasseur d'exception", timeout=30_000
    )
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/divin6/atout/chasseur-d-exception/(#.*)?$"))
    expect(page.locator(".md-content h1")).to_have_text(re.compile("Chasseur"))
    page.wait_for_function("() => document.activeElement.closest('.md-content')")
    tab_to(page, ".md-content a[href*='/caracteristique/sagesse/']", limit=5)


def test_palette_switches_with_enter_and_space_and_keeps_the_focus(page, server):
    page.goto(f"{server}/")
    scheme = "document.body.dataset.mdColorScheme"
    before = page.evaluate(scheme)
    icon = ".md-header__option label[for]"
    tab_to(page, icon)
    page.keyboard.press("Enter")
    assert page.evaluate(scheme) != before
    assert focused(page, f"{icon}:not([hidden])") and page.evaluate(RING)
    page.keyboard.press(" ")
    assert page.evaluate(scheme) == before
    assert focused(page, f"{icon}:not([hidden])")


def test_no_tab_stop_is_invisible_in_the_header(page, server):
    """Each Tab stop before the content is drawn (the theme's 0 × 0 palette radios were)."""
    page.goto(f"{server}/divin6/")
    for _ in range(6):
        page.keyboard.press("Tab")
        size = page.evaluate(
            "() => { const r = document.activeElement.getBoundingClientRect();"
            " return r.width * r.height; }"
        )
        assert size > 0, describe_focus(page)


# --- the finder ---------------------------------------------------------------------------


def test_finder_facets_and_sort_by_keyboard(page, server):
    page.goto(f"{server}/trouver/")
    expect(page.locator(".srd-trouveur-compte")).to_have_text(re.compile(r"^\d+ résultats?$"))
    total = count_of(page)
    narrowed = total
    for name in ("s", "k", "f"):  # system, then kind, then a column value
        tab_to(page, f".srd-trouveur select[name={name}]")
        page.keyboard.press("ArrowDown")
        assert page.evaluate("document.activeElement.value"), name
        assert 0 < count_of(page) < narrowed, name
        narrowed = count_of(page)
        assert name in parse_qs(urlsplit(page.url).query)
    tab_to(page, ".srd-trouveur select[name=tri]")
    page.keyboard.press("ArrowDown")
    assert parse_qs(urlsplit(page.url).query)["tri"] == ["genre"]  # the one after the default
    page.goto(f"{server}/trouver/")
    tab_to(page, ".srd-trouveur input[name=c]")
    page.keyboard.type("a")
    expect(page.locator(".srd-trouveur-compte")).not_to_have_text(f"{total} résultats")
    tab_to(page, ".srd-trouveur input[name=q]", key="Shift+Tab")


def test_finder_i_have_picker_and_its_chips_by_keyboard(page, server):
    page.goto(f"{server}/trouver/")
    expect(page.locator(".srd-trouveur-compte")).to_have_text(re.compile(r"^\d+ résultats?$"))
    total = count_of(page)
    picker = ".srd-trouveur-j-ai input[list]"
    tab_to(page, picker)
    choice = page.evaluate("document.querySelector('#srd-trouveur-possede option').value")
    page.keyboard.type(choice)  # the whole suggestion, as the list would put it
    chips = page.locator(".srd-possede li")
    expect(chips).to_have_count(1)
    assert focused(page, picker) and count_of(page) < total
    tab_to(page, ".srd-possede .srd-retirer", limit=3)
    page.keyboard.press("Enter")
    expect(chips).to_have_count(0)
    assert focused(page, picker), describe_focus(page)  # not lost with the button
    assert count_of(page) == total


def test_finder_show_more_moves_the_focus_to_the_first_new_card(page, server):
    page.goto(f"{server}/trouver/")
    cards = page.locator(".srd-carte")
    # The cards are drawn once the finder's index is loaded: its count says so.
    expect(page.locator(".srd-trouveur-compte")).to_contain_text("résultat")
    shown = cards.count()
    assert shown > 0
    tab_to(page, ".srd-trouveur > button.md-button", limit=400)
    page.keyboard.press("Enter")
    expect(cards.nth(shown)).to_be_attached()  # the next cards are drawn
    first_new = cards.nth(shown).locator("a").get_attribute("href")
    assert page.evaluate("document.activeElement.getAttribute('href')") == first_new


# --- previews and the talent trees -------------------------------------------------------


def tab_to_a_preview(page: Page, limit: int = 200) -> None:
    card = page.locator(".srd-apercu")
    for _ in range(limit):
        page.keyboard.press("Tab")
        if card.count() and card.is_visible():
            return
    raise AssertionError("aucun aperçu ouvert au clavier")


def test_a_preview_opens_on_focus_closes_with_escape_and_never_traps(page, server):
    page.goto(f"{server}/divin6/regles/combat/")
    tab_to_a_preview(page)
    link = page.evaluate("document.activeElement.textContent.trim()")
    card = page.locator(".srd-apercu")
    expect(card).to_be_visible()
    assert focused(page, ".md-content a") and page.evaluate(RING)
    assert page.evaluate("document.activeElement.getAttribute('aria-describedby')") == (
        card.get_attribute("id")
    )
    assert card.get_attribute("aria-live") == "polite"
    assert card.locator("strong").inner_text() and link
    page.keyboard.press("Escape")
    expect(card).to_be_hidden()
    assert focused(page, ".md-content a")
    before = page.evaluate("document.activeElement.href")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.href") != before
    assert not focused(page, ".srd-apercu *, body")


def test_talent_trees_are_walked_in_order_and_followed_by_keyboard(page, server, site: Path):
    trees = next(p for p in sorted(site.glob("*/*/index.html")) if "srd-arbre" in p.read_text())
    page.goto(f"{server}/{trees.parent.relative_to(site).as_posix()}/")
    page.keyboard.press("Tab")
    assert focused(page, ".md-skip")
    page.keyboard.press("Enter")  # skip to the content
    tab_to(page, ".srd-arbre a")
    order = "(a, b) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING)"
    for step in range(8):  # each talent's link, then its « Épingler »
        page.evaluate("window.__before = document.activeElement")
        page.keyboard.press("Tab")
        stop = ".srd-arbre a" if step % 2 else ".srd-arbre .srd-epingler-bouton"
        assert focused(page, stop) and page.evaluate(RING), describe_focus(page)
        assert page.evaluate(f"({order})(window.__before, document.activeElement)")
    expect(page.locator(".srd-apercu")).to_be_visible()
    target = page.evaluate("document.activeElement.pathname")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(re.escape(target) + "$"))


# --- calculators ----------------------------------------------------------------------------


def calculator_with(site: Path, marker: str) -> str:
    found = sorted(site.glob("*/calculateurs/*/index.html"))
    page = next(p for p in found if f'class="{marker}' in p.read_text() or marker in p.read_text())
    return "/" + page.parent.relative_to(site).as_posix() + "/"


def computed(page: Page) -> None:
    expect(page.locator(".srd-calc")).to_have_attribute("data-state", "ok", timeout=PYODIDE_WAIT_MS)


def test_calculator_fields_steppers_and_share_link_by_keyboard(page, server, site):
    page.goto(server + calculator_with(site, "srd-pas"))
    tab_to(page, ".srd-calc-form input[data-min]")
    name = page.evaluate("document.activeElement.name")
    page.keyboard.press("Control+A")
    page.keyboard.type("2")
    page.keyboard.press("ArrowUp")  # the arrow keys do what the − and + buttons do
    assert page.evaluate("document.activeElement.value") == "3"
    computed(page)
    assert parse_qs(urlsplit(page.url).query)[name] == ["3"]
    tab_to(page, ".srd-calc-link")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(rf"[?&]{re.escape(name)}=3"))
    computed(page)
    assert page.locator(f".srd-calc-form [name='{name}']").input_value() == "3"


def test_calculator_picker_adds_a_suggestion_by_keyboard(page, server, site):
    page.goto(server + calculator_with(site, "srd-ajout"))
    tab_to(page, ".srd-ajout")
    target = page.evaluate("document.activeElement.dataset.champ")
    choice = page.evaluate("document.activeElement.list.options[0].value")
    page.keyboard.type(choice)
    field = page.locator(f".srd-calc-form [name='{target}']")
    expect(field).to_have_value(re.compile(re.escape(choice)))
    assert focused(page, ".srd-ajout") and page.evaluate("document.activeElement.value") == ""


def test_calculator_move_buttons_by_keyboard(page, server, site):
    page.goto(server + calculator_with(site, "srd-action"))
    tab_to(page, ".srd-action[data-ajoute]:not([hidden])")
    target, token = page.evaluate(
        "[document.activeElement.dataset.champ, document.activeElement.dataset.ajoute]"
    )
    page.keyboard.press("Enter")
    field = page.locator(f".srd-calc-form [name='{target}']")
    expect(field).to_have_value(re.compile(re.escape(token) + "$"))
    assert focused(page, ".srd-action")
    tab_to(page, ".srd-action[data-retire]:not([hidden])")
    page.keyboard.press(" ")
    expect(field).not_to_have_value(re.compile(re.escape(token) + "$"))


# Whether the focused control of the form lies under the key-figure bar stuck to the bottom
# of a phone's screen (WCAG 2.4.11, focus not obscured).
UNDER_THE_BAR = """() => {
    const focused = document.activeElement;
    if (!focused.closest(".srd-calc-form")) return "";
    const bar = document.querySelector(".srd-calc-barre").getBoundingClientRect();
    const box = focused.getBoundingClientRect();
    return box.bottom > bar.top + 1 && box.top < bar.bottom ? focused.id || focused.name : "";
}"""


def calculator_pages(site: Path) -> list[str]:
    return sorted(
        "/" + p.parent.relative_to(site).as_posix() + "/"
        for p in site.glob("*/calculateurs/*/index.html")
        if 'class="srd-calc"' in p.read_text(encoding="utf-8")
    )


def test_on_a_phone_no_field_reached_by_keyboard_hides_under_the_key_figure(browser, server, site):
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    page = context.new_page()
    hidden = []
    pages = calculator_pages(site)
    for path in pages:
        page.goto(server + path)
        page.locator(".srd-calc-form").evaluate("f => f.querySelector('input, select').focus()")
        for _ in range(40):
            page.keyboard.press("Tab")
            if under := page.evaluate(UNDER_THE_BAR):
                hidden.append(f"{path} : {under}")
    context.close()
    assert len(pages) >= 15
    assert not hidden, "\n".join(hidden)
