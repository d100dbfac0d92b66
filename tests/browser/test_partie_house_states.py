"""A house état (a house rule kept by « Règles maison » in this browser, of a kind the
system declares as states: `partie.etats.genres`) is offered by the partie page's state
picker beside the official ones, put on a combatant for N rounds, and ends at the end of
its duration like an official one."""

from __future__ import annotations

import json

import pytest
from partie_session import add_combatant, card, payload_of, press, rolled_order_systems
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

HOUSE_KEY = "srd-regles-maison"  # assets/maison-stock.js


def house_state(system: str, genre: str) -> dict:
    return {
        "systeme": system,
        "genre": genre,
        "entite": {
            "id": "sonne-maison",
            "nom": "Sonné (maison)",
            "resume": "Un coup à la tête : agit en dernier.",
            "description": "Règle de la table.",
        },
        "modifie": "2026-12-02T10:00:00.000Z",
    }


def test_a_house_state_is_offered_and_put_for_two_rounds(browser, server: str):
    system = rolled_order_systems()[0]  # its declaration names a kind of states
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{server}/{system}/partie/")
    payload = payload_of(page)
    genre = payload["etats"]["genres"][0]
    kept = {
        "format": 1,
        "collection": {"format": 1, "regles": [house_state(system, genre)]},
        "eteintes": [],
        "index": {},
    }
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [HOUSE_KEY, json.dumps(kept)])
    page.reload()
    add_combatant(page, payload, "Aldo")
    target = card(page, "Aldo")
    picker = target.get_by_label("État", exact=True)
    official = [etat["nom"] for etat in payload["etats"]["liste"]]
    offered = picker.locator("option").all_text_contents()
    assert any("Sonné (maison)" in one for one in offered), offered
    assert len(offered) == len(official) + 1, offered

    picker.select_option(label=next(one for one in offered if "Sonné (maison)" in one))
    target.get_by_label("Rounds", exact=True).fill("2")
    press(target.get_by_role("button", name="Ajouter l'état"))
    shown = target.locator(".srd-partie-etats")
    expect(shown).to_contain_text("Sonné (maison)")
    expect(shown).to_contain_text("2")
    start = "Lancer l'initiative" if payload["ordre"]["mode"] == "jet" else "Commencer le combat"
    press(page.get_by_role("button", name=start))
    for number in (2, 3):
        press(page.get_by_role("button", name="Round suivant"))
        expect(page.locator(".srd-partie-round")).to_have_text(f"Round {number}")
    expect(target.locator(".srd-partie-etats")).to_have_count(0)
    expect(page.locator(".srd-partie-journal")).to_contain_text("Sonné (maison)")
    context.close()
