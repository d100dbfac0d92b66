"""A system declares whether it rewrites a source text or is its
authors' own (`origine` in systeme.yaml); its pages say which, and an original system's
`source` fields are optional."""

from helpers import edit, only_original_system, problems_of

from generator.core import urls
from generator.pipeline import editor
from generator.pipeline.build import judge

SYSTEM = "reserve-d6"


def test_an_original_system_needs_no_source_and_says_it_is_original(project):
    edit(
        project,
        f"data/{SYSTEM}/systeme.yaml",
        "statut: complet\n",
        "statut: complet\norigine: original\n",
    )
    edit(
        project,
        f"data/{SYSTEM}/caracteristique.yaml",
        '  source: "§2 Les caractéristiques, l. 15 et 22"\n',
        "",
    )
    edit(project, f"content/{SYSTEM}/personnages.md", 'source: "§1 Les personnages, l. 3–9"\n', "")
    pages = judge(project).pages
    entity = urls.entity(SYSTEM, "caracteristique", "cons")
    for page in (entity, urls.chapter(SYSTEM, "personnages"), urls.chapter(SYSTEM, "competences")):
        assert "texte original de ses auteurs" in pages[page], page
        assert "réécrit" not in pages[page], page
    assert "| Texte | original, écrit par ses auteurs" in pages[urls.system_home(SYSTEM)]
    # The other systems are still rewrites.
    assert "texte réécrit pour ce site" in pages[urls.chapter("talon", "combat")]


def test_a_rewrite_still_needs_its_sources(project):
    edit(project, f"data/{SYSTEM}/systeme.yaml", 'source: "Noyau', 'sourc: "Noyau')
    edit(
        project,
        f"data/{SYSTEM}/caracteristique.yaml",
        '  source: "§2 Les caractéristiques, l. 15 et 22"\n',
        "",
    )
    found = problems_of(project)
    assert any(
        p.startswith(f"data/{SYSTEM}/systeme.yaml:")
        and "champ obligatoire « source » manquant" in p
        for p in found
    ), found
    assert any(
        p.startswith(f"data/{SYSTEM}/caracteristique.yaml:") and "champ obligatoire « source »" in p
        for p in found
    ), found


def test_an_original_system_s_published_schemas_do_not_require_a_source(project):
    """The editor's schemas (and api/schemas/) say what the loader asks: no `source` for
    the entities of an original system."""
    edit(
        project,
        f"data/{SYSTEM}/systeme.yaml",
        "statut: complet\n",
        "statut: complet\norigine: original\n",
    )
    found = editor.files(project)
    assert "source" not in found[f"{SYSTEM}/caracteristique.schema.json"]["required"]
    assert "source" in found["talon/atout.schema.json"]["required"]


def test_the_home_page_of_an_original_game_says_its_authors_wrote_it(project):
    home = judge(only_original_system(project, SYSTEM)).pages[urls.HOME]
    assert "règles d'un système de jeu de rôle francophone,\nécrites par leurs auteurs\n" in home
    assert "avec ses calculateurs" in home and "le système a sa page d'errata" in home
    for rewrite in ("réécrit", "textes d'origine", "cinq", "un systèmes"):
        assert rewrite not in home, rewrite


def test_the_home_page_of_a_site_mixing_both_says_each(project):
    edit(
        project,
        f"data/{SYSTEM}/systeme.yaml",
        "statut: complet\n",
        "statut: complet\norigine: original\n",
    )
    home = judge(project).pages[urls.HOME]
    assert "réécrites en français concis ou écrites par leurs auteurs," in home
    assert "Les règles réécrites gardent les nombres, les noms et les conditions" in home
