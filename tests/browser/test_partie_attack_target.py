"""« Mener la partie »: a combatant's « Attaque » opens its calculator with the target's
defence already in it (the next combatant in the order), for the systems whose attack
declares a `cible`. Values come from the page's payload, never from this file."""

from __future__ import annotations

import pytest
import yaml
from helpers import ROOT
from partie_session import card, payload_of, press
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def add_with(page: Page, payload: dict, name: str, step: int) -> dict[str, int]:
    """`name` added by typing its values: each default plus `step`, within its bounds."""
    values = {}
    page.get_by_label("Nom", exact=True).fill(name)
    for valeur in payload["valeurs"]:
        value = max(valeur.get("min", -99), min(valeur.get("max", 99), valeur["defaut"] + step))
        values[valeur["id"]] = value
        page.get_by_label(valeur["nom"], exact=True).fill(str(value))
    press(page.get_by_role("button", name="Ajouter avec ces valeurs"))
    expect(card(page, name)).to_be_visible()
    return values


@pytest.mark.parametrize("system", ["skillcraft", "undesix"])
def test_the_attack_opens_with_the_targets_defence(browser, server: str, system: str):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(f"{server}/{system}/partie/")
    payload = payload_of(page)
    (attack,) = [a for a in payload["actions"] if a["id"] == "attaque"]
    assert attack["cible"], f"{system} : l'attaque ne déclare pas sa cible"
    fighters = {
        "Aldo": add_with(page, payload, "Aldo", 2),
        "Brute": add_with(page, payload, "Brute", 4),
    }
    # The card first in the order aims at the next one.
    names = page.locator(".srd-partie-groupe .srd-partie-nom").all_text_contents()
    attacker, target = names[0], names[1]
    card(page, attacker).locator(".srd-partie-actions").get_by_role(
        "link", name=attack["nom"]
    ).click()
    expect(page.get_by_role("button", name="Lancer", exact=True)).to_be_visible()
    for field, valeur in {**attack["champs"], **attack["cible"]}.items():
        whose = fighters[target] if field in attack["cible"] else fighters[attacker]
        box = page.locator(f'[name="{field}"]')
        expect(box).to_have_value(str(whose[valeur]))
    assert fighters[target] != fighters[attacker]  # the target's own numbers, not the attacker's
    context.close()


def systems_with_remaining_fields() -> list[str]:
    """The systems with an action that takes a field from what is left of a track."""
    found = []
    for path in sorted((ROOT / "data").glob("*/systeme.yaml")):
        partie = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("partie") or {}
        if any(action.get("restant") for action in partie.get("actions", [])):
            found.append(path.parent.name)
    return found


@pytest.mark.parametrize("system", systems_with_remaining_fields())
def test_an_attack_after_damage_takes_what_is_left_of_the_score(browser, server, system):
    """An action rolled under what remains of a score (UnDéSix, l. 781): its `restant`
    fields get the attacker's counter track after damage, not its maximum."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(f"{server}/{system}/partie/")
    payload = payload_of(page)
    (attack,) = [a for a in payload["actions"] if a.get("restant")][:1]
    values = add_with(page, payload, "Aldo", 4)
    pistes = {p["id"]: p for p in payload["pistes"]}
    aldo = card(page, "Aldo")
    for piste_id in set(attack["restant"].values()):
        track = aldo.locator(f'.srd-partie-piste[data-piste="{piste_id}"]')
        track.get_by_label(f"Montant ({pistes[piste_id]['nom']})").fill("2")
        press(track.get_by_role("button", name="Dégâts"))
    expect(page.locator(".srd-partie-journal")).to_contain_text("Aldo")
    aldo.locator(".srd-partie-actions").get_by_role("link", name=attack["nom"]).click()
    expect(page.get_by_role("button", name="Lancer", exact=True)).to_be_visible()
    for field, piste_id in attack["restant"].items():
        start = values[pistes[piste_id]["max"]]
        expect(page.locator(f'[name="{field}"]')).to_have_value(str(start - 2))
    context.close()
