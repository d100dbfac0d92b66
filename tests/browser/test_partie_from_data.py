"""« Mener la partie »: what the data gives a combatant, on the page. An attitude read from
the data changes the order, one at a time (UnDéSix); a non-player character of a category
has that category's own levels (Talon). Values come from the page's payload."""

from __future__ import annotations

import pytest
from partie_session import add_combatant, card, payload_of
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def names_in_order(page: Page) -> list[list[str]]:
    groups = page.locator(".srd-partie-groupe")
    return [group.locator(".srd-partie-nom").all_text_contents() for group in groups.all()]


def test_an_attitude_changes_the_order_and_excludes_the_others(browser, server: str):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(f"{server}/undesix/partie/")
    payload = payload_of(page)
    grouped = [m for m in payload["ordre"]["modificateurs"] if m.get("groupe")]
    up = next(m for m in grouped if m["valeur"] > 0)
    down = next(m for m in grouped if m["valeur"] < 0)
    add_combatant(page, payload, "Aldo")
    add_combatant(page, payload, "Brute")
    assert payload["ordre"]["egalite"] == "ensemble"
    expect(page.locator(".srd-partie-groupe")).to_have_count(1)  # equal SENS: together
    card(page, "Brute").get_by_label(up["nom"], exact=True).check()
    expect(page.locator(".srd-partie-groupe")).to_have_count(2)
    assert names_in_order(page) == [["Brute"], ["Aldo"]]
    card(page, "Brute").get_by_label(down["nom"], exact=True).check()
    expect(card(page, "Brute").get_by_label(up["nom"], exact=True)).not_to_be_checked()
    expect(page.locator(".srd-partie-groupe").first).to_contain_text("Aldo")
    assert names_in_order(page) == [["Aldo"], ["Brute"]]
    context.close()


def test_a_category_npc_has_its_own_levels(browser, server: str):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(f"{server}/talon/partie/")
    payload = payload_of(page)
    npc = next(p for p in payload["pnj"] if p.get("pistes"))
    track_id, own = next(iter(npc["pistes"].items()))
    page.get_by_label("Personnage non joueur").select_option(value=npc["id"])
    page.get_by_role("button", name="Ajouter le PNJ").click()
    track = card(page, npc["nom"]).locator(f'.srd-partie-piste[data-piste="{track_id}"]')
    for level in own["niveaux"]:
        expect(track).to_contain_text(f"{level['nom']} 0/{level['nombre']}")
    shared = next(p for p in payload["pistes"] if p["id"] == track_id)
    lowest = min(own["niveaux"], key=lambda level: level["seuil"])
    assert len(shared["niveaux"]) > len(own["niveaux"])
    track.get_by_label(f"Montant ({shared['nom']})").fill(str(lowest["seuil"]))
    track.get_by_role("button", name="Dégâts").click()
    expect(track.locator(".srd-partie-consequences")).to_contain_text(lowest["nom"])
    context.close()
