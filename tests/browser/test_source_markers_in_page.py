"""The reader's side: source references leave the running text for discreet markers.

Running text: what a page's article says, outside the editorial apparatus, that is the
editorial notes (admonitions « Note éditoriale », the errata page that lists them), the
source markers and their print notes, and the final « Source : … » line.
"""

from __future__ import annotations

import pytest


def same(shown: str, label: str) -> bool:
    """The text a reader sees is the marker's name (no-break spaces may come out plain)."""
    return shown.replace("\u00a0", " ") == label.replace("\u00a0", " ")


PREVIOUS_FOCUSABLE = """() => {
  const marker = document.querySelector(".md-content button.srd-src");
  const all = [...document.querySelectorAll(".md-content a[href], .md-content button")];
  all[all.indexOf(marker) - 1].focus();
}"""


@pytest.mark.browser
def test_a_marker_opens_its_bubble_by_keyboard_on_a_phone(browser, server):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}/talon/regles/lacunes/")
    marker = page.locator("button.srd-src").first
    label = marker.get_attribute("aria-label")
    assert label.startswith("Source : Talon de la Destinée, ")
    bubble = page.locator(f"#{marker.get_attribute('popovertarget')}")
    assert not bubble.is_visible()
    page.evaluate(PREVIOUS_FOCUSABLE)  # the reader tabs on from the link before it
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == label
    page.keyboard.press("Enter")
    assert bubble.is_visible() and same(bubble.inner_text(), label)
    box = bubble.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    page.keyboard.press("Escape")
    assert not bubble.is_visible()
    assert not page.locator(".srd-src-notes").is_visible()  # on screen, the bubbles say it
    page.emulate_media(media="print")  # printed, the markers are numbered notes at the end
    assert page.locator(".srd-src-notes").is_visible()
    assert same(page.locator(".srd-src-notes li").first.inner_text(), label)
    page.close()


@pytest.mark.browser
def test_a_calculator_draws_its_markers_in_the_browser_as_the_pages_do(browser, server):
    """The engine, in the browser, draws the markers of its result: named by
    the system's title and section, each opening its own bubble."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}/divin6/calculateurs/degats/?des=3")
    page.wait_for_function(
        "() => document.querySelector('.srd-calc').dataset.state === 'ok'", timeout=240_000
    )
    marker = page.locator(".srd-calc-result button.srd-src").first
    label = marker.get_attribute("aria-label")
    assert label.startswith("Source : Divin") and ", Combat, l." in label, label
    bubble = page.locator(f"#{marker.get_attribute('popovertarget')}")
    marker.click()
    assert bubble.is_visible() and same(bubble.inner_text(), label)
    page.close()
