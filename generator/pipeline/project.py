"""The project: `projet.yaml` at its root says where its systems' packages are, which
generator version it is written for, and (without a mkdocs.yml of its own) its site's
settings. Its data and texts are always in data/ and content/ beside it.

`load` reads it and hands its systems' folder to `generator.systems`, the one way systems
are found: this repository names the generator's own package folder (« @generateur »), a
game of its own a folder of its project. The generator never lists its own systems
unless the project says so, and never writes inside itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

from generator import systems
from generator.pipeline import features, formats
from generator.pipeline.errors import BuildFailed, Problems
from generator.pipeline.yamlload import Located, YamlProblem, parse_yaml

FILE = "projet.yaml"
OWN_SYSTEMS = "@generateur"  # the value of `systemes` naming the generator's own folder
DEFAULT_SYSTEMS = "systemes"
# The site's settings a project without mkdocs.yml gives (mkdocs_yml.written reads them).
SITE_KEYS = {
    "nom": "le nom du site, en titre de chaque page",
    "description": "sa description ({systemes} : le nombre de systèmes, en lettres)",
    "adresse": "l'adresse où il est publié (http://… ou https://…)",
    "logo": "l'icône du logo, une icône de Material (material/dice-multiple)",
    "couleur": "la couleur principale de Material (indigo, teal, deep-orange…)",
    "accueil": "le texte d'introduction de la page d'accueil, en Markdown",
    "pied_de_page": "le texte du pied de page, en Markdown",
    "licence": "la licence des textes : son nom, ou nom: … et adresse: https://…",
    "fonctions": "la liste des fonctions du site à montrer (toutes par défaut)",
}
KEYS = {
    "generateur": "la version du générateur pour laquelle le projet est écrit",
    "systemes": "le dossier des paquets Python des règles de ses systèmes",
    "site": "les réglages du site, sans mkdocs.yml : " + ", ".join(SITE_KEYS),
}


@dataclass(frozen=True)
class Project:
    root: Path
    systems: Path  # the folder of its systems' packages
    written_for: str  # the generator version the project names
    site: dict = field(default_factory=dict)  # its site's settings (SITE_KEYS)
    located: Located | None = None  # where each value is written in projet.yaml

    @property
    def features(self) -> frozenset[str]:
        """The site's features it shows (features.FEATURES): its `site.fonctions`, else all."""
        return features.shown(self.site)

    @property
    def file(self) -> Path:
        return self.root / FILE

    def line(self, *path: object) -> int:
        return self.located.line(path) if self.located else 1


def load(root: Path) -> Project:
    """Read `root`'s project and find its systems where it says; BuildFailed, in French at
    the line of projet.yaml, for a project that cannot be read."""
    project = read(root)
    systems.use_folder(project.systems)
    _loaded[:] = [project]
    return project


_loaded: list[Project] = []


def loaded() -> Project:
    """The project `load` read last (one per process: its systems are imported)."""
    if not _loaded:
        raise LookupError("aucun projet chargé : generator.pipeline.project.load(racine)")
    return _loaded[0]


