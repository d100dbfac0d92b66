"""« Mener la partie » in Chromium, for every system that declares how it runs a fight
(`partie:` in its systeme.yaml), on a 390 px touch phone and on a desktop: a three-round
fight made by what the page shows. Two characters saved in the real characters store, two
non-player characters (the system's own, else typed by their values); the order the rules
give (ties acting together where the system says so, the GM's order where it has none);
damage crossing a threshold shows its consequence; a state of two rounds ends on the right
round; a reload keeps everything; the share link opens read-only in a fresh profile; the
printed page is read back from its PDF. Every rule value comes from the page's payload
(#srd-partie-donnees, its data-donnees), never from this file."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
import yaml
from helpers import ROOT
from partie_session import payload_of
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PROFILES = {"telephone": PHONE, "bureau": DESKTOP}
CHARACTERS_KEY = "srd-personnages"
SAVED_FORMAT = 1  # generator/engine/saved.py (lib/contrat.js SAVED_FILE_FORMAT)
PYODIDE_WAIT_MS = 120_000  # a roll may wait for the calculator's engine to start


def systems_with_partie() -> list[str]:
    """The systems whose declaration says how a fight runs: those that have a partie page."""
    found = []
    for path in sorted((ROOT / "data").glob("*/systeme.yaml")):
        if "partie" in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}):
            found.append(path.parent.name)
    return found


SYSTEMS = systems_with_partie() or [
    pytest.param(
        "aucun", marks=pytest.mark.skip(reason="aucun système ne déclare encore « partie: »")
    )
]


def values_for(payload: dict, step: int) -> dict[str, int]:
    """Values within each valeur's bounds, different for each `step` (from the payload)."""
    values = {}
    for valeur in payload["valeurs"]:
        low, high = valeur.get("min", valeur["defaut"] - 5), valeur.get("max", valeur["defaut"] + 5)
        values[valeur["id"]] = max(low, min(high, valeur["defaut"] + step))
    return values


def saved_record(system: str, name: str, combat: dict[str, int]) -> dict:
    """A record as engine/saved.py writes it (its `combat` key: the values a fight needs)."""
    return {
        "id": f"test-{name}",
        "nom": name,
        "modifie": "2026-12-01T10:00:00Z",
        "systeme": system,
        "resume": "",
        "requetes": {},
        "personnage": {},
        "combat": combat,
    }


def card(page: Page, name: str):
    return page.locator(".srd-partie-combattant").filter(
        has=page.get_by_role("heading", name=name, exact=True)
    )


def names_in_order(page: Page) -> list[list[str]]:
    groups = page.locator(".srd-partie-groupe")
    return [group.locator(".srd-partie-nom").all_text_contents() for group in groups.all()]


def add_quick(page: Page, name: str, values: dict[str, int], payload: dict) -> None:
    page.get_by_label("Nom", exact=True).fill(name)
    for valeur in payload["valeurs"]:
        page.get_by_label(valeur["nom"], exact=True).fill(str(values[valeur["id"]]))
    page.get_by_role("button", name="Ajouter avec ces valeurs").click()
    expect(card(page, name)).to_be_visible()


def expected_groups(payload: dict, fighters: dict[str, dict]) -> list[set[str]]:
    """The order a `valeurs` mode gives: by its keys, then its tie-breakers, highest first;
    a remaining tie acting together."""
    order = payload["ordre"]
    keys = list(order.get("cles") or []) + list(order.get("departage") or [])
    rank = {name: tuple(values.get(key, 0) for key in keys) for name, values in fighters.items()}
    groups: list[set[str]] = []
    for name in sorted(rank, key=rank.get, reverse=True):
        if (
            groups
            and rank[next(iter(groups[-1]))] == rank[name]
            and order.get("egalite") == "ensemble"
        ):
            groups[-1].add(name)
        else:
            groups.append({name})
    return groups


