"""Screen readers (accessibility), checked through Chromium's accessibility tree (CDP
`Accessibility.getFullAXTree`), since no screen reader runs here: every control has a
name, in French; what changes on its own (finder count, previews, search) is a polite
live region; pages are in French and English words are marked. The calculators' own
widgets are left to their tests (tests/browser/test_calculator_pages.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import is_calculator, page_types
from playwright.sync_api import expect

from generator.core import urls

pytestmark = pytest.mark.browser

# Roles a reader acts on; any other node the tree says is focusable counts too.
CONTROLS = {
    "button", "link", "textbox", "searchbox", "combobox", "checkbox", "radio", "spinbutton",
    "slider", "switch", "tab", "menuitem", "listbox", "treeitem",
}  # fmt: skip
# Words of the theme's English interface that a French name must not contain.
ENGLISH = re.compile(
    r"\b(the|to|of|and|skip|search|close|clear|copy|share|back|top|next|previous|"
    r"permanent|link|switch|dark|light|edit|view|open|show|hide|toggle|clipboard|"
    r"select|go|made|with|results?|filter|home)\b",
    re.IGNORECASE,
)
ENGLISH_TEXT = re.compile(
    r"Made with|Material for MkDocs|Back to top|Skip to content|Copy to clipboard|"
    r"Permanent link|Table of contents|Type to start searching|Initializing search"
)


def ax_nodes(page) -> list[dict]:
    cdp = page.context.new_cdp_session(page)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    cdp.detach()
    return [n for n in nodes if not n.get("ignored")]


def properties(node: dict) -> dict:
    return {p["name"]: p["value"].get("value") for p in node.get("properties", [])}


def role(node: dict) -> str:
    return node.get("role", {}).get("value", "")


def name(node: dict) -> str:
    return (node.get("name") or {}).get("value", "").strip()


def badly_named(nodes: list[dict]) -> list[str]:
    """The controls (or focusable nodes) whose name is empty or English. Options of a
    list are data, not controls: they are left out."""
    found = []
    for node in nodes:
        if role(node) == "option":
            continue
        control = role(node) in CONTROLS or properties(node).get("focusable")
        if control and (not name(node) or ENGLISH.search(name(node))):
            found.append(f"{role(node)} « {name(node)} »")
    return found


def reader_pages(site: Path) -> list[str]:
    """One page of each type, without the calculators."""
    paths = page_types(site, every_kind=False) + [urls.url(urls.ACCESSIBILITY)]
    return [p for p in paths if not is_calculator(site, p)]


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    yield context.new_page()
    context.close()


UNMARKED_ENGLISH = """(pattern) => {
    const english = new RegExp(pattern);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const found = [];
    while (walker.nextNode()) {
        const text = walker.currentNode;
        if (english.test(text.data) && !text.parentElement.closest("[lang^=en]")) found.push(text.data.trim());
    }
    return found;
}"""


@pytest.fixture(scope="module")
def read_out(browser, server, site) -> dict[str, dict]:
    """What a screen reader gets from each page type, read in one pass for the tests
    below: the badly named controls, the page's language, its unmarked English."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = context.new_page()
    found = {}
    for path in reader_pages(site):
        page.goto(server + path, wait_until="load")
        if path == urls.url(urls.FINDER):  # its cards are drawn once its index is loaded
            expect(page.locator(".srd-trouveur-compte")).to_contain_text("résultat")
        found[path] = {
            "badly_named": list(dict.fromkeys(badly_named(ax_nodes(page)))),
            "lang": page.evaluate("document.documentElement.lang"),
            "unmarked": page.evaluate(UNMARKED_ENGLISH, ENGLISH_TEXT.pattern),
            "titles": page.evaluate(
                "[...document.querySelectorAll('[title]')].map((e) => e.title)"
            ),
        }
    context.close()
    return found


def test_every_control_has_a_french_name_on_every_page_type(read_out):
    assert len(read_out) > 40
    problems = [f"{path} : {bad}" for path, read in read_out.items() for bad in read["badly_named"]]
    assert not problems, "\n".join(problems[:40]) + f"\n… {len(problems)} en tout"


def test_pages_are_in_french_and_english_words_are_marked(read_out):
    for path, read in read_out.items():
        assert read["lang"] == "fr", path
        assert not read["unmarked"], f"{path} : {read['unmarked']}"
        english = [t for t in read["titles"] if ENGLISH.search(t)]
        assert not english, f"{path} : {english}"


def announced(nodes: list[dict], text: str) -> bool:
    """Whether `text` is read out in a polite live region: some text node holding it has
    an ancestor the tree marks `live: polite`."""
    by_id = {n["nodeId"]: n for n in nodes}
    for node in nodes:
        if role(node) != "StaticText" or text not in name(node):
            continue
        while node:
            if properties(node).get("live") == "polite":
                return True
            node = by_id.get(node.get("parentId"))
    return False


def test_the_finder_count_is_a_polite_live_region(page, server):
    page.goto(f"{server}/trouver/", wait_until="load")
    page.wait_for_selector(".srd-trouveur-compte:not(:empty)")
    page.fill(".srd-trouveur input[name=q]", "feu")
    count = page.locator(".srd-trouveur-compte").inner_text()
    assert re.fullmatch(r"\d+ résultats?", count)
    assert announced(ax_nodes(page), count), count


def test_a_preview_is_announced_and_describes_its_link(page, server):
    page.goto(f"{server}/divin6/regles/combat/", wait_until="load")
    card = page.locator(".srd-apercu")
    for _ in range(200):
        page.keyboard.press("Tab")
        if card.count() and card.is_visible():
            break
    title = card.locator("strong").inner_text()
    nodes = ax_nodes(page)
    assert announced(nodes, title), "aperçu sans zone annoncée"
    link = [n for n in nodes if role(n) == "link" and properties(n).get("focused")]
    assert link and title in (link[0].get("description") or {}).get("value", "")


def test_search_results_are_a_polite_live_region(page, server):
    page.goto(f"{server}/divin6/", wait_until="load")
    page.keyboard.press("/")
    page.keyboard.type("combat")
    page.wait_for_selector("#srd-resultats[data-complet]")
    meta = page.locator("#srd-resultats .md-search-result__meta").inner_text()
    assert re.fullmatch(r"\d+ résultats?", meta), meta
    assert announced(ax_nodes(page), meta)
