"""House rules as one reader's journey on a phone and on a desktop: a house
atout (Divin) and a house talent (SkillCraft) written through the form of « Règles
maison », then found in the finder and in the header's search, pinned and printed as a
card, and chosen on the character sheet, whose figures change as the rule's fields say.
Nothing is seeded: every step reads what the form wrote. Every wait is on a named state
(data-state, data-pret, data-complet) or a text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import error_free_page, figure, follow
from house_form import (
    PYODIDE_WAIT_MS,
    choose,
    form,
    labelled,
    open_house,
    rules,
    save,
    saved,
    status,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

DEVICES = {
    "telephone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "bureau": {"viewport": {"width": 1280, "height": 900}},
}
LIST = "Ma liste"  # the first list a tap makes on a fresh profile (assets/listes.js)


@pytest.fixture(params=DEVICES)
def page(request, browser, server):
    with error_free_page(browser, **DEVICES[request.param]) as page:
        yield page


def press(page: Page, target) -> None:
    """A tap on a phone, a click on a desktop."""
    if page.viewport_size["width"] < 600:
        target.tap()
    else:
        target.click()


def find(page: Page, server: str, key: str, name: str) -> None:
    """In the finder, by its name: one card, marked « maison », linking to its page;
    pinned from it in one tap (a fresh profile: into a first list, LIST)."""
    system, kind, _ = key.split("/")
    follow(page, f"{server}/trouver/?s={system}&k={kind}&q={name.split()[0]}")
    page.wait_for_selector(".srd-trouveur[data-pret]")
    card = page.locator(".srd-carte").filter(has=page.get_by_role("link", name=name, exact=True))
    expect(card).to_have_count(1)
    expect(card.locator(".srd-maison-marque")).to_have_text("maison")
    press(page, card.locator(".srd-epingler-bouton"))
    expect(card.locator(".srd-epingle-note")).to_contain_text(f"Dans «\u00a0{LIST}\u00a0»")
    expect(card.locator(".srd-epingler-bouton")).to_have_text("Épinglé")


def search(page: Page, name: str, key: str) -> None:
    """The header's search, opened as the reader would: the house hit comes first."""
    phone = page.viewport_size["width"] < 600
    if phone:
        page.locator('label.md-header__button[for="__search"]').tap()
    else:
        page.locator(".md-search__input").click()
    field = page.locator(".md-search__input")
    expect(field).to_be_focused()
    field.press_sequentially(name)
    page.wait_for_function(
        "q => document.getElementById('srd-resultats').dataset.complet === q", arg=name
    )
    first = page.locator(".md-search-result__item").first
    expect(first.locator("h1")).to_contain_text(name)
    expect(first.locator(".srd-maison-marque")).to_have_text("maison")
    expect(first.locator(f'.srd-epingler-bouton[data-cle="{key}"]')).to_have_count(1)
    page.keyboard.press("Escape")


def printed(page: Page, server: str, names: list[str]) -> None:
    """The list's cards, printed: one per house rule pinned, marked « maison »."""
    follow(page, f"{server}/listes/?liste={LIST}")
    page.wait_for_selector(".srd-listes[data-pret]")
    page.emulate_media(media="print")
    cards = page.locator(".srd-carte-mj")
    titles = [t for t in cards.locator("h3").all_inner_texts() if "(suite)" not in t]
    assert titles == names
    for name in names:
        kind = cards.filter(has_text=name).first.locator(".srd-carte-mj-genre")
        expect(kind).to_contain_text("maison")
    page.emulate_media(media="screen")


def test_a_house_atout_written_found_pinned_printed_and_counted_on_the_divin_sheet(
    page, server, site: Path
):
    # Its requirement: an official atout the sheet's default character does not have.
    sheet = (site / "divin6/calculateurs/feuille/index.html").read_text(encoding="utf-8")
    owned = re.search(r'id="feuille-atouts"[^>]*>([^<]*)', sheet).group(1).casefold()
    open_house(page, server)
    choose(page, "divin6", "atout")
    press(page, form(page).get_by_role("button", name="Ajouter — Atouts requis"))
    required = labelled(page, "Atouts requis n° 1")
    offered = required.locator("option:not([value=''])").all_inner_texts()
    needed = next(name for name in offered if name.casefold() not in owned)
    required.select_option(label=needed)
    labelled(page, "Catégorie").select_option(index=1)
    name = "Frappe du tonnerre"
    key = write_here(
        page,
        "divin6",
        "atout",
        {
            "Nom": name,
            "Résumé": "Une frappe qui tonne.",
            "Description": "Le coup résonne.",
            "Règle de prise": "une seule fois",
        },
    )

    find(page, server, key, name)
    search(page, name, key)
    printed(page, server, [name])

    follow(page, f"{server}/divin6/calculateurs/feuille/")
    page.wait_for_selector(".srd-calc[data-bound]")
    atouts = page.locator(".srd-figures dt", has_text=re.compile("^Atouts$")).locator(
        "xpath=following-sibling::dd[1]"
    )
    taken, budget = map(int, re.findall(r"\d+", atouts.inner_text())[:2])
    page.locator("input.srd-ajout[data-champ=atouts]").fill(name)
    expect(page.locator("#feuille-atouts")).to_have_value(re.compile(f", {name}$"))
    expect(page.locator(".srd-calc")).to_have_attribute("data-state", "ok", timeout=PYODIDE_WAIT_MS)
    expect(atouts).to_have_text(f"{taken + 1} / {budget}")
    # Its requirement is checked as an official atout's, and said at the field.
    expect(page.locator("#feuille-atouts-verification")).to_contain_text(
        re.compile(rf"{name}\s:\sdemande l'atout {re.escape(needed)}", re.IGNORECASE)
    )


def test_a_house_talent_written_found_pinned_printed_and_counted_on_the_skillcraft_sheet(
    page, server
):
    open_house(page, server)
    choose(page, "skillcraft", "talent")
    name = "Pas léger"
    bonus = 7
    key = write_here(
        page,
        "skillcraft",
        "talent",
        {
            "Nom": name,
            "Tiers": "1",
            "Vitalité maximale": str(bonus),
            "Résumé": "Marche sans bruit.",
            "Description": "Le personnage marche sans bruit.",
        },
    )

    find(page, server, key, name)
    search(page, name, key)
    printed(page, server, [name])

    follow(page, f"{server}/skillcraft/calculateurs/fiche/")
    page.wait_for_selector(".srd-calc[data-bound]")
    vitality = figure(page, "Vitalité maximale")
    before = int(vitality.inner_text())
    page.locator("input.srd-ajout[data-champ=talents]").fill(name)
    expect(page.locator(".srd-calc")).to_have_attribute("data-state", "ok", timeout=PYODIDE_WAIT_MS)
    expect(vitality).to_have_text(str(before + bonus))


def write_here(page: Page, system: str, kind: str, fields: dict[str, str]) -> str:
    """The rest of the form filled on the open page, saved; the rule's key in the store."""
    for title, text in fields.items():
        labelled(page, title).fill(text)
    save(page)
    saved(page)
    expect(status(page)).to_contain_text(f"Règle «\u00a0{fields['Nom']}\u00a0» enregistrée")
    (entry,) = [r for r in rules(page) if r["entite"]["nom"] == fields["Nom"]]
    return f"{system}/{kind}/{entry['entite']['id']}"
