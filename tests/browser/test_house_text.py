"""« Règles maison » in Chromium: a dice tag of a house text is the roll button official
pages have (assets/lancer.js rolls it on the house entity's page, its law written by the
engine), a malformed one is refused at its field; deleting a rule other rules require or
cite names them first. Every wait is on a named state (data-state), a text or a count."""

from __future__ import annotations

import json
import re

import pytest
from helpers import error_free_page
from house_form import KEY, PYODIDE_WAIT_MS
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

DATE = "2026-11-28T08:00:00.000Z"


def talent(talent_id: str, name: str, requires: str, description: str) -> dict:
    return {
        "systeme": "skillcraft",
        "genre": "talent",
        "entite": {
            "id": talent_id,
            "nom": name,
            "resume": f"{name}, en bref.",
            "tiers": 1,
            "prerequis": requires,
            "achats_multiples": False,
            "description": description,
        },
        "modifie": DATE,
    }


# A house talent whose text rolls dice, two that require it, one that cites it, one apart.
SNEAK = talent(
    "attaque-sournoise-maison",
    "Attaque sournoise maison",
    "athletisme",
    "Dans le dos, ajoutez {@des 2d6+1} aux dégâts.",
)
LOW_BLOW = talent("coup-bas", "Coup bas", "attaque-sournoise-maison", "Plus bas encore.")
AMBUSH = talent("guet-apens", "Guet-apens", "attaque-sournoise-maison", "Depuis l'ombre.")
SHADOW = talent(
    "ombre", "Ombre", "athletisme", "Se marie bien à {@talent attaque-sournoise-maison}."
)
APART = talent("a-part", "À part", "athletisme", "Sans lien.")


@pytest.fixture
def page(browser):
    # No alert, confirm or prompt of the browser's own: the site's dialogs only.
    with error_free_page(browser, viewport={"width": 390, "height": 844}) as page:
        asked: list[str] = []
        page.on("dialog", lambda d: asked.append(f"dialogue {d.type} : {d.message}"))
        yield page
        assert not asked, asked


def keep(page: Page, server: str, *entries: dict) -> None:
    """The store holding `entries`, as the page « Règles maison » writes them."""
    page.goto(f"{server}/maison/")
    kept = {"format": 1, "collection": {"format": 1, "regles": list(entries)}}
    page.evaluate(
        "([key, text]) => localStorage.setItem(key, text)",
        [KEY, json.dumps({**kept, "eteintes": [], "index": {}})],
    )


def kept_ids(page: Page) -> list[str]:
    stored = json.loads(page.evaluate(f"localStorage.getItem({KEY!r})"))
    return [entry["entite"]["id"] for entry in stored["collection"]["regles"]]


def test_a_dice_tag_of_a_house_text_rolls_on_its_page(page, server):
    keep(page, server, SNEAK)
    page.goto(f"{server}/maison/voir/?e=skillcraft/talent/attaque-sournoise-maison")
    view = page.locator(".srd-maison-voir")
    expect(view).to_have_attribute("data-state", "pret", timeout=PYODIDE_WAIT_MS)
    button = view.get_by_role("button", name="Lancer 2d6+1")
    expect(button).to_have_text("2d6+1")
    expect(button).to_have_class("srd-des")
    button.click()
    dialog = page.get_by_role("dialog", name="2d6+1")
    expect(dialog.locator(".srd-des-jet")).to_have_text(
        re.compile(r"Jet\s:\s(\d+) \(\d \+ \d \+ 1\) — probabilité \d+(,\d)?\u202f%")
    )
    expect(dialog).to_contain_text("De 3 à 13, moyenne 8.")
    expect(dialog.locator("tbody tr")).to_have_count(11)
    total = re.search(r"\d+", dialog.locator(".srd-des-jet").inner_text()).group(0)
    expect(dialog.locator(".srd-des-tire th")).to_have_text(total)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()


def test_a_malformed_dice_tag_is_refused_at_its_field(page, server):
    page.goto(f"{server}/maison/")
    expect(page.locator(".srd-maison")).to_have_attribute("data-state", "pret")
    page.locator("#srd-maison-systeme").select_option("skillcraft")
    page.locator("#srd-maison-genre").select_option("talent")
    form = page.locator("form.srd-maison-formulaire")

    def labelled(title: str):  # « (obligatoire) » may follow
        return form.get_by_label(re.compile(rf"^{title}(\s\(obligatoire\))?$"))

    labelled("Nom").fill("Dés faux")
    labelled("Résumé").fill("Un jet mal écrit.")
    labelled("Talent requis").select_option(label="Athlétisme")
    description = labelled("Description")
    description.fill("Lancez {@des 2d}.")
    form.get_by_role("button", name="Enregistrer", exact=True).click()
    expect(form).to_have_attribute("data-state", "erreurs", timeout=PYODIDE_WAIT_MS)
    expect(description).to_have_attribute("aria-invalid", "true")
    said = page.locator(f"#{description.get_attribute('aria-describedby').split()[0]}")
    expect(said).to_contain_text("expression de dés « 2d » invalide")


def test_deleting_a_required_rule_names_the_rules_that_name_it(page, server):
    keep(page, server, SNEAK, LOW_BLOW, AMBUSH, SHADOW, APART)
    page.goto(f"{server}/maison/")
    expect(page.locator(".srd-maison")).to_have_attribute("data-state", "pret")
    card = page.locator(".srd-maison-regle", has_text="Attaque sournoise maison")
    delete = card.get_by_role("button", name="Supprimer — Attaque sournoise maison")
    delete.click()
    asking = page.locator("dialog.srd-confirmer")
    expect(asking).to_be_visible(timeout=PYODIDE_WAIT_MS)
    expect(asking.get_by_role("heading")).to_have_text(
        "La règle maison « Attaque sournoise maison » est requise par : « Coup bas », "
        "« Guet-apens » ; citée par : « Ombre ». Sans elle, ces règles ne seront plus "
        "valides. La supprimer quand même ?",
        use_inner_text=True,
    )
    asking.get_by_role("button", name="Annuler").click()
    expect(asking).to_be_hidden()
    expect(delete).to_be_focused()
    assert kept_ids(page) == [
        "attaque-sournoise-maison",
        "coup-bas",
        "guet-apens",
        "ombre",
        "a-part",
    ]

    # A rule nothing names: the plain question.
    page.locator(".srd-maison-regle", has_text="À part").get_by_role(
        "button", name="Supprimer — À part"
    ).click()
    expect(asking.get_by_role("heading")).to_have_text(
        "Supprimer la règle maison « À part » ?", use_inner_text=True
    )
    asking.get_by_role("button", name="Annuler").click()

    delete.click()
    asking.get_by_role("button", name="Supprimer").click()
    expect(card).to_have_count(0, timeout=PYODIDE_WAIT_MS)
    assert kept_ids(page) == ["coup-bas", "guet-apens", "ombre", "a-part"]
