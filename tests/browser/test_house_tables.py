"""A house table (a table the GM writes in « Règles maison », its roll in the field its
kind marks « x-loi »): its rows are checked against its roll before it is kept — a gap
said in French at the rows, nothing kept; mended, kept — then its page shows each row's
chance and « Lancer », and the partie page offers it beside the official tables, marked
« (maison) », and rolls it with the site's dice, the row and its chance in the log. A
hostile roll is refused in French, nothing kept. Every wait is on a named state or a text."""

from __future__ import annotations

import re

import pytest
from helpers import AXE
from house_form import PYODIDE_WAIT_MS, choose, form, open_house, rules, save, saved
from partie_session import payload_of, press
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

SYSTEM = "skillcraft"  # its partie page has official tables: the house one joins them
NAME = "Rencontres en forêt"
ROWS = {
    "Loups": (1, 3, "50\u202f%"),
    "Brigands": (4, 5, "33,3\u202f%"),
    "Ours": (6, 6, "16,7\u202f%"),
}


def table_yaml(third_row: str, roll: str = "1d6") -> str:
    return f"""id: rencontres-foret
nom: {NAME}
resume: Ce que croise la troupe.
colonnes: ["{roll}", Rencontre]
jet: "{roll}"
lignes:
  - ["1–3", Loups]
  - ["4–5", Brigands]
  - ["{third_row}", Ours]
"""


@pytest.fixture
def page(browser) -> Page:
    """A fresh profile, without service worker, open to axe (bypass_csp); no page error."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, service_workers="block", bypass_csp=True
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == []


def paste(page: Page, text: str) -> None:
    box = page.locator(".srd-maison-yaml")
    if box.get_attribute("open") is None:
        page.get_by_text("Coller du YAML ou du JSON").click()
    page.get_by_label("Texte YAML ou JSON").fill(text)
    page.get_by_role("button", name="Lire dans le formulaire").click()
    expect(page.locator(".srd-maison-yaml-etat")).to_contain_text("Formulaire rempli")


def test_a_house_table_checked_kept_shown_and_rolled_in_the_partie(page: Page, server: str):
    open_house(page, server)
    choose(page, SYSTEM, "table")
    paste(page, table_yaml("7"))  # 6 has no row; 7 is no result of 1d6
    save(page)
    saved(page, "erreurs")
    said = form(page).locator(".srd-maison-erreur")
    expect(said.filter(has_text="Aucune ligne pour 6")).to_have_count(1)
    expect(said.filter(has_text="Ligne 3\u00a0: 7 n'est pas un résultat de 1d6")).to_have_count(1)
    expect(page.locator(".srd-maison-resume-erreurs")).to_contain_text("Aucune ligne pour 6")
    assert rules(page) == []

    paste(page, table_yaml("6"))
    save(page)
    saved(page)
    (kept,) = rules(page)
    assert kept["entite"]["jet"] == "1d6"

    # Its page: each row's chance, and « Lancer » marks one row.
    form(page).get_by_role("link", name="Voir la règle").click()
    expect(page.locator(".srd-maison-voir")).to_have_attribute(
        "data-state", "pret", timeout=PYODIDE_WAIT_MS
    )
    rows = page.locator(".srd-maison-voir-regle tbody tr")
    expect(rows).to_have_count(3)
    for cell, (_, _, chance) in ROWS.items():
        expect(rows.filter(has_text=cell).locator("td").last).to_have_text(chance)
    page.get_by_role("button", name="Lancer 1d6").click()
    expect(page.locator(".srd-tirage-resultat")).to_have_text(
        re.compile(r"^Résultat\u00a0: [1-6] — ")
    )
    expect(page.locator("tr[aria-current='true']")).to_have_count(1)
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate(
        """async () => (await axe.run(document, { resultTypes: ["violations"] })).violations
            .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}`))"""
    )
    assert violations == []

    # The partie page: offered beside the official tables, rolled, written to the log.
    page.goto(f"{server}/{SYSTEM}/partie/")
    official = [table["nom"] for table in payload_of(page)["tables"]]
    choice = page.get_by_label("Table", exact=True)
    house = f"{NAME} (maison)"
    expect(choice.locator("option", has_text=house)).to_have_count(1)
    offered = choice.locator("option").all_text_contents()
    assert offered[: len(official)] == official and len(offered) == len(official) + 1
    choice.select_option(label=house)
    press(page.get_by_role("button", name="Lancer", exact=True))
    line = page.locator(".srd-partie-journal li", has_text=house)
    expect(line).to_have_count(1)
    text = line.inner_text()
    found = re.search(rf"{re.escape(house)}\u00a0: ([1-6]) — (\w+) \((.+)\)", text)
    assert found, text
    total, row, chance = int(found[1]), found[2], found[3]
    low, high, expected = ROWS[row]
    assert low <= total <= high and chance == expected, text
    expect(choice).to_have_value(re.compile("^maison:"))  # still chosen once drawn again


def test_a_hostile_roll_is_refused_and_nothing_is_kept(page: Page, server: str):
    open_house(page, server)
    choose(page, SYSTEM, "table")
    paste(page, table_yaml("6", roll="1000d1000"))
    save(page)
    saved(page, "erreurs")
    expect(form(page).locator(".srd-maison-erreur", has_text="1000d1000")).to_contain_text(
        "50 dés au plus"
    )
    assert rules(page) == []
