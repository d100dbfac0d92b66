"""« Mes personnages » in Chromium: a character saved from its calculator, listed, opened
again in a new page (and in the SkillCraft planner), exported, deleted and imported back
identical; bad files refused with their messages, the stored characters untouched; the
storage refused by the browser, or holding what this code cannot read (kept as is); a
character opened again in a new tab, its name in the save box and on its printed sheets. The characters use the data's own atouts, talents… (the
queries come from tests/characters.json)."""

from __future__ import annotations

import io
import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from helpers import fill_local_storage
from playwright.sync_api import Page, expect
from pypdf import PdfReader

pytestmark = pytest.mark.browser

PYODIDE_WAIT_MS = 60_000  # a cold Pyodide start on a loaded 2-core machine
KEY = "srd-personnages"
LIST = "/personnages/"

# (system, sheet calculator, a real query from tests/characters.json, the summary shown)
CHARACTERS = {
    "skillcraft": (
        "fiche",
        {
            "dons": "talentueux",
            "handicaps": "abruti",
            "talents": "melee,resistance,athletisme,acrobaties,formation-martiale,discipline,vigilance",
        },
        "Niveau 0, tiers 0",
    ),
    "divin6": (
        "feuille",
        {
            "atouts": "metier des armes, expertise du combat",
            "classes": "combattant",
            "equipement": "arc, espadon, pavois, monture d'expert",
        },
        "Niveau 1",
    ),
    "talon": ("creation", {"archetype": "survivant"}, "Archétype : Survivant"),
    "undesix": (
        "creation",
        {
            "bonus_essences": "30",
            "bonus_verbe": "10",
            "dex": "2",
            "essences": "Feu",
            "mode": "creation-de-super-heros",
            "phy": "8",
            "psy": "4",
            "sav": "3",
            "sens": "3",
            "verbe": "creer",
        },
        "Création : Création de super-héros",
    ),
}


@pytest.fixture
def context(quiet_profile):
    return quiet_profile  # tests/conftest.py


def stored(page: Page) -> list[dict]:
    text = page.evaluate(f"localStorage.getItem('{KEY}')")
    return json.loads(text)["personnages"] if text else []


def save(page: Page, server: str, system: str, calc: str, query: dict, name: str) -> None:
    """Open the calculator with this query, save the character under `name`."""
    page.goto(
        f"{server}/{system}/calculateurs/{calc}/?" + "&".join(f"{k}={v}" for k, v in query.items())
    )
    box = page.locator(".srd-personnage-enregistrer")
    box.get_by_label("Nom du personnage").fill(name)
    box.get_by_role("button", name="Enregistrer le personnage").click()
    expect(box.locator(".srd-personnage-etat")).to_contain_text(
        f"« {name} »", timeout=PYODIDE_WAIT_MS
    )


def card(page: Page, name: str):
    return page.locator(".srd-personnage", has=page.get_by_role("heading", name=name, exact=True))


def export(page: Page, button) -> dict:
    with page.expect_download() as download:
        button.click()
    return json.loads(open(download.value.path(), encoding="utf-8").read())


def import_file(page: Page, content: str) -> None:
    page.set_input_files(
        "#srd-personnages-fichier",
        {"name": "personnages.json", "mimeType": "application/json", "buffer": content.encode()},
    )


def report(page: Page):
    return page.locator(".srd-personnages-rapport")


