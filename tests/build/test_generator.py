"""Generator: pages, index pages, backlinks, errata, export, and every kind of error."""

import json
import re
import subprocess
import sys

import pytest
from helpers import ROOT, edit, line_of, problems_of
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from generator.core.typographie import texte
from generator.pipeline import site_folder
from generator.pipeline.build import build, check
from generator.pipeline.errors import BuildFailed
from generator.testing.api_export import expected_entities, export_problems

# --- the real site -----------------------------------------------------------------


def test_every_entity_has_its_page_at_its_stable_url(site):
    for path in [
        "reserve-d6/caracteristique/char",
        "reserve-d6/equipement/corde-et-baudrier",
        "reserve-d6/formule/cout-progression",
        "reserve-d6/table/faces-du-de",
        "reserve-d6/competence/escalade",
    ]:
        assert (site / path / "index.html").is_file(), path


def test_system_landing_rules_indexes_errata_calculators(site):
    for path in [
        "index.html",
        "reserve-d6/index.html",
        "reserve-d6/errata/index.html",
        "reserve-d6/calculateurs/index.html",
        "reserve-d6/regles/resolution/index.html",
        "reserve-d6/caracteristique/index.html",
        "api/index.html",
    ]:
        assert (site / path).is_file(), path
    home = (site / "index.html").read_text()
    pending = [
        d
        for d in (ROOT / "data").iterdir()
        if d.is_dir() and "statut: en-preparation" in (d / "systeme.yaml").read_text()
    ]
    assert home.count("en préparation") == len(pending)
    landing = (site / "reserve-d6/index.html").read_text()
    assert "non indiqués dans le texte" in landing and "Ce qui lui manque" in landing


def test_an_entity_page_says_where_it_is_in_the_menu(site):
    """The entity is not in the menu, but its system's tab is active, its
    system's branch is open with every kind listed, its kind marked; a catalogue page
    opens the « Catalogue » branch."""
    html = (site / "divin6/atout/tir-rapide/index.html").read_text()
    primary = html[html.index("md-nav--primary") : html.index("md-sidebar--secondary")]
    assert html.count("md-tabs__item--active") == 1
    active = primary[primary.rindex("md-nav__item--active") :]
    assert active.split("</li>")[0].count('href="../"') == 1  # the Atouts index
    assert "Avantages" in primary and "Atouts" in primary
    catalogue = (site / "divin6/catalogue/index.html").read_text()
    assert catalogue.count("../atout/") >= 2 and "95" in catalogue


def test_my_characters_sit_in_the_menu_beside_my_lists(site):
    """At the table: « Mes personnages » is one tap away, as « Mes listes »."""
    html = (site / "skillcraft/index.html").read_text()
    for menu in ("md-tabs__list", "md-nav--primary"):
        part = html[html.index(menu) :]
        lists = re.search(r">\s*Mes listes\s*<", part).start()
        characters = re.search(r">\s*Mes personnages\s*<", part)
        assert characters and 0 < characters.start() - lists < 400, menu  # the next entry
    assert 'href="../personnages/"' in html


def test_house_rules_sit_in_the_menu_and_every_entity_page_links_to_them(site):
    """« Règles maison » follows « Mes personnages » in the menu; each entity
    page opens itself there, to be amended."""
    html = (site / "skillcraft/index.html").read_text()
    for menu in ("md-tabs__list", "md-nav--primary"):
        part = html[html.index(menu) :]
        characters = re.search(r">\s*Mes personnages\s*<", part).start()
        house = re.search(r">\s*Règles maison\s*<", part)
        assert house and 0 < house.start() - characters < 400, menu  # the next entry
    for page, key in [
        ("divin6/atout/accointances", "divin6/atout/accointances"),
        ("skillcraft/talent/dressage", "skillcraft/talent/dressage"),
    ]:
        entity = (site / page / "index.html").read_text()
        assert f'href="../../../maison/?modifier={key}"' in entity, page
        assert ">Modifier en règle maison</a>" in entity
    assert (site / "maison/voir/index.html").is_file()
    assert (site / "assets/js-yaml.mjs").read_bytes().startswith(b"/*! js-yaml")


def test_index_table_lists_every_entity_with_key_columns(site):
    html = (site / "reserve-d6/caracteristique/index.html").read_text()
    for name in ["Constitution", "Dextérité", "Intelligence", "Charisme"]:
        assert name in html
    assert re.search(r"<th[^>]*>Abréviation</th>", html)


