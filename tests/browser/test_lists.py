"""At the table, the GM's lists (page « Mes listes », assets/listes.js) and their
cards (generator/pipeline/cartes.py), in Debian's Chromium on the built site."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from helpers import AXE, fill_local_storage
from playwright.sync_api import expect
from pypdf import PdfReader

from generator.pipeline import schemas

pytestmark = pytest.mark.browser

STORE = "srd-listes"
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    yield context
    context.close()


@pytest.fixture
def page(context):
    """A fresh page; at the end, no error in its console."""
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    assert not errors, errors


@pytest.fixture(scope="module")
def cards(site: Path) -> dict[str, dict]:
    return json.loads((site / "assets" / "cartes.json").read_text(encoding="utf-8"))["cartes"]


def stored(page) -> str | None:
    return page.evaluate(f"localStorage.getItem('{STORE}')")


def lists_of(page) -> list[dict]:
    return json.loads(stored(page) or '{"listes": []}')["listes"]


def store(page, server: str, lists: list[dict]) -> None:
    page.goto(f"{server}/listes/")
    page.evaluate(
        "([key, lists]) => localStorage.setItem(key, JSON.stringify({format: 1, listes: lists}))",
        [STORE, lists],
    )


def open_list(page, server: str, name: str) -> None:
    page.goto(f"{server}/listes/?liste={name}")
    page.wait_for_selector(".srd-listes[data-pret]")


def test_the_card_index_labels_fields_with_the_schemas_french_titles(cards):
    # The French words of the schemas: a field's title, an index column's header.
    kinds = [k for s in schemas.systems_with_schemas() for k in schemas.kinds(s).values()]
    titles = {spec["title"] for kind in kinds for spec in kind.schema["properties"].values()}
    titles |= {title for kind in kinds for _, title in kind.columns}
    assert len(cards) > 1000
    for key, card in cards.items():
        assert set(card.get("f", {})) <= titles, key
        assert card["e"] and "{@" not in card["e"] and "**" not in card["e"], key
    assert cards["skillcraft/talent/acrobaties"]["f"]["Tiers"] == "0"
    # A cost per level, read from a list of objects, reads as the index column shows it.
    assert cards["talon/atout/arcaniste"]["f"]["Coût (XP) par niveau"] == "0 / 15 / 20 / 40"


def test_pin_from_an_entity_page_a_search_hit_and_a_finder_card(page, server):
    """On a fresh profile the first tap pins too (it opened the dialog): into a first
    list, renamed on its page, where every later tap pins."""
    page.goto(f"{server}/skillcraft/talent/acrobaties/")
    first = page.locator(".srd-epingler .srd-epingler-bouton")
    first.click()
    expect(first).to_have_text("Épinglé")
    expect(page.locator("dialog.srd-epingler-dialogue")).to_have_count(0)
    note = page.locator(".srd-epingle-note")
    expect(note).to_contain_text("Dans «\u00a0Ma liste\u00a0», nouvelle liste.")
    assert lists_of(page) == [{"nom": "Ma liste", "ids": ["skillcraft/talent/acrobaties"]}]
    note.get_by_role("link", name="Renommer la liste «\u00a0Ma liste\u00a0»").click()
    page.wait_for_selector(".srd-listes[data-pret]")
    page.get_by_label("Nom de la liste").fill("Scénario du 12")
    page.get_by_role("button", name="Renommer").click()
    expect(page.get_by_role("heading", name="Scénario du 12", exact=True)).to_be_visible()
    # A search hit, from a page of its system (a system's own hits come first there).
    page.goto(f"{server}/divin6/")
    page.keyboard.press("s")
    page.keyboard.type("peuple")
    hit = page.locator(
        '.md-search-result__item .srd-epingler-bouton[data-cle="divin6/atout/peuple"]'
    )
    expect(hit).to_be_visible(timeout=15_000)
    # One tap pins into the list used last.
    hit.click()
    expect(hit).to_have_text("Épinglé")
    # « Épinglé » opens the dialog; Escape closes the dialog, not the search under it.
    hit.click()
    dialog = page.locator("dialog.srd-epingler-dialogue")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_label(re.compile(r"^ ?Scénario du 12 \("))).to_be_checked()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("[data-md-toggle=search]")).to_be_checked()  # the search stays open
    # A finder card.
    page.goto(f"{server}/trouver/?s=talon&q=endurance")
    card = page.locator('.srd-carte .srd-epingler-bouton[data-cle="talon/piste/endurance"]')
    card.click()
    expect(card).to_have_text("Épinglé")
    assert lists_of(page) == [
        {
            "nom": "Scénario du 12",
            "ids": ["skillcraft/talent/acrobaties", "divin6/atout/peuple", "talon/piste/endurance"],
        }
    ]
    open_list(page, server, "Scénario du 12")
    names = page.locator(".srd-carte-mj h3").all_inner_texts()
    assert names[0] == "Acrobaties" and "Endurance" in names and "Peuple (Atout double)" in names


def twelve(cards: dict[str, dict]) -> list[str]:
    """The longest effect of the data, then eleven short ones: twelve entities, three systems."""
    longest = max(cards, key=lambda key: len(cards[key]["e"]))
    chosen = [longest]
    systems = [longest.split("/")[0]] + [
        s for s in ("divin6", "skillcraft", "talon") if s not in longest
    ]
    for system in systems[:3]:
        wanted = 4 if system != systems[0] else 3
        short = sorted(
            k for k, c in cards.items() if k.startswith(system + "/") and 150 < len(c["e"]) < 400
        )
        chosen += [k for k in short if k not in chosen][:wanted]
    return chosen


def squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_twelve_entities_print_as_two_a4_pages_of_nine_cards_with_nothing_cut(page, server, cards):
    ids = twelve(cards)
    assert len(ids) == 12 and len({i.split("/")[0] for i in ids}) == 3
    store(page, server, [{"nom": "Table", "ids": ids}])
    open_list(page, server, "Table")
    pdf = PdfReader(io.BytesIO(page.pdf(format="A4")))
    assert len(pdf.pages) == 2
    for sheet in pdf.pages:  # A4: 595 × 842 points
        assert (
            round(float(sheet.mediabox.width)) == 596 and round(float(sheet.mediabox.height)) == 843
        )
    pages_text = [squeeze(sheet.extract_text()) for sheet in pdf.pages]
    printed = "".join(pages_text)
    shown = page.locator(".srd-carte-mj").evaluate_all(
        "cards => cards.map((c) => [c.dataset.cle, c.querySelector('h3').textContent, c.dataset.effet])"
    )
    assert 12 < len(shown) <= 18
    # Nine cards on the first page, the others on the second.
    assert all(squeeze(title) in pages_text[0] for _, title, _ in shown[:9])
    assert all(squeeze(title) in pages_text[1] for _, title, _ in shown[9:])
    for key in ids:
        parts = [effect for cle, _, effect in shown if cle == key]
        assert " ".join(parts) == cards[key]["e"], key  # nothing left out, nothing added
        assert squeeze(cards[key]["n"]) in printed, key
        for part in parts:
            assert squeeze(part) in printed, (key, part)
    # The longest effect goes on to « suite » cards.
    assert sum(1 for cle, _, _ in shown if cle == ids[0]) >= 2
    assert f"{cards[ids[0]]['n']} (suite)" in [title for _, title, _ in shown]
    # And no card overflows its 63 × 88 mm on paper.
    page.emulate_media(media="print")
    overflowing = page.locator(".srd-carte-mj").evaluate_all(
        "cards => cards.filter((c) => c.scrollHeight > c.clientHeight).map((c) => c.dataset.cle)"
    )
    assert not overflowing
    size = page.locator(".srd-carte-mj").first.bounding_box()
    assert round(size["width"] / 96 * 25.4) == 63 and round(size["height"] / 96 * 25.4) == 88


def test_a_shared_link_shows_the_list_and_saves_it_without_overwriting(browser, server):
    ids = ["skillcraft/talent/acrobaties", "divin6/atout/peuple", "talon/piste/endurance"]
    first = browser.new_context(service_workers="block")
    page = first.new_page()
    store(page, server, [{"nom": "Sorts de Chloé", "ids": ids}])
    open_list(page, server, "Sorts de Chloé")
    link = page.get_by_label("Lien de partage").input_value()
    first.close()
    assert "ids=" in link
    other = browser.new_context(service_workers="block")  # another reader: nothing stored
    page = other.new_page()
    for expected in ("Sorts de Chloé", "Sorts de Chloé (2)"):
        page.goto(link)
        expect(page.get_by_role("heading", name="Liste partagée : Sorts de Chloé")).to_be_visible()
        # The cards come once the card file is read, after the heading: wait for them.
        expect(page.locator(".srd-carte-mj h3").first).to_have_text("Acrobaties")
        page.get_by_role("button", name="Enregistrer dans mes listes").click()
        expect(page.get_by_role("heading", name=expected, exact=True)).to_be_visible()
    assert lists_of(page) == [
        {"nom": "Sorts de Chloé", "ids": ids},
        {"nom": "Sorts de Chloé (2)", "ids": ids},
    ]
    other.close()


def fr(number: int) -> str:
    """A number as the page writes it (toLocaleString("fr-FR")): 10 000."""
    return f"{number:,}".replace(",", "\u202f")


def share_bound(page, server: str) -> int:
    """The most entities a share link carries (assets/lib/listes.js, SHARE_MAX_IDS)."""
    return page.evaluate(
        "async (src) => (await import(src)).SHARE_MAX_IDS", f"{server}/assets/lib/listes.js"
    )


def test_a_long_list_shares_in_the_fragment_and_past_the_bound_no_link_is_made(
    browser, server, cards
):
    """A list of 10 000 entities made a 109 000-character address: a static host answers
    414 and the page waited forever. The entities now go in the fragment, never sent."""
    first = browser.new_context(service_workers="block")
    page = first.new_page()
    page.goto(f"{server}/listes/")
    bound = share_bound(page, server)
    known = sorted(cards)[:10]
    ids = known + [f"skillcraft/talent/absent-{n}" for n in range(bound - len(known))]
    store(page, server, [{"nom": "Longue", "ids": ids}, {"nom": "Trop", "ids": ids + ["x/y/z"]}])
    open_list(page, server, "Longue")
    link = page.get_by_label("Lien de partage").input_value()
    assert link.startswith(f"{server}/listes/#nom=Longue&ids=") and "?" not in link
    assert len(link) > 8_192  # past what a host takes in a request line
    open_list(page, server, "Trop")
    expect(page.get_by_label("Lien de partage")).to_have_count(0)
    expect(page.locator(".srd-listes-partage")).to_have_text(
        f"Pas de lien de partage\u00a0: cette liste a {fr(bound + 1)}\u00a0entités, un lien en "
        f"porte {fr(bound)} au plus\u00a0; partagez-la plutôt en fichier "
        "(«\u00a0Exporter cette liste\u00a0»)."
    )
    first.close()
    other = browser.new_context(service_workers="block")
    page = other.new_page()
    page.goto(link)
    expect(page.get_by_role("heading", name="Liste partagée : Longue")).to_be_visible()
    expect(page.get_by_role("heading", name=f"Entités ({bound})")).to_be_visible()
    page.get_by_role("button", name="Enregistrer dans mes listes").click()
    expect(page.get_by_role("heading", name="Longue", exact=True)).to_be_visible()
    assert lists_of(page) == [{"nom": "Longue", "ids": known}]
    other.close()


def test_a_received_link_past_the_bound_is_refused_in_french(page, server):
    ids = ",".join(f"skillcraft/talent/t{n}" for n in range(10_000))
    page.goto(f"{server}/listes/#nom=Tout&ids={ids}")
    bound = share_bound(page, server)
    expect(page.locator(".srd-listes-etat")).to_have_text(
        f"Ce lien de partage porte {fr(10_000)}\u00a0entités, pour {fr(bound)} au plus\u00a0: "
        "la liste n'est pas ouverte. Demandez-la plutôt en fichier "
        "(«\u00a0Exporter cette liste\u00a0»)."
    )
    expect(page.get_by_role("heading", name="Liste partagée : Tout")).to_be_visible()
    expect(page.get_by_role("button", name="Enregistrer dans mes listes")).to_have_count(0)
    assert lists_of(page) == []


def test_a_received_list_stays_through_a_reload_until_saved_or_set_aside(page, server):
    link = f"{server}/listes/#nom=Essai&ids=skillcraft/talent/acrobaties"
    shared = page.get_by_role("heading", name="Liste partagée : Essai")
    page.goto(link)
    expect(shared).to_be_visible()
    page.reload()
    expect(shared).to_be_visible()
    expect(page.locator(".srd-carte-mj h3")).to_have_text(["Acrobaties"])
    # Set aside: the address forgets it, nothing is stored.
    page.get_by_role("button", name="Ne pas l'enregistrer").click()
    expect(page.locator(".srd-listes-etat")).to_have_text(
        "Liste reçue laissée de côté\u00a0: rien n'a été enregistré."
    )
    assert page.evaluate("location.hash") == "" and lists_of(page) == []
    page.reload()
    page.wait_for_selector(".srd-listes[data-pret]")
    expect(shared).to_have_count(0)
    # A link followed from this page changes its fragment only: drawn all the same.
    page.evaluate("(hash) => (location.hash = hash)", link.split("#")[1])
    expect(shared).to_be_visible()
    page.reload()
    page.get_by_role("button", name="Enregistrer dans mes listes").click()
    expect(page.get_by_role("heading", name="Essai", exact=True)).to_be_visible()
    assert lists_of(page) == [{"nom": "Essai", "ids": ["skillcraft/talent/acrobaties"]}]


def test_a_tree_page_pins_each_entity_it_shows(page, server, site):
    tree = next(p for p in sorted(site.glob("*/*/index.html")) if "srd-arbre" in p.read_text())
    page.goto(f"{server}/{tree.parent.relative_to(site).as_posix()}/")
    pins = page.locator(".srd-arbre li > .srd-epingler-bouton")
    expect(pins.first).to_be_visible()
    rows = page.locator(".srd-arbre li")
    assert pins.count() == rows.count() > 40
    # Each button pins the entity its row links to, named as the finder's cards name it.
    row = rows.first
    href = row.locator(":scope > a").get_attribute("href")
    key = pins.first.get_attribute("data-cle")
    assert href.rstrip("/").endswith(key.split("/", 1)[1])
    expect(pins.first).to_have_attribute("aria-label", re.compile(r"^Épingler .+ \(.+ · .+\)$"))
    pins.first.click()
    expect(pins.first).to_have_text("Épinglé")
    assert lists_of(page) == [{"nom": "Ma liste", "ids": [key]}]


def test_saving_a_shared_list_says_which_unknown_entities_it_leaves_out(page, server):
    page.goto(f"{server}/listes/?nom=Essai&ids=skillcraft/talent/acrobaties,talon/atout/disparu")
    expect(page.locator(".srd-listes-entites")).to_contain_text("Entité inconnue")
    page.get_by_role("button", name="Enregistrer dans mes listes").click()
    expect(page.locator(".srd-listes-etat")).to_have_text(
        re.compile(
            r"Liste enregistrée sous le nom «\s?Essai\s?»\. "
            r"Entité inconnue laissée de côté\s?: «\s?talon/atout/disparu\s?»\."
        )
    )
    assert lists_of(page) == [{"nom": "Essai", "ids": ["skillcraft/talent/acrobaties"]}]


def import_file(page, name: str, content: str) -> list[str]:
    page.locator("input[type=file]").set_input_files(
        {"name": name, "mimeType": "application/json", "buffer": content.encode("utf-8")}
    )
    messages = page.locator(".srd-listes-import-messages li")
    expect(messages.first).to_be_visible()
    return [text.replace("\xa0", " ") for text in messages.all_inner_texts()]


def test_export_and_import_round_trip_and_a_bad_file_changes_nothing(page, server):
    lists = [
        {"nom": "Scénario du 12", "ids": ["skillcraft/talent/acrobaties", "talon/piste/endurance"]},
        {"nom": "Sorts de Chloé", "ids": ["undesix/sort/pensee-a-une-personne-en-face"]},
    ]
    store(page, server, lists)
    page.goto(f"{server}/listes/")
    with page.expect_download() as download:
        page.get_by_role("button", name="Exporter mes listes (fichier JSON)").click()
    exported = Path(download.value.path()).read_text(encoding="utf-8")
    assert json.loads(exported) == {"format": 1, "type": "srd-listes", "listes": lists}
    # Delete a list, then import the file: it comes back; the other is not overwritten.
    open_list(page, server, "Scénario du 12")
    page.get_by_role("button", name="Supprimer la liste").click()
    page.locator("dialog.srd-confirmer").get_by_role("button", name="Supprimer").click()
    expect(page.get_by_role("heading", name="Vos listes")).to_be_visible()
    assert lists_of(page) == lists[1:]
    messages = import_file(page, "mes-listes.json", exported)
    assert lists_of(page) == [lists[1], lists[0], {**lists[1], "nom": "Sorts de Chloé (2)"}]
    assert any("sous le nom « Sorts de Chloé (2) »" in m for m in messages), messages
    # A corrupted file, a file of a newer format: refused, nothing stored changes.
    before = stored(page)
    messages = import_file(page, "abime.json", exported[: len(exported) // 2])
    assert messages == ["« abime.json » n'est pas un fichier JSON lisible : rien n'a été importé."]
    newer = json.dumps({"format": 2, "type": "srd-listes", "listes": lists})
    assert "format 2" in import_file(page, "futur.json", newer)[0]
    assert stored(page) == before
    # Unknown entities and a malformed entry: one message each, the rest imported.
    odd = {
        "format": 1,
        "type": "srd-listes",
        "listes": [
            {"nom": "Vieille", "ids": ["divin6/atout/peuple", "divin6/atout/disparu"]},
            {"ids": []},
        ],
    }
    messages = import_file(page, "vieille.json", json.dumps(odd))
    assert "« Vieille » : entité inconnue « divin6/atout/disparu », laissée de côté." in messages
    assert any(m.startswith("Liste n° 2 : il lui manque un nom") for m in messages), messages
    assert lists_of(page)[-1] == {"nom": "Vieille", "ids": ["divin6/atout/peuple"]}


def test_remove_rename_and_delete_by_keyboard_on_a_phone(browser, server):
    context = browser.new_context(viewport=PHONE, service_workers="block", has_touch=True)
    page = context.new_page()
    page.goto(f"{server}/skillcraft/talent/acrobaties/")
    pin_button = page.locator(".srd-epingler .srd-epingler-bouton")
    pin_button.focus()
    page.keyboard.press("Enter")  # a fresh profile: pinned at once, into a first list
    expect(pin_button).to_have_text("Épinglé")
    expect(page.locator(".srd-epingle-note")).to_contain_text("Dans «\u00a0Ma liste\u00a0»")
    ids = ["skillcraft/talent/acrobaties", "divin6/atout/peuple", "talon/piste/endurance"]
    store(page, server, [{"nom": "Scénario du 12", "ids": ids}])
    open_list(page, server, "Scénario du 12")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_role("button", name="Retirer Peuple (Atout double) de la liste").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".srd-listes-entites li")).to_have_count(2)
    expect(page.locator(".srd-carte-mj h3", has_text="Peuple")).to_have_count(0)
    page.get_by_label("Nom de la liste").fill("Scénario du 13")
    page.get_by_label("Nom de la liste").press("Enter")
    expect(page.get_by_role("heading", name="Scénario du 13")).to_be_visible()
    assert lists_of(page) == [{"nom": "Scénario du 13", "ids": [ids[0], ids[2]]}]
    delete = page.get_by_role("button", name="Supprimer la liste")
    delete.focus()
    page.keyboard.press("Enter")
    # The question is asked in the page's dialog, « Annuler » focused: Escape keeps the list.
    confirm = page.locator("dialog.srd-confirmer")
    expect(confirm).to_contain_text("Supprimer la liste «\u00a0Scénario du 13\u00a0»\u00a0?")
    expect(confirm.get_by_role("button", name="Annuler")).to_be_focused()
    page.keyboard.press("Escape")
    expect(confirm).to_be_hidden()
    expect(delete).to_be_focused()
    assert lists_of(page) == [{"nom": "Scénario du 13", "ids": [ids[0], ids[2]]}]
    page.keyboard.press("Enter")
    page.keyboard.press("Shift+Tab")
    expect(confirm.get_by_role("button", name="Supprimer")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_text("Aucune liste pour l'instant")).to_be_visible()
    assert lists_of(page) == []
    context.close()


def test_storage_unavailable_is_said_in_french(browser, server):
    context = browser.new_context(service_workers="block")
    context.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() {"
        " throw new DOMException('refusé', 'SecurityError'); }});"
    )
    page = context.new_page()
    page.goto(f"{server}/skillcraft/talent/acrobaties/")
    page.locator(".srd-epingler .srd-epingler-bouton").click()
    status = page.locator("dialog [role=status]")
    expect(status).to_contain_text("Ce navigateur ne permet pas de garder des listes")
    page.goto(f"{server}/listes/")
    expect(page.locator(".srd-listes [role=status]")).to_contain_text("rien n'est enregistré")
    # A shared list is still shown.
    page.goto(f"{server}/listes/?nom=Essai&ids=skillcraft/talent/acrobaties")
    expect(page.locator(".srd-carte-mj h3")).to_have_text(["Acrobaties"])
    context.close()


FULL = "Le stockage de ce navigateur est plein : la modification n'a pas été enregistrée."
KEPT = [
    {"nom": "Scénario du 12", "ids": ["skillcraft/talent/acrobaties", "talon/piste/endurance"]},
    {"nom": "Sorts de Chloé", "ids": ["divin6/atout/peuple"]},
]


def test_a_full_storage_still_shows_and_exports_every_list_and_a_write_says_full(page, server):
    """Robustness: reading the lists test-wrote a key, so a full
    storage hid every list behind « navigation privée »."""
    store(page, server, KEPT)
    fill_local_storage(page)
    before = stored(page)
    page.goto(f"{server}/listes/")
    page.wait_for_selector(".srd-listes[data-pret]")
    expect(page.locator(".srd-listes-toutes li")).to_have_text(
        [re.compile("^Scénario du 12 — 2.entités$"), re.compile("^Sorts de Chloé — 1.entité$")]
    )
    expect(page.locator(".srd-listes-etat")).to_have_text("")
    with page.expect_download() as download:
        page.get_by_role("button", name="Exporter mes listes (fichier JSON)").click()
    assert json.loads(Path(download.value.path()).read_text(encoding="utf-8"))["listes"] == KEPT
    # A write says « plein », and changes nothing.
    page.get_by_label("Nom de la nouvelle liste").fill("Nouvelle")
    page.get_by_role("button", name="Créer la liste").click()
    expect(page.locator(".srd-listes-etat")).to_have_text(FULL.replace(" :", "\xa0:"))
    open_list(page, server, "Scénario du 12")
    expect(page.locator(".srd-listes-entites a")).to_have_text(["Acrobaties", "Endurance"])
    page.get_by_label("Nom de la liste").fill("Scénario du 12, suite de la campagne")
    page.get_by_role("button", name="Renommer").click()
    expect(page.locator(".srd-listes-etat")).to_contain_text("plein")
    # « Épingler » shows the lists, and says « plein » on saving.
    page.goto(f"{server}/divin6/atout/peuple/")
    page.locator(".srd-epingler .srd-epingler-bouton").click()
    dialog = page.locator("dialog.srd-epingler-dialogue")
    dialog.get_by_label(re.compile("^ ?Scénario du 12 \\(")).check()
    dialog.get_by_role("button", name="Enregistrer").click()
    expect(dialog.get_by_role("status")).to_have_text(FULL.replace(" :", "\xa0:"))
    assert stored(page) == before


def deep_ids(depth: int) -> str:
    return json.dumps(
        {"format": 1, "type": "srd-listes", "listes": [{"nom": "Abîme", "ids": "@"}]}
    ).replace('"@"', "[" * depth + "]" * depth)


def unknown_ids(count: int, lists: int = 1) -> str:
    ids = [f"x/{n}" for n in range(count)]
    entries = [{"nom": f"Liste {n}", "ids": ids} for n in range(lists)]
    return json.dumps({"format": 1, "type": "srd-listes", "listes": entries})


# (file, its content, the one message it gets): generated here, each one hostile.
HOSTILE_LISTS = [
    (
        "profond.json",
        deep_ids(50_000),  # said « Maximum call stack size exceeded », in English
        "« profond.json » imbrique plus de 8 niveaux de crochets ou d'accolades, ce qu'aucun "
        "fichier de listes ne fait : rien n'a été importé.",
    ),
    (
        "enorme.json",
        unknown_ids(200_000),  # 2 Mo: an uncaught RangeError, and an empty list saved
        re.compile(
            r"« enorme\.json » est trop gros \(\d[\d ]+ octets, pour 1 000 000 au plus\) : "
            r"rien n'a été importé\."
        ),
    ),
    (
        "longue.json",
        unknown_ids(6_000),
        "« longue.json » contient une liste de 6 000 entités, pour 5 000 au plus : "
        "rien n'a été importé.",
    ),
    (
        "nombreuses.json",
        unknown_ids(0, lists=201),
        "« nombreuses.json » contient 201 listes, pour 200 au plus : rien n'a été importé.",
    ),
]


def spaced(text: str) -> str:
    """The text with its no-break spaces (French typography) as plain ones."""
    return text.replace("\xa0", " ").replace("\u202f", " ")


def import_messages(page, name: str, content: str, said: str = "") -> list[str]:
    """Imports the file; once its first message says `said` (by default, the file's
    name), all of them."""
    page.locator("input[type=file]").set_input_files(
        {"name": name, "mimeType": "application/json", "buffer": content.encode("utf-8")}
    )
    messages = page.locator(".srd-listes-import-messages li")
    expect(messages.first).to_contain_text(said or name)
    return [spaced(text) for text in messages.all_inner_texts()]


def test_hostile_list_files_are_refused_in_french_and_nothing_is_saved(page, server):
    """Hostile input: each file is refused before it is read."""
    store(page, server, KEPT)
    page.goto(f"{server}/listes/")
    before = stored(page)
    for name, content, message in HOSTILE_LISTS:
        (said,) = import_messages(page, name, content)
        assert re.fullmatch(message, said) if isinstance(message, re.Pattern) else said == message
        assert stored(page) == before, name
    # The page still answers: a list is created.
    page.get_by_label("Nom de la nouvelle liste").fill("Après")
    page.get_by_role("button", name="Créer la liste").click()
    expect(page.locator(".srd-listes-toutes li")).to_have_count(3)


def test_a_list_of_many_unknown_entities_names_a_few_and_counts_the_others(page, server):
    store(page, server, [])
    page.goto(f"{server}/listes/")
    known = "skillcraft/talent/acrobaties"
    file = json.loads(unknown_ids(4_000))
    file["listes"][0]["ids"] += [known, known]
    messages = import_messages(page, "vieille.json", json.dumps(file), said="Liste 0")
    assert messages[0] == "« Liste 0 » importée : 1 entité."
    assert messages[1:6] == [
        f"« Liste 0 » : entité inconnue « x/{n} », laissée de côté." for n in range(5)
    ]
    assert messages[6:] == ["« Liste 0 » : et 3 995 autres entités inconnues, laissées de côté."]
    assert lists_of(page) == [{"nom": "Liste 0", "ids": [known]}]


@pytest.mark.parametrize("viewport", [{"width": 1366, "height": 900}, PHONE])
def test_no_axe_violation_on_a_list_and_the_pin_dialog(browser, server, viewport):
    context = browser.new_context(viewport=viewport, bypass_csp=True, service_workers="block")
    page = context.new_page()
    page.goto(f"{server}/listes/?nom=Essai&ids=skillcraft/talent/acrobaties,talon/piste/endurance")
    page.wait_for_selector(".srd-listes[data-pret]")
    problems = axe_violations_here(page)
    # Two lists, none used yet: a tap opens the dialog, to choose.
    store(
        page,
        server,
        [{"nom": "Essai", "ids": ["divin6/atout/peuple"]}, {"nom": "Autre", "ids": []}],
    )
    open_list(page, server, "Essai")
    problems += axe_violations_here(page)
    page.goto(f"{server}/skillcraft/talent/acrobaties/")
    page.locator(".srd-epingler .srd-epingler-bouton").click()
    expect(page.locator("dialog.srd-epingler-dialogue")).to_be_visible()
    problems += axe_violations_here(page)
    context.close()
    assert not problems, problems


def axe_violations_here(page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async () => (await axe.run(document, { resultTypes: ["violations"] })).violations
            .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}`))"""
    )
