"""« Mener la partie » built: a system that declares `partie` gets its page at
/<system>/partie/, linked from its home, its GM screen and the menu, with the page's data
embedded as JSON the page can read; the offline copy lists it; a system without it gets
none. One build of a scratch project whose system holds the tests' fixture declaration."""

from __future__ import annotations

import html
import json
import re

import pytest
from helpers import ROOT, copy_project
from partie_fixture import FIXTURE, SYSTEM, with_declaration

from generator.core import urls
from generator.pipeline import offline, partie
from generator.pipeline.build import build

PAGE = urls.url(urls.partie(SYSTEM))  # /talon/partie/


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    project = copy_project(tmp_path_factory.mktemp("partie") / "projet")
    with_declaration(project, FIXTURE)
    out = project / "site"
    build(project, site=out, work=project / "work", site_url="http://127.0.0.1:1/")
    return out


def read(site, url: str) -> str:
    return (site / url.strip("/") / "index.html").read_text(encoding="utf-8")


def hrefs(page: str) -> list[str]:
    return [html.unescape(h) for h in re.findall(r'href="([^"]*)"', page)]


def test_the_page_embeds_its_data_as_json(site):
    page = read(site, PAGE)
    assert "<h1" in page and "Mener la partie" in page
    found = re.search(
        rf'<script type="application/json" id="{partie.ELEMENT_ID}">(.*?)</script>', page, re.S
    )
    assert found, "données de la page absentes"
    data = json.loads(found.group(1))
    assert data["format"] == partie.FORMAT and data["systeme"] == SYSTEM
    assert data["ordre"]["loi"] == {"lowest": 1, "counts": [1] * 6, "outcomes": 6}
    # A link of its texts leads, from the page's address, to the rule it names.
    assert '<a href="../regles/combat/#initiative">' in data["ordre"]["html"]
    assert (site / "talon/regles/combat/index.html").is_file()
    assert f'id="srd-partie" data-system="{SYSTEM}"' in page
    assert "<noscript>" in page


def test_it_is_linked_from_the_home_the_screen_and_the_menu(site):
    home = hrefs(read(site, urls.url(urls.system_home(SYSTEM))))
    screen = hrefs(read(site, urls.url(urls.gm_screen(SYSTEM))))
    assert "partie/" in home  # /talon/ → /talon/partie/
    assert "../partie/" in screen  # /talon/ecran/ → /talon/partie/
    # The menu of the system's pages names it just after the GM screen.
    menu = re.findall(
        r'<a href="([^"]*)" class="md-nav__link">\s*<span class="md-ellipsis">\s*([^<]*?)\s*<',
        read(site, urls.url(urls.system_home(SYSTEM))),
    )
    assert ("partie/", "Mener la partie") in menu, menu
    assert menu[menu.index(("partie/", "Mener la partie")) - 1] == ("ecran/", "Écran du MJ")


def test_the_offline_copy_keeps_it_and_other_systems_have_none(site):
    manifest = json.loads((site / offline.MANIFEST).read_text(encoding="utf-8"))
    assert "talon/partie/" in json.dumps(manifest)
    for folder in sorted((ROOT / "data").iterdir()):
        meta = folder / "systeme.yaml"
        if (
            folder.name != SYSTEM
            and meta.is_file()
            and not re.search(r"^partie:", meta.read_text("utf-8"), re.M)
        ):
            assert not (site / folder.name / "partie").exists(), folder.name
            assert "partie/" not in hrefs(read(site, f"/{folder.name}/")), folder.name
