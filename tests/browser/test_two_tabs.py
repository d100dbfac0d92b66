"""Two tabs of one browser profile (two pages of one Playwright context: they share its
localStorage) writing the same store: a house import waiting on its « Remplacer » question,
a « Mes listes » page left open, the same house rule and the same character saved from
both. Nothing written by one tab is lost by the other, and the reader is told
(assets/lib/autre-onglet.js). Every wait is on a named state, a status text or a dialog."""

from __future__ import annotations

import json
import re

import pytest
from house_form import (
    ATOUT,
    HOUSE,
    KEY,
    PYODIDE_WAIT_MS,
    TALENT,
    labelled,
    open_house,
    rules,
    save,
    saved,
    status,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

LISTS = "srd-listes"
CHARACTERS = "srd-personnages"


@pytest.fixture
def context(quiet_profile):
    return quiet_profile  # tests/conftest.py


def asking(page: Page):
    return page.locator("dialog.srd-confirmer")


# --- house rules ------------------------------------------------------------------------------


def keep_house(page: Page, server: str, *entries: dict) -> None:
    page.goto(server + HOUSE)
    kept = {
        "format": 1,
        "collection": {"format": 1, "regles": list(entries)},
        "eteintes": [],
        "index": {},
    }
    page.evaluate(f"localStorage.setItem({KEY!r}, {json.dumps(json.dumps(kept))})")


def import_house_file(page: Page, *entries: dict) -> None:
    data = json.dumps({"format": 1, "regles": list(entries)}).encode()
    page.set_input_files(
        "#srd-maison-fichier",
        {"name": "regles-maison.json", "mimeType": "application/json", "buffer": data},
    )


def house_report(page: Page):
    return page.locator(".srd-maison-rapport")


def house_imported(page: Page) -> None:
    expect(page.locator(".srd-maison-partage")).to_have_attribute(
        "data-state", "lu", timeout=PYODIDE_WAIT_MS
    )


def test_a_house_import_waiting_on_its_question_keeps_a_rule_another_tab_added(context, server):
    first, second = context.new_page(), context.new_page()
    keep_house(first, server, ATOUT)
    open_house(first, server)
    changed = {**ATOUT, "entite": {**ATOUT["entite"], "resume": "Une frappe qui gronde."}}
    import_house_file(first, changed)
    expect(asking(first)).to_contain_text("« Frappe du tonnerre »", timeout=PYODIDE_WAIT_MS)
    # Meanwhile, the other tab imports a new rule.
    open_house(second, server)
    import_house_file(second, TALENT)
    house_imported(second)
    expect(house_report(second)).to_contain_text("Règle « Pas léger » ajoutée.")
    # The first tab's list follows; its question answered, both rules are kept.
    expect(first.locator(".srd-maison-regle", has_text="Pas léger")).to_have_count(1)
    asking(first).get_by_role("button", name="Remplacer").click()
    expect(house_report(first)).to_contain_text(
        "Règle « Frappe du tonnerre » remplacée.", timeout=PYODIDE_WAIT_MS
    )
    assert rules(first) == [changed, TALENT]
    expect(house_report(first)).to_contain_text(
        "Les règles maison ont changé dans un autre onglet pendant ce temps : ses changements sont gardés avec les vôtres."
    )


def open_to_change(page: Page, server: str, name: str) -> None:
    open_house(page, server)
    page.get_by_role("button", name=f"Modifier — {name}").click()
    expect(labelled(page, "Nom")).to_have_value(name)


def test_the_same_house_rule_saved_from_two_tabs_asks_before_writing_over(context, server):
    first, second = context.new_page(), context.new_page()
    keep_house(first, server, ATOUT, TALENT)
    open_to_change(first, server, "Frappe du tonnerre")
    open_to_change(second, server, "Frappe du tonnerre")
    labelled(second, "Résumé").fill("Celle de l'autre onglet.")
    save(second)
    saved(second)
    labelled(first, "Résumé").fill("La mienne.")
    save(first)
    question = asking(first)
    expect(question).to_contain_text(
        "La règle maison « Frappe du tonnerre » a changé dans un autre onglet depuis que cette page l'a lue",
        timeout=PYODIDE_WAIT_MS,
    )
    expect(question.get_by_role("button", name="Prendre l'autre")).to_be_focused()  # writes nothing
    question.get_by_role("button", name="Prendre l'autre").click()
    expect(status(first)).to_contain_text(
        "Rien n'a été enregistré : la règle « Frappe du tonnerre » de l'autre onglet est gardée"
    )
    expect(labelled(first, "Résumé")).to_have_value("Celle de l'autre onglet.")
    assert [r["entite"]["resume"] for r in rules(first)] == [
        "Celle de l'autre onglet.",
        "Marche sans bruit.",
    ]
    # Its version now the one the form holds: saved again, without a question.
    labelled(first, "Résumé").fill("La mienne, après la sienne.")
    save(first)
    saved(first)
    expect(asking(first)).to_be_hidden()
    assert [r["entite"]["resume"] for r in rules(first)] == [
        "La mienne, après la sienne.",
        "Marche sans bruit.",
    ]
    # The other tab's form, behind, is asked in its turn; « Garder la mienne » writes it.
    labelled(second, "Résumé").fill("Encore l'autre onglet.")
    save(second)
    expect(asking(second)).to_contain_text("a changé dans un autre onglet", timeout=PYODIDE_WAIT_MS)
    asking(second).get_by_role("button", name="Garder la mienne").click()
    saved(second)
    assert [r["entite"]["resume"] for r in rules(second)] == [
        "Encore l'autre onglet.",
        "Marche sans bruit.",
    ]


# --- the GM's lists ----------------------------------------------------------------------------


def lists_of(page: Page) -> list[dict]:
    return json.loads(page.evaluate(f"localStorage.getItem('{LISTS}')"))["listes"]


def pin(page: Page, existing: str, new_list: str) -> None:
    """Through the « Épingler » dialog: into an existing list and a new one."""
    button = page.locator(".srd-epingler .srd-epingler-bouton")
    button.click()
    dialog = page.locator("dialog.srd-epingler-dialogue")
    note = page.locator(".srd-epingle-note")
    expect(dialog.or_(note)).to_be_visible()
    if (
        not dialog.is_visible()
    ):  # a single list: the tap pinned into it, « Épinglé » opens the dialog
        button.click()
    dialog.get_by_label(re.compile(f"^ ?{re.escape(existing)} \\(")).check()
    if new_list:
        dialog.get_by_label("Nouvelle liste").fill(new_list)
    dialog.get_by_role("button", name="Enregistrer").click()
    expect(dialog.get_by_role("status")).to_contain_text("Enregistré")
    dialog.get_by_role("button", name="Fermer").click()


def test_a_list_page_left_open_keeps_what_another_tab_pinned(context, server):
    peuple, endurance = "divin6/atout/peuple", "talon/piste/endurance"
    acrobaties, vigilance = "skillcraft/talent/acrobaties", "skillcraft/talent/vigilance"
    first, second = context.new_page(), context.new_page()
    first.goto(f"{server}/listes/")
    first.evaluate(
        "([key, lists]) => localStorage.setItem(key, JSON.stringify({format: 1, listes: lists}))",
        [LISTS, [{"nom": "Scénario", "ids": [peuple, endurance]}]],
    )
    first.goto(f"{server}/listes/?liste=Scénario")
    expect(first.locator(".srd-listes-entites li")).to_have_count(2)
    # The other tab pins an entity into this list and into a new one.
    second.goto(f"{server}/skillcraft/talent/acrobaties/")
    pin(second, "Scénario", "Autre table")
    followed = first.locator(".srd-listes-etat")
    expect(followed).to_have_text(
        "Vos listes ont changé dans un autre onglet : cette page les montre telles qu'elles sont maintenant."
    )
    expect(first.locator(".srd-listes-entites li")).to_have_count(3)
    # « Retirer », « Renommer »: what the other tab pinned stays.
    first.get_by_role("button", name="Retirer Peuple (Atout double) de la liste").click()
    expect(first.locator(".srd-listes-entites li")).to_have_count(2)
    first.get_by_label("Nom de la liste").fill("Acte II")
    first.get_by_role("button", name="Renommer").click()
    expect(first.get_by_role("heading", name="Acte II")).to_be_visible()
    assert lists_of(first) == [
        {"nom": "Acte II", "ids": [endurance, acrobaties]},
        {"nom": "Autre table", "ids": [acrobaties]},
    ]
    # « Supprimer la liste », the question open while the other tab pins into it: asked again.
    first.get_by_role("button", name="Supprimer la liste").click()
    expect(asking(first)).to_contain_text("Supprimer la liste « Acte II » ?")
    second.goto(f"{server}/skillcraft/talent/vigilance/")
    second.evaluate(f"localStorage.removeItem('{LISTS}-derniere')")  # a tap opens the dialog
    pin(second, "Acte II", "")
    asking(first).get_by_role("button", name="Supprimer").click()
    expect(asking(first)).to_contain_text(
        "La liste « Acte II » a changé dans un autre onglet (3 entités maintenant)"
    )
    asking(first).get_by_role("button", name="Supprimer").click()
    expect(first.get_by_role("heading", name="Vos listes")).to_be_visible()
    assert lists_of(first) == [{"nom": "Autre table", "ids": [acrobaties]}]
    assert vigilance not in json.dumps(lists_of(second))


# --- saved characters ---------------------------------------------------------------------------


def characters_of(page: Page) -> list[dict]:
    return json.loads(page.evaluate(f"localStorage.getItem('{CHARACTERS}')"))["personnages"]


def save_box(page: Page):
    return page.locator(".srd-personnage-enregistrer")


def save_character(page: Page) -> None:
    save_box(page).get_by_role("button", name="Enregistrer le personnage").click()


def test_the_same_character_saved_from_two_tabs_asks_before_writing_over(context, server):
    calculator = f"{server}/talon/calculateurs/creation/"
    first, second, listing = context.new_page(), context.new_page(), context.new_page()
    first.goto(f"{calculator}?archetype=survivant")
    save_box(first).get_by_label("Nom du personnage").fill("Lyra")
    save_character(first)
    state = save_box(first).locator(".srd-personnage-etat")
    expect(state).to_contain_text("« Lyra » enregistré", timeout=PYODIDE_WAIT_MS)
    (lyra,) = characters_of(first)
    listing.goto(f"{server}/personnages/")
    expect(listing.locator(".srd-personnage")).to_have_count(1)
    # The other tab opens it (its link names it by its id) and saves it.
    second.goto(f"{calculator}?archetype=survivant&personnage={lyra['id']}")
    expect(save_box(second).get_by_label("Nom du personnage")).to_have_value("Lyra")
    save_character(second)
    expect(save_box(second).locator(".srd-personnage-etat")).to_contain_text(
        "« Lyra » mis à jour", timeout=PYODIDE_WAIT_MS
    )
    (theirs,) = characters_of(second)
    assert theirs["modifie"] != lyra["modifie"]
    expect(listing.locator(".srd-personnages-etat")).to_have_text(
        "Vos personnages ont changé dans un autre onglet : la liste est à jour."
    )
    # The first tab saves the version it had: asked, and « Garder l'autre » writes nothing.
    save_character(first)
    question = asking(first)
    expect(question).to_contain_text(
        "Le personnage « Lyra » a été enregistré dans un autre onglet", timeout=PYODIDE_WAIT_MS
    )
    question.get_by_role("button", name="Garder l'autre").click()
    expect(state).to_contain_text(
        "Rien n'a été enregistré : le personnage « Lyra » de l'autre onglet est gardé"
    )
    assert characters_of(first) == [theirs]
    # Asked again, « Remplacer »: this tab's version is kept, and its next save asks nothing.
    save_character(first)
    question.get_by_role("button", name="Remplacer").click()
    expect(state).to_contain_text("« Lyra » mis à jour", timeout=PYODIDE_WAIT_MS)
    (mine,) = characters_of(first)
    assert mine["id"] == lyra["id"] and mine["modifie"] != theirs["modifie"]
    save_character(first)
    first.wait_for_function(
        "([key, before]) => JSON.parse(localStorage.getItem(key)).personnages[0].modifie !== before",
        arg=[CHARACTERS, mine["modifie"]],
        timeout=PYODIDE_WAIT_MS,
    )
    expect(question).to_be_hidden()
    expect(state).to_contain_text("« Lyra » mis à jour")
