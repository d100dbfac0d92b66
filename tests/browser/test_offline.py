"""Offline reading by consent: a first visit fetches what the page
needs and nothing more; what the reader uses is kept for offline use; the whole site only
when the reader asks for it, on a page that says what it costs, and can be undone."""

from __future__ import annotations

import json
import re

import pytest
from first_visit import BUDGET_BYTES, CACHED_ADDRESSES, IN_CONTROL, PAGE_KEPT, PHONE, first_visit
from helpers import exact
from playwright.sync_api import expect

from generator.pipeline.offline import MANIFEST, spelled_size

ENGINE_WAIT_MS = 180_000  # a cold Pyodide start while other builds load the machine


def computed(page) -> None:
    expect(page.locator(".srd-calc")).to_have_attribute("data-state", "ok", timeout=ENGINE_WAIT_MS)


def full_copy_size(site) -> str:
    files = json.loads((site / MANIFEST).read_text(encoding="utf-8"))["fichiers"]
    return spelled_size(sum(entry["taille"] for entry in files.values()))


@pytest.mark.browser
def test_a_first_visit_of_a_rules_page_fetches_what_it_needs_and_keeps_it(browser, site):
    sent, cached = first_visit(browser, site, "/divin6/regles/combat/")
    assert sent <= BUDGET_BYTES, f"{sent} octets envoyés"
    assert any(url.endswith("/divin6/regles/combat/") for url in cached), cached
    assert not any("/pyodide/" in url or "/pagefind/" in url for url in cached), cached
    assert not any(url.endswith("/404.html") for url in cached), cached  # kept next page


@pytest.mark.browser
def test_the_pages_and_calculators_used_work_offline_afterwards(browser, server):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/reserve-d6/calculateurs/reserve/?caracteristique=5&competence=3")
    computed(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
    page.wait_for_function(
        """async () => (await caches.keys()).some((n) => n.startsWith("srd-")) &&
          (await (await caches.open((await caches.keys()).find((n) => n.startsWith("srd-"))))
            .match(new URL("assets/pyodide/pyodide.asm.wasm", location.origin + "/").href)) !== undefined""",
        timeout=120_000,
    )
    page.goto(f"{server}/reserve-d6/regles/resolution/")  # kept as it goes
    expect(page.locator("h1").first).to_be_visible()
    context.set_offline(True)
    page.goto(f"{server}/reserve-d6/calculateurs/reserve/?caracteristique=6&competence=3")
    computed(page)
    assert exact(page, "Dés lancés") == "9"
    page.goto(f"{server}/reserve-d6/regles/resolution/")
    expect(page.locator("h1").first).to_be_visible()
    cached = page.evaluate(CACHED_ADDRESSES)
    assert not any(url.endswith("/talon/atout/") for url in cached)  # never visited
    context.close()
    assert not errors, errors


@pytest.mark.browser
def test_the_whole_site_offline_is_the_readers_choice_shown_and_undone(browser, server, site):
    """After the explicit choice, the network cut, other pages, the
    search and a calculator (Pyodide included) still work; then the copy is withdrawn."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/")
    page.get_by_role("link", name="une copie complète").click()
    size = re.escape(full_copy_size(site)).replace("\u00a0", r"\s")
    keep = page.get_by_role(
        "button", name=re.compile(rf"^Garder tout le site hors ligne \({size}\)$")
    )
    keep.click()
    status = page.get_by_role("status")
    progress = page.get_by_label(re.compile("^Copie en cours"))
    expect(progress).to_be_visible()
    expect(status).to_have_text(
        re.compile("^Terminé.*tout le site est disponible hors ligne"), timeout=180_000
    )
    expect(keep).to_be_hidden()
    expect(progress).to_be_hidden()
    context.set_offline(True)
    page.goto(f"{server}/reserve-d6/regles/resolution/")
    expect(page.locator("h1").first).to_be_visible()
    page.goto(f"{server}/talon/atout/")
    expect(page.locator("h1").first).to_contain_text("Atouts")
    page.goto(f"{server}/reserve-d6/calculateurs/reserve/?caracteristique=5&competence=3")
    computed(page)
    assert exact(page, "Dés lancés") == "8"
    page.keyboard.press("s")
    page.keyboard.type("escalade")
    expect(page.locator(".md-search-result__item a").first).to_be_visible(timeout=30_000)

    context.set_offline(False)
    page.goto(f"{server}/hors-ligne/")
    page.get_by_role("button", name="Retirer la copie hors ligne").click()
    expect(status).to_have_text(re.compile("^Copie retirée"))
    assert page.evaluate(CACHED_ADDRESSES) == []
    assert "choix-hors-ligne" not in page.evaluate("async () => caches.keys()")
    expect(keep).to_be_visible()
    context.close()
    assert not errors, errors


@pytest.mark.browser
def test_offline_an_unknown_address_gets_the_sites_page_not_found(browser, server):
    """Without the full copy too: the page « introuvable » is kept with the second page
    read (not at the first visit, whose cost is counted); offline, an address the site
    does not have gets it (status 404), not the browser's error page, and a page's address
    without its last « / » the page."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server}/divin6/regles/combat/")
    page.wait_for_function(IN_CONTROL, timeout=120_000)
    page.goto(f"{server}/divin6/")
    page.wait_for_function(PAGE_KEPT, arg=f"{server}/404.html", timeout=120_000)
    context.set_offline(True)
    response = page.goto(f"{server}/divin6/pas-une-page/")
    assert response.status == 404
    expect(page.get_by_role("heading", name="Page introuvable")).to_be_visible()
    page.goto(f"{server}/divin6/regles/combat")
    expect(page).to_have_url(f"{server}/divin6/regles/combat/")
    expect(page.locator("h1").first).not_to_have_text("Page introuvable")
    context.close()
