"""On a touch phone, every control of the partie page is a target a thumb hits: at least
44 × 44 CSS px (WCAG 2.5.5's size; axe's target-size checks only 24 px). Measured after a
whole session, when the cards show their tracks, states and actions."""

from __future__ import annotations

import pytest
from helpers import ROOT
from partie_session import run_session

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
THUMB_PX = 44

# Every visible control of the page's tool, with its size and words; a box to tick by its
# label, which a tap also hits. The source markers (⁽ˢ⁾, `.srd-src`) are the site's inline
# references, with the text's own size, not the tool's controls.
SMALL = """(least) => [...document.querySelectorAll(
    '.srd-partie :is(button:not(.srd-src), input:not([type=hidden]), select, summary)')]
  .filter((c) => c.getClientRects().length && getComputedStyle(c).visibility !== 'hidden')
  .map((c) => { const hit = c.type === 'checkbox' ? c.labels[0] || c : c;
    const r = hit.getBoundingClientRect();
    return { what: c.textContent.trim() || c.getAttribute('aria-label') || c.name || c.id,
             h: Math.round(r.height), w: Math.round(r.width) }; })
  .filter((c) => c.h < least || c.w < least)"""


def systems_with_partie() -> list[str]:
    return sorted(
        p.parent.name
        for p in (ROOT / "data").glob("*/systeme.yaml")
        if "\npartie:" in p.read_text(encoding="utf-8")
    )


def test_every_control_of_the_partie_page_fits_a_thumb(browser, server: str):
    context = browser.new_context(service_workers="block", **PHONE)
    page = context.new_page()
    small = {}
    for system in systems_with_partie():
        run_session(page, f"{server}/{system}/partie/")
        small[system] = page.evaluate(SMALL, THUMB_PX)
        page.evaluate("localStorage.clear()")
    context.close()
    assert systems_with_partie() and not any(small.values()), small
