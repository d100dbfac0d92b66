"""The finder (/trouver/) at the table: it
opens in a system's catalogue order (system, kind, name), not on the Talon's honours « 2 »,
« 3 », « 4 »; its « Colonne » menu groups each system's values, and picking one picks its
system."""

from __future__ import annotations

import json
import re
import unicodedata

import pytest
from helpers import error_free_page
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


@pytest.fixture
def page(browser, server):
    with error_free_page(browser, viewport={"width": 1280, "height": 900}) as page:
        yield page


def plain(text: str) -> str:
    """Roughly the finder's collator: accents and case aside."""
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


@pytest.fixture(scope="module")
def rows(site) -> list[dict]:
    return json.loads((site / "assets/entites.json").read_text(encoding="utf-8"))


def test_the_finder_opens_by_system_then_kind_then_name(page, server, rows):
    page.goto(f"{server}/trouver/")
    cards = page.locator(".srd-carte")
    expect(cards.first).to_be_visible(timeout=20_000)
    shown = [text.split(" · ") for text in cards.locator(".srd-carte-genre").all_inner_texts()]
    pairs = [(plain(system), plain(kind)) for kind, system in shown]
    assert pairs == sorted(pairs), "les cartes ne sont pas rangées par système puis par genre"
    first_system = min((r["sn"] for r in rows), key=plain)
    first_kind = min((r["kn"] for r in rows if r["sn"] == first_system), key=plain)
    assert shown[0] == [first_kind, first_system]
    names = cards.locator("h2").all_inner_texts()
    group = [r["n"] for r in rows if r["sn"] == first_system and r["kn"] == first_kind]
    assert names[0] == min(group, key=plain), names[:5]
    # By name, on request: the choice goes into the address, now that it is not the default.
    page.select_option("select[name=tri]", "nom")
    expect(page).to_have_url(re.compile(r"[?&]tri=nom"))


def test_the_column_menu_groups_the_values_by_system(page, server, rows):
    page.goto(f"{server}/trouver/")
    facet = page.locator("select[name=f]")
    expect(page.locator(".srd-carte").first).to_be_visible(timeout=20_000)
    groups = facet.locator("optgroup").evaluate_all(
        "groups => groups.map((g) => [g.label, [...g.children].map((o) => o.value)])"
    )
    systems = page.locator("select[name=s] option").all_inner_texts()[1:]  # after « Tous »
    values = {
        name: {
            f"{title}\u00a0: {value}"
            for r in rows
            if r["sn"] == name
            for title, value in r["f"].items()
        }
        for name in systems
    }
    assert [label for label, _ in groups] == [name for name in systems if values[name]]
    for label, options in groups:
        assert set(options) == values[label], label
    loose = facet.locator(":scope > option").evaluate_all("options => options.map((o) => o.value)")
    assert loose == [""]  # « Toutes », and nothing outside a system

    # A value of SkillCraft's group picks SkillCraft; then its values alone, ungrouped.
    skillcraft = next(r["s"] for r in rows if r["sn"] == "SkillCraft")
    index = facet.evaluate(
        "(select, name) => [...select.options].findIndex((o) => o.parentElement.label === name)",
        "SkillCraft",
    )
    wanted = facet.locator("option").nth(index).get_attribute("value")
    facet.select_option(index=index)
    expect(page.locator("select[name=s]")).to_have_value(skillcraft)
    expect(facet).to_have_value(wanted)
    expect(facet.locator("optgroup")).to_have_count(0)
    expect(page).to_have_url(re.compile(rf"[?&]s={skillcraft}(&|$)"))
    kinds_and_systems = page.locator(".srd-carte .srd-carte-genre").all_inner_texts()
    assert kinds_and_systems and all(t.endswith("· SkillCraft") for t in kinds_and_systems)
