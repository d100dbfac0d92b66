"""The project file: what `projet.yaml` says is read, a fault said in French at its line;
`nouveau-projet` refuses a folder that is not empty; what it writes stays in step with the
repository (npm pins, MkDocs configuration); the advice of a data format changed since
the version a project is written for."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from helpers import ROOT, readme_commands

from generator import cli, systems
from generator.pipeline import features, formats, mkdocs_yml, new_project, project
from generator.pipeline.errors import BuildFailed


def _said(root: Path) -> list[str]:
    with pytest.raises(BuildFailed) as failed:
        project.read(root)
    return [str(p) for p in failed.value.problems.items]


def _write(root: Path, text: str) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / project.FILE).write_text(text, encoding="utf-8")
    return root


def test_this_repository_names_the_generators_own_systems():
    found = project.read(ROOT)
    assert found.systems == systems.FOLDER
    assert found.written_for == formats.CURRENT


def test_an_outside_project_finds_its_systems_in_its_own_folder(tmp_path):
    (tmp_path / "regles" / "mon_jeu").mkdir(parents=True)
    found = project.read(_write(tmp_path, 'generateur: "0.1.0"\nsystemes: regles\n'))
    assert found.systems == (tmp_path / "regles").resolve()
    assert found.systems != systems.FOLDER


def test_a_missing_project_file_is_said_in_french(tmp_path):
    [said] = _said(tmp_path)
    assert said.startswith("projet.yaml:1: fichier du projet introuvable"), said
    assert "nouveau-projet" in said


@pytest.mark.parametrize(
    "text, line, start",
    [
        ('generateur: "0.1.0"\nsystemes: [regles\n', 2, "YAML invalide"),
        ('generateur: "0.1.0"\n\nsysteme: regles\n', 3, "clé « systeme » inconnue"),
        ('systemes: "@generateur"\ngenerateur: une\n', 2, "generateur : il faut la version"),
        ('generateur: "0.1.0"\nsystemes: absent\n', 2, "systemes : dossier « absent » introuvable"),
        ('generateur: "0.1.0"\nsite:\n  nom: Jeu\n  titre: x\n', 4, "site.titre : clé inconnue"),
        ('generateur: "0.1.0"\nsite:\n  couleur: 3\n', 3, "site.couleur : il faut"),
        ('generateur: "0.1.0"\nsite:\n  accueil: [x]\n', 3, "site.accueil : il faut"),
        ('generateur: "0.1.0"\nsite:\n  pied_de_page: ""\n', 3, "site.pied_de_page : il faut"),
        ('generateur: "0.1.0"\nsite:\n  fonctions: trouver\n', 3, "site.fonctions : il faut une"),
        (
            'generateur: "0.1.0"\nsite:\n  fonctions:\n    - trouver\n    - carte\n',
            5,
            "site.fonctions : fonction « carte » inconnue (trouver : le trouveur",
        ),
        (
            'generateur: "0.1.0"\nsite:\n  fonctions:\n    - listes\n    - {a: 1}\n',
            5,
            "site.fonctions : fonction « {'a': 1} » inconnue",
        ),
        (
            'generateur: "0.1.0"\nsite:\n  fonctions:\n    - listes\n    - listes\n',
            5,
            "site.fonctions : « listes » est déjà dans la liste",
        ),
        (
            'generateur: "0.1.0"\nsite:\n  licence:\n    adresse: https://x.fr/\n',
            3,
            "site.licence : il faut la licence des textes : son nom, ou nom: … et adresse: "
            "https://… (nom absent ou vide)",
        ),
        (
            'generateur: "0.1.0"\nsite:\n  licence:\n    nom: CC BY\n    adresse: x.fr\n',
            5,
            "site.licence.adresse : il faut l'adresse du texte de la licence",
        ),
        (
            'generateur: "0.1.0"\nsite:\n  licence:\n    nom: CC BY\n    lien: x\n',
            5,
            "site.licence : il faut la licence des textes : son nom, ou nom: … et adresse: "
            "https://… (clé « lien » inconnue)",
        ),
        ('generateur: "0.1.0"\nsite:\n  licence: 4\n', 3, "site.licence : il faut"),
    ],
)
def test_a_bad_project_file_is_said_at_its_line(tmp_path, text, line, start):
    (tmp_path / "systemes").mkdir()
    [said] = _said(_write(tmp_path, text))
    assert said.startswith(f"projet.yaml:{line}: {start}"), said


def test_the_site_s_own_texts_licence_and_features_are_read(tmp_path):
    (tmp_path / "systemes").mkdir()
    read = project.read(
        _write(
            tmp_path,
            'generateur: "0.1.0"\nsite:\n  accueil: |\n    Un *jeu*.\n'
            "  pied_de_page: De Camille.\n  licence: CC BY 4.0\n"
            "  fonctions:\n    - trouver\n    - ecran\n",
        )
    )
    assert read.site["accueil"] == "Un *jeu*.\n"
    assert read.site["pied_de_page"] == "De Camille."
    assert read.site["licence"] == {"nom": "CC BY 4.0"}
    assert read.features == {"trouver", "ecran"}
    assert project.read(ROOT).features == features.ALL  # no `fonctions`: every one
    left_out = features.modules_left_out(read.features)
    assert left_out == {
        "listes.js", "personnages.js", "maison.js", "maison-avis.js", "partie.js", "hors-ligne.js"
    }  # fmt: skip
    assert left_out <= set(mkdocs_yml.PAGE_MODULES)
    loaded = mkdocs_yml.with_page_modules({}, left_out)["extra_javascript"]
    assert [e["path"] for e in loaded] == [
        f"assets/{name}" for name in mkdocs_yml.PAGE_MODULES if name not in left_out
    ]


def test_an_empty_list_of_features_shows_none(tmp_path):
    (tmp_path / "systemes").mkdir()
    read = project.read(_write(tmp_path, 'generateur: "0.1.0"\nsite:\n  fonctions: []\n'))
    assert read.features == frozenset()


def test_site_settings_beside_a_mkdocs_yml_are_refused(tmp_path):
    (tmp_path / "systemes").mkdir()
    (tmp_path / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    [said] = _said(_write(tmp_path, 'generateur: "0.1.0"\nsite:\n  nom: Jeu\n'))
    assert said.startswith("projet.yaml:2: site : ce projet a son propre mkdocs.yml"), said


def test_the_mkdocs_configuration_written_is_the_repositorys_but_its_settings(tmp_path):
    (tmp_path / "systemes").mkdir()
    _write(
        tmp_path,
        'generateur: "0.1.0"\nsite:\n  nom: Mon jeu\n  description: Le jeu.\n'
        "  adresse: https://exemple.fr/jeu/\n  logo: material/sword\n  couleur: teal\n",
    )
    written = mkdocs_yml.read(tmp_path)
    ours = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert (written["site_name"], written["site_description"], written["site_url"]) == (
        "Mon jeu",
        "Le jeu.",
        "https://exemple.fr/jeu/",
    )
    assert written["theme"]["icon"]["logo"] == "material/sword"
    assert {p["primary"] for p in written["theme"]["palette"]} == {"teal"}
    assert mkdocs_yml.theme_folder(tmp_path, written) == mkdocs_yml.THEME
    for key in ("site_name", "site_description", "site_url", "theme"):
        written.pop(key), ours.pop(key)
    assert written == ours


def test_the_page_modules_are_listed_once_by_the_generator_before_a_projects_own():
    for written in (ROOT / mkdocs_yml.FILE, mkdocs_yml.BASE):
        assert "extra_javascript" not in yaml.safe_load(written.read_text(encoding="utf-8"))
    ours = [f"assets/{name}" for name in mkdocs_yml.PAGE_MODULES]
    assert all((mkdocs_yml.THEME.parent / "browser" / n).is_file() for n in mkdocs_yml.PAGE_MODULES)
    older = {"extra_javascript": ["assets/listes.js", {"path": ours[0]}, "js/mien.js"]}
    loaded = mkdocs_yml.with_page_modules(older)["extra_javascript"]
    assert [e["path"] if isinstance(e, dict) else e for e in loaded] == [*ours, "js/mien.js"]
    assert mkdocs_yml.with_page_modules({"extra_javascript": "x.js"}) == {
        "extra_javascript": "x.js"
    }


def test_a_new_projects_npm_pins_are_the_generators():
    ours = json.loads((ROOT / "package.json").read_text())["dependencies"]
    written = json.loads((new_project.FILES / "package.json").read_text())["dependencies"]
    assert written == ours


def test_a_folder_that_is_not_empty_is_refused_and_left_as_it_is(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("à moi", encoding="utf-8")
    code = cli.main(["nouveau-projet", str(tmp_path)])
    assert code == 1
    said = capsys.readouterr().err
    assert said.startswith(f"nouveau-projet : « {tmp_path} » n'est pas un dossier vide"), said
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_a_system_with_a_syntax_error_is_named_at_its_file(tmp_path):
    """A project of its own, made and judged in its own process (one project a process)."""
    folder = tmp_path / "jeu"
    run = [sys.executable, "-m", "generator"]
    made = subprocess.run([*run, "nouveau-projet", str(folder)], capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    broken = folder / "systemes" / "mon_jeu" / "rules.py"
    broken.write_text(broken.read_text() + "\ndef oups(:\n", encoding="utf-8")
    line = broken.read_text().count("\n")
    done = subprocess.run(
        [*run, "--racine", str(folder), "check"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 1, done.stdout
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith(f"systemes/mon_jeu/rules.py:{line}: "), done.stderr


def test_a_format_changed_since_the_version_written_for_is_said(tmp_path, monkeypatch):
    change = formats.FormatChange("0.1.0", "le champ « x » s'appelle « y »", "renommez-le")
    monkeypatch.setattr(formats, "FORMAT_CHANGES", (change,))
    (tmp_path / "systemes").mkdir()
    older = project.read(_write(tmp_path, 'generateur: "0.0.9"\n'))
    [(path, line, said)] = project.upgrades(older)
    assert (path, line) == (tmp_path / "projet.yaml", 1)
    assert said.startswith("projet écrit pour le générateur 0.0.9 ; depuis 0.1.0, le champ"), said
    assert project.upgrades(project.read(_write(tmp_path, 'generateur: "0.1.0"\n'))) == []
    newer = project.upgrades(project.read(_write(tmp_path, 'generateur: "9.0.0"\n')))
    assert [s for _, _, s in newer] == [
        f"projet écrit pour le générateur 9.0.0, plus récent que celui-ci ({formats.CURRENT}) : "
        "mettez le générateur à jour"
    ]


def test_a_new_project_carries_the_workflow_that_publishes_it(tmp_path):
    """The CI workflow of the generator, at its place in the project, runs the commands its
    README gives (one project a process: made in its own)."""
    folder = tmp_path / "jeu"
    run = [sys.executable, "-m", "generator", "nouveau-projet", str(folder)]
    made = subprocess.run(run, capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, made.stderr
    workflow = folder / ".github" / "workflows" / "publier.yml"
    assert workflow.read_bytes() == new_project.WORKFLOW.read_bytes()
    steps = [
        s for job in yaml.safe_load(workflow.read_text())["jobs"].values() for s in job["steps"]
    ]
    ran = [step["run"] for step in steps if "run" in step]
    readme = readme_commands((folder / "README.md").read_text(encoding="utf-8"))
    assert ran and set(ran) <= {c for commands in readme.values() for c in commands}, ran