def test_backlinks_cite_the_citing_pages(site):
    dext = (site / "reserve-d6/caracteristique/dext/index.html").read_text()
    assert "Cité par" in dext
    assert 'href="../../equipement/corde-et-baudrier/"' in dext
    assert 'href="../../regles/caracteristiques/"' in dext


def test_inline_tags_become_links_including_calculator_queries(site):
    html = (site / "reserve-d6/regles/resolution/index.html").read_text()
    assert (
        'href="../../calculateurs/reserve/?caracteristique=4&amp;competence=3&amp;equipement=4&amp;blessures_physiques=2"'
        in html
    )
    assert 'href="../../table/faces-du-de/"' in html
    assert "{@" not in html


def test_editorial_notes_render_as_admonitions_and_in_errata(site, docs):
    stone = (site / "reserve-d6/equipement/tres-grosse-pierre/index.html").read_text()
    assert 'class="admonition note srd-note"' in stone and "Un bonus rattaché à une action" in stone
    errata = (site / "reserve-d6/errata/index.html").read_text()
    corpus, _ = check(ROOT)
    system = corpus.systems["reserve-d6"]
    count = (
        len(system.meta["notes_editoriales"])
        + sum(len(e.notes) for e in system.all_entities())
        + sum(len(c.notes) for c in system.chapters)
    )
    assert f"{count} notes éditoriales" in errata
    for entity in system.all_entities():
        for note in entity.notes:
            title = texte(note["titre"])  # as the page writes it: French typography
            assert title.replace("'", "&#39;") in errata or title in errata


def test_calculator_page_holds_the_default_result_without_javascript(site):
    html = (site / "reserve-d6/calculateurs/reserve/index.html").read_text()
    assert 'data-exact="481/729"' in html  # DEXT 4 + Escalade 3, P(>= 3)
    assert 'name="caracteristique"' in html and 'value="4"' in html


def test_export_index_counts_and_urls(site):
    index = json.loads((site / "api/index.json").read_text())
    kinds = index["systemes"]["reserve-d6"]["genres"]
    assert {k: v["nombre"] for k, v in kinds.items()} == {
        "caracteristique": 4,
        "competence": 1,
        "equipement": 2,
        "formule": 1,
        "table": 4,
    }
    for entry in kinds.values():
        assert (site / "api" / entry["donnees"]).is_file()
        assert (site / "api" / entry["schema"]).is_file()


def test_exported_entities_validate_against_published_schemas(site):
    """Every entity of the data in its kind's list, valid for its published schema, with its
    page (the check a project's tests run too: generator/testing/api_export.py)."""
    problems = export_problems(site, expected_entities(check(ROOT)[0]))
    assert not problems, "\n".join(problems[:50])


def test_a_collection_of_house_rules_validates_against_its_published_schema(site):
    """Exported entities of every kind, written as house rules amending themselves (no
    `source`), are a valid collection for the published schema; a kind the system lacks
    is not."""
    index = json.loads((site / "api/index.json").read_text())
    folder = site / "api" / "schemas"
    registry = Registry().with_resources(
        (
            f"file:///schemas/{path.relative_to(folder).as_posix()}",
            Resource.from_contents(json.loads(path.read_text()), DRAFT202012),
        )
        for path in folder.rglob("*.json")
    )
    address = "file:///" + index["regles_maison"]["schema"]
    validator = Draft202012Validator({"$ref": address}, registry=registry)
    rules = [
        {
            "systeme": system_id,
            "genre": kind,
            "base": entity["id"],
            "entite": {k: v for k, v in entity.items() if k not in ("url", "source")},
        }
        for system_id, system in index["systemes"].items()
        for kind, entry in system["genres"].items()
        for entity in json.loads((site / "api" / entry["donnees"]).read_text())[:3]
    ]  # three of each kind: a collection holds 500 rules at most
    collection = {"format": index["regles_maison"]["format"], "regles": rules}
    assert len(rules) > 10 and not list(validator.iter_errors(collection))
    rules[0] = {**rules[0], "genre": "inexistant"}
    assert list(validator.iter_errors(collection))


