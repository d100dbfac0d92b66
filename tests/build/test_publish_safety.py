"""`build --site DIR` replaces only a site it built itself: the project, its sources and a
folder or file of someone's own are refused in French, left byte for byte as they were;
a fault of mkdocs.yml or of the disk is said in French at its file, the previous site
intact."""

from __future__ import annotations

import errno
import json
import os
import tempfile
from pathlib import Path

import pytest
import yaml
from helpers import copy_project, edit, generator_run, line_of

from generator import cli
from generator.pipeline import build

MARKER = ".srd-construction"  # what every site the build publishes holds at its root
NOTHING_DONE = "Rien n'a été écrit ni effacé."


def tree(folder: Path) -> dict[str, bytes | str]:
    """Every entry under `folder`: a file by its bytes, a symbolic link by where it leads."""
    found: dict[str, bytes | str] = {}
    for base, folders, files in os.walk(folder):
        for name in folders + files:
            path = Path(base) / name
            relative = path.relative_to(folder).as_posix()
            if path.is_symlink():
                found[relative] = "lien vers " + os.readlink(path)
            elif path.is_file():
                found[relative] = path.read_bytes()
            else:
                found[relative] = "dossier"
    return found


def own_files(folder: Path) -> Path:
    """A folder of someone's own files, which no build made."""
    (folder / "photos").mkdir(parents=True)
    (folder / "lettre.txt").write_text("Chère Claire,\n", encoding="utf-8")
    (folder / "photos/plage.jpg").write_bytes(bytes(range(256)))
    return folder


def earlier_build(folder: Path) -> Path:
    """A site as a build leaves it: its marker and its offline files at its root."""
    folder.mkdir(parents=True)
    (folder / MARKER).write_text("construit\n", encoding="utf-8")
    for name, text in (("index.html", "ancien site"), ("sw.js", "//"), ("hors-ligne.json", "{}")):
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def _notes_file(project: Path) -> Path:
    (project / "notes.txt").write_text("à garder\n", encoding="utf-8")
    return project / "notes.txt"


# (target as the author types it, what is there before, what the refusal says)
REFUSED = {
    "les données": ("data", None, "« data » est dans les sources du projet (data/)"),
    "les chapitres d'un système": (
        "content/divin6",
        None,
        "« content/divin6 » est dans les sources du projet (content/)",
    ),
    "un dossier neuf dans les sources": (
        "data/site",
        None,
        "« data/site » est dans les sources du projet (data/)",
    ),
    "le projet lui-même": (".", None, "« . » est le dossier du projet lui-même"),
    "le dossier qui contient le projet": ("..", None, "contient le projet"),
    "mkdocs.yml": ("mkdocs.yml", None, "« mkdocs.yml » est dans les sources du projet"),
    "un site construit dans les sources": (
        "content/site",
        lambda p: earlier_build(p / "content/site"),
        "« content/site » est dans les sources du projet (content/)",
    ),
    "un dossier à soi": (
        "mes-fichiers",
        lambda p: own_files(p / "mes-fichiers"),
        "« mes-fichiers » existe et n'est pas un site construit par le générateur",
    ),
    "un fichier": ("notes.txt", _notes_file, "« notes.txt » est un fichier, pas un dossier"),
}


@pytest.mark.parametrize("case", REFUSED, ids=list(REFUSED))
def test_a_target_that_is_not_an_earlier_build_is_refused_and_left_untouched(tmp_path, case):
    target, make, said = REFUSED[case]
    project = copy_project(tmp_path / "projet")
    (tmp_path / ".site-mes-notes").mkdir()  # someone's own, beside the project
    (tmp_path / ".site-mes-notes/idee.txt").write_text("une idée\n", encoding="utf-8")
    if make:
        make(project)
    before = tree(tmp_path)
    done = generator_run(project, "build", "--site", target)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr and "Site construit" not in done.stdout, done.stderr
    assert said in done.stderr and NOTHING_DONE in done.stderr, done.stderr
    assert tree(tmp_path) == before