def round_trip(context, server: str, system: str, name: str) -> dict:
    """Saved, listed in a new page, exported, deleted, imported back: the same record."""
    calc, query, summary = CHARACTERS[system]
    page = context.new_page()
    save(page, server, system, calc, query, name)
    listing = context.new_page()  # a new page reads what the first one saved
    listing.goto(server + LIST)
    item = card(listing, name)
    expect(item).to_contain_text(summary)
    before = [c for c in stored(listing) if c["nom"] == name]
    assert len(before) == 1
    saved = before[0]
    sheet = parse_qs(urlsplit(item.get_by_role("link").first.get_attribute("href")).query)
    for field, value in query.items():
        assert sheet[field] == [value], field
    exported = export(listing, item.get_by_role("button", name=f"Exporter — {name}"))
    assert exported["format"] == 1
    assert exported["personnages"][0]["personnage"] == saved["personnage"]
    item.get_by_role("button", name=f"Supprimer — {name}").click()
    expect(item).to_have_count(0)
    assert not [c for c in stored(listing) if c["nom"] == name]
    import_file(listing, json.dumps(exported))
    expect(report(listing)).to_contain_text("1 personnage importé", timeout=PYODIDE_WAIT_MS)
    after = [c for c in stored(listing) if c["nom"] == name]
    assert len(after) == 1
    assert {k: v for k, v in after[0].items() if k != "id"} == {
        k: v for k, v in saved.items() if k != "id"
    }
    return after[0]


def test_skillcraft_character_saved_planned_exported_and_imported_back(context, server):
    record = round_trip(context, server, "skillcraft", "Kara")
    page = context.new_page()
    page.goto(server + LIST)
    # The planner opens on the saved character's talents and tier.
    card(page, "Kara").get_by_role("link", name="Planificateur de talents — Kara").click()
    page.wait_for_url("**/skillcraft/calculateurs/planificateur/**")
    talents = CHARACTERS["skillcraft"][1]["talents"]
    expect(page.locator("#planificateur-possedes")).to_have_value(talents)
    expect(page.locator(".srd-calc")).to_have_attribute("data-state", "ok", timeout=PYODIDE_WAIT_MS)
    box = page.locator(".srd-personnage-enregistrer")
    expect(box.get_by_label("Nom du personnage")).to_have_value("Kara")
    # A talent bought in the planner, saved: the sheet's character has it.
    page.locator("#planificateur-possedes").fill(talents + ", Survie")
    box.get_by_role("button", name="Enregistrer le personnage").click()
    expect(box.locator(".srd-personnage-etat")).to_contain_text(
        "« Kara » mis à jour", timeout=PYODIDE_WAIT_MS
    )
    (kept,) = [c for c in stored(page) if c["nom"] == "Kara"]
    assert kept["id"] == record["id"]
    assert kept["requetes"]["fiche"]["talents"] == talents + ", Survie"
    assert kept["personnage"]["personnage"]["dons"] == ["talentueux"]  # the rest is kept


@pytest.mark.parametrize("system", ["divin6", "talon", "undesix"])
def test_character_round_trip(context, server, system):
    round_trip(context, server, system, f"Essai {system}")


def test_bad_files_are_refused_and_nothing_stored_changes(context, server):
    page = context.new_page()
    calc, query, _ = CHARACTERS["divin6"]
    save(page, server, "divin6", calc, query, "Aldo")
    page.goto(server + LIST)
    before = stored(page)
    newer = json.dumps({"format": 2, "personnages": []})
    for content, message in [
        ('{"format": 1, "personnages": [', "ce n'est pas du JSON"),
        (newer, "format 2, plus récent"),
        ('{"personnages": []}', "sans numéro de format"),
    ]:
        import_file(page, content)
        expect(report(page)).to_contain_text("Import refusé", timeout=PYODIDE_WAIT_MS)
        expect(report(page)).to_contain_text(message)
        assert stored(page) == before


