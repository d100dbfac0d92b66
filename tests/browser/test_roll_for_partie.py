"""A calculator opened from « Mener la partie » (lib/partie-actions.js): the two extra
parameters change no field, « Lancer » notes the roll in the encounter's log and offers the
way back; an encounter gone is said in French and the roll stands."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from generator.core import urls

pytestmark = pytest.mark.browser

PYODIDE_WAIT_MS = 120_000
PHONE = {"width": 390, "height": 844}
# An encounter « Auberge » (r1) with Aldo, written by the site's own lib/partie.js.
SEED = """async (root) => {
  const P = await import(root + "assets/lib/partie.js");
  const F = await import(root + "assets/lib/partie-fichier.js");
  const payload = { systeme: "skillcraft", valeurs: [], ordre: { mode: "libre" }, pistes: [], etats: {} };
  let e = P.newEncounter(payload, { id: "r1", nom: "Auberge", now: "2026-12-02T08:00:00Z" });
  e = P.addCombatant(e, payload, { id: "aldo", nom: "Aldo" });
  localStorage.setItem("srd-parties", F.storedParties([e]));
}"""


@pytest.fixture
def page(browser) -> Page:
    """A phone: any error of the page fails the test."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    context.close()
    assert errors == []


def calculator(server: str) -> str:
    return server + urls.url(urls.calculator("skillcraft", "test"))


def log_of(page: Page) -> list[dict]:
    store = json.loads(page.evaluate("localStorage.getItem('srd-parties')"))
    return store["parties"][0]["journal"]


def test_a_roll_from_an_encounter_is_noted_in_its_log(page, server):
    page.goto(calculator(server))
    page.evaluate(SEED, server + "/")
    before = len(log_of(page))
    page.goto(calculator(server) + "?dd=12&partie=r1&qui=aldo")
    form = page.locator(".srd-calc")
    expect(form).to_have_attribute("data-state", "ok", timeout=PYODIDE_WAIT_MS)
    expect(page.locator("input[name=dd], select[name=dd]")).to_have_value("12")
    # The address still names the encounter after the calculator rewrote it.
    assert "partie=r1&qui=aldo" in page.evaluate("location.search")
    back = page.get_by_role("link", name="Retour à la partie")
    assert back.get_attribute("href").endswith("/skillcraft/partie/?partie=r1")
    page.get_by_role("button", name="Lancer", exact=True).click()
    status = page.locator(".srd-lancer-partie [role=status]")
    expect(status).to_have_text(
        "Jet noté dans le journal de la rencontre.", timeout=PYODIDE_WAIT_MS
    )
    log = log_of(page)
    assert len(log) == before + 1
    outcome = page.locator(".srd-lancer-resultat strong").inner_text()
    assert log[-1]["texte"].startswith("Aldo\u00a0: ")
    assert outcome in log[-1]["texte"]
    # The exact chance of the outcome shown, in words (« exactement 7 sur 12 »).
    assert re.fullmatch(r"exactement \d+ sur \d+|certain|impossible", log[-1]["chances"])


def test_an_encounter_gone_is_said_and_the_roll_stands(page, server):
    page.goto(calculator(server) + "?dd=12&partie=r9&qui=aldo")
    page.get_by_role("button", name="Lancer", exact=True).click()
    status = page.locator(".srd-lancer-partie [role=status]")
    expect(status).to_contain_text("n'est plus dans ce navigateur", timeout=PYODIDE_WAIT_MS)
    expect(page.locator(".srd-lancer-resultat strong")).not_to_be_empty()


def test_without_an_encounter_a_calculator_offers_no_way_back(page, server):
    page.goto(calculator(server) + "?dd=12")
    expect(page.locator(".srd-calc")).to_have_attribute("data-state", "ok", timeout=PYODIDE_WAIT_MS)
    expect(page.locator(".srd-lancer-partie")).to_have_count(0)
    assert "partie" not in page.evaluate("location.search")