def read(root: Path) -> Project:
    root = root.resolve()
    path = root / FILE
    if not path.is_file():
        _fail(
            root,
            1,
            f"fichier du projet introuvable dans {root} : un projet a son {FILE} à sa racine "
            "(« python -m generator nouveau-projet DOSSIER » en écrit un ; --racine DOSSIER "
            "pour un projet ailleurs)",
        )
    try:
        located = parse_yaml(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        _fail(root, 1, "fichier illisible : enregistrez-le en UTF-8")
    except YamlProblem as problem:
        _fail(root, problem.line, str(problem))
    data = located.data
    if not isinstance(data, dict):
        _fail(root, 1, "le projet doit être un objet YAML (des lignes « clé: valeur »)")
    for key in data:
        if key not in KEYS:
            known = " ; ".join(f"{k} : {said}" for k, said in KEYS.items())
            _fail(root, located.line((key,)), f"clé « {key} » inconnue (clés : {known})")
    return Project(
        root,
        _systems_folder(root, data, located),
        _version(root, data, located),
        _site(root, data, located),
        located,
    )


def _version(root: Path, data: dict, located: Located) -> str:
    written = data.get("generateur")
    if isinstance(written, int | float) and not isinstance(written, bool):
        written = str(written)
    if not isinstance(written, str) or formats.parse(written) is None:
        _fail(
            root,
            located.line(("generateur",)),
            f"generateur : il faut la version du générateur pour laquelle le projet est écrit, "
            f'entre guillemets (generateur: "{formats.CURRENT}")',
        )
    return written


def _systems_folder(root: Path, data: dict, located: Located) -> Path:
    named = data.get("systemes", DEFAULT_SYSTEMS)
    line = located.line(("systemes",))
    if named == OWN_SYSTEMS:
        return systems.FOLDER
    if not isinstance(named, str) or not named.strip():
        _fail(
            root, line, "systemes : il faut le chemin d'un dossier du projet (systemes: systemes)"
        )
    folder = (root / named).resolve()
    if not folder.is_dir():
        _fail(
            root,
            line,
            f"systemes : dossier « {named} » introuvable ({folder}) : il tient les paquets "
            "Python des règles, un par système (systemes/<paquet>/__init__.py)",
        )
    inside = systems.FOLDER.parent.resolve()  # the generator's package, installed or not
    if folder.is_relative_to(inside) and folder != systems.FOLDER.resolve():
        _fail(root, line, f"systemes : « {named} » est dans le générateur ({inside})")
    return folder


def _site(root: Path, data: dict, located: Located) -> dict:
    site = data.get("site", {})
    line = located.line(("site",))
    if not isinstance(site, dict):
        _fail(root, line, "site : il faut un objet (nom: …, description: …)")
    if site and (root / "mkdocs.yml").is_file():
        _fail(
            root,
            line,
            "site : ce projet a son propre mkdocs.yml, qui règle le site ; retirez l'un des deux",
        )
    read = {}
    for key, value in site.items():
        if key not in SITE_KEYS:
            known = ", ".join(SITE_KEYS)
            _fail(root, located.line(("site", key)), f"site.{key} : clé inconnue ({known})")
        if key == "fonctions":
            read[key] = _features(root, value, located)
        elif key == "licence":
            read[key] = _licence(root, value, located)
        elif not _text(value):
            _fail(
                root,
                located.line(("site", key)),
                f"site.{key} : il faut {SITE_KEYS[key]}, un texte",
            )
        else:
            read[key] = value
    return read


def _text(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _features(root: Path, value: object, located: Located) -> list[str]:
    """`site.fonctions`: names of features.FEATURES, each once (an empty list shows none)."""
    known = " ; ".join(f"{name} : {said}" for name, said in features.FEATURES.items())
    if not isinstance(value, list):
        _fail(
            root,
            located.line(("site", "fonctions")),
            f"site.fonctions : il faut une liste (- trouver, - listes…) ; fonctions : {known}",
        )
    for index, name in enumerate(value):
        at = located.line(("site", "fonctions", index))
        if not isinstance(name, str) or name not in features.FEATURES:
            _fail(root, at, f"site.fonctions : fonction « {name} » inconnue ({known})")
        if name in value[:index]:
            _fail(root, at, f"site.fonctions : « {name} » est déjà dans la liste")
    return list(value)


def _licence(root: Path, value: object, located: Located) -> dict:
    """`site.licence`: a name, or {nom, adresse?}; read as {nom, adresse?}."""
    if _text(value):
        return {"nom": value}
    line = located.line(("site", "licence"))
    said = f"site.licence : il faut {SITE_KEYS['licence']}"
    if not isinstance(value, dict):
        _fail(root, line, said)
    for key in value:
        if key not in ("nom", "adresse"):
            _fail(root, located.line(("site", "licence", key)), f"{said} (clé « {key} » inconnue)")
    if not _text(value.get("nom")):
        _fail(root, line, f"{said} (nom absent ou vide)")
    address = value.get("adresse")
    if address is not None and not (
        isinstance(address, str) and address.startswith(("http://", "https://"))
    ):
        _fail(
            root,
            located.line(("site", "licence", "adresse")),
            "site.licence.adresse : il faut l'adresse du texte de la licence (http://… ou "
            "https://…)",
        )
    return dict(value)


def upgrades(project: Project) -> list[tuple[Path, int, str]]:
    """(projet.yaml, line, French advice) for each data format changed since the version
    the project is written for, and for a project written for a newer generator."""
    at = project.line("generateur")
    said = [
        (
            project.file,
            at,
            f"projet écrit pour le générateur {project.written_for} ; depuis {change.since}, "
            f'{change.what} : {change.todo}, puis écrivez generateur: "{formats.CURRENT}"',
        )
        for change in formats.changes_since(project.written_for)
        if formats.parse(change.since) <= (formats.parse(formats.CURRENT) or (0, 0, 0))
    ]
    if (formats.parse(project.written_for) or (0, 0, 0)) > (
        formats.parse(formats.CURRENT) or (0, 0, 0)
    ):
        said.append(
            (
                project.file,
                at,
                f"projet écrit pour le générateur {project.written_for}, plus récent que "
                f"celui-ci ({formats.CURRENT}) : mettez le générateur à jour",
            )
        )
    return said


def _fail(root: Path, line: int, message: str) -> NoReturn:
    problems = Problems(root)
    problems.add(root / FILE, line, message)
    raise BuildFailed(problems) from None