def check_order(page: Page, payload: dict, fighters: dict[str, dict]) -> None:
    mode = payload["ordre"]["mode"]
    shown = names_in_order(page)
    assert sorted(sum(shown, [])) == sorted(fighters), shown
    if mode == "valeurs":
        assert [set(group) for group in shown] == expected_groups(payload, fighters)
        if any(len(group) > 1 for group in shown):
            expect(page.locator(".srd-partie-ensemble").first).to_be_visible()
    elif mode == "libre":
        expect(page.locator(".srd-partie-libre")).to_be_visible()
        first, second = shown[0][0], shown[1][0]
        card(page, second).get_by_role("button", name="Monter").click()
        expect(page.locator(".srd-partie-groupe").first.locator(".srd-partie-nom")).to_have_text(
            second
        )
        assert names_in_order(page)[1] == [first]
    else:  # jet: the roll shown plus the declared value, highest acting first
        plus = payload["ordre"].get("plus")

        def total(name: str) -> int:
            line = card(page, name).locator(".srd-partie-valeurs").text_content()
            return int(line.rsplit("jet ", 1)[1].split()[0]) + (fighters[name][plus] if plus else 0)

        totals = [max(total(name) for name in group) for group in shown]
        assert totals == sorted(totals, reverse=True), (shown, totals)


def first_threshold(payload: dict):
    """A counter track and the first seuil crossed from its max, or None."""
    for piste in payload["pistes"]:
        if piste["type"] == "compteur" and piste.get("seuils") and isinstance(piste["max"], str):
            return piste, max(piste["seuils"], key=lambda seuil: seuil["au_plus"])
    return None


def harm_crossing(page: Page, payload: dict, name: str, values: dict[str, int]) -> None:
    found = first_threshold(payload)
    if found:
        piste, seuil = found
        amount = values[piste["max"]] - seuil["au_plus"]
        target = card(page, name).locator(f'.srd-partie-piste[data-piste="{piste["id"]}"]')
        target.get_by_label(f"Montant ({piste['nom']})").fill(str(amount))
        target.get_by_role("button", name="Dégâts").click()
        expect(target.locator(".srd-partie-consequences")).to_contain_text(seuil["effet"])
        return
    tiers = next(
        (
            p
            for p in payload["pistes"]
            if p["type"] == "paliers" and any(n.get("seuil") for n in p["niveaux"])
        ),
        None,
    )
    if tiers:
        # A damage as big as the highest tier's threshold takes a level of that tier.
        tier = max((n for n in tiers["niveaux"] if n.get("seuil")), key=lambda n: n["seuil"])
        target = card(page, name).locator(f'.srd-partie-piste[data-piste="{tiers["id"]}"]')
        target.get_by_label(f"Montant ({tiers['nom']})").fill(str(tier["seuil"]))
        target.get_by_role("button", name="Dégâts").click()
        expect(target.locator(".srd-partie-consequences")).to_contain_text(tier["nom"])
        return
    levels = next(
        (
            p
            for p in payload["pistes"]
            if p["type"] == "niveaux" and any(n.get("effet") for n in p["niveaux"])
        ),
        None,
    )
    assert levels, "ni seuil, ni palier, ni niveau à conséquence dans la déclaration"
    at = next(i for i, level in enumerate(levels["niveaux"]) if level.get("effet"))
    target = card(page, name).locator(f'.srd-partie-piste[data-piste="{levels["id"]}"]')
    for _ in range(at + 1):
        target.get_by_role("button", name="+1").click()
    expect(target.locator(".srd-partie-consequences")).to_contain_text(
        levels["niveaux"][at]["effet"]
    )


def is_acting(page: Page, name: str) -> bool:
    """Whether `name` is in the group whose turn it is (marked `aria-current`)."""
    acting = page.locator('.srd-partie-groupe[aria-current="step"] .srd-partie-nom')
    expect(acting.first).to_be_visible()
    return name in acting.all_text_contents()