def test_the_encounters_file_schema_is_published_beside_the_characters(site):
    """« Mener la partie » exports a file whose schema the API index names
    (pipeline/partie_fichier.py); tests/unit/test_partie_fichier.py checks it against an
    export of lib/partie-fichier.js."""
    from generator.pipeline import partie_fichier

    index = json.loads((site / "api/index.json").read_text())
    assert index["parties"] == {"schema": "schemas/parties.schema.json", "format": 1}
    published = json.loads((site / "api" / index["parties"]["schema"]).read_text())
    assert published == partie_fichier.file_schema()
    Draft202012Validator.check_schema(published)


def test_runtime_assets_are_self_hosted(site):
    manifest = json.loads((site / "assets/wheels/manifest.json").read_text())
    for wheel in manifest["wheels"]:
        assert (site / "assets/wheels" / wheel).stat().st_size > 1000
    assert (site / "assets/pyodide/pyodide.asm.wasm").is_file()
    assert not (site / "assets/pyodide/pyodide.js.map").exists()


# --- broken inputs: every error names its file and line ------------------------------


CASES = {
    "invalid YAML": (
        "data/reserve-d6/table.yaml",
        "  colonnes: [Face du dé, Succès rapportés]",
        "  colonnes: [Face du dé, Succès rapportés",
        "colonnes: [Face du dé",
        "YAML invalide",
    ),
    "missing field": (
        "data/reserve-d6/caracteristique.yaml",
        "  resume: Force physique du personnage.\n",
        "",
        "- id: cons",
        "champ obligatoire « resume » manquant",
    ),
    "unknown field": (
        "data/reserve-d6/caracteristique.yaml",
        "  abreviation: INTE\n",
        "  abreviation: INTE\n  couleur: bleu\n",
        "couleur: bleu",
        "champ inconnu « couleur »",
    ),
    "wrong type": (
        "data/reserve-d6/competence.yaml",
        "niveau_exemple: 3",
        "niveau_exemple: trois",
        "niveau_exemple",
        "type incorrect : attendu un entier, trouvé un texte",
    ),
    "duplicate id": (
        "data/reserve-d6/caracteristique.yaml",
        "- id: inte",
        "- id: dext",
        "- id: dext\n  nom: Intelligence",
        "id « dext » en double",
    ),
    "duplicate key": (
        "data/reserve-d6/caracteristique.yaml",
        "  abreviation: CONS\n",
        "  abreviation: CONS\n  abreviation: CON\n",
        "abreviation: CON\n",
        "clé « abreviation » en double",
    ),
    "unknown reference": (
        "data/reserve-d6/equipement.yaml",
        "      caracteristique: dext\n",
        "      caracteristique: agil\n",
        "caracteristique: agil",
        "caractéristique « agil » introuvable",
    ),
    "unknown tag target": (
        "content/reserve-d6/equipements.md",
        "{@equipement tres-grosse-pierre}",
        "{@equipement grosse-pierre}",
        "grosse-pierre}",
        "équipement « grosse-pierre » introuvable",
    ),
    "unknown tag kind": (
        "content/reserve-d6/blessures.md",
        "## Mort",
        "## Mort\n\nVoir {@sort boule-de-feu}.",
        "{@sort",
        "balise de genre inconnu « sort »",
    ),
    "unknown anchor": (
        "data/reserve-d6/table.yaml",
        "{@regle resolution#lire-les-des}",
        "{@regle resolution#lire-des-des}",
        "{@regle resolution#lire-des-des}",
        "ancre « #lire-des-des » absente",
    ),
    "bad calculator input": (
        "content/reserve-d6/competences.md",
        "caracteristique=4&competence=3&equipement=0",
        "caracteristique=40&competence=3&equipement=0",
        "caracteristique=40",
        "caracteristique : Entrez un entier entre 0 et 20",
    ),
    "control character": (
        "data/reserve-d6/caracteristique.yaml",
        "  abreviation: INTE\n",
        "  abreviation: INTE\x07\n",
        "abreviation: INTE",
        "caractère interdit dans un fichier YAML",
    ),
    "yaml date": (
        "data/reserve-d6/competence.yaml",
        "niveau_exemple: 3",
        "niveau_exemple: 2024-01-01",
        "niveau_exemple",
        "une date : mettez-la entre guillemets",
    ),
    "yaml binary": (
        "data/reserve-d6/competence.yaml",
        "niveau_exemple: 3",
        "niveau_exemple: !!binary aGVsbG8=",
        "niveau_exemple",
        "données binaires",
    ),
    "yaml tag on a mapping": (
        "data/reserve-d6/caracteristique.yaml",
        "- id: inte",
        "- !objet\n  id: inte",
        "- !objet",
        "étiquette YAML « !objet » refusée sur un objet",
    ),
    "missing name": (
        "data/reserve-d6/caracteristique.yaml",
        "  nom: Intelligence\n",
        "",
        "- id: inte",
        "champ obligatoire « nom » manquant",
    ),
    "raw html in data": (
        "data/reserve-d6/caracteristique.yaml",
        "  resume: Force physique du personnage.",
        "  resume: Force <img src=x onerror=alert(1)>",
        "resume: Force <img",
        "HTML brut refusé",
    ),
    "raw html in a chapter": (
        "content/reserve-d6/blessures.md",
        "## Mort",
        "## Mort\n\n<script>alert(1)</script>",
        "<script>",
        "HTML brut refusé",
    ),
    "script link": (
        "content/reserve-d6/blessures.md",
        "## Mort",
        "## Mort\n\n[voir](javascript:alert(1))",
        "javascript:",
        "adresse « javascript:alert(1) » refusée",
    ),
    "tag with a capital": (
        "content/reserve-d6/blessures.md",
        "## Mort",
        "## Mort\n\nVoir {@Atout x}.",
        "{@Atout",
        "balise mal formée « {@Atout x}",
    ),
    "tag with a space": (
        "content/reserve-d6/blessures.md",
        "## Mort",
        "## Mort\n\nVoir {@ regle resolution}.",
        "{@ regle",
        "balise mal formée",
    ),
    "tag without id": (
        "content/reserve-d6/blessures.md",
        "## Mort",
        "## Mort\n\nVoir {@regle}.",
        "{@regle}",
        "balise mal formée",
    ),
    "unclosed tag": (
        "data/reserve-d6/caracteristique.yaml",
        "  resume: Force physique du personnage.",
        "  resume: Force physique {@caracteristique dext",
        "resume: Force physique {@",
        "balise mal formée",
    ),
    "bad dice expression": (
        "content/reserve-d6/blessures.md",
        "## Folie",
        "## Folie\n\n{@des 3x6}",
        "{@des 3x6}",
        "expression de dés « 3x6 » invalide",
    ),
    "bad dice expression in an effect": (
        "data/skillcraft/talent.tiers-2.yaml",
        "il peut ajouter {@des 1d4+1} à ses jets de",
        "il peut ajouter {@des 1d1+1} à ses jets de",
        "{@des 1d1+1}",
        "un dé a de 2 à 1000 faces",
    ),
    "dice expression of 5000 digits": (
        "content/reserve-d6/blessures.md",
        "## Folie",
        "## Folie\n\nJetez {@des 1d" + "9" * 5000 + "}.",
        "Jetez {@des 1d",
        "expression de dés « 1d9999",
    ),
    "dice expression too long": (
        "data/skillcraft/talent.tiers-2.yaml",
        "il peut ajouter {@des 1d4+1} à ses jets de",
        "il peut ajouter {@des 1d4" + "+1" * 120 + "} à ses jets de",
        "il peut ajouter {@des 1d4+1+1",
        "200 caractères au plus",
    ),
    "dice law too large for the engine": (
        "content/reserve-d6/blessures.md",
        "## Folie",
        "## Folie\n\n{@des 10d1000} et {@des 100d1000}",
        "{@des 10d1000}",
        "expression de dés « 10d1000 » : 9991 totaux possibles, 1000 au plus",
    ),
    "former dice tag": (
        "data/reserve-d6/caracteristique.yaml",
        "  resume: Force physique du personnage.",
        "  resume: Force physique {@jet 2d6}",
        "resume: Force physique",
        "s'écrit désormais {@des 2d6}",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_error_names_file_and_line(project, case):
    relative, old, new, needle, message = CASES[case]
    edit(project, relative, old, new)
    found = problems_of(project)
    expected_line = line_of(project, relative, needle.split("\n")[0])
    matching = [p for p in found if message in p]
    assert matching, found
    assert matching[0].startswith(f"{relative}:{expected_line}: "), (matching, expected_line)


def test_yaml_aliases_are_refused_at_once(project):
    """A few hundred bytes of nested aliases would expand into billions of values: the
    first alias met stops the reading, so nothing is ever expanded."""
    bomb = "".join(
        f"- &a{i} [" + ", ".join([f"*a{i - 1}" if i else "x"] * 9) + "]\n" for i in range(9)
    )
    (project / "data/reserve-d6/table.yaml").write_text(bomb)
    found = problems_of(project)
    assert any(p.startswith("data/reserve-d6/table.yaml:") and "alias YAML" in p for p in found)


def test_a_broken_file_is_reported_once_without_follow_on_errors(project):
    edit(project, "data/reserve-d6/equipement.yaml", "- id: corde-et-baudrier", "- id: [corde")
    found = problems_of(project)
    assert [p for p in found if p.startswith("data/reserve-d6/equipement.yaml")]
    assert not [p for p in found if "introuvable" in p], found


def test_an_empty_file_says_so(project):
    (project / "data/reserve-d6/formule.yaml").write_text("")
    found = problems_of(project)
    assert "data/reserve-d6/formule.yaml:1: fichier vide" in found
    assert not [p for p in found if "introuvable" in p], found


def test_a_chapter_not_in_utf8_is_reported(project):
    path = project / "content/reserve-d6/blessures.md"
    path.write_bytes(path.read_bytes().replace(b"Mort", "Mort é".encode("latin-1"), 1))
    found = problems_of(project)
    assert any(p.startswith("content/reserve-d6/blessures.md:") and "UTF-8" in p for p in found)


def test_a_byte_order_mark_is_accepted_in_chapters_and_data(project):
    for relative in ("content/reserve-d6/blessures.md", "data/reserve-d6/formule.yaml"):
        path = project / relative
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    check(project)


def test_quotes_and_backslashes_in_a_name_keep_the_page_whole(project, tmp_path):
    import yaml

    from generator.pipeline.build import generate

    edit(
        project,
        "data/reserve-d6/caracteristique.yaml",
        "  nom: Intelligence",
        "  nom: 'Intel \"ligence\\ \\\" x'",
    )
    generate(project, tmp_path / "docs")
    page = (tmp_path / "docs/reserve-d6/caracteristique/inte.md").read_text()
    front = yaml.safe_load(page.split("---\n")[1])
    assert front["title"] == 'Intel "ligence\\ \\" x'


def test_all_errors_are_reported_at_once(project):
    for case in ("unknown field", "unknown tag kind", "unknown reference"):
        relative, old, new, _, _ = CASES[case]
        edit(project, relative, old, new)
    assert len(problems_of(project)) == 3


def test_a_chapter_listed_but_missing_is_reported(project):
    (project / "content/reserve-d6/blessures.md").unlink()
    found = problems_of(project)
    line = line_of(project, "data/reserve-d6/systeme.yaml", "  - blessures")
    assert any(
        p.startswith(f"data/reserve-d6/systeme.yaml:{line}: chapitre « blessures » introuvable")
        for p in found
    ), found


def test_failed_build_leaves_previous_site_untouched(project, tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / site_folder.MARKER).write_text("construit")  # an earlier build's
    (site / "index.html").write_text("ancien site")
    original = (project / "content/reserve-d6/blessures.md").read_text()
    edit(project, *CASES["unknown tag kind"][:3])
    with pytest.raises(BuildFailed):
        build(project, site=site, work=tmp_path / "work")
    assert (site / "index.html").read_text() == "ancien site"
    # A page that MkDocs itself rejects (a broken plain link) fails late, after generation.
    (project / "content/reserve-d6/blessures.md").write_text(
        original + "\n[perdu](nulle-part.md)\n"
    )
    with pytest.raises(BuildFailed) as failure:
        build(project, site=site, work=tmp_path / "work")
    assert "nulle-part.md" in failure.value.problems.report()
    # The error names the chapter the link is written in, not « mkdocs:1 ».
    assert all(
        p.path == "content/reserve-d6/blessures.md"
        for p in failure.value.problems.items
        if "nulle-part" in p.message
    ), failure.value.problems.report()
    assert (site / "index.html").read_text() == "ancien site"
    assert not list(tmp_path.glob(".site-*"))


def test_cli_exit_status_and_message(project):
    edit(project, *CASES["duplicate id"][:3])
    run = subprocess.run(
        [sys.executable, "-m", "generator", "--racine", str(project), "check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 1
    assert "data/reserve-d6/caracteristique.yaml:35: id « dext » en double" in run.stderr
    # Renaming inte to dext also leaves the chapter's {@caracteristique inte} dangling.
    assert (
        "content/reserve-d6/caracteristiques.md:13: caractéristique « inte » introuvable"
        in run.stderr
    )
    assert "2 erreurs : le site n'a pas été reconstruit." in run.stderr
    ok = subprocess.run(
        [sys.executable, "-m", "generator", "--racine", str(ROOT), "check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert ok.returncode == 0 and "tous les renvois résolus" in ok.stdout


def test_divin6_atout_pages_show_structured_conditions_and_exclusions(site):
    page = (site / "divin6/atout/arme-mystique/index.html").read_text()
    assert (
        "1 rang au moins en" in page and "(Arcanes) ou en" in page and "1 degré au moins en" in page
    )
    assert 'href="../../avantage/attaque/"' in page
    insomniac = (site / "divin6/atout/insomniaque/index.html").read_text()
    # The exclusion is said once, in the condition (no repeated « Incompatible avec »).
    assert "Ne pas avoir l&rsquo;atout" in insomniac or "Ne pas avoir l'atout" in insomniac
    assert 'href="../que-d-un-oeil/"' in insomniac and insomniac.count("Incompatible avec") <= 1
    index = (site / "divin6/atout/index.html").read_text()
    assert len(re.findall(r"<tr[ >]", index)) >= 96 and 'data-facettes="Catégorie"' in index


def test_a_killed_build_leaves_nothing_behind_and_the_site_is_world_readable(project):
    """What a killed build left (its temporary folder, marked and named with its process,
    now gone) goes at the next build; a folder of someone's own named alike stays."""
    gone = subprocess.Popen(["true"])
    gone.wait()
    killed = site_folder.temporary(project).rename(project / f".site-{gone.pid}-abandon")
    (killed / "index.html").write_text("vieux")
    own = project / ".site-a-moi"
    own.mkdir()
    (own / "notes.txt").write_text("à garder")
    build(project, site_url="http://127.0.0.1:1/")
    assert [path.name for path in project.glob(".site-*")] == [".site-a-moi"]
    assert (own / "notes.txt").read_text() == "à garder"
    assert (project / "site" / site_folder.MARKER).is_file()
    assert (project / "site").stat().st_mode & 0o755 == 0o755


def test_every_page_carries_a_content_security_policy(site):
    for page in ("index.html", "divin6/calculateurs/jet/index.html", "404.html"):
        html = (site / page).read_text()
        assert '<meta http-equiv="Content-Security-Policy"' in html, page
        assert "default-src 'self'" in html and "'wasm-unsafe-eval'" in html


def test_the_offline_manifest_holds_each_cached_files_hash_and_sw_js_the_manifests(tmp_path):
    """The service worker checks every file of a build against its manifest."""
    import hashlib
    import re

    from generator.pipeline.offline import FILE_DIGEST_CHARS, write_service_worker

    files = {
        "index.html": "accueil",
        "regles/resolution/index.html": "règles",
        "assets/calc.js": "calcul",
        "assets/calc.js.map": "carte",  # not cached: nobody offline needs them
        "api/entites.json": "{}",
        "sitemap.xml": "<urlset/>",
    }
    for relative, text in files.items():
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relative).write_text(text, encoding="utf-8")
    version = write_service_worker(tmp_path)
    text = (tmp_path / "hors-ligne.json").read_bytes()

    def entry(relative):
        content = files[relative].encode()
        return {
            "sha256": hashlib.sha256(content).hexdigest()[:FILE_DIGEST_CHARS],
            "taille": len(content),
        }

    assert json.loads(text) == {
        "version": version,
        "fichiers": {
            "assets/calc.js": entry("assets/calc.js"),
            "./": entry("index.html"),
            "regles/resolution/": entry("regles/resolution/index.html"),
        },
    }
    script = (tmp_path / "sw.js").read_text(encoding="utf-8")
    assert f'"{hashlib.sha256(text).hexdigest()}"' in script and f'"{version}"' in script
    assert not re.search(r"__[A-Z0-9_]+__", script)
    assert write_service_worker(tmp_path) == version  # sw.js and the manifest are not listed
    (tmp_path / "assets/calc.js").write_text("calcul 2", encoding="utf-8")
    assert write_service_worker(tmp_path) != version
