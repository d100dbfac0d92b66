"""Calculators as a reader meets them on a phone or with a screen reader: the key-figure
bar says what is wrong and goes there, each check is written at its field, one polite
announcement per computation, no calculator wider than the phone. Chromium (Debian's),
real Pyodide; the accessibility tree through CDP."""

from __future__ import annotations

import re

import pytest
from helpers import error_free_page
from playwright.sync_api import Page, expect

from generator import systems
from generator.engine import registry

pytestmark = pytest.mark.browser

PYODIDE_WAIT_MS = 180_000  # a cold Pyodide start on a 2-core machine shared by eight
PHONE = {"width": 390, "height": 844}
POINTS = re.compile(r"\d+\u00a0points? à corriger")


@pytest.fixture
def phone(browser, server):
    """A fresh phone-sized page; at the end, no console error."""
    with error_free_page(browser, viewport=PHONE, is_mobile=True, has_touch=True) as page:
        yield page


def answered(page: Page, state: str = "ok") -> None:
    expect(page.locator(".srd-calc")).to_have_attribute(
        "data-state", state, timeout=PYODIDE_WAIT_MS
    )


def bar(page: Page):
    return page.locator(".srd-calc-resume")


def announced(page: Page) -> str:
    return page.locator(".srd-calc-annonce").text_content()


def test_a_bad_shared_link_says_in_the_bar_what_is_wrong_and_where(phone, server):
    phone.goto(f"{server}/skillcraft/calculateurs/test/?modificateur=99")
    answered(phone, "invalid")
    expect(bar(phone)).not_to_contain_text("calcul en cours")
    expect(bar(phone)).to_contain_text(POINTS)
    expect(bar(phone)).to_contain_text("1\u00a0point à corriger")
    expect(bar(phone)).to_contain_text("Modificateur")
    expect(bar(phone)).to_contain_text("99")
    expect(bar(phone)).to_be_in_viewport()
    field = phone.locator("#test-modificateur")
    phone.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    expect(field).not_to_be_in_viewport()  # the reader has scrolled down to the result
    bar(phone).tap()
    expect(field).to_be_focused()
    expect(field).to_be_in_viewport()
    # For a screen reader: the field is invalid, described by its message, and announced.
    expect(field).to_have_attribute("aria-invalid", "")
    message = phone.locator("#test-modificateur-erreur").text_content()
    assert "99" in message
    assert "test-modificateur-erreur" in field.get_attribute("aria-describedby").split()
    label = phone.locator("label[for=test-modificateur]").text_content()
    assert label.startswith("Modificateur")
    expected = f"1\u00a0point à corriger. Champ «\u00a0{label}\u00a0»\u00a0: {message}"
    assert announced(phone) == expected


def test_a_skillcraft_sheet_breaking_a_rule_says_so_in_the_bar_and_at_the_field(phone, server):
    """The bar no longer shows « Vitalité maximale » while the sheet breaks a rule
    whose explanation is thousands of pixels below."""
    phone.goto(f"{server}/skillcraft/calculateurs/fiche/?agilite=12")
    answered(phone)
    expect(bar(phone)).to_contain_text(POINTS)
    expect(bar(phone)).to_contain_text("Agilité")
    expect(bar(phone)).to_be_in_viewport()
    checks = phone.locator(".srd-verifier li")
    expect(bar(phone)).to_contain_text(f"{checks.count()}\u00a0points à corriger")
    # Each check is written at its field as well as in the list.
    at_field = phone.locator("#fiche-agilite-verification").text_content()
    assert at_field and at_field.split(" (")[0] in checks.first.text_content()
    bar(phone).tap()
    # The bar's own handler took the tap: no fragment pushed, so the theme's instant
    # navigation does not redraw the page (which emptied the announcement, by chance).
    assert phone.evaluate("location.hash") == ""
    expect(phone.locator("#fiche-agilite")).to_be_focused()
    expect(phone.locator("#fiche-agilite")).to_be_in_viewport()
    assert announced(phone).startswith(
        f"{checks.count()}\u00a0points à corriger. Champ «\u00a0Agilité\u00a0»"
    )


