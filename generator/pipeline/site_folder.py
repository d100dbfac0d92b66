"""The folder a build publishes the site into, and the only ones it ever deletes.

A build replaces its target whole: it must be a site an earlier build left there (its
marker at its root), an empty folder, or a path that does not exist yet; never the
project, its sources, or a folder or file of someone's own. The build's temporary folders
lie beside the target (a rename into place is atomic only on the same file system), named
with the process that made them, and carry the marker too: a later build removes those
of a build that was killed, and nothing else of what lies beside the target.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from pathlib import Path

from generator.pipeline.offline import MANIFEST

MARKER = ".srd-construction"
MARKER_TEXT = (
    "Site écrit par le générateur (python -m generator build). La prochaine construction\n"
    "remplace ce dossier en entier : n'y rangez rien d'autre.\n"
)
# A site built before builds left their marker (the default site/ of an existing
# checkout) is known by the offline files at its root, which only this generator writes:
# `make site` goes on replacing it.
EARLIER_BUILD_FILES = ("sw.js", MANIFEST)
# What the project is made of: a build inside one of them would replace or mix into it.
SOURCES = (
    "data",
    "content",
    "generator",
    "site_overrides",
    "mkdocs.yml",
    "projet.yaml",
    "systemes",
    "tests",
    "docs",
    "scripts",
    "node_modules",
    ".git",
    ".venv",
)
TEMPORARY = re.compile(r"\.site-(\d+)-[a-z0-9_]+(-ancien)?")
ADVICE = (
    "choisissez un dossier vide, un chemin qui n'existe pas encore ou un site déjà construit "
    "(par défaut : site/). Rien n'a été écrit ni effacé."
)


class TargetRefused(Exception):
    """The target of a build is not one it may replace; the message says why, in French."""


def refuse_unsafe(root: Path, site: Path, work: Path) -> None:
    """Raise TargetRefused unless `site` (resolved, as `root` and `work`) is a folder the
    build may replace whole."""
    reason = _reason(root, site, work)
    if reason:
        raise TargetRefused(f"build : « {_shown(site, root)} » {reason} ; {ADVICE}")


def _reason(root: Path, site: Path, work: Path) -> str | None:
    if site == root:
        return "est le dossier du projet lui-même"
    if root.is_relative_to(site):
        return "contient le projet"
    for source in [root / name for name in SOURCES]:
        if site.is_relative_to(source):
            name = _shown(source, root) + ("/" if source.is_dir() else "")
            return f"est dans les sources du projet ({name})"
    package = Path(__file__).resolve().parent.parent  # the generator run, maybe elsewhere
    if site.is_relative_to(package):
        return f"est dans le code du générateur ({package}/)"
    if package.is_relative_to(site):
        return f"contient le code du générateur ({package}/)"
    if site.is_relative_to(work) or work.is_relative_to(site):
        return f"est le dossier de travail de la construction ({_shown(work, root)}/)"
    if site.exists() and not site.is_dir():
        return "est un fichier, pas un dossier : la construction ne remplace que des dossiers"
    if site.is_dir() and not _replaceable(site):
        return (
            f"existe et n'est pas un site construit par le générateur (il n'a pas de fichier "
            f"{MARKER}) : la construction en effacerait tout le contenu"
        )
    return None


def _replaceable(folder: Path) -> bool:
    return is_earlier_build(folder) or not any(folder.iterdir())


def is_earlier_build(folder: Path) -> bool:
    """Whether `folder` is a site a build published (or one of its temporary folders)."""
    if (folder / MARKER).is_file():
        return True
    return all((folder / name).is_file() for name in EARLIER_BUILD_FILES)


def _shown(path: Path, root: Path) -> str:
    """`path` as the author reads it: from the project's root when inside it."""
    if path.is_relative_to(root):
        return path.relative_to(root).as_posix() or "."
    return str(path)


def temporary(parent: Path) -> Path:
    """A new temporary folder in `parent` (made if missing), named with this process and
    holding the marker; readable by all (a web server may run as another user)."""
    parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix=f".site-{os.getpid()}-", dir=parent))
    try:
        folder.chmod(0o755)  # mkdtemp makes it private
        (folder / MARKER).write_text(MARKER_TEXT, encoding="utf-8")
    except BaseException:  # a full disk, say: nothing left behind
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return folder


def remove_abandoned(parent: Path) -> None:
    """The temporary folders a killed build left in `parent`: named as `temporary` names
    them, by a process that is gone, and a build's (or empty). The caller holds the
    build lock."""
    for entry in parent.glob(".site-*"):
        match = TEMPORARY.fullmatch(entry.name)
        if not match or not entry.is_dir() or entry.is_symlink() or _alive(int(match[1])):
            continue
        if is_earlier_build(entry):
            shutil.rmtree(entry, ignore_errors=True)
        elif not any(entry.iterdir()):
            entry.rmdir()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process, say
        return True
    return True


def swap(fresh: Path, site: Path) -> None:
    """Put the complete site `fresh` in place of `site` (checked by `refuse_unsafe`); if
    that fails, `site` is left as it was."""
    old = fresh.with_name(fresh.name + "-ancien")
    if site.exists():
        site.rename(old)
    try:
        fresh.rename(site)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            old.rename(site)
        raise
    shutil.rmtree(old, ignore_errors=True)
