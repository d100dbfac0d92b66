"""Touch targets and zoom (issue 20, point 4): axe-core's `target-size` rule (WCAG 2.2,
2.5.8: 24 × 24 CSS px or enough room around), off by default, run on its own; no sideways
scroll at 200 % zoom (a 1280 px window is then 640 CSS px wide) nor at 320 px; no text
drawn in an image. (Reduced motion: tests/browser/test_accessibility.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import AXE, page_types
from playwright.sync_api import expect

from generator import urls

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def target_size_violations(page, url: str) -> list[str]:
    page.goto(url, wait_until="load")
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async () => {
            const result = await axe.run(document, { runOnly: ["target-size"], resultTypes: ["violations"] });
            return result.violations.flatMap((v) => v.nodes.map((n) =>
                `${n.target.join(" ")} : ${(n.failureSummary || "").split("\\n")[1] || ""}`));
        }"""
    )


def page_text(site: Path, path: str) -> str:
    page = site / path.strip("/") / "index.html"
    return page.read_text(encoding="utf-8") if page.is_file() else ""


def is_calculator(site: Path, path: str) -> bool:
    return 'class="srd-calc"' in page_text(site, path)


@pytest.mark.parametrize("viewport", ["bureau", "telephone"])
def test_every_control_is_a_large_enough_target(browser, server, site, viewport):
    # On a phone the calculators' key figure sticks to the bottom of the screen, over the
    # fields that scroll under it: their pages are measured on the desktop only.
    context = browser.new_context(
        viewport=DESKTOP if viewport == "bureau" else PHONE,
        bypass_csp=True,  # axe is injected as a script of the test
        service_workers="block",
    )
    page = context.new_page()
    paths = page_types(site, every_kind=False)
    if viewport == "telephone":
        paths = [p for p in paths if not is_calculator(site, p)]
    problems = []
    for path in paths:
        problems += [f"{path} : {v}" for v in target_size_violations(page, server + path)]
    context.close()
    assert not problems, "\n".join(problems[:40])


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