def test_one_polite_announcement_of_the_key_figure_per_computation(browser, server):
    """Through Chromium's accessibility tree: one polite live region per
    calculator, saying the new key figure once the engine has answered; the result itself
    and the status line are not live (they would be read out at every change)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = context.new_page()
    page.goto(f"{server}/reserve-d6/calculateurs/reserve/")
    expect(page.locator(".srd-calc[data-bound]")).to_have_count(1)
    page.locator("#reserve-competence").press("ArrowUp")
    answered(page)
    figure = page.locator(".srd-calc-resume").text_content()
    assert re.fullmatch(r"P\(au moins \d+ succès\)\s?: [\d,]+\s?%", figure), figure
    assert announced(page) == figure
    tree = context.new_cdp_session(page).send("Accessibility.getFullAXTree")["nodes"]
    live = [node for node in tree if _property(node, "live") not in (None, "off")]
    calculator = [node for node in live if _property(node, "atomic")]
    # The regions that have something to say: « Lancer »'s says nothing until a roll.
    said = [(_property(n, "live"), _text(tree, n)) for n in calculator if _text(tree, n)]
    assert said == [("polite", figure)]
    context.close()


def test_every_calculator_control_has_a_french_name_in_the_accessibility_tree(browser, server):
    context = browser.new_context(viewport=PHONE, service_workers="block")
    page = context.new_page()
    page.goto(f"{server}/talon/calculateurs/talon-virtuel/")
    tree = context.new_cdp_session(page).send("Accessibility.getFullAXTree")["nodes"]
    roles = {"button", "textbox", "combobox", "checkbox", "spinbutton", "searchbox"}
    controls = [n for n in tree if n.get("role", {}).get("value") in roles and not n["ignored"]]
    assert len(controls) >= 15
    for node in controls:
        name = node.get("name", {}).get("value", "")
        assert name.strip(), node
        assert not re.search(r"\b(the|add|remove|submit|search)\b", name, re.I), name
    buttons = {n["name"]["value"] for n in controls if n["role"]["value"] == "button"}
    assert {"Nouveau test", "Annuler", "Joueurs : un de plus"} <= buttons, buttons
    context.close()


def _text(tree: list[dict], node: dict) -> str:
    """What a screen reader reads in a node: the text of its descendants."""
    by_id = {n["nodeId"]: n for n in tree}
    if node.get("role", {}).get("value") == "StaticText":
        return node["name"]["value"]
    return "".join(_text(tree, by_id[child]) for child in node.get("childIds", []))


def _property(node: dict, name: str):
    for prop in node.get("properties", []):
        if prop["name"] == name:
            return prop["value"].get("value")
    return None


def test_a_move_on_the_virtual_talon_shows_the_lame_drawn_in_view(phone, server):
    phone.goto(f"{server}/talon/calculateurs/talon-virtuel/?graine=42&joueurs=2")
    expect(phone.locator(".srd-calc[data-bound]")).to_have_count(1)
    phone.get_by_role("button", name="Nouveau test").tap()
    answered(phone)
    drawn = phone.locator(".srd-calc-result tbody tr").first.locator("td").first.text_content()
    expect(bar(phone)).to_contain_text("Dernière action")
    expect(bar(phone)).to_contain_text(drawn)
    expect(bar(phone)).to_be_in_viewport()
    assert drawn in announced(phone)
    phone.get_by_role("button", name="Réserve J1").tap()
    answered(phone)
    expect(bar(phone)).to_contain_text("joueur 1 ajoute")
    reserve = phone.locator(".srd-calc-result tr", has_text="Joueur 1").locator("td").nth(1)
    expect(bar(phone)).to_contain_text(reserve.text_content().split(", ")[-1])


@pytest.mark.parametrize("system", systems.ids())
def test_no_calculator_is_wider_than_a_phone(browser, server, system):
    context = browser.new_context(viewport=PHONE, is_mobile=True, service_workers="block")
    page = context.new_page()
    for calc in (c for c in registry.all_calculators() if c.system == system):
        page.goto(f"{server}/{system}/calculateurs/{calc.id}/", wait_until="domcontentloaded")
        overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{calc.id} : {overflow} px de trop en largeur"
    context.close()


def test_the_sticky_result_never_covers_the_share_link_on_a_wide_screen(browser, server):
    context = browser.new_context(viewport={"width": 1366, "height": 768}, service_workers="block")
    page = context.new_page()
    page.goto(f"{server}/skillcraft/calculateurs/fiche/")
    link = page.locator(".srd-calc-link")
    result = page.locator(".srd-calc-result")
    form = page.locator(".srd-calc-form").bounding_box()
    for y in range(0, int(form["y"] + form["height"]), 300):
        page.evaluate("(y) => window.scrollTo(0, y)", y)
        a, b = link.bounding_box(), result.bounding_box()
        overlap = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
        assert overlap <= 0, f"à {y} px : le résultat couvre le lien sur {overlap:.0f} px"
    context.close()
