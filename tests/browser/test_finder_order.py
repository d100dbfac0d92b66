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


def count_shown(page) -> int:
    return int(page.locator(".srd-trouveur-compte").inner_text().split()[0])


def test_sans_prerequis_is_offered_where_a_kind_has_prerequisites(page, server, rows):
    page.goto(f"{server}/trouver/")
    expect(page.locator(".srd-carte").first).to_be_visible(timeout=20_000)
    required = {(r["s"], r["k"]) for r in rows if r.get("q")}
    system, kind = sorted(required)[0]
    page.select_option("select[name=s]", system)
    page.select_option("select[name=k]", kind)
    choice = page.locator("select[name=p]")
    expect(choice).to_be_visible()
    free = [r for r in rows if (r["s"], r["k"]) == (system, kind) and not r.get("q")]
    choice.select_option("aucun")
    expect(page).to_have_url(re.compile(r"[?&]p=aucun"))
    expect(page.locator(".srd-trouveur-compte")).to_have_text(re.compile(rf"^{len(free)} "))
    # A kind nothing requires has no such filter.
    plain_kind = next((r["s"], r["k"]) for r in rows if (r["s"], r["k"]) not in required)
    page.select_option("select[name=s]", plain_kind[0])
    page.select_option("select[name=k]", plain_kind[1])
    expect(choice).to_be_hidden()


def test_a_tree_filter_where_a_kind_forms_trees(page, server, rows):
    in_trees = [r for r in rows if r.get("t")]
    assert in_trees, "aucun genre en arbres dans l'index du trouveur"
    system, kind = in_trees[0]["s"], in_trees[0]["k"]
    root = in_trees[0]["t"]
    page.goto(f"{server}/trouver/?s={system}&k={kind}")
    tree = page.locator("select[name=t]")
    expect(tree).to_be_visible(timeout=20_000)
    tree.select_option(root)
    members = [r["n"] for r in in_trees if r["t"] == root]
    expect(page.locator(".srd-trouveur-compte")).to_have_text(re.compile(rf"^{len(members)} "))
    assert sorted(page.locator(".srd-carte h2").all_inner_texts()) == sorted(members)
    # The address keeps it: reopened, the finder shows the same tree.
    page.goto(page.url)
    expect(page.locator("select[name=t]")).to_have_value(root, timeout=20_000)
    # Elsewhere (no kind in trees) the filter is not shown.
    page.select_option("select[name=s]", "")
    page.select_option("select[name=k]", "")
    other = next(r for r in rows if not r.get("t"))
    page.select_option("select[name=s]", other["s"])
    page.select_option("select[name=k]", other["k"])
    expect(tree).to_be_hidden()
