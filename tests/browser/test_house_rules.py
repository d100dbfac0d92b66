"""« Règles maison » in Chromium: a house atout (Divin) and a house talent
(SkillCraft) written through the form, their references chosen among the data's own
entities; a value out of bounds said at its field; an official entity amended, its
changes marked on its page; the rules exported then imported in a fresh profile, and
shared by a link; hostile files refused with a message, nothing run, nothing lost; axe on
both pages. The engine's answers come from house/reader.py through the worker (entry
« maison »): every wait is on a named state (data-state) or a status text."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from house_form import (
    ATOUT,
    DATE,
    HOUSE,
    KEY,
    PYODIDE_WAIT_MS,
    TALENT,
    choose,
    form,
    labelled,
    open_house,
    rules,
    save,
    saved,
    status,
    stored,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


@pytest.fixture
def context(quiet_profile):
    return quiet_profile  # tests/conftest.py


def keep(page: Page, server: str, *entries: dict) -> None:
    """The store holding `entries` (as the page would have written them), then the page
    opened on it."""
    page.goto(server + HOUSE)
    collection = {"format": 1, "regles": list(entries)}
    kept = {"format": 1, "collection": collection, "eteintes": [], "index": {}}
    page.evaluate(f"localStorage.setItem({KEY!r}, {json.dumps(json.dumps(kept))})")
    open_house(page, server)


def report(page: Page):
    return page.locator(".srd-maison-rapport")


def import_file(page: Page, content: str | bytes) -> None:
    data = content.encode() if isinstance(content, str) else content
    page.set_input_files(
        "#srd-maison-fichier",
        {"name": "regles-maison.json", "mimeType": "application/json", "buffer": data},
    )


def imported(page: Page) -> None:
    expect(page.locator(".srd-maison-partage")).to_have_attribute(
        "data-state", "lu", timeout=PYODIDE_WAIT_MS
    )


def test_a_house_atout_and_talent_written_checked_and_kept(context, server):
    page = context.new_page()
    open_house(page, server)
    # Divin: an atout that requires an official one, chosen by its name.
    choose(page, "divin6", "atout")
    labelled(page, "Nom").fill("Frappe du tonnerre")
    expect(labelled(page, "Identifiant")).to_have_value("frappe-du-tonnerre")  # proposed
    labelled(page, "Résumé").fill("Une frappe qui tonne.")
    labelled(page, "Catégorie").select_option(label="combat")
    labelled(page, "Description").fill("Le coup résonne.")
    labelled(page, "Règle de prise").fill("une seule fois")
    form(page).get_by_role("button", name="Ajouter — Atouts requis").click()
    labelled(page, "Atouts requis n° 1").select_option(label="Accointances")
    save(page)
    saved(page)
    expect(status(page)).to_contain_text("Règle « Frappe du tonnerre » enregistrée")
    (atout,) = rules(page)
    assert atout["entite"]["prerequis"] == {"atouts": ["accointances"]}
    assert atout["entite"]["prises"] == {"max": None, "texte": "une seule fois"}
    assert "divin6/atout/frappe-du-tonnerre" in stored(page)["index"]

    # SkillCraft: a talent out of bounds is refused at its field, then kept once right.
    page.get_by_role("button", name="Nouvelle règle").click()
    choose(page, "skillcraft", "talent")
    labelled(page, "Nom").fill("Pas léger")
    labelled(page, "Résumé").fill("Marche sans bruit.")
    labelled(page, "Description").fill("Le personnage marche sans bruit.")
    tiers = labelled(page, "Tiers")
    tiers.fill("7")
    labelled(page, "Talent requis").select_option(label="Athlétisme")
    labelled(page, "Formation").select_option(label="Mêlée")
    save(page)
    saved(page, "erreurs")
    expect(tiers).to_have_attribute("aria-invalid", "true")
    expect(tiers).to_be_focused()
    message = page.locator(f"#{tiers.get_attribute('aria-describedby').split()[0]}")
    expect(message).to_contain_text("hors limites (maximum : 3)")
    summary = form(page).locator(".srd-maison-resume-erreurs")
    expect(summary.get_by_role("link")).to_have_count(1)
    assert summary.get_by_role("link").get_attribute("href") == f"#{tiers.get_attribute('id')}"
    # The summary's link goes to the field without redrawing the page (Material's instant
    # navigation would push the fragment and reload the page, emptying the form).
    labelled(page, "Nom").focus()
    summary.get_by_role("link").click()
    expect(tiers).to_be_focused()
    assert page.evaluate("location.hash") == ""
    expect(labelled(page, "Nom")).to_have_value("Pas léger")
    assert len(rules(page)) == 1  # nothing kept until valid
    tiers.fill("1")
    save(page)
    saved(page)
    expect(tiers).not_to_have_attribute("aria-invalid", "true")
    talent = next(r for r in rules(page) if r["systeme"] == "skillcraft")
    assert talent["entite"]["prerequis"] == "athletisme"
    assert talent["entite"]["formation"] == "melee"
    assert talent["entite"]["tiers"] == 1

    # The list, by system then kind; each rule's page renders it.
    listing = page.locator(".srd-maison-liste")
    expect(listing.locator(".srd-maison-systeme")).to_have_count(2)
    expect(listing.get_by_role("heading", name="SkillCraft")).to_be_visible()
    listing.get_by_role("link", name="Voir — Pas léger").click()
    page.wait_for_url("**/maison/voir/**")
    view = page.locator(".srd-maison-voir")
    expect(view).to_have_attribute("data-state", "pret", timeout=PYODIDE_WAIT_MS)
    expect(page.locator("h1")).to_have_text("Pas léger")
    expect(view.locator(".srd-maison-badge")).to_have_text("Règle maison")

    # Changed through « Modifier », deleted once confirmed.
    open_house(page, server)
    card = page.locator(".srd-maison-regle", has_text="Frappe du tonnerre")
    card.get_by_role("button", name="Modifier — Frappe du tonnerre").click()
    expect(labelled(page, "Nom")).to_have_value("Frappe du tonnerre")
    labelled(page, "Résumé").fill("Une frappe qui gronde.")
    save(page)
    saved(page)
    expect(status(page)).to_contain_text("mise à jour")
    assert len(rules(page)) == 2
    card.get_by_role("button", name="Supprimer — Frappe du tonnerre").click()
    page.locator("dialog.srd-confirmer").get_by_role("button", name="Supprimer").click()
    expect(card).to_have_count(0, timeout=PYODIDE_WAIT_MS)
    assert [r["entite"]["id"] for r in rules(page)] == ["pas-leger"]


def test_an_official_entity_amended_shows_its_changes(context, server):
    page = context.new_page()
    page.goto(f"{server}/divin6/atout/accointances/")
    page.get_by_role("link", name="Modifier en règle maison").click()
    page.wait_for_url("**/maison/**")
    expect(page.locator(".srd-maison")).to_have_attribute("data-state", "pret")
    expect(labelled(page, "Nom")).to_have_value("Accointances")
    expect(labelled(page, "Identifiant")).to_have_value("accointances")
    expect(labelled(page, "Identifiant")).to_have_js_property("readOnly", True)
    labelled(page, "Résumé").fill("+3 en Influence pour trouver matériel ou planques.")
    save(page)
    saved(page)
    (amended,) = rules(page)
    assert amended["base"] == "accointances"
    assert "url" not in amended["entite"]  # the export's own field is not the entity's
    key = "divin6/atout/accointances"
    item = page.locator(".srd-maison-regle", has_text="Accointances")
    switch = item.get_by_role("switch")
    expect(switch).to_be_checked()
    item.get_by_role("link", name="Voir — Accointances").click()
    view = page.locator(".srd-maison-voir")
    expect(view).to_have_attribute("data-state", "pret", timeout=PYODIDE_WAIT_MS)
    changed = view.locator("dt", has_text="Résumé")
    expect(changed.locator(".srd-maison-modifie-marque")).to_have_text("modifié")
    official = view.locator("details.srd-maison-texte-officiel")
    expect(official).to_have_count(1)
    expect(official.locator("summary")).to_have_text("Texte officiel")
    expect(view.locator("ins").first).to_be_attached()
    # Pinned to a list as an official entity is (listes.js shows the hidden button).
    expect(view.locator(f'.srd-epingler-bouton[data-cle="{key}"]')).to_be_visible()
    expect(view.get_by_role("link", name="voir la page officielle")).to_have_attribute(
        "href", re.compile(r"/divin6/atout/accointances/$")
    )
    view.get_by_role("switch").uncheck()
    expect(view.locator(".srd-maison-interrupteur")).to_contain_text("Désactivée")
    assert stored(page)["eteintes"] == [key]


def test_rules_exported_then_imported_in_a_fresh_profile(context, browser, server):
    page = context.new_page()
    keep(page, server, ATOUT, TALENT)
    with page.expect_download() as download:
        page.get_by_role("button", name="Exporter toutes les règles").click()
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert exported == {"format": 1, "regles": [ATOUT, TALENT]}

    fresh = browser.new_context(service_workers="block")
    other = fresh.new_page()
    open_house(other, server)
    import_file(other, json.dumps(exported))
    imported(other)
    expect(report(other)).to_contain_text("Règle « Frappe du tonnerre » ajoutée.")
    expect(report(other)).to_contain_text("Règle « Pas léger » ajoutée.")
    assert rules(other) == [ATOUT, TALENT]
    assert set(stored(other)["index"]) == {
        "divin6/atout/frappe-du-tonnerre",
        "skillcraft/talent/pas-leger",
    }
    # The same key again, changed: never replaced without the reader's word.
    changed = {**TALENT, "entite": {**TALENT["entite"], "resume": "Autre résumé."}}
    import_file(other, json.dumps({"format": 1, "regles": [changed]}))
    asking = other.locator("dialog.srd-confirmer")
    expect(asking).to_contain_text("« Pas léger »", timeout=PYODIDE_WAIT_MS)
    asking.get_by_role("button", name="Annuler").click()
    imported(other)
    expect(report(other)).to_contain_text("non importée : la vôtre est gardée")
    assert rules(other) == [ATOUT, TALENT]
    import_file(other, json.dumps({"format": 1, "regles": [changed]}))
    asking.get_by_role("button", name="Remplacer").click()
    expect(report(other)).to_contain_text("Règle « Pas léger » remplacée.", timeout=PYODIDE_WAIT_MS)
    assert rules(other) == [ATOUT, changed]
    fresh.close()


def test_rules_shared_by_a_link_are_kept_only_once_added(context, browser, server):
    page = context.new_page()
    keep(page, server, ATOUT, TALENT)
    page.get_by_role("button", name="Copier le lien de partage").click()
    expect(page.locator(".srd-maison-partage")).to_have_attribute(
        "data-state", "lien-pret", timeout=PYODIDE_WAIT_MS
    )
    link = page.get_by_label("Lien de partage").input_value()
    assert link.startswith(f"{server}/maison/#c=")

    fresh = browser.new_context(service_workers="block")
    other = fresh.new_page()
    other.goto(link)
    received = other.locator(".srd-maison-lien-recu")
    expect(received).to_have_attribute("data-state", "lu", timeout=PYODIDE_WAIT_MS)
    expect(received).to_contain_text("Frappe du tonnerre")
    expect(received).to_contain_text("Pas léger")
    assert "#" not in other.url  # the fragment is read once, then taken off the address
    assert rules(other) == []  # nothing kept before the reader says so
    received.get_by_role("button", name="Ajouter ces règles").click()
    expect(received).to_have_attribute("data-state", "ajoute", timeout=PYODIDE_WAIT_MS)
    assert rules(other) == [ATOUT, TALENT]
    fresh.close()


def deep(depth: int) -> str:
    entry = {**ATOUT, "entite": {**ATOUT["entite"], "condition": "@"}}
    return json.dumps({"format": 1, "regles": [entry]}).replace('"@"', "[" * depth + "]" * depth)


HOSTILE_NAME = "<img src=x onerror=alert(1)>"
# (what it is, its content, what the report says)
HOSTILE = [
    (
        "balise et __proto__",
        json.dumps(
            {
                "format": 1,
                "regles": [
                    {
                        "systeme": "divin6",
                        "genre": "atout",
                        "entite": {"id": "x", "nom": HOSTILE_NAME},
                    }
                ],
                "__proto__": {"admin": True},
            }
        ),
        "champ inconnu « __proto__ »",
    ),
    ("10 Mo", '{"format": 1, "regles": [], "x": "' + "a" * 10_000_000 + '"}', "trop gros"),
    ("imbriqué 5 000 fois", deep(5_000), "trop imbriquée"),
]


def test_hostile_files_run_nothing_lose_nothing_and_say_why(context, server):
    page = context.new_page()
    keep(page, server, ATOUT)
    before = stored(page)
    for what, content, message in HOSTILE:
        import_file(page, content)
        imported(page)
        expect(report(page)).to_contain_text(message)
        expect(report(page)).to_contain_text("Rien n'a été importé.")
        assert stored(page) == before, what
    # A rule named like markup: refused (raw HTML, as `check` refuses it), its name said as
    # text in the report, never made an element.
    named = {**TALENT, "entite": {**TALENT["entite"], "nom": HOSTILE_NAME}}
    import_file(page, json.dumps({"format": 1, "regles": [named]}))
    imported(page)
    expect(report(page)).to_contain_text(HOSTILE_NAME)
    expect(report(page)).to_contain_text("HTML brut refusé")
    assert page.locator(".srd-maison img").count() == 0
    assert stored(page) == before


def test_an_unknown_rule_says_so(context, server):
    page = context.new_page()
    page.goto(f"{server}/maison/voir/?e=divin6/atout/inconnue")
    view = page.locator(".srd-maison-voir")
    expect(view).to_have_attribute("data-state", "introuvable")
    expect(view).to_contain_text("Aucune règle maison « divin6/atout/inconnue »")
    expect(view.get_by_role("link", name="Voir vos règles maison")).to_be_visible()


def axe(page: Page) -> list[str]:
    from helpers import AXE

    page.mouse.move(0, 0)  # a hovered button is not what is measured
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async () => (await axe.run(document, { resultTypes: ["violations"] }))
            .violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}`))"""
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_both_pages_are_accessible(browser, server, scheme):
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        color_scheme=scheme,
        bypass_csp=True,  # axe is injected as a script of the test, not of the site
        service_workers="block",
    )
    page = context.new_page()
    amended = {
        "systeme": "divin6",
        "genre": "atout",
        "base": "accointances",
        "entite": {
            **ATOUT["entite"],
            "id": "accointances",
            "nom": "Accointances",
            "prerequis": {"caracteristiques": [{"caracteristique": "charisme", "min": 1}]},
        },
        "modifie": DATE,
    }
    keep(page, server, ATOUT, TALENT, amended)
    # The form with its messages: a required field left empty, said at its field.
    choose(page, "skillcraft", "talent")
    form(page).get_by_role("button", name="Ajouter — Condition").click()
    save(page)
    saved(page, "erreurs")
    assert not axe(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.goto(f"{server}/maison/voir/?e=divin6/atout/accointances")
    expect(page.locator(".srd-maison-voir")).to_have_attribute(
        "data-state", "pret", timeout=PYODIDE_WAIT_MS
    )
    page.locator("details.srd-maison-texte-officiel").first.locator("summary").click()
    assert not axe(page)
    context.close()


TALENT_YAML = """\
- id: pas-de-velours
  nom: Pas de velours
  resume: Marche sans bruit, même sur le gravier.
  tiers: 0
  prerequis: athletisme
  achats_multiples: false
  maitrises: [bottes souples]
  description: |
    Le personnage marche sans bruit.
"""


def test_yaml_pasted_fills_the_form_and_a_full_storage_loses_nothing(context, server):
    page = context.new_page()
    open_house(page, server)
    choose(page, "skillcraft", "talent")
    page.get_by_text("Coller du YAML ou du JSON").click()
    page.get_by_label("Texte YAML ou JSON").fill("nom: [non fermé")
    page.get_by_role("button", name="Lire dans le formulaire").click()
    said = page.locator(".srd-maison-yaml-etat")
    expect(said).to_contain_text("Texte illisible")
    expect(labelled(page, "Nom")).to_have_value("")
    page.get_by_label("Texte YAML ou JSON").fill(TALENT_YAML)
    page.get_by_role("button", name="Lire dans le formulaire").click()
    expect(said).to_contain_text("Formulaire rempli")
    expect(labelled(page, "Nom")).to_have_value("Pas de velours")
    expect(labelled(page, "Identifiant")).to_have_value("pas-de-velours")
    expect(labelled(page, "Talent requis")).to_have_value("athletisme")
    expect(labelled(page, "Maîtrise n° 1")).to_have_value("bottes souples")
    # The storage full: said, nothing kept, the form still filled.
    from helpers import fill_local_storage

    fill_local_storage(page)
    save(page)
    saved(page, "erreurs")
    expect(status(page)).to_contain_text("Le stockage de ce navigateur est plein")
    expect(status(page)).to_contain_text("le formulaire garde ce que vous avez écrit")
    expect(labelled(page, "Nom")).to_have_value("Pas de velours")
    assert rules(page) == []
    page.evaluate("localStorage.clear()")
    save(page)
    saved(page)
    (talent,) = rules(page)
    assert talent["entite"]["maitrises"] == ["bottes souples"]
    assert talent["entite"]["description"] == "Le personnage marche sans bruit.\n"


def test_a_name_that_looks_like_an_official_one_is_kept_only_if_the_gm_says_so(context, server):
    """« Accointances » written with a Cyrillic « о » and an invisible space: the form warns
    and asks; « Annuler » keeps nothing, « Enregistrer quand même » keeps the rule."""
    page = context.new_page()
    open_house(page, server)
    choose(page, "divin6", "atout")
    labelled(page, "Nom").fill("Accointances".replace("o", "\u043e") + "\u200b")
    labelled(page, "Identifiant").fill("accointances-bis")
    labelled(page, "Résumé").fill("Des amis partout.")
    labelled(page, "Catégorie").select_option(label="aventure")
    labelled(page, "Description").fill("Le personnage connaît du monde.")
    labelled(page, "Règle de prise").fill("une seule fois")
    save(page)
    question = page.locator("dialog.srd-confirmer")
    expect(question).to_contain_text(
        "ressemble à s'y méprendre au nom de l'entité officielle « Accointances »",
        timeout=PYODIDE_WAIT_MS,
    )
    question.get_by_role("button", name="Annuler").click()
    expect(status(page)).to_contain_text("Règle non enregistrée : changez son nom")
    assert rules(page) == []
    save(page)
    question.get_by_role("button", name="Enregistrer quand même").click()
    saved(page)
    (kept,) = rules(page)
    assert kept["entite"]["id"] == "accointances-bis"
