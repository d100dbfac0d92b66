"""Where a build may publish (generator/pipeline/site_folder.py), what it removes beside
its target, and the faults of the disk and of mkdocs.yml said in French."""

from __future__ import annotations

import errno
import os
import subprocess
from pathlib import Path

import pytest

from generator.pipeline import disk, mkdocs_yml, site_folder
from generator.pipeline.site_folder import MARKER, TargetRefused, refuse_unsafe


@pytest.fixture
def bare(tmp_path) -> Path:
    """A project of folders only: the target is judged on names, not contents."""
    bare = tmp_path / "projet"
    for name in ("data", "content", "site_overrides"):
        (bare / name).mkdir(parents=True)
    (bare / "mkdocs.yml").write_text("site_name: essai\n", encoding="utf-8")
    return bare


def allowed(bare: Path, site: Path) -> bool:
    try:
        refuse_unsafe(bare, site, bare / "build")
    except TargetRefused:
        return False
    return True


def test_a_new_path_an_empty_folder_and_an_earlier_build_are_accepted(bare):
    assert allowed(bare, bare / "site")
    assert allowed(bare, bare.parent / "ailleurs" / "plus" / "loin")
    (bare / "vide").mkdir()
    assert allowed(bare, bare / "vide")
    marked = bare / "marque"
    marked.mkdir()
    (marked / MARKER).write_text("", encoding="utf-8")
    assert allowed(bare, marked)


def test_a_site_built_before_the_marker_is_known_by_its_offline_files(bare):
    earlier = bare / "site"
    earlier.mkdir()
    (earlier / "sw.js").write_text("//", encoding="utf-8")
    assert not allowed(bare, earlier)  # the worker alone could be anyone's
    (earlier / "hors-ligne.json").write_text("{}", encoding="utf-8")
    assert allowed(bare, earlier)


def test_a_folder_of_hidden_files_only_is_not_empty(bare):
    deployed = bare / "deploiement"
    (deployed / ".git").mkdir(parents=True)
    assert not allowed(bare, deployed)


def test_the_build_removes_only_what_killed_builds_left(tmp_path):
    gone = subprocess.Popen(["true"])
    gone.wait()
    killed = site_folder.temporary(tmp_path).rename(tmp_path / f".site-{gone.pid}-abc123")
    aside = tmp_path / f".site-{gone.pid}-abc123-ancien"  # the site a killed swap moved
    aside.mkdir()
    (aside / MARKER).write_text("", encoding="utf-8")
    running = site_folder.temporary(tmp_path)  # this process's: still in use
    unmarked = tmp_path / f".site-{gone.pid}-def456"  # not a build's
    unmarked.mkdir()
    (unmarked / "notes.txt").write_text("à moi", encoding="utf-8")
    own = tmp_path / ".site-notes"
    own.mkdir()
    site_folder.remove_abandoned(tmp_path)
    assert not killed.exists() and not aside.exists()
    assert running.is_dir() and own.is_dir()
    assert (unmarked / "notes.txt").read_text(encoding="utf-8") == "à moi"


def test_a_temporary_folder_is_named_with_its_process_and_marked(tmp_path):
    folder = site_folder.temporary(tmp_path / "pas" / "encore")
    assert folder.name.startswith(f".site-{os.getpid()}-")
    assert site_folder.TEMPORARY.fullmatch(folder.name)
    assert (folder / MARKER).is_file() and folder.stat().st_mode & 0o755 == 0o755


def test_a_failed_swap_leaves_the_previous_site(tmp_path, monkeypatch):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("ancien", encoding="utf-8")
    fresh = site_folder.temporary(tmp_path)
    rename = Path.rename

    def fails_into_place(self, target):
        if self == fresh:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))
        return rename(self, target)

    monkeypatch.setattr(Path, "rename", fails_into_place)
    with pytest.raises(OSError):
        site_folder.swap(fresh, site)
    assert (site / "index.html").read_text(encoding="utf-8") == "ancien"


def test_the_disk_s_faults_are_said_in_french_at_their_file(tmp_path):
    full = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(tmp_path / "site/a.html"))
    assert disk.in_french(full, tmp_path) == "site/a.html : plus de place sur le disque ; " + (
        "libérez-en, puis relancez."
    )
    copied = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))  # as shutil's copy says it
    copied.filename, copied.filename2 = "/docs/a.json", str(tmp_path / "site/a.json")
    assert disk.in_french(copied, tmp_path).startswith("site/a.json : plus de place")
    read_only = OSError(errno.EROFS, os.strerror(errno.EROFS), "/ailleurs/x")
    assert disk.in_french(read_only, tmp_path).startswith("/ailleurs/x : système de fichiers")
    assert disk.in_french(OSError(errno.EPIPE, "Broken pipe"), tmp_path) is None


@pytest.mark.parametrize(
    ("logged", "said"),
    [
        (
            "Config value 'site_url': Expected a string, got <class 'int'>",
            "site_url : il faut un texte, pas un nombre entier ; corrigez cette ligne",
        ),
        (
            "Config value 'use_directory_urls': Expected type: <class 'bool'> but received: "
            "<class 'str'>",
            "use_directory_urls : il faut un booléen (true ou false), pas un texte ; "
            "corrigez cette ligne",
        ),
        (
            "Config value 'theme': Sub-option 'custom_dir': The path '/x' isn't an existing "
            "directory.",
            "theme.custom_dir : le chemin « /x » n'existe pas ; corrigez cette ligne",
        ),
    ],
)
def test_mkdocs_word_on_a_value_is_said_in_french_at_its_line(bare, logged, said):
    (bare / "mkdocs.yml").write_text(
        "site_name: essai\nuse_directory_urls: oui\nsite_url: 3\ntheme:\n  custom_dir: x\n",
        encoding="utf-8",
    )
    path, line, message = mkdocs_yml.said(bare, logged)
    assert path == bare / "mkdocs.yml" and message == said
    key = said.split(" ")[0].split(".")[-1]
    assert (bare / "mkdocs.yml").read_text().splitlines()[line - 1].strip().startswith(key)
    assert mkdocs_yml.said(bare, "Doc file 'a.md' contains a link 'b.md'") is None
