"""What the file system refuses a command (a full disk, a read-only folder, a missing
file), said in French at the file, with what to do: the author's machine, not a bug."""

from __future__ import annotations

import errno
import os
from pathlib import Path

REASONS = {
    errno.ENOSPC: "plus de place sur le disque ; libérez-en, puis relancez",
    errno.EDQUOT: "quota de disque dépassé ; libérez de la place, puis relancez",
    errno.EROFS: "système de fichiers en lecture seule ; choisissez un dossier où écrire",
    errno.EACCES: "permission refusée ; vérifiez les droits sur ce dossier",
    errno.EPERM: "opération interdite ; vérifiez les droits sur ce dossier",
    errno.ENOENT: "fichier ou dossier introuvable",
    errno.ENOTDIR: "un fichier se trouve là où il faut un dossier",
    errno.EISDIR: "un dossier se trouve là où il faut un fichier",
    errno.ENAMETOOLONG: "nom de fichier trop long",
    errno.EMFILE: "trop de fichiers ouverts à la fois ; relancez",
    # A site is put in place by renaming a folder: not possible onto a mount point.
    errno.EBUSY: "dossier occupé (un point de montage ?) ; publiez dans un dossier qu'il contient",
}
# Where the disk is full is where a file was being written.
FULL = (errno.ENOSPC, errno.EDQUOT)


def in_french(error: OSError, root: Path) -> str | None:
    """`file : reason ; what to do` for an error of the file system; None for another."""
    reason = REASONS.get(error.errno)
    if reason is None:
        return None
    filename = error.filename
    if error.errno in FULL and error.filename2 is not None:
        filename = error.filename2  # a copy (shutil's) names its source first
    return f"{_shown(filename, root)} : {reason}."


def _shown(filename, root: Path) -> str:
    """The file named from the project's root when inside it."""
    if not isinstance(filename, str | bytes):  # none named (or a file descriptor)
        return str(root)
    path = Path(os.fsdecode(filename))
    try:
        return path.absolute().relative_to(root).as_posix()
    except ValueError:
        return str(path)
