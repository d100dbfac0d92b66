"""A full storage on the partie page: when localStorage refuses a write,
the page says so in French, keeps the encounter on screen as the GM made it, and a
consequence said by the same change does not hide it; what was kept stays as it was."""

from __future__ import annotations

import pytest
from partie_session import add_combatant, card, payload_of, press, rolled_order_systems
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
FULL = "Le stockage de ce navigateur est plein\u00a0: la rencontre n'est pas enregistrée"
# From now on every write is refused as a full storage does (the standard error's name).
REFUSE_WRITES = """() => { Storage.prototype.setItem = function () {
  throw new DOMException('quota', 'QuotaExceededError'); }; }"""


def test_a_full_storage_is_said_and_the_encounter_stays(browser, server: str):
    context = browser.new_context(service_workers="block", **PHONE)
    page = context.new_page()
    page.goto(f"{server}/{rolled_order_systems()[0]}/partie/")
    payload = payload_of(page)
    add_combatant(page, payload, "Aldo")
    kept = page.evaluate("localStorage.getItem('srd-parties')")
    page.evaluate(REFUSE_WRITES)

    add_combatant(page, payload, "Brute")
    status = page.locator(".srd-partie-etat")
    expect(status).to_contain_text(FULL)
    expect(card(page, "Aldo")).to_be_visible()

    # A damage whose consequence the page says: the full storage is still said with it.
    piste = next(p for p in payload["pistes"] if p["type"] == "compteur" and p.get("seuils"))
    seuil = max(piste["seuils"], key=lambda one: one["au_plus"])
    high = next(v for v in payload["valeurs"] if v["id"] == piste["max"])["defaut"]
    track = card(page, "Brute").locator(f'.srd-partie-piste[data-piste="{piste["id"]}"]')
    track.get_by_label(f"Montant ({piste['nom']})").fill(str(high - seuil["au_plus"]))
    press(track.get_by_role("button", name="Dégâts"))
    expect(track.locator(".srd-partie-consequences")).to_contain_text(seuil["effet"])
    expect(status).to_contain_text(FULL)
    expect(card(page, "Brute")).to_be_visible()
    assert page.evaluate("localStorage.getItem('srd-parties')") == kept
    context.close()