def roll_an_action(page: Page, payload: dict, name: str) -> None:
    """From `name`'s card, its attack (else its first action) opens its calculator; « Lancer »
    writes the outcome and its chance into the encounter's log; the way back shows it."""
    names = [action["nom"] for action in payload["actions"]]
    chosen = "Attaque" if "Attaque" in names else names[0]
    rolled = page.locator(".srd-partie-journal li").filter(has_text=f"{name}\u00a0: ")
    rolled = rolled.filter(has_text="%")
    before = rolled.count()
    card(page, name).locator(".srd-partie-actions").get_by_role("link", name=chosen).click()
    page.get_by_role("button", name="Lancer", exact=True).click()
    expect(page.locator(".srd-lancer-partie [role=status]")).to_have_text(
        "Jet noté dans le journal de la rencontre.", timeout=PYODIDE_WAIT_MS
    )
    page.get_by_role("link", name="Retour à la partie").click()
    expect(page.locator(".srd-partie-round")).to_have_text("Round 1")
    expect(rolled).to_have_count(before + 1)
    assert "¶" not in rolled.last.inner_text()


def start_fight(page: Page, payload: dict) -> None:
    start = "Lancer l'initiative" if payload["ordre"]["mode"] == "jet" else "Commencer le combat"
    page.get_by_role("button", name=start).click()
    expect(page.locator(".srd-partie-round")).to_have_text("Round 1")


def next_round(page: Page, number: int) -> None:
    page.get_by_role("button", name="Round suivant").click()
    expect(page.locator(".srd-partie-round")).to_have_text(f"Round {number}")


