"""`build --site DIR` replaces only a site it built itself: the project, its sources and a
folder or file of someone's own are refused in French, left byte for byte as they were."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from helpers import copy_project, generator_run

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
