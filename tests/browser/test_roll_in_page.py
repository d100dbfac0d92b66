"""« Lancer » and the dice buttons in Chromium: a real roll shown with its exact chance,
a history that grows, a dice expression of the text rolled with its law; by keyboard,
on a 390 px phone, without an axe-core violation."""

from __future__ import annotations

import json
import re

import pytest
from helpers import AXE, LEVEL, chi_square_p, figure
from playwright.sync_api import Page, expect

from generator.core import urls
from generator.engine import roll_tags

pytestmark = pytest.mark.browser

PYODIDE_WAIT_MS = 120_000
PHONE = {"width": 390, "height": 844}
PERCENT = r"\d+(?:,\d+)?\u202f%"
# « Réussite : 72 % — Réussite avec Espérance (ce résultat précis : 29 %) »
OUTCOMES = re.compile(
    rf"(Réussite|Échec)\u00a0: {PERCENT} — ([^(]+) \(ce résultat précis\u00a0: {PERCENT}\)"
)


@pytest.fixture
def page(browser) -> Page:
    """A phone, the site's CSP enforced: any error of the page fails the test."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    context.close()
    assert errors == []


@pytest.fixture
def axe_page(browser) -> Page:
    """A phone where axe-core, a script of the test, may be injected."""
    context = browser.new_context(viewport=PHONE, bypass_csp=True)
    yield context.new_page()
    context.close()


def axe_now(page: Page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async () => (await axe.run(document, { resultTypes: ["violations"] })).violations
            .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}`))"""
    )


def no_side_scroll(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_lancer_shows_a_named_outcome_with_its_chance_and_a_history(page, server):
    page.goto(server + urls.url(urls.calculator("skillcraft", "test")) + "?dd=12")
    button = page.get_by_role("button", name="Lancer", exact=True)
    result = page.locator(".srd-lancer-resultat")
    history = page.get_by_role("list", name="Derniers jets")
    button.click()
    expect(result).to_have_text(OUTCOMES, timeout=PYODIDE_WAIT_MS)
    expect(history.locator("li")).to_have_count(1)
    button.focus()
    page.keyboard.press("Enter")  # by keyboard too
    expect(history.locator("li")).to_have_count(2, timeout=PYODIDE_WAIT_MS)
    expect(history.locator("li").first).to_have_text(result.inner_text())
    # The chance shown is the engine's, for the test set in the form (DD 12, not 15).
    expect(page.locator(".srd-calc")).to_have_attribute("data-state", "ok")
    precise = OUTCOMES.match(result.inner_text()).group(2)
    table = page.locator(".srd-calc-result table tr", has_text=precise)
    expect(result.locator(".srd-lancer-chance")).to_contain_text(
        f"précis\u00a0: {table.locator('td').last.inner_text()}"
    )
    for _ in range(10):
        button.click()
        expect(button).to_be_enabled(timeout=PYODIDE_WAIT_MS)
    expect(history.locator("li")).to_have_count(10)  # the last ten only
    assert no_side_scroll(page)


def test_a_roll_says_its_outcome_as_the_headline_does_and_names_its_other_figure(page, server):
    """The attacker wins with the chance the headline gives, in the same
    words; the damage drawn comes after, its chance named as that result's."""
    page.goto(server + urls.url(urls.calculator("reserve-d6", "combat")) + "?attaquant=4")
    expect(page.locator(".srd-calc")).to_have_attribute("data-state", "ok", timeout=PYODIDE_WAIT_MS)
    headline = page.locator(".srd-calc-resume").inner_text()
    wins = figure(page, "L'attaquant l'emporte (dégâts infligés)").inner_text()
    assert headline.endswith(f"\u00a0: {wins}")
    button = page.get_by_role("button", name="Lancer", exact=True)
    outcome = page.locator(".srd-lancer-resultat strong")
    said = set()
    for _ in range(40):  # the attacker wins more than half the time: 40 misses, 1 in 10¹³
        button.click()
        expect(button).to_be_enabled(timeout=PYODIDE_WAIT_MS)
        said.add(outcome.inner_text())
        if outcome.inner_text().startswith("L'attaquant"):
            break
    assert f"L'attaquant l'emporte\u00a0: {wins}" in said, said
    precise = page.locator(".srd-lancer-resultat .srd-lancer-chance")
    expect(precise).to_have_text(
        re.compile(rf"^ — L'attaquant inflige \d+ dégâts? \(ce résultat précis\u00a0: {PERCENT}\)$")
    )
    for text in said - {f"L'attaquant l'emporte\u00a0: {wins}"}:  # no class: its own chance
        assert re.fullmatch(
            rf"(Le défenseur l'emporte|Égalité\u00a0: aucun dégât)\u00a0: {PERCENT}", text
        )


def test_lancer_says_what_to_fix_when_the_form_is_wrong(page, server):
    page.goto(server + urls.url(urls.calculator("skillcraft", "test")))
    page.locator("#test-dd").fill("mille")
    page.get_by_role("button", name="Lancer", exact=True).click()
    expect(page.locator(".srd-lancer-resultat")).to_contain_text(
        "Jet impossible", timeout=PYODIDE_WAIT_MS
    )


def test_a_dice_tag_rolls_and_shows_the_exact_law(page, server):
    page.goto(server + "/divin6/regles/combat/")
    dice = page.get_by_role("button", name="Lancer 2D6").first
    dice.focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="2D6")
    expect(dialog.locator(".srd-des-jet")).to_have_text(
        re.compile(r"Jet\s:\s(\d+) \(\d \+ \d\) — probabilité \d+(,\d)?\u202f%")
    )
    expect(dialog).to_contain_text("De 2 à 12, moyenne 7.")
    rows = dialog.locator("tbody tr")
    expect(rows).to_have_count(11)
    expect(rows.nth(5)).to_have_text(re.compile(r"7\s*16,7\u202f%"))
    total = re.search(r"\d+", dialog.locator(".srd-des-jet").inner_text()).group(0)
    expect(dialog.locator(".srd-des-tire th")).to_have_text(total)
    assert no_side_scroll(page)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert page.evaluate("document.activeElement.dataset.des") == "2D6"