def pdf_text(pdf: bytes) -> str:
    from pypdf import PdfReader

    return " ".join(
        " ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages
    )


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("system", SYSTEMS)
def test_three_round_fight(browser, site: Path, server: str, system: str, profile: str):
    assert (site / system / "partie" / "index.html").exists(), (
        f"{system} déclare « partie: » sans page"
    )
    context = browser.new_context(service_workers="block", **PROFILES[profile])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    address = f"{server}/{system}/partie/"
    page.goto(address)
    payload = payload_of(page)
    pcs = {"Aldo": values_for(payload, 3), "Bérénice": values_for(payload, 1)}
    store = {
        "format": SAVED_FORMAT,
        "personnages": [saved_record(system, n, v) for n, v in pcs.items()],
    }
    page.evaluate(
        "([key, text]) => localStorage.setItem(key, text)", [CHARACTERS_KEY, json.dumps(store)]
    )
    page.reload()
    expect(page.locator(".srd-partie-titre")).to_be_visible()

    # The roster: two saved characters, two non-player characters.
    for name in pcs:
        page.get_by_label("Mes personnages").select_option(label=name)
        page.get_by_role("button", name="Ajouter le personnage").click()
        expect(card(page, name)).to_be_visible()
    fighters = dict(pcs)
    npcs = payload.get("pnj") or []
    if npcs:
        for npc in npcs[:2]:
            page.get_by_label("Personnage non joueur").select_option(value=npc["id"])
            page.get_by_role("button", name="Ajouter le PNJ").click()
        names = [npc["nom"] for npc in npcs[:2]]
        for npc, name in zip(npcs[:2], names, strict=True):
            expect(card(page, name).first).to_be_visible()
            defaults = {valeur["id"]: valeur["defaut"] for valeur in payload["valeurs"]}
            fighters[name] = {**defaults, **npc["valeurs"]}  # a value it lacks: the default
    else:
        # The brutes equal on every value: where ties act together, they show it.
        for name in ("Brute 1", "Brute 2"):
            add_quick(page, name, values_for(payload, 2), payload)
            fighters[name] = values_for(payload, 2)

    # Round 1: the order the rules give.
    start_fight(page, payload)
    if payload["ordre"]["mode"] == "jet":
        expect(page.locator(".srd-partie-valeurs").first).to_contain_text("jet ")
    check_order(page, payload, fighters)

    # On the phone, four cards and their controls fit the screen's width.
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"la page déborde : {width} px"

    # Damage across a threshold shows what follows.
    harm_crossing(page, payload, "Aldo", pcs["Aldo"])

    # An attack rolled from a combatant: its outcome and odds land in the log.
    if payload.get("actions"):
        roll_an_action(page, payload, "Aldo")

    # A state of two rounds, put in round 1 on Bérénice, ends on the right round.
    etats = payload["etats"]["liste"]
    if etats:
        etat = etats[0]
        target = card(page, "Bérénice")
        target.get_by_label("État", exact=True).select_option(label=etat["nom"])
        target.get_by_label("Rounds", exact=True).fill("2")
        target.get_by_role("button", name="Ajouter l'état").click()
        expect(target.locator(".srd-partie-etats")).to_contain_text(etat["nom"])
    next_round(page, 2)
    if etats:
        expect(card(page, "Bérénice").locator(".srd-partie-etats")).to_contain_text(etat["nom"])
    next_round(page, 3)
    if etats:
        if payload["etats"]["fin"] == "debut-du-tour":
            # It covers its bearer's turns of rounds 1 and 2, and ends as her turn of round 3
            # begins: until then it is still there.
            while not is_acting(page, "Bérénice"):
                expect(card(page, "Bérénice").locator(".srd-partie-etats")).to_contain_text(
                    etat["nom"]
                )
                page.get_by_role("button", name="Tour suivant").click()
            expect(page.locator(".srd-partie-round")).to_have_text("Round 3")
        expect(card(page, "Bérénice").locator(".srd-partie-etats")).to_have_count(0)
        expect(page.locator(".srd-partie-journal")).to_contain_text(etat["nom"])

    # A reload keeps everything.
    before = page.locator(".srd-partie-vue .srd-partie-ordre").inner_text()
    page.reload()
    expect(page.locator(".srd-partie-round")).to_have_text("Round 3")
    assert page.locator(".srd-partie-vue .srd-partie-ordre").inner_text() == before

    # The share link opens read-only in a fresh profile.
    page.get_by_role("button", name="Partager (lecture seule)").click()
    link = page.get_by_label("Lien à partager").input_value()
    fresh = browser.new_context(service_workers="block", **PROFILES[profile])
    shared = fresh.new_page()
    shared.goto(link)
    expect(shared.locator(".srd-partie-lecture")).to_contain_text("lecture seule")
    expect(shared.get_by_role("button", name="Copier dans mes rencontres")).to_be_visible()
    expect(shared.get_by_role("button", name="Dégâts")).to_have_count(0)
    for name in fighters:
        expect(card(shared, name).first).to_be_visible()
    fresh.close()

    # The printed tracker: one row per combatant, its tracks named.
    text = pdf_text(page.pdf(format="A4", prefer_css_page_size=True))
    for name in fighters:
        assert name in text, (name, text[:400])
    for piste in payload["pistes"]:
        assert " ".join(piste["nom"].split()) in text
    assert "☐" in text or "Combattant" in text
    context.close()
    assert not errors, errors


def first_page_with_partie(site: Path) -> str:
    found = [
        system
        for system in systems_with_partie()
        if (site / system / "partie" / "index.html").exists()
    ]
    if not found:
        pytest.skip("aucun système ne déclare encore « partie: »")
    return found[0]


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_no_axe_violation_with_a_fight_under_way(browser, site: Path, server: str, profile: str):
    """The page with a combatant, a state and a log: axe-core finds no violation (with the
    target size rule, as the site's pages are judged)."""
    from helpers import AXE

    system = first_page_with_partie(site)
    context = browser.new_context(service_workers="block", bypass_csp=True, **PROFILES[profile])
    page = context.new_page()
    page.goto(f"{server}/{system}/partie/")
    payload = payload_of(page)
    add_quick(page, "Aldo", values_for(payload, 1), payload)
    start_fight(page, payload)
    if payload["etats"]["liste"]:
        card(page, "Aldo").get_by_role("button", name="Ajouter l'état").click()
        expect(card(page, "Aldo").locator(".srd-partie-etats")).to_be_visible()
    next_round(page, 2)
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate(
        """async () => {
            const result = await axe.run(document, { resultTypes: ["violations"], rules: { "target-size": { enabled: true } } });
            return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}`));
        }"""
    )
    context.close()
    assert not violations, violations


