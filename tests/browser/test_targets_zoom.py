"""Touch targets and zoom (accessibility). Touch targets: axe-core's `target-size`
rule runs with the other rules, in the light palette, on every page type
(tests/browser/test_accessibility.py). Here: no sideways
scroll at 200 % zoom (a 1280 px window is then 640 CSS px wide) nor at 320 px; no text
drawn in an image. (Reduced motion: tests/browser/test_accessibility.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import is_calculator, page_text, page_types
from playwright.sync_api import expect

from generator.core import urls

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


ZOOM_PAGES = ["/", "/trouver/", "/accessibilite/", "/404.html"]


def zoom_pages(site: Path) -> list[str]:
    """A few page types: the site's own, and for the first system with them its home, a
    chapter, a kind index, an entity, its own pages (talent trees) and a calculator."""
    typed = page_types(site, every_kind=False)
    first_system = typed[3].strip("/").split("/")[0]
    mine = [p for p in typed if p.startswith(f"/{first_system}/")]
    trees = [p for p in typed if "srd-arbre" in page_text(site, p)]
    calculators = [p for p in typed if is_calculator(site, p)][:1]
    return ZOOM_PAGES + mine[:8] + trees[:1] + calculators


@pytest.mark.parametrize("width", [320, 640])
def test_no_sideways_scroll_at_320_px_nor_at_200_percent_zoom(browser, server, site, width):
    context = browser.new_context(viewport={"width": width, "height": 720}, service_workers="block")
    page = context.new_page()
    wide = []
    for path in zoom_pages(site):
        page.goto(server + path, wait_until="load")
        if path == urls.url(urls.FINDER):  # its cards are drawn once its index is loaded
            expect(page.locator(".srd-trouveur-compte")).to_contain_text("résultat")
        scroll = page.evaluate("document.documentElement.scrollWidth")
        if scroll > width:
            wide.append(f"{path} : {scroll} px de large")
        heading = page.evaluate("document.querySelector('h1')?.getBoundingClientRect().right ?? 0")
        assert heading <= width, f"{path} : titre coupé ({heading} px)"
    context.close()
    assert not wide, "\n".join(wide)


def test_no_text_is_drawn_in_an_image(site):
    """Raster images cannot be read aloud or enlarged: the pages have none (the favicon
    aside). Charts are SVG, whose labels stay text (read out, zoomed, selected)."""
    raster = re.compile(r"<img\b[^>]*\bsrc=\"[^\"]+\.(?:png|jpe?g|gif|webp|avif)\"", re.I)
    for html in site.rglob("*.html"):
        assert not raster.search(html.read_text(encoding="utf-8")), html
    for css in site.glob("assets/*.css"):
        assert not re.search(r"url\([^)]*\.(?:png|jpe?g|gif|webp)", css.read_text()), css


# Links a finger taps at the table, on a phone: [page, selector of the links].
TAPPED = [
    ("/", ".md-content td a"),  # the home page's systems
    ("/divin6/atout/chasseur-d-exception/", ".md-path__link"),  # the breadcrumb
    ("/divin6/atout/chasseur-d-exception/", ".md-content dd a"),  # its prerequisite
    ("/skillcraft/talent/vigilance/", ".md-content dd a"),
]


@pytest.mark.parametrize(("path", "selector"), TAPPED)
def test_links_tapped_at_the_table_are_24_px_high_on_a_phone(browser, server, path, selector):
    """WCAG 2.2 (2.5.8): 24 CSS px at least; these were 15 to 17 px high."""
    context = browser.new_context(viewport=PHONE, service_workers="block")
    page = context.new_page()
    page.goto(server + path)
    links = page.locator(selector)
    expect(links.first).to_be_visible()
    heights = links.evaluate_all(
        "links => links.filter((a) => a.offsetParent)"
        ".map((a) => [a.textContent.trim(), a.getBoundingClientRect().height])"
    )
    assert heights, selector
    low = [(text, round(height, 1)) for text, height in heights if height < 24]
    context.close()
    assert not low, low
