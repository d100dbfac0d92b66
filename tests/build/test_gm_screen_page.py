"""The built GM screen page of each system shows what `ecran` declares, read from the data:
every row of each declared table, and for a kind shown in columns each entity kept by its
filter with the value of each column."""

from __future__ import annotations

import html
import re

import pytest
from helpers import ROOT

from generator.core import urls
from generator.core.typographie import texte
from generator.pipeline import schemas
from generator.pipeline.build import check

CORPUS = check(ROOT)[0]


def plain(text: str) -> str:
    """Text as a reader compares it: French typography, blanks of any width collapsed,
    one kind of minus and apostrophe."""
    text = texte(str(text)).replace("\u2212", "-").replace("\u2019", "'")
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


def page_text(site, system_id: str) -> str:
    path = site / urls.url(urls.gm_screen(system_id)).strip("/") / "index.html"
    body = path.read_text(encoding="utf-8")
    body = body[body.index('class="srd-ecran"') :]
    return plain(html.unescape(re.sub(r"<[^>]+>", " ", body)))


def expected(system, item) -> list[str]:
    """The texts a declared item must put on the page (cells holding a tag are left out:
    the page writes the tag's label)."""
    if "id" in item:
        data = system.entity(item["genre"], item["id"]).data
        if "lignes" not in data:
            return [data["nom"]]
        cells = [cell for row in data["lignes"] for cell in row] + data["colonnes"]
        return [data["nom"], *(str(c) for c in cells if "{@" not in str(c))]
    kept = [
        e
        for e in system.entities[item["genre"]]
        if all(e.data.get(f) in v for f, v in item.get("filtre", {}).items())
    ]
    found = [e.data[item.get("libelle", "nom")] for e in kept]
    if "table" in item:
        for entity in kept:
            for row in entity.data[item["table"]]:
                keys = item.get("colonnes") or [k for k, v in row.items() if isinstance(v, str)]
                found += [str(row[k]) for k in keys if isinstance(row.get(k), (str, int))]
    else:
        fields = schemas.kinds(system.id)[item["genre"]].schema["properties"]
        for entity in kept:
            for field in item.get("colonnes", []):
                value, spec = entity.data.get(field), fields[field]
                if isinstance(value, str) and "{@" not in value and "x-libelles" not in spec:
                    found.append(value)
    return found


# A system may have no screen (`ecran` is optional in systeme.yaml): then it has no page.
WITH_SCREEN = [s.id for s in CORPUS.systems.values() if "ecran" in s.meta]


def test_a_system_has_a_screen_page_if_and_only_if_it_declares_one(site):
    assert WITH_SCREEN
    for system_id in CORPUS.systems:
        page = site / urls.url(urls.gm_screen(system_id)).strip("/") / "index.html"
        assert page.is_file() == (system_id in WITH_SCREEN), system_id


@pytest.mark.parametrize("system_id", WITH_SCREEN)
def test_the_screen_page_shows_every_row_of_what_it_declares(site, system_id):
    system = CORPUS.systems[system_id]
    text = page_text(site, system_id)
    missing = [
        (item["genre"], item.get("id"), wanted)
        for volet in system.meta["ecran"]
        for item in volet["contenu"]
        for wanted in expected(system, item)
        if plain(wanted) not in text
    ]
    assert not missing, (system_id, missing[:10])


def test_a_kind_in_columns_keeps_only_the_entities_its_filter_names(site):
    text = page_text(site, "divin6")
    armours = text[text.index("Armures") : text.index("Boucliers")]
    assert "Cotte de mailles" in armours and "Targe" not in armours
    assert "Arme légère" not in armours
