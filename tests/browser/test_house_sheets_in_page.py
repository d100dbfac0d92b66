"""The reader's house rules in the character sheets, in Chromium: kept
in localStorage as assets/maison-stock.js keeps them, offered in the pickers of their kind
marked « (maison) », sent to the engine with each computation, and counted as the
official ones are. The house entities are copies of real ones with another id and name."""

from __future__ import annotations

import json
import re

import pytest
from helpers import figure
from house_form import POIGNE
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

PYODIDE_WAIT_MS = 60_000  # a cold Pyodide start on a loaded 2-core machine
KEY = "srd-regles-maison"

# A copy of « Robustesse accrue »: +7 Vitalité instead of +10.
ROBUSTESSE = {
    "systeme": "skillcraft",
    "genre": "talent",
    "entite": {
        "id": "robustesse-de-la-maison",
        "nom": "Robustesse de la maison",
        "tiers": 1,
        "prerequis": "resistance",
        "formation": None,
        "achats_multiples": False,
        "effets_feuille": {"vitalite": 7},
        "resume": "+7 Vitalité.",
        "description": "+7 Vitalité.",
    },
}


@pytest.fixture
def page(browser, server):
    """A profile whose house rules are POIGNE and ROBUSTESSE, in maison-stock.js's format
    (the index, for the other pages, left empty); no console error."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    errors: list[str] = []
    context.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/")
    kept = {
        "format": 1,
        "collection": {"format": 1, "regles": [POIGNE, ROBUSTESSE]},
        "eteintes": [],
        "index": {},
    }
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, json.dumps(kept)])
    yield page
    context.close()
    assert not errors, errors


def computed(page: Page, state: str = "ok") -> None:
    expect(page.locator(".srd-calc")).to_have_attribute(
        "data-state", state, timeout=PYODIDE_WAIT_MS
    )


def value(page: Page, label: str):
    """What the figure whose label is exactly `label` shows (a figure without a note)."""
    dt = page.locator(".srd-figures dt", has_text=re.compile(f"^{re.escape(label)}$"))
    return dt.locator("xpath=following-sibling::dd[1]")


def test_a_house_atout_is_offered_marked_and_counted_on_the_divin_sheet(page, server):
    page.goto(f"{server}/divin6/calculateurs/feuille/")
    option = page.locator("#feuille-atouts-liste option[value='Poigne de fer']")
    expect(option).to_have_count(1)
    assert option.text_content().startswith("(maison)")
    atouts = value(page, "Atouts")
    expect(atouts).to_have_text("4 / 4")  # pre-rendered: Achille's four atouts
    page.locator("input.srd-ajout[data-champ=atouts]").fill("Poigne de fer")  # as chosen
    expect(page.locator("#feuille-atouts")).to_have_value(re.compile(", Poigne de fer$"))
    computed(page)
    expect(atouts).to_have_text("5 / 4")
    # Its own prerequisite, checked as an official atout's, said at the field.
    expect(page.locator("#feuille-atouts-verification")).to_contain_text(
        "Poigne de fer\u00a0: il faut 5 au moins en Force"
    )
    # The house rules are not in the URL: the atout's name is, as any value.
    assert "maison" not in page.url


def test_a_house_talent_is_offered_and_counted_on_the_skillcraft_sheet_and_planner(page, server):
    page.goto(f"{server}/skillcraft/calculateurs/planificateur/")
    page.select_option("#planificateur-cible", label="Robustesse de la maison (maison)")
    computed(page)
    expect(page.locator(".srd-calc-result")).to_contain_text("Vers Robustesse de la maison")
    page.goto(f"{server}/skillcraft/calculateurs/fiche/")
    vitality = figure(page, "Vitalité maximale")
    first = int(vitality.inner_text())  # pre-rendered: the default talents
    house = page.locator("#fiche-talents-liste option[value='Robustesse de la maison']")
    expect(house).to_have_count(1)
    page.locator("input.srd-ajout[data-champ=talents]").fill("Robustesse de la maison")
    computed(page)
    expect(vitality).to_have_text(str(first + 7))
