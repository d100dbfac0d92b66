"""Two tabs of one browser profile on the same partie page (two pages of one Playwright
context: they share its localStorage): an encounter changed in one tab is shown by the
other, said, and never erased by the other's next save (lib/partie-fichier.js
partiesMerged / partieFollowed, as the other stores do with lib/autre-onglet.js)."""

from __future__ import annotations

import json

import pytest
from partie_session import add_combatant, card, payload_of, rolled_order_systems
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

STORE = "srd-parties"


def kept_names(page) -> list[list[str]]:
    stored = json.loads(page.evaluate(f"localStorage.getItem({STORE!r})"))
    return [[c["nom"] for c in partie["combattants"]] for partie in stored["parties"]]


def test_another_tab_changes_are_shown_and_kept(quiet_profile, server: str):
    address = f"{server}/{rolled_order_systems()[0]}/partie/"
    first = quiet_profile.new_page()
    first.goto(address)
    payload = payload_of(first)
    add_combatant(first, payload, "Aldo")
    second = quiet_profile.new_page()
    second.goto(address)
    expect(card(second, "Aldo")).to_be_visible()
    add_combatant(second, payload, "Brute")

    # The first tab follows, and says so.
    expect(card(first, "Brute")).to_be_visible()
    expect(first.locator(".srd-partie-etat")).to_contain_text("changé dans un autre onglet")
    # Its next save keeps the other tab's combatant.
    add_combatant(first, payload, "Chef")
    assert kept_names(first) == [["Aldo", "Brute", "Chef"]]
    expect(card(second, "Chef")).to_be_visible()