def test_unknown_entities_are_named_per_character_and_field(context, server):
    page = context.new_page()
    page.goto(server + LIST)
    character = {"format": 1, "systeme": "skillcraft", "calculateur": "fiche"}
    good = {**character, "personnage": {"talents": ["melee"]}}
    wrong = {**character, "personnage": {"talents": "melee, Vol plané", "dons": ["ubiquite"]}}
    divin = {"format": 1, "systeme": "divin6", "calculateur": "feuille"}
    wrong_atout = {**divin, "personnage": {"atouts": "tir rapide, lancer de foudre"}}
    content = json.dumps(
        {
            "format": 1,
            "personnages": [
                {"nom": "Bon", "personnage": good},
                {"nom": "Ailé", "personnage": wrong},
                {"nom": "Foudre", "personnage": wrong_atout},
            ],
        }
    )
    import_file(page, content)
    lines = page.locator(".srd-personnages-problemes li")
    expect(lines.first).to_be_visible(timeout=PYODIDE_WAIT_MS)
    texts = [re.sub(r"\s", " ", t) for t in lines.all_text_contents()]  # spaces: no-break
    # Every field in error, the data's own names in the messages.
    ailé = "Personnage 2 « Ailé » (SkillCraft), champ"
    assert any(f"{ailé} « Dons en plus » : Valeur inconnue : ubiquite" in t for t in texts), texts
    assert any(f"{ailé} « Talents acquis » : Talent inconnu : « Vol plané »" in t for t in texts)
    foudre = "Personnage 3 « Foudre » (Divin (6)thème), champ « Atouts » : Atout inconnu"
    assert any(foudre in t for t in texts), texts
    assert len(texts) == 3, texts
    expect(report(page)).to_contain_text("1 personnage importé : « Bon »")
    assert [c["nom"] for c in stored(page)] == ["Bon"]


def test_a_name_clash_adds_a_number_and_format_0_is_migrated(context, server):
    page = context.new_page()
    page.goto(server + LIST)
    character = {"format": 1, "systeme": "talon", "calculateur": "creation", "personnage": {}}
    file = {"format": 1, "personnages": [{"nom": "Ysé", "personnage": character}]}
    import_file(page, json.dumps(file))
    expect(report(page)).to_contain_text("« Ysé »", timeout=PYODIDE_WAIT_MS)
    import_file(page, json.dumps(file))
    expect(report(page)).to_contain_text("« Ysé (2) »", timeout=PYODIDE_WAIT_MS)
    import_file(page, json.dumps([character]))  # format 0: a bare list of characters
    expect(report(page)).to_contain_text("« Personnage importé 1 »", timeout=PYODIDE_WAIT_MS)
    assert sorted(c["nom"] for c in stored(page)) == ["Personnage importé 1", "Ysé", "Ysé (2)"]


def test_duplicate_rename_delete_undo_and_print_link(context, server):
    page = context.new_page()
    calc, query, _ = CHARACTERS["undesix"]
    save(page, server, "undesix", calc, query, "Nox")
    page.goto(server + LIST)
    card(page, "Nox").get_by_role("button", name="Dupliquer — Nox").click()
    expect(card(page, "Nox (2)")).to_have_count(1)
    copy = card(page, "Nox (2)")
    copy.get_by_role("button", name="Renommer — Nox (2)").click()
    copy.get_by_label("Nouveau nom").fill("Nyx")
    copy.get_by_role("button", name="Valider").click()
    expect(card(page, "Nyx")).to_have_count(1)
    card(page, "Nyx").get_by_role("button", name="Supprimer — Nyx").click()
    expect(card(page, "Nyx")).to_have_count(0)
    page.get_by_role("button", name="Annuler la suppression").click()
    expect(card(page, "Nyx")).to_have_count(1)
    assert sorted(c["nom"] for c in stored(page)) == ["Nox", "Nyx"]
    printing = card(page, "Nox").get_by_role("link", name="Imprimer la fiche — Nox")
    href = printing.get_attribute("href")
    assert href.startswith("../undesix/calculateurs/creation/imprimer/?"), href
    assert parse_qs(urlsplit(href).query)["essences"] == ["Feu"]