def test_a_build_replaces_an_earlier_build_and_nothing_beside_it(tmp_path):
    """A site built before the marker existed (the offline files at its root) is an earlier
    build: `make site` goes on working on an existing checkout. What lies beside it, even
    named as the build names its temporary folders, stays."""
    project = copy_project(tmp_path / "projet")
    out = tmp_path / "sortie"
    site = earlier_build(out / "site")
    (site / MARKER).unlink()
    own_files(out / ".site-mes-notes")
    own_files(out / "site.old")
    beside = tree(out)
    done = generator_run(project, "build", "--site", str(site), SRD_SITE_URL="")
    assert done.returncode == 0, done.stderr
    assert {k: v for k, v in tree(out).items() if k.split("/")[0] != "site"} == {
        k: v for k, v in beside.items() if k.split("/")[0] != "site"
    }
    assert (site / MARKER).is_file() and (site / "index.html").read_text() != "ancien site"
    offline = json.loads((site / "hors-ligne.json").read_text(encoding="utf-8"))["fichiers"]
    assert offline and not [address for address in offline if MARKER in address]
    assert MARKER not in (site / "sitemap.xml").read_text(encoding="utf-8")


# --- the author's faults: said in French at their file, the previous site intact ----------


@pytest.fixture
def earlier(tmp_path) -> tuple[Path, dict]:
    """The previous site, and what it holds."""
    site = earlier_build(tmp_path / "sortie" / "site")
    return site, tree(site.parent)


def _unchanged(earlier) -> None:
    site, before = earlier
    assert tree(site.parent) == before


def test_a_broken_mkdocs_yml_is_said_at_its_line(project, earlier):
    edit(project, "mkdocs.yml", "  language: fr", "  language: [fr")
    line = line_of(project, "mkdocs.yml", "language: [fr")
    done = generator_run(project, "build", "--site", str(earlier[0]))
    assert done.returncode == 1, done.stdout
    lines = done.stderr.splitlines()
    assert "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith(f"mkdocs.yml:{line}: YAML invalide : "), lines
    assert lines[-1] == "1 erreur : le site n'a pas été reconstruit.", lines
    _unchanged(earlier)


def test_a_value_of_the_wrong_type_in_mkdocs_yml_is_said_at_its_line(project, earlier):
    edit(project, "mkdocs.yml", "site_url: http://127.0.0.1:8000/", "site_url: 8000")
    line = line_of(project, "mkdocs.yml", "site_url: 8000")
    done = generator_run(project, "build", "--site", str(earlier[0]), SRD_SITE_URL="")
    assert done.returncode == 1, done.stdout
    assert "Traceback" not in done.stderr and "Expected" not in done.stderr, done.stderr
    assert done.stderr.splitlines() == [
        f"mkdocs.yml:{line}: site_url : il faut un texte, pas un nombre entier ; "
        "corrigez cette ligne",
        "1 erreur : le site n'a pas été reconstruit.",
    ]
    _unchanged(earlier)


def _build_in_process(project: Path, site: Path, capsys) -> tuple[int, str]:
    code = cli.main(["--racine", str(project), "build", "--site", str(site)])
    return code, capsys.readouterr().err


def test_a_read_only_output_folder_is_said_in_french(project, earlier, monkeypatch, capsys):
    """The folder the site is written into is read-only: its temporary copy cannot be made."""
    out, mkdtemp = earlier[0].parent, tempfile.mkdtemp

    def read_only(*args, dir=None, **kwargs):
        if dir is not None and Path(dir) == out:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(Path(dir) / ".site-x"))
        return mkdtemp(*args, dir=dir, **kwargs)

    monkeypatch.setattr(tempfile, "mkdtemp", read_only)
    code, said = _build_in_process(project, earlier[0], capsys)
    assert code == 1 and "Traceback" not in said and "Read-only" not in said, said
    assert f"{out}/.site-x : système de fichiers en lecture seule" in said, said
    assert "Le site n'a pas été reconstruit ; le précédent est resté tel quel." in said
    _unchanged(earlier)


def test_a_full_disk_is_said_in_french(project, earlier, monkeypatch, capsys):
    """The disk fills up while MkDocs writes the pages (the error it lets through)."""

    def full_disk(config_file, root, origins=None):
        written = Path(yaml.safe_load(Path(config_file).read_text())["site_dir"])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(written / "index.html"))

    monkeypatch.setattr(build, "run_mkdocs", full_disk)
    code, said = _build_in_process(project, earlier[0], capsys)
    assert code == 1 and "Traceback" not in said and "No space" not in said, said
    assert "/index.html : plus de place sur le disque" in said, said
    assert "Le site n'a pas été reconstruit ; le précédent est resté tel quel." in said
    _unchanged(earlier)
