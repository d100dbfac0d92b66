"""A game's own site settings (projet.yaml, site:): a project made by `nouveau-projet`,
its home, footer and licence written by its author and its features limited to the
finder, builds a site that says its author's words and has no page, link, menu entry or
page module of the features left out; every link of it resolves. Built once (seconds)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from helpers import ROOT, edit, generator_run

from generator.core import urls
from generator.pipeline import features
from generator.testing.site_links import EXTERNAL, _parse, check_links, link_failures

SYSTEM = "mon-jeu"
SHOWN = ("trouver",)
HOME_TEXT = "Mon jeu est une création de Camille, jouée autour d'une table."
FOOTER = "Un jeu de *Camille*, [son site](https://exemple.fr/camille/)."
LICENCE = "{ nom: CC BY-SA 4.0, adresse: https://creativecommons.org/licenses/by-sa/4.0/ }"
# The pages of the features left out (the GM screen: the scaffold's system declares one).
LEFT_OUT_PAGES = {
    "listes": [urls.LISTS],
    "personnages": [urls.SAVED],
    "maison": [urls.HOUSE, urls.HOUSE_ENTITY],
    "ecran": [urls.gm_screen(SYSTEM)],
    "hors-ligne": [urls.OFFLINE],
}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The site of a new project with its own texts and the finder alone."""
    folder = tmp_path_factory.mktemp("reglages")
    made = generator_run(folder, "nouveau-projet", "jeu", "--id", SYSTEM)
    assert made.returncode == 0, made.stderr
    project = folder / "jeu"
    (project / "node_modules").symlink_to(ROOT / "node_modules")
    text = (project / "projet.yaml").read_text(encoding="utf-8")
    home = re.search(r"  accueil: \|\n((?:    .*\n)+)", text)[1]
    edit(project, "projet.yaml", home, f"    {HOME_TEXT}\n")
    edit(
        project,
        "projet.yaml",
        re.search(r"  pied_de_page: .*", text)[0],
        f"  pied_de_page: {FOOTER}",
    )
    edit(project, "projet.yaml", re.search(r"  licence: .*", text)[0], f"  licence: {LICENCE}")
    listed = re.search(r"  fonctions:\n((?:    - .*\n)+)", text)[1]
    edit(project, "projet.yaml", listed, "".join(f"    - {name}\n" for name in SHOWN))
    done = generator_run(project, "build")
    assert done.returncode == 0, done.stdout + done.stderr
    return project / "site"


def _html(site: Path, page: str) -> str:
    return (site / urls.url(page).strip("/") / "index.html").read_text(encoding="utf-8")


def test_the_home_and_footer_say_the_author_s_words(built):
    home = _html(built, urls.HOME)
    assert HOME_TEXT in home
    for bundled in ("réécrites", "textes d'origine", "écrites par leurs auteurs"):
        assert bundled not in home, bundled
    footer = re.search(r'<div class="md-copyright">(.*?)</div>', home, re.DOTALL)[1]
    assert (
        'Un jeu de <em>Camille</em>, <a href="https://exemple.fr/camille/">son site</a>.' in footer
    )
    assert '<a href="https://creativecommons.org/licenses/by-sa/4.0/">CC BY-SA 4.0</a>' in footer
    assert "la licence de son" not in footer and "Consulter hors ligne" not in footer


def test_the_features_left_out_have_no_page_link_menu_entry_nor_module(built):
    assert (built / urls.url(urls.FINDER).strip("/") / "index.html").is_file()
    gone = {urls.url(page) for name, pages in LEFT_OUT_PAGES.items() for page in pages}
    assert set(LEFT_OUT_PAGES) | set(SHOWN) | {"partie"} == features.ALL
    for address in gone:
        assert not (built / address.strip("/")).exists(), address
    modules = features.modules_left_out(frozenset(SHOWN))
    pages = sorted(built.rglob("*.html"))
    assert len(pages) > 10
    for path in pages:
        base = "/" + path.relative_to(built).as_posix()
        page = _parse(path)
        for _tag, _rel, link in page.links:
            if link.startswith(EXTERNAL):
                continue
            target = urlsplit(urljoin(base, link)).path
            assert not any(target.startswith(address) for address in gone), (base, link)
            assert target.rsplit("/", 1)[-1] not in modules, (base, link)
    entity = _html(built, urls.entity(SYSTEM, "don", "don-d-exemple"))
    assert "Épingler" not in entity and "Modifier en règle maison" not in entity
    assert "Trouver" in entity  # the menu keeps the feature shown


def test_every_internal_link_of_the_site_resolves(built):
    report = check_links(built)
    assert report.checked and not report.broken, link_failures(report)