def test_the_keyboard_alone_adds_and_harms_and_keeps_the_focus(browser, site: Path, server: str):
    """Enter on a control acts and leaves the focus on the same control of the page drawn
    again (or on the field to type in next): never lost on the body."""
    system = first_page_with_partie(site)
    context = browser.new_context(service_workers="block", **DESKTOP)
    page = context.new_page()
    page.goto(f"{server}/{system}/partie/")
    payload = payload_of(page)
    page.get_by_label("Nom", exact=True).focus()
    page.keyboard.type("Aldo")
    page.get_by_role("button", name="Ajouter avec ces valeurs").focus()
    page.keyboard.press("Enter")
    expect(card(page, "Aldo")).to_be_visible()
    expect(page.get_by_label("Nom", exact=True)).to_be_focused()
    harmed = next(piste for piste in payload["pistes"] if piste["type"] != "niveaux")
    damage = (
        card(page, "Aldo")
        .locator(f'.srd-partie-piste[data-piste="{harmed["id"]}"]')
        .get_by_role("button", name="Dégâts")
    )
    damage.focus()
    page.keyboard.press("Enter")
    expect(damage).to_be_focused()
    expect(page.locator(".srd-partie-journal")).to_contain_text("Aldo")
    page.get_by_role("button", name="Annuler").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Annuler")).to_be_focused()
    page.get_by_role("button", name="Retirer").last.focus()
    page.keyboard.press("Enter")
    expect(card(page, "Aldo")).to_have_count(0)
    assert page.evaluate("document.activeElement !== document.body"), "le focus est perdu"
    context.close()


def test_a_hostile_link_or_file_changes_nothing_and_says_why(
    browser, site: Path, server: str, tmp_path
):
    """A broken share link shows no encounter and says why; a file that is not an export of
    encounters is refused in French; what the browser kept stays as it was."""
    system = first_page_with_partie(site)
    context = browser.new_context(service_workers="block", **PHONE)
    page = context.new_page()
    page.goto(f"{server}/{system}/partie/")
    payload = payload_of(page)
    add_quick(page, "Aldo", values_for(payload, 1), payload)
    kept = page.evaluate("localStorage.getItem('srd-parties')")
    page.goto(f"{server}/{system}/partie/#partie=$$$")
    page.reload()
    expect(page.locator(".srd-partie-etat")).to_contain_text("Lien de rencontre refusé")
    expect(page.locator(".srd-partie-lecture")).to_have_count(0)
    hostile = tmp_path / "rencontre.json"
    hostile.write_text(
        json.dumps({"format": 1, "parties": [{"__proto__": {"x": 1}}]}), encoding="utf-8"
    )
    page.get_by_label("Importer une rencontre (JSON)").set_input_files(str(hostile))
    expect(page.locator(".srd-partie-etat")).to_contain_text("Import refusé")
    assert page.evaluate("localStorage.getItem('srd-parties')") == kept
    expect(card(page, "Aldo")).to_be_visible()
    context.close()


def test_reached_by_a_link_of_the_site_it_draws_its_encounter(browser, site: Path, server: str):
    """Material's instant navigation brings the page in without loading it: from the GM
    screen's link, the page still reads its data and draws (no error of the page)."""
    system = first_page_with_partie(site)
    context = browser.new_context(service_workers="block", **PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server}/{system}/ecran/")
    page.locator(".srd-ecran-intro").get_by_role("link", name="Mener la partie").click()
    expect(page.locator(".srd-partie-titre")).to_be_visible()
    expect(page.get_by_role("button", name="Ajouter avec ces valeurs")).to_be_visible()
    context.close()
    assert not errors, errors