def test_a_name_already_taken_is_replaced_only_once_confirmed(context, server):
    """Another tab saves under a name already kept: the site's dialog asks first."""
    calc, query, _ = CHARACTERS["undesix"]
    save(context.new_page(), server, "undesix", calc, query, "Nox")
    page = context.new_page()  # a new tab: « Nox » is not the character it works on
    page.goto(
        f"{server}/undesix/calculateurs/{calc}/?" + "&".join(f"{k}={v}" for k, v in query.items())
    )
    box = page.locator(".srd-personnage-enregistrer")
    box.get_by_label("Nom du personnage").fill("Nox")
    asking = page.locator("dialog.srd-confirmer")
    state = box.locator(".srd-personnage-etat")
    box.get_by_role("button", name="Enregistrer le personnage").click()
    expect(asking).to_contain_text("Un personnage «\u202fNox\u202f» est déjà enregistré")
    asking.get_by_role("button", name="Annuler").click()
    expect(state).to_have_text("Rien n'a été enregistré\u00a0: choisissez un autre nom.")
    expect(box.get_by_role("button", name="Enregistrer le personnage")).to_be_focused()
    box.get_by_role("button", name="Enregistrer le personnage").click()
    asking.get_by_role("button", name="Remplacer").click()
    expect(state).to_contain_text("« Nox » mis à jour", timeout=PYODIDE_WAIT_MS)
    assert [c["nom"] for c in stored(page)] == ["Nox"]


def test_storage_refused_says_so_and_the_address_still_keeps_the_values(browser, server):
    context = browser.new_context(service_workers="block")
    context.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() {"
        " throw new DOMException('refusé', 'SecurityError'); }});"
    )
    page = context.new_page()
    page.goto(f"{server}/talon/calculateurs/creation/")
    state = page.locator(".srd-personnage-etat")
    expect(state).to_contain_text("stockage de ce navigateur est indisponible")
    page.locator("#creation-archetype").select_option("survivant")
    expect(page).to_have_url(re.compile("archetype=survivant"))
    page.get_by_label("Nom du personnage").fill("Ysé")
    page.get_by_role("button", name="Enregistrer le personnage").click()
    expect(state).to_contain_text("le personnage n'est pas enregistré")
    expect(state).to_contain_text("l'adresse de la page garde vos valeurs")
    page.goto(server + LIST)
    expect(page.locator(".srd-personnages-etat")).to_contain_text("indisponible")
    context.close()


# A store this code cannot read: written by a newer version of the site, or broken.
UNREADABLE_STORES = ['{"format": 99, "personnages": {"x": 1}}', '{"format": 1, "personnages": [']
UNREADABLE = "Ce que ce navigateur garde des personnages est illisible : il est gardé tel quel"


def kept_text(page: Page) -> str | None:
    return page.evaluate(f"localStorage.getItem('{KEY}')")


def said(locator) -> str:
    """A message as read, its no-break spaces as spaces."""
    return re.sub(r"\s", " ", locator.inner_text())


@pytest.mark.parametrize("content", UNREADABLE_STORES, ids=["newer", "invalid-json"])
def test_an_unreadable_store_is_said_and_never_written_over(context, server, content):
    page = context.new_page()
    page.goto(server + LIST)
    page.evaluate(f"localStorage.setItem('{KEY}', {json.dumps(content)})")
    page.goto(server + LIST)
    status = page.locator(".srd-personnages-etat")
    expect(status).to_contain_text("est illisible")
    assert said(status).startswith(UNREADABLE), said(status)
    assert "Aucun personnage" not in said(status)
    expect(page.locator(".srd-personnage")).to_have_count(0)
    assert kept_text(page) == content
    calc, query, _ = CHARACTERS["talon"]
    page.goto(f"{server}/talon/calculateurs/{calc}/?archetype={query['archetype']}")
    box = page.locator(".srd-personnage-enregistrer")
    state = box.locator(".srd-personnage-etat")
    expect(state).to_contain_text("est illisible")  # said as soon as the box is shown
    box.get_by_label("Nom du personnage").fill("Lyra")
    box.get_by_role("button", name="Enregistrer le personnage").click()
    expect(state).to_contain_text("n'est donc pas enregistré", timeout=PYODIDE_WAIT_MS)
    text = said(state)
    assert text.startswith(UNREADABLE), text
    assert "navigation privée" not in text and "moteur" not in text, text
    assert kept_text(page) == content


