"""The reader's house rules in the calculators' pickers, in Chromium: a new
entity of a kind that a group of check boxes lists is a box « Nom (maison) », checked from
the address, sent to the engine, kept checked when the house rules change and gone with
its rule; an amendment stands in its official entity's place under its house name (a
picker's suggestion by that name), counted and read back from the address, until it is
switched off. The house entities are copies of real ones of the registry, renamed."""

from __future__ import annotations

import functools
import json

import pytest
from helpers import ROOT, check
from house_form import KEY, PYODIDE_WAIT_MS
from playwright.sync_api import Page, expect

from generator.core import urls
from generator.engine import form, registry
from generator.engine.inputs import MultiChoiceInput
from generator.engine.names import slug

pytestmark = pytest.mark.browser

CHANGED = "srd-regles-maison"  # the event the page « Règles maison » sends (maison-stock.js)
# (system, calculator, field, kind) of every group of boxes that lists a kind's entities.
BOXES = [
    (calc.system, calc.id, item.name, item.genre)
    for calc in registry.all_calculators()
    for item in calc.inputs
    if isinstance(item, MultiChoiceInput) and item.genre
]


@functools.cache
def corpus():
    return check(ROOT)[0]


def official(system: str, kind: str, entity_id: str | None = None) -> dict:
    """An entity of the registry as a house rule writes it (its source aside): the kind's
    first one, or `entity_id`."""
    found = corpus().systems[system].entities[kind]
    entity = next(e for e in found if entity_id in (None, e.id))
    return json.loads(json.dumps({k: v for k, v in entity.data.items() if k != "source"}))


def new(system: str, kind: str) -> dict:
    """A new house entity: a copy of the kind's first one, another id and name."""
    entity = official(system, kind)
    entity |= {"id": f"{entity['id']}-de-kara", "nom": f"{entity['nom']} de Kara"}
    return {"systeme": system, "genre": kind, "entite": entity}


def renamed(system: str, kind: str, entity_id: str) -> dict:
    """An amendment of an official entity that renames it."""
    entity = official(system, kind, entity_id)
    entity["nom"] = f"{entity['nom']} de Kara"
    return {"systeme": system, "genre": kind, "entite": entity, "base": entity_id}


def key(entry: dict) -> str:
    return f"{entry['systeme']}/{entry['genre']}/{entry['entite']['id']}"


def keep(page: Page, *entries: dict, off: tuple[str, ...] = ()) -> None:
    """The house rules `entries` kept as assets/maison-stock.js keeps them (the index, for
    the other pages, left empty), `off` switched off, and the page told."""
    kept = {
        "format": 1,
        "collection": {"format": 1, "regles": list(entries)},
        "eteintes": list(off),
        "index": {},
    }
    page.evaluate(
        "([key, text, changed]) => { localStorage.setItem(key, text); dispatchEvent(new CustomEvent(changed)); }",
        [KEY, json.dumps(kept), CHANGED],
    )


def computed(page: Page) -> None:
    expect(page.locator(".srd-calc")).to_have_attribute("data-state", "ok", timeout=PYODIDE_WAIT_MS)


@pytest.fixture
def page(browser):
    """No console error."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    errors: list[str] = []
    context.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors


def test_some_groups_of_boxes_list_a_kind():
    assert BOXES


@pytest.mark.parametrize(
    ("system", "calc", "field", "kind"), BOXES, ids=["/".join(b) for b in BOXES]
)
def test_a_new_house_entity_is_a_box_of_its_kind(page, server, system, calc, field, kind):
    house = new(system, kind)
    page.goto(f"{server}/")
    keep(page, house)
    page.goto(f"{server}{urls.url(urls.calculator(system, calc))}?{field}={house['entite']['id']}")
    box = page.locator(f"#{calc}-{field}").get_by_label(f"{house['entite']['nom']} (maison)")
    expect(box).to_be_checked()  # from the address
    computed(page)  # the engine read it: a house entity of the kind
    expect(page.locator(f"#{calc}-{field}-erreur")).to_be_empty()
    keep(page, house)  # the house rules change (another tab, the page « Règles maison »)
    expect(box).to_be_checked()
    keep(page)
    expect(box).to_have_count(0)
    keep(page, house)
    expect(box).not_to_be_checked()


def test_renamed_amendments_stand_in_their_official_place_until_switched_off(page, server):
    """A choice (the caractère), a picker's suggestion (a talent) and a box (a don) of the
    SkillCraft sheet, each amended under another name."""
    sheet = registry.get("skillcraft", "fiche")
    owned = {slug(name) for name in sheet.defaults["talents"].split(",")}
    talent = next(
        t.id for t in corpus().systems["skillcraft"].entities["talent"] if t.id not in owned
    )
    caractere, don = sheet.defaults["caractere"], official("skillcraft", "don")["id"]
    page.goto(f"{server}{urls.url(urls.calculator('skillcraft', 'fiche'))}")
    choice = page.locator(f"#fiche-caractere option[value='{caractere}']")
    suggestion = page.locator(f"#fiche-talents-liste option[{form.ENTITY}='{talent}']")
    box = page.locator(f"#fiche-dons input[value='{don}']")
    before = (
        choice.text_content(),
        suggestion.get_attribute("value"),
        box.locator("..").text_content(),
    )

    amended = [
        renamed("skillcraft", "caractere", caractere),
        renamed("skillcraft", "talent", talent),
        renamed("skillcraft", "don", don),
    ]
    names = [entry["entite"]["nom"] for entry in amended]
    keep(page, *amended)
    expect(choice).to_have_text(f"{names[0]} (maison)")
    expect(page.locator("#fiche-caractere")).to_have_value(caractere)  # still chosen
    expect(suggestion).to_have_attribute("value", names[1])
    assert suggestion.text_content().startswith("(maison)")
    expect(page.locator(f"#fiche-talents-liste option[value='{before[1]}']")).to_have_count(0)
    expect(box.locator("..")).to_have_text(f"{names[2]} (maison)")

    # Chosen, counted under their house names, and read back from the address.
    page.locator("input.srd-ajout[data-champ=talents]").fill(names[1])
    box.check()
    computed(page)
    for name in names:
        expect(page.locator(".srd-calc-result")).to_contain_text(name)
    page.reload()
    computed(page)
    expect(box).to_be_checked()
    expect(page.locator("#fiche-talents-erreur")).to_be_empty()
    for name in names:
        expect(page.locator(".srd-calc-result")).to_contain_text(name)

    # Switched off: the official words again, the choices kept.
    keep(page, *amended, off=tuple(key(entry) for entry in amended))
    expect(choice).to_have_text(before[0])
    expect(suggestion).to_have_attribute("value", before[1])
    expect(box.locator("..")).to_have_text(before[2])
    expect(box).to_be_checked()
    expect(page.locator("#fiche-caractere")).to_have_value(caractere)
