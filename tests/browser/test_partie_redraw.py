"""« Mener la partie »: a change draws again only what it changed (partie-dessin.js; the
bench, scripts/bench_partie.py, times the rolls). On the partie page of a system whose order
is rolled, « Round suivant » pressed from the keyboard leaves the rule's text as the reader
opened it, keeps the focus on the same button (not drawn again), and redraws the rolls."""

from __future__ import annotations

from pathlib import Path

import pytest
from partie_session import add_combatant, payload_of, rolled_order_systems
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# Functions, not expressions: the pages' Content-Security-Policy forbids evaluating strings.
MARK = "() => { window.roundButton = document.querySelector('[data-cle=\"round\"]'); }"
SAME = "() => window.roundButton === document.activeElement"


def test_the_next_round_keeps_what_it_did_not_change(browser, site: Path, server: str):
    systems = rolled_order_systems()
    if not systems:
        pytest.skip("aucun système dont l'ordre est tiré aux dés")
    context = browser.new_context(service_workers="block", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{server}/{systems[0]}/partie/")
    payload = payload_of(page)
    for name in ("Aldo", "Brute"):
        add_combatant(page, payload, name)
    page.get_by_role("button", name="Lancer l'initiative").click()
    expect(page.locator(".srd-partie-round")).to_have_text("Round 1")
    rule = page.locator(".srd-partie-regle")
    rule.locator("summary").click()
    expect(rule).to_have_attribute("open", "")
    page.get_by_role("button", name="Round suivant").focus()
    page.evaluate(MARK)
    page.keyboard.press("Enter")
    expect(page.locator(".srd-partie-round")).to_have_text("Round 2")
    expect(page.locator(".srd-partie-journal [role=log]")).to_contain_text("Round 2")
    expect(rule).to_have_attribute("open", "")
    expect(page.get_by_role("button", name="Round suivant")).to_be_focused()
    assert page.evaluate(SAME), "le bouton « Round suivant » a été redessiné"
    context.close()
