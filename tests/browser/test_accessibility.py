"""axe-core (npm, pinned in package.json) over the built site in Debian's Chromium.

One page of every page type of every system, and every calculator, each in the light and
the dark palette, on a desktop and a 390 px phone: any violation fails, whatever its
impact. The pages are found in the built site, so a new system or kind is covered as is.
"""

from __future__ import annotations

import pytest
from helpers import AXE, page_types

pytestmark = pytest.mark.browser

VIEWPORTS = {"bureau": {"width": 1366, "height": 900}, "telephone": {"width": 390, "height": 844}}
SCHEMES = ("light", "dark")


def axe_violations(page, url: str) -> list[str]:
    page.goto(url, wait_until="load", timeout=120_000)
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => {
            const result = await axe.run(document, { resultTypes: ["violations"] });
            return result.violations.flatMap((v) => v.nodes.map((n) =>
                `${v.id} (${v.impact}) ${n.target.join(" ")} : ${(n.failureSummary || "").split("\\n")[1] || ""}`));
        }"""
    )
    return found


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("viewport", sorted(VIEWPORTS))
def test_no_axe_violation_on_any_page_type(browser, server, site, scheme, viewport):
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
    for path in paths:
        problems += [f"{path} : {v}" for v in axe_violations(page, server + path)]
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
