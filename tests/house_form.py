"""The page « Règles maison » (/maison/) as a test drives it: open it, choose a system and
a kind, fill fields by their titles, save, and wait on the form's named state; and a house
rule several tests keep."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

KEY = "srd-regles-maison"  # localStorage (assets/maison-stock.js)
HOUSE = "/maison/"
PYODIDE_WAIT_MS = 60_000  # a cold Pyodide start on a loaded 2-core machine


def stored(page: Page) -> dict:
    text = page.evaluate(f"localStorage.getItem('{KEY}')")
    return json.loads(text) if text else {}


def rules(page: Page) -> list[dict]:
    return stored(page).get("collection", {}).get("regles", [])


def open_house(page: Page, server: str, address: str = HOUSE) -> None:
    page.goto(server + address)
    expect(page.locator(".srd-maison")).to_have_attribute("data-state", "pret")


def form(page: Page):
    return page.locator("form.srd-maison-formulaire")


def labelled(page: Page, title: str):
    """A field of the form by its title (« obligatoire » may follow)."""
    words = re.escape(title).replace("\\ ", r"\s")  # no-break spaces are spaces too
    return form(page).get_by_label(re.compile(rf"^{words}(\s\(obligatoire\))?$"))


def choose(page: Page, system: str, kind: str) -> None:
    page.locator("#srd-maison-systeme").select_option(system)
    page.locator("#srd-maison-genre").select_option(kind)
    expect(labelled(page, "Nom")).to_be_visible()


def save(page: Page) -> None:
    form(page).get_by_role("button", name="Enregistrer", exact=True).click()


def saved(page: Page, state: str = "enregistre") -> None:
    expect(form(page)).to_have_attribute("data-state", state, timeout=PYODIDE_WAIT_MS)


def status(page: Page):
    return form(page).locator(".srd-maison-formulaire-etat")


# A copy of « Poigne d'acier » that asks Force 5 (the official one asks 4).
POIGNE = {
    "systeme": "divin6",
    "genre": "atout",
    "entite": {
        "id": "poigne-de-fer",
        "nom": "Poigne de fer",
        "categorie": "combat",
        "prerequis": {"caracteristiques": [{"caracteristique": "force", "min": 5}]},
        "caracteristique_liee": None,
        "prises": {"max": 1, "texte": "Une fois"},
        "resume": "Une arme lourde à une main.",
        "description": "Une arme lourde à une main.",
    },
}


DATE = "2026-11-28T08:00:00.000Z"

# Two valid house rules, their references the data's own entities.
ATOUT = {
    "systeme": "divin6",
    "genre": "atout",
    "entite": {
        "id": "frappe-du-tonnerre",
        "nom": "Frappe du tonnerre",
        "resume": "Une frappe qui tonne.",
        "categorie": "combat",
        "condition": "",
        "prerequis": {"atouts": ["accointances"]},
        "prises": {"max": 1, "texte": "une seule fois"},
        "description": "Le coup résonne.",
    },
    "modifie": DATE,
}
TALENT = {
    "systeme": "skillcraft",
    "genre": "talent",
    "entite": {
        "id": "pas-leger",
        "nom": "Pas léger",
        "resume": "Marche sans bruit.",
        "tiers": 1,
        "prerequis": "athletisme",
        "achats_multiples": False,
        "description": "Le personnage marche sans bruit.",
    },
    "modifie": DATE,
}
