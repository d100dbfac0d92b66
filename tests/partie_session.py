"""A session on a partie page (« Mener la partie ») as a game master makes it, by what the
page shows: load, add combatants, roll the order, damage, a state, the next turns. Shared by
the browser test that no action asks for Python (tests/browser/test_partie_without_python.py)
and by the bench that times its rolls (scripts/bench_partie.py). Rule values come from the
page's payload (#srd-partie-donnees) and the systems' declarations, never from this file."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import yaml
from helpers import ROOT
from playwright.sync_api import Page, expect

# What starts Python in a page: the calculators' worker, Pyodide's files, the engine wheel.
PYTHON_FILES = re.compile(r"/assets/(calc-worker\.mjs|pyodide/|wheels/)|\.whl(\?|$)")


def rolled_order_systems() -> list[str]:
    """The systems whose declared order is a roll (`partie.ordre.mode: jet`)."""
    found = []
    for path in sorted((ROOT / "data").glob("*/systeme.yaml")):
        partie = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("partie") or {}
        if (partie.get("ordre") or {}).get("mode") == "jet":
            found.append(path.parent.name)
    return found


def python_requests(page: Page) -> list[str]:
    """The list (filled as the page goes) of the URLs it asks for Python's files."""
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if PYTHON_FILES.search(r.url) else None)
    return asked


def press(locator) -> None:
    """A tap on a touch screen, else a click."""
    touch = locator.page.evaluate("() => navigator.maxTouchPoints > 0")
    locator.tap() if touch else locator.click()


def card(page: Page, name: str):
    return page.locator(".srd-partie-combattant").filter(
        has=page.get_by_role("heading", name=name, exact=True)
    )


def add_combatant(page: Page, payload: dict, name: str) -> None:
    page.get_by_label("Nom", exact=True).fill(name)
    for valeur in payload["valeurs"]:
        page.get_by_label(valeur["nom"], exact=True).fill(str(valeur["defaut"]))
    press(page.get_by_role("button", name="Ajouter avec ces valeurs"))
    expect(card(page, name)).to_be_visible()


def harm_someone(page: Page, payload: dict, name: str) -> None:
    """One damage on the first track that takes an amount, else one level up."""
    target = card(page, name)
    piste = payload["pistes"][0]
    track = target.locator(f'.srd-partie-piste[data-piste="{piste["id"]}"]')
    if piste["type"] == "niveaux":
        press(track.get_by_role("button", name="+1"))
    else:
        track.get_by_label(f"Montant ({piste['nom']})").fill("1")
        press(track.get_by_role("button", name="Dégâts"))
    expect(page.locator(".srd-partie-journal")).to_contain_text(name)


def put_state(page: Page, payload: dict, name: str) -> None:
    etats = payload["etats"]["liste"]
    if not etats:
        return
    target = card(page, name)
    target.get_by_label("État", exact=True).select_option(label=etats[0]["nom"])
    target.get_by_label("Rounds", exact=True).fill("2")
    press(target.get_by_role("button", name="Ajouter l'état"))
    expect(target.locator(".srd-partie-etats")).to_contain_text(etats[0]["nom"])


def payload_of(page: Page) -> dict:
    """The page's payload: the JSON its #srd-partie-donnees holds in `data-donnees`."""
    return json.loads(page.locator("#srd-partie-donnees").get_attribute("data-donnees"))


def run_session(
    page: Page, address: str, rolls: int = 1, roll: Callable[[Page, str], None] | None = None
) -> dict:
    """The whole session on the partie page at `address`; `roll(page, button_name)` taps a
    roll button (« Lancer l'initiative », then « Round suivant » `rolls` times), by default a
    tap that waits for the new round. Returns the page's payload."""
    page.goto(address)
    payload = payload_of(page)

    def tapped(page: Page, name: str) -> None:
        shown = page.locator(".srd-partie-round").text_content()
        press(page.get_by_role("button", name=name))
        expect(page.locator(".srd-partie-round")).not_to_have_text(shown)

    roll = roll or tapped
    for name in ("Aldo", "Brute"):
        add_combatant(page, payload, name)
    roll(
        page, "Lancer l'initiative" if payload["ordre"]["mode"] == "jet" else "Commencer le combat"
    )
    harm_someone(page, payload, "Aldo")
    put_state(page, payload, "Brute")
    press(page.get_by_role("button", name="Tour suivant"))
    for _ in range(rolls):
        roll(page, "Round suivant")
    if payload.get("tables"):
        press(page.get_by_role("button", name="Lancer", exact=True))
        expect(page.locator(".srd-partie-table-resultat")).not_to_be_empty()
    return payload
