"""`python -m generator nouveau-projet DOSSIER`: a game's project of its own, outside the
generator: projet.yaml, its README and Makefile (set up, build, serve, test), the runtime's
npm pins, the generator's pin, the CI workflow that publishes it, and one example system as `nouveau-systeme` writes it
(scaffold.py), its package in the project's systemes/ folder.
"""

from __future__ import annotations

import json
import shutil
from importlib import metadata
from pathlib import Path

from generator.pipeline import formats, project, scaffold
from generator.pipeline.scaffold import ScaffoldError

__all__ = ["ScaffoldError", "create"]

FILES = Path(__file__).parent / "nouveau-projet"
# {file of FILES: where it goes in the project}; each has __NOM__, __ID__… to fill.
WRITTEN = {
    "projet.yaml": "projet.yaml",
    "README.md": "README.md",
    "Makefile": "Makefile",
    "package.json": "package.json",
    "gitignore": ".gitignore",
    "conftest.py": "conftest.py",
}
# The CI workflow that builds the site and publishes it (docs/publier.md), copied as it is.
WORKFLOW = Path(__file__).parent / "scaffold_files" / "publier.yml"
WORKFLOW_TARGET = Path(".github") / "workflows" / "publier.yml"


def create(folder: Path, system_id: str) -> list[Path]:
    """Write the project in `folder` (empty or new); the files written."""
    scaffold.check_id(system_id)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise ScaffoldError(
            f"« {folder} » n'est pas un dossier vide : choisissez un dossier vide ou un "
            "chemin qui n'existe pas encore ; rien n'est écrit"
        )
    generator = Path(scaffold.__file__).resolve().parent.parent
    if folder.resolve().is_relative_to(generator):
        raise ScaffoldError(f"« {folder} » est dans le générateur ({generator}) : rien n'est écrit")
    created = not folder.exists()
    folder.mkdir(parents=True, exist_ok=True)
    try:
        return _write(folder, system_id)
    except BaseException:
        _undo(folder, created)
        raise


def _write(folder: Path, system_id: str) -> list[Path]:
    name = system_id.replace("-", " ").capitalize()
    values = {
        "__VERSION__": formats.CURRENT,
        "__ID__": system_id,
        "__PAQUET__": system_id.replace("-", "_"),
        "__NOM__": name,
    }
    written = []
    for source, target in WRITTEN.items():
        text = (FILES / source).read_text(encoding="utf-8")
        for token, value in values.items():
            text = text.replace(token, value)
        (folder / target).write_text(text, encoding="utf-8")
        written.append(folder / target)
    (folder / "requirements.txt").write_text(requirements(), encoding="utf-8")
    written.append(folder / "requirements.txt")
    (folder / WORKFLOW_TARGET).parent.mkdir(parents=True)
    shutil.copyfile(WORKFLOW, folder / WORKFLOW_TARGET)
    written.append(folder / WORKFLOW_TARGET)
    (folder / project.DEFAULT_SYSTEMS).mkdir()
    project.load(folder)
    return written + [folder / path for path in scaffold.create(folder, system_id)]


def requirements() -> str:
    """The generator's pin: where the running one was installed from (PEP 610), else its
    version; its test extra runs the project's tests."""
    pin = f"{formats.DISTRIBUTION}[test]=={formats.CURRENT}"
    try:
        direct = metadata.distribution(formats.DISTRIBUTION).read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        direct = None
    if direct:
        url = json.loads(direct)
        vcs = url.get("vcs_info")
        where = f"{vcs['vcs']}+{url['url']}@{vcs['commit_id']}" if vcs else url["url"]
        pin = f"{formats.DISTRIBUTION}[test] @ {where}"
    return (
        f"# Le générateur, à la version {formats.CURRENT} pour laquelle ce projet est écrit\n"
        "# (projet.yaml, generateur) : changez les deux ensemble pour le mettre à jour.\n"
        f"{pin}\n"
    )


def _undo(folder: Path, created: bool) -> None:
    """A refusal leaves the folder as it was: empty, or not there."""
    if created:
        shutil.rmtree(folder, ignore_errors=True)
        return
    for path in folder.iterdir():
        shutil.rmtree(path) if path.is_dir() else path.unlink()