def test_a_reopened_character_keeps_its_name_in_the_box_and_on_both_sheets(context, server):
    """Opened again in a new tab (whose session knows no character), « Lyra » is the
    character the calculator works on: its name in the box, on the printed sheet from the
    calculator and from « Mes personnages », and saving again updates it without asking."""
    calc, query, _ = CHARACTERS["talon"]
    save(context.new_page(), server, "talon", calc, query, "Lyra")
    listing = context.new_page()
    listing.goto(server + LIST)
    with context.expect_page() as opened:
        link = card(listing, "Lyra").get_by_role("link", name="Création de personnage — Lyra")
        link.click(modifiers=["Control"])  # a new tab
    page = opened.value
    box = page.locator(".srd-personnage-enregistrer")
    expect(box.get_by_label("Nom du personnage")).to_have_value("Lyra")
    expect(page.locator(".srd-calc")).to_have_attribute("data-state", "ok", timeout=PYODIDE_WAIT_MS)
    box.get_by_role("button", name="Enregistrer le personnage").click()
    expect(box.locator(".srd-personnage-etat")).to_contain_text(
        "« Lyra » mis à jour", timeout=PYODIDE_WAIT_MS
    )
    expect(page.locator("dialog.srd-confirmer")).to_have_count(0)  # never asked
    assert [c["nom"] for c in stored(page)] == ["Lyra"]
    # The calculator's printed sheet.
    page.get_by_role("link", name="Imprimer la fiche", exact=True).click()
    expect(page.locator(".srd-fiche")).to_have_attribute(
        "data-state", "ok", timeout=PYODIDE_WAIT_MS
    )
    expect(page.locator(".srd-fiche-nom")).to_have_text("Lyra")
    # The one of « Mes personnages », printed.
    card(listing, "Lyra").get_by_role("link", name="Imprimer la fiche — Lyra").click()
    sheet = listing.locator(".srd-fiche")
    expect(sheet).to_have_attribute("data-state", "ok", timeout=PYODIDE_WAIT_MS)
    expect(listing.locator(".srd-fiche-nom")).to_have_text("Lyra")
    pdf = PdfReader(io.BytesIO(listing.pdf(format="A4")))
    printed = re.sub(r"\s+", " ", " ".join(one.extract_text() for one in pdf.pages))
    assert "Nom : Lyra" in printed, printed[:300]
    # Back to the calculator from the sheet: the same character.
    listing.get_by_role("link", name="Revenir au calculateur").click()
    expect(listing.get_by_label("Nom du personnage")).to_have_value("Lyra")


def test_storage_full_still_lists_the_characters_and_a_write_says_full(context, server):
    page = context.new_page()
    calc, query, summary = CHARACTERS["talon"]
    save(page, server, "talon", calc, query, "Ysé")
    fill_local_storage(page)
    before = stored(page)
    box = page.locator(".srd-personnage-enregistrer")
    box.get_by_label("Nom du personnage").fill("Autre")
    box.get_by_role("button", name="Enregistrer le personnage").click()
    expect(box.locator(".srd-personnage-etat")).to_have_text(
        re.compile("^Le stockage de ce navigateur est plein.: le personnage n'est pas enregistré"),
        timeout=PYODIDE_WAIT_MS,
    )
    page.goto(server + LIST)
    expect(card(page, "Ysé")).to_contain_text(summary)
    import_file(page, json.dumps(exported_file("Ysa")))
    expect(report(page)).to_have_text(
        re.compile("^Le stockage de ce navigateur est plein.: rien n'a été importé.$"),
        timeout=PYODIDE_WAIT_MS,
    )
    assert stored(page) == before


