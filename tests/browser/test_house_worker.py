"""« Règles maison » through the real worker in Chromium: the entry « maison » of
calc-worker.mjs fetches assets/maison.json and the finder's rows once, and the engine
(house/queries.py) answers the page's `compute(system, action, payload, {entry})`."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

PYODIDE_WAIT_MS = 60_000  # a cold Pyodide start on a loaded 2-core machine
ASK = """async ([action, payload]) =>
  globalThis.srdMoteur.compute("", action, payload, { entry: "maison" })"""


@pytest.fixture
def page(browser, server):
    """A fresh page (without the offline cache); no console error."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    errors: list[str] = []
    context.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield context.new_page()
    context.close()
    assert not errors, errors


def test_verifier_answers_through_the_worker(server, page: Page):
    page.set_default_timeout(PYODIDE_WAIT_MS)
    page.goto(f"{server}/talon/calculateurs/test/")
    page.wait_for_function("() => globalThis.srdMoteur")
    entry = {
        "systeme": "talon",
        "genre": "atout",
        "entite": {"id": "essai", "nom": "Essai", "resume": "Un <b>essai</b>."},
    }
    reply = page.evaluate(ASK, ["verifier", {"entree": entry, "maison": []}])
    assert reply["ok"] is True
    assert "HTML brut refusé" in reply["erreurs"]["entite.resume"].replace("\u00a0", " ")
    unknown = page.evaluate(ASK, ["inconnue", {}])
    assert unknown["ok"] is False and "Action inconnue" in unknown["message"]