def test_no_axe_violation_after_a_roll_nor_in_the_dice_dialog(axe_page, server):
    page = axe_page
    page.goto(server + urls.url(urls.calculator("talon", "test")))
    page.get_by_role("button", name="Lancer", exact=True).click()
    expect(page.get_by_role("list", name="Derniers jets").locator("li")).to_have_count(
        1, timeout=PYODIDE_WAIT_MS
    )
    assert axe_now(page) == []
    page.goto(server + "/undesix/regles/test/")
    page.get_by_role("button", name="Lancer 1d6").first.click()
    expect(page.get_by_role("dialog").locator("tbody tr")).to_have_count(6)
    assert axe_now(page) == []


# --- dice buttons roll in the page, without Python ---------------------------------------

DICE_PAGE = "/divin6/regles/combat/"
# What starts Python in a page: the calculators' worker, Pyodide's files, the engine wheel.
PYTHON_FILES = re.compile(r"/assets/(calc-worker\.mjs|pyodide/|wheels/)")


def test_a_dice_tag_rolls_with_python_out_of_reach(page, server):
    """The law is in the button and the dice are rolled in the page: with Pyodide's files
    and the engine's worker refused, a tap still gives a roll and its exact chance."""
    asked = []
    page.route(PYTHON_FILES, lambda route: (asked.append(route.request.url), route.abort()))
    page.goto(server + DICE_PAGE)
    button = page.locator("button.srd-des").first
    law = json.loads(button.get_attribute("data-loi"))
    button.click()
    dialog = page.get_by_role("dialog")
    jet = dialog.locator(".srd-des-jet")
    expect(jet).to_have_text(re.compile(r"Jet\s:\s\u2212?\d+.* — probabilité "))
    total = int(re.search(r"\d+", jet.inner_text()).group(0))
    _, percent, exact = law["totaux"][total - law["minimum"]]
    expect(jet).to_contain_text(percent)
    expect(jet.locator(".srd-lancer-chance")).to_have_attribute(
        "title", f"Probabilité exacte\u00a0: {exact}"
    )
    expect(dialog.locator("tbody tr")).to_have_count(len(law["totaux"]))
    dialog.get_by_role("button", name="Relancer").click()
    expect(jet).to_have_text(re.compile(r"Jet\s:\s\u2212?\d+"))
    assert asked == []  # nothing even tried to start Python


# A sum with a die taken away and a number, rolled the way the buttons roll.
CHECKED = "2d6 − 1d4 + 3"
# The classic slip: scaling a random float and rounding halves the chances of the first
# and the last face. The same rolls and threshold must refuse it.
ROUNDED = "(n) => Math.round((crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32) * (n - 1))"
ROLLS = 10_000


def rolled_counts(page: Page, terms: list, draw: str | None) -> dict[int, int]:
    return {
        int(total): count
        for total, count in page.evaluate(
            """([terms, rolls, draw]) => {
                const counts = {};
                const chance = draw ? new Function(`return ${draw}`)() : undefined;
                for (let n = 0; n < rolls; n++) {
                    const { total } = srdDes.rollTerms(terms, chance);
                    counts[total] = (counts[total] || 0) + 1;
                }
                return Object.entries(counts);
            }""",
            [terms, ROLLS, draw],
        )
    }


def test_the_page_rolls_follow_the_exact_law_and_a_biased_roll_fails(browser, server):
    """A chi-square test at 1 % over 10 000 rolls of the page's own roller against the
    engine's exact law; a roller with the rounding slip fails the same test."""
    context = browser.new_context(bypass_csp=True)  # the biased roller is built from text
    page = context.new_page()
    page.goto(server + DICE_PAGE)
    terms = [[t.sign, t.count, t.faces] for t in roll_tags.parse(CHECKED)]
    law = roll_tags.law(roll_tags.parse(CHECKED))
    for draw, fair in ((None, True), (ROUNDED, False)):
        counts = rolled_counts(page, terms, draw)
        assert set(counts) <= set(law) and sum(counts.values()) == ROLLS
        p_value = chi_square_p([counts.get(t, 0) for t in law], list(law.values()))
        assert (p_value > LEVEL) == fair, (draw, p_value, counts)
    context.close()
