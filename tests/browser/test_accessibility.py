"""axe-core (npm, pinned in package.json) over the built site in Debian's Chromium.

One page of every page type of every system, and every calculator, on a desktop and a
390 px phone, in the light and the dark palette: any violation fails, whatever its impact.
The pages are found in the built site, so a new system or kind is covered as is.

What each combination proves, so that no page is checked twice for the same thing:
- light palette: every rule, plus axe's `target-size` (WCAG 2.2, 2.5.8: 24 × 24 CSS px or
  enough room around), which is off by default. On a phone the calculators' key figure
  sticks to the bottom of the screen, over the fields that scroll under it: their touch
  targets are measured on the desktop only;
- dark palette: the palette changes colours and nothing else in the page (same DOM, same
  names, same layout), so the colour rules on every page type, and every rule on the
  site's own pages (home, finder, lists…), where the palette switch itself is checked.
"""

from __future__ import annotations

import pytest
from helpers import AXE, is_calculator, page_types

from generator.pipeline import schemas

pytestmark = pytest.mark.browser

VIEWPORTS = {"bureau": {"width": 1366, "height": 900}, "telephone": {"width": 390, "height": 844}}
SCHEMES = ("light", "dark")
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
WITH_TARGETS = {"rules": {"target-size": {"enabled": True}}}


def axe_violations(page, url: str, options: dict) -> list[str]:
    page.goto(url, wait_until="load", timeout=120_000)
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async (options) => {
            const result = await axe.run(document, { resultTypes: ["violations"], ...options });
            return result.violations.flatMap((v) => v.nodes.map((n) =>
                `${v.id} (${v.impact}) ${n.target.join(" ")} : ${(n.failureSummary || "").split("\\n")[1] || ""}`));
        }""",
        options,
    )


def is_site_wide(path: str) -> bool:
    """A page of the site itself, not of one system (home, finder, lists, 404…)."""
    return path.strip("/").split("/")[0] not in schemas.systems_with_schemas()


def options_for(site, path: str, scheme: str, viewport: str) -> dict:
    if scheme == "dark":
        return {} if is_site_wide(path) else {"runOnly": COLOUR_RULES}
    if viewport == "telephone" and is_calculator(site, path):
        return {}
    return WITH_TARGETS


SHARDS = 3  # each combination's pages in three parts, which the test workers share out


@pytest.mark.parametrize("shard", range(SHARDS))
@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("viewport", sorted(VIEWPORTS))
def test_no_axe_violation_on_any_page_type(browser, server, site, scheme, viewport, shard):
    # Every kind's entity page in one combination; the first kind's in the three others.
    every_kind = scheme == "light" and viewport == "bureau"
    context = browser.new_context(
        viewport=VIEWPORTS[viewport],
        color_scheme=scheme,
        bypass_csp=True,  # axe is injected as a script of the test, not of the site
        service_workers="block",
    )
    page = context.new_page()
    problems = []
    paths = page_types(site, every_kind)
    assert len(paths) > 60
    assert sum(map(is_site_wide, paths)) >= 4, "les pages propres au site manquent"
    for path in paths[shard::SHARDS]:
        options = options_for(site, path, scheme, viewport)
        problems += [f"{path} : {v}" for v in axe_violations(page, server + path, options)]
    context.close()
    assert not problems, "\n".join(problems[:60]) + f"\n… {len(problems)} en tout"


def test_the_accessibility_statement_is_linked_from_every_page(site):
    statement = site / "accessibilite" / "index.html"
    assert "Partiellement conforme" in statement.read_text(encoding="utf-8")
    for page in ("index.html", "divin6/atout/index.html", "404.html"):
        html = (site / page).read_text(encoding="utf-8")
        assert "Accessibilité\u00a0: partiellement conforme" in html, page  # French typography
        assert "Made with" not in html, page


def test_motion_is_reduced_when_the_reader_asks(browser, server):
    context = browser.new_context(reduced_motion="reduce", service_workers="block")
    page = context.new_page()
    page.goto(server + "/divin6/", wait_until="load")
    durations = page.evaluate(
        "[...document.querySelectorAll('.md-header, .md-sidebar, .md-nav__link')].slice(0, 20)"
        ".map((e) => parseFloat(getComputedStyle(e).transitionDuration))"
    )
    context.close()
    assert durations and max(durations) < 0.001, durations
