"""A rollable table's page on a 390 px phone: each row's exact chance, and « Lancer »
(crypto, no Python) marks one row and says it; by keyboard, without an axe violation."""

from __future__ import annotations

import re

import pytest
from helpers import AXE
from playwright.sync_api import Page, expect

from generator.core import urls

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser) -> Page:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, bypass_csp=True
    )
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == []


@pytest.mark.parametrize(
    ("system", "table", "chance", "count"),
    [
        ("skillcraft", "caracteres", "5\u202f%", 20),
        ("undesix", "localisation-des-blessures", "16,7\u202f%", 6),
    ],
)
def test_a_table_shows_its_chances_and_lancer_marks_one_row(
    phone, server, system, table, chance, count
):
    phone.goto(server + urls.url(urls.entity(system, "table", table)))
    rows = phone.locator(".srd-tirage ~ * tbody tr, .srd-tirage ~ table tbody tr")
    expect(rows).to_have_count(count)
    expect(phone.locator("tbody td", has_text=chance)).to_have_count(count)
    expect(phone.locator(".srd-tirage-bouton")).to_be_visible()
    phone.add_script_tag(path=str(AXE))
    violations = phone.evaluate(
        """async () => (await axe.run(document, { resultTypes: ["violations"] })).violations
            .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}`))"""
    )
    assert violations == []
    button = phone.get_by_role("button", name="Lancer 1d", exact=False)
    button.focus()
    phone.keyboard.press("Enter")
    said = phone.locator(".srd-tirage-resultat")
    expect(said).to_have_text(re.compile("^Résultat\u00a0: \\d+ — .+"))
    expect(phone.locator("tr[aria-current='true']")).to_have_count(1)
    total = said.inner_text().split("\u00a0: ")[1].split(" ")[0]
    expect(phone.locator("tr[aria-current='true'] td").first).to_have_text(total)
    button.click()
    expect(phone.locator("tr.srd-tirage-tiree")).to_have_count(1)
    # The row rolled and the button pressed: still no violation.
    violations = phone.evaluate(
        """async () => (await axe.run(document, { resultTypes: ["violations"] })).violations
            .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")} ${n.failureSummary}`))"""
    )
    assert violations == []
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
