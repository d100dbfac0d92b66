"""Writing a new system: the calculator of a system made by `nouveau-systeme` computes in
Chromium, on Pyodide, like every other (fixture `scaffolded`, tests/conftest.py)."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from helpers import SCAFFOLDED, error_free_page, start_server
from playwright.sync_api import expect

from generator.core import urls

pytestmark = pytest.mark.browser

PYODIDE_WAIT_MS = 60_000  # a cold Pyodide start on a loaded 2-core machine


@pytest.fixture(scope="module")
def served(scaffolded):
    """The copy's site, at the address it was built for."""
    built = scaffolded.said["build"]
    assert built.returncode == 0, built.stderr
    httpd, base = start_server(scaffolded.site, urlsplit(scaffolded.base_url).port)
    yield base
    httpd.shutdown()


def test_the_new_system_s_calculator_computes_in_the_page(browser, served):
    page_url = served + urls.url(urls.calculator(SCAFFOLDED, "chances"))
    with error_free_page(browser) as page:
        page.goto(f"{page_url}?don=don-avance&seuil=9")
        calculator = page.locator(".srd-calc")
        expect(calculator).to_have_attribute("data-state", "ok", timeout=PYODIDE_WAIT_MS)
        # 2d6+1 reaches 9 in 15 of 36 rolls: the engine's answer, not the page's default (7/12).
        key = calculator.locator(".srd-figures [data-exact]").first
        expect(key).to_have_attribute("data-exact", "5/12")
        page.select_option("#chances-don", "don-d-exemple")
        expect(key).to_have_attribute("data-exact", "5/18", timeout=PYODIDE_WAIT_MS)