def exported_file(*names: str) -> dict:
    """A file of Talon characters (the data's own archetype), one per name."""
    character = {"format": 1, "systeme": "talon", "calculateur": "creation", "personnage": {}}
    return {"format": 1, "personnages": [{"nom": n, "personnage": character} for n in names]}


def nested_in_a_field(depth: int) -> str:
    character = {"format": 1, "systeme": "talon", "calculateur": "creation", "personnage": "@"}
    file = {"format": 1, "personnages": [{"nom": "Abîme", "personnage": character}]}
    return json.dumps(file).replace('"@"', "[" * depth + "]" * depth)


# (what the file is, its content, what the report says): generated here, each one hostile.
HOSTILE_CHARACTERS = [  # two in a row never get the same message
    # Killed Pyodide: « Maximum call stack size exceeded », and the same after a reload.
    ("imbriqué 3 000 fois", nested_in_a_field(3_000), "Fichier trop imbriqué"),
    # 1,1 Mo: froze the tab, then refused by the storage with its generic message.
    (
        "10 000 personnages",
        json.dumps(exported_file(*(f"P{n}" for n in range(10_000)))),
        "Fichier trop long : 10000 personnages, pour 500 au plus par fichier.",
    ),
    ("imbriqué 50 000 fois", "[" * 50_000 + "]" * 50_000, "Fichier trop imbriqué"),
]


def test_hostile_character_files_are_refused_in_french_and_nothing_is_saved(context, server):
    """Hostile input: each file is refused before it is read, and
    the engine goes on reading the next one."""
    page = context.new_page()
    page.goto(server + LIST)
    import_file(page, json.dumps(exported_file("Ysé")))
    expect(report(page)).to_contain_text("1 personnage importé", timeout=PYODIDE_WAIT_MS)
    before = stored(page)
    for what, content, message in HOSTILE_CHARACTERS:
        import_file(page, content)
        expect(report(page)).to_contain_text(message, timeout=PYODIDE_WAIT_MS)
        said = re.sub(r"\s", " ", report(page).inner_text())
        assert said.startswith(f"Import refusé : {message}"), (what, said)
        assert said.endswith("Rien n'a été importé."), (what, said)
        assert stored(page) == before, what
    import_file(page, json.dumps(exported_file("Ysa")))
    expect(report(page)).to_contain_text("1 personnage importé : « Ysa »")
    assert [c["nom"] for c in stored(page)] == ["Ysé", "Ysa"]


RECORD = {  # as the engine writes it (engine/saved.py record), with a long name
    "id": "essai",
    "nom": "Kara l'Infatigable, fille de la Marche du Nord et des Collines Grises",
    "modifie": "2026-11-25T20:00:00.000Z",
    "systeme": "skillcraft",
    "resume": "Niveau 0, tiers 0",
    "requetes": {"fiche": {"talents": "melee"}, "planificateur": {"possedes": "melee"}},
    "personnage": {"format": 1, "systeme": "skillcraft", "calculateur": "fiche", "personnage": {}},
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_list_is_accessible_and_fits_a_phone(browser, server, scheme, tmp_path):
    from helpers import AXE

    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        color_scheme=scheme,
        bypass_csp=True,  # axe is injected as a script of the test, not of the site
        service_workers="block",
    )
    stored_file = json.dumps({"format": 1, "personnages": [RECORD]})
    context.add_init_script(f"localStorage.setItem({KEY!r}, {json.dumps(stored_file)});")
    page = context.new_page()
    page.goto(server + LIST)
    item = card(page, RECORD["nom"])
    item.get_by_role("button", name="Renommer").click()  # its form open too
    page.mouse.move(0, 0)  # a hovered button is not what is measured
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate(
        """async () => (await axe.run(document, { resultTypes: ["violations"] }))
            .violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}`))"""
    )
    assert not violations, violations
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=tmp_path / f"personnages-{scheme}.png", full_page=True)
    context.close()
