"""Link previews (assets/apercu.js) as a reader uses them: on a phone by real taps at
390 px, with a mouse and with the keyboard. A card opens its page in one tap, and no card
survives a navigation (Material's instant navigation keeps the body the card lives in)."""

from __future__ import annotations

import re

import pytest
from helpers import error_free_page
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
CHAPTER = "/divin6/regles/atouts/"
TARGET = "/divin6/atout/tir-rapide/"


def first_link(page):
    # The chapter's own link (its page's heading anchor ends with a fragment).
    expect(page.locator("h1").first).not_to_have_text(re.compile("Tir rapide"))
    link = page.locator(f".md-content a[href$='{TARGET}']").first
    link.scroll_into_view_if_needed()
    return link


def no_card_on(page, path: str) -> None:
    """The page at `path` is shown, and no preview card over it."""
    page.wait_for_url(re.compile(re.escape(path) + "$"))
    expect(page.locator("h1").first).to_have_text(re.compile("Tir rapide"))
    expect(page.locator(".srd-apercu:visible")).to_have_count(0)


def test_on_a_phone_a_tap_on_the_card_opens_its_page(browser, server, tmp_path):
    with error_free_page(browser, **PHONE) as page:
        page.goto(server + CHAPTER)
        first_link(page).tap()
        card = page.locator(".srd-apercu")
        expect(card).to_be_visible(timeout=10_000)
        assert page.url == server + CHAPTER  # the first tap previews only
        opening = card.get_by_role("link", name="Ouvrir la page")
        expect(opening).to_be_visible()
        box = opening.bounding_box()
        assert box["height"] >= 24, box  # a target a finger can hit
        page.screenshot(path=tmp_path / "apercu-390.png")
        # A tap on the card's text, not on its link: the page opens all the same.
        card.locator("strong").tap()
        no_card_on(page, TARGET)


def test_on_a_phone_the_card_link_and_a_second_tap_open_the_page_without_the_card(browser, server):
    with error_free_page(browser, **PHONE) as page:
        page.goto(server + CHAPTER)
        first_link(page).tap()
        card = page.locator(".srd-apercu")
        card.get_by_role("link", name="Ouvrir la page").tap()
        no_card_on(page, TARGET)
        for _ in range(3):  # back and forth: never a card left over the new page
            page.go_back()
            page.wait_for_url(re.compile(re.escape(CHAPTER) + "$"))
            link = first_link(page)
            link.tap()
            expect(card).to_be_visible(timeout=10_000)
            link.tap()  # the second tap on the link follows it
            no_card_on(page, TARGET)


def test_with_a_mouse_a_click_opens_the_page_without_the_card(browser, server):
    with error_free_page(browser, **DESKTOP) as page:
        page.goto(server + CHAPTER)
        link = first_link(page)
        link.hover()
        card = page.locator(".srd-apercu")
        expect(card).to_be_visible(timeout=10_000)
        expect(card.get_by_role("link")).to_have_count(0)  # the link itself is clicked
        link.click()
        no_card_on(page, TARGET)


def test_with_the_keyboard_enter_opens_the_page_and_escape_closes_the_card(browser, server):
    with error_free_page(browser, **DESKTOP) as page:
        page.goto(server + CHAPTER)
        link = first_link(page)
        link.focus()
        card = page.locator(".srd-apercu")
        expect(card).to_be_visible(timeout=10_000)
        page.keyboard.press("Escape")
        expect(card).to_be_hidden()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")
        expect(card).to_be_visible()
        page.keyboard.press("Enter")
        no_card_on(page, TARGET)
