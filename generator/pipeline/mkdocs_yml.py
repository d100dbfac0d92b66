"""mkdocs.yml as its author writes it: read for the build, and what MkDocs says of its
values, in French at their line (BuildFailed, never a traceback nor MkDocs' English)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import NoReturn

import yaml

from generator.pipeline import theme_icons
from generator.pipeline.errors import BuildFailed, Problems
from generator.pipeline.yamlload import YamlProblem, in_french, parse_yaml

FILE = "mkdocs.yml"
# The generator's own theme: Material's templates as the site overrides them.
THEME = Path(__file__).resolve().parent.parent / "site_overrides"


def theme_folder(root: Path, config: dict) -> Path:
    """The folder of the site's templates: the project's own if its mkdocs.yml names one
    (theme.custom_dir, from the project's root), else the generator's."""
    own = config["theme"].get("custom_dir")
    return root / own if own else THEME


BASE = Path(__file__).resolve().parent / "mkdocs-projet.yml"
# The site's page modules (generator/browser/, copied to site/assets/), in the order each
# page loads them: the generator adds them to every configuration, so they are listed once.
PAGE_MODULES = (
    "calc.js",
    "index-table.js",
    "hors-ligne.js",
    "trouver.js",
    "apercu.js",
    "defilement.js",
    "clavier.js",
    "listes.js",
    "lancer.js",
    "personnages.js",
    "fiche.js",
    "maison.js",
    "partie.js",
    "maison-avis.js",
)


def with_page_modules(config: dict, left_out: frozenset[str] = frozenset()) -> dict:
    """`config` loading the page modules first (but those `left_out`: the features a
    project does not show, features.py), then the project's own scripts; one a project
    still lists (its mkdocs.yml written for an older generator) is loaded once. A value
    that is not a list is left for MkDocs to refuse at its line."""
    own = config.get("extra_javascript") or []
    if not isinstance(own, list):
        return config
    ours = [
        {"path": f"assets/{name}", "type": "module"}
        for name in PAGE_MODULES
        if name not in left_out
    ]
    listed = {entry["path"] for entry in ours}
    kept = [e for e in own if (e.get("path") if isinstance(e, dict) else e) not in listed]
    config["extra_javascript"] = ours + kept
    return config


def written(root: Path) -> dict:
    """The configuration of a project without mkdocs.yml: the generator's, with the site's
    settings of its projet.yaml."""
    from generator.pipeline import project

    site = project.read(root).site
    config = yaml.safe_load(BASE.read_text(encoding="utf-8"))
    config["site_name"] = site.get("nom", config["site_name"])
    if "description" in site:
        config["site_description"] = site["description"]
    config["site_url"] = site.get("adresse", config["site_url"])
    config["theme"]["icon"]["logo"] = site.get("logo", config["theme"]["icon"]["logo"])
    for palette in config["theme"]["palette"]:
        palette["primary"] = site.get("couleur", palette["primary"])
    return config


def read(root: Path) -> dict:
    """The configuration in root/mkdocs.yml, else the one `written` for the project."""
    path = root / FILE
    if not path.exists():
        return written(root)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        _fail(
            root,
            1,
            f"configuration du site introuvable : le projet a son {FILE} à sa racine "
            "(lancez la commande dans le dossier du projet, ou donnez-le par --racine)",
        )
    except UnicodeDecodeError:
        _fail(root, 1, "fichier illisible : enregistrez-le en UTF-8")
    try:
        config = yaml.safe_load(text)
    except yaml.YAMLError as error:
        _fail(root, *_yaml_fault(text, error))
    if not isinstance(config, dict):
        _fail(root, 1, "la configuration doit être un objet YAML (des lignes « clé: valeur »)")
    theme = config.get("theme")
    if not isinstance(theme, dict) or not isinstance(theme.get("custom_dir", ""), str):
        _fail(
            root,
            line(text, ("theme",)),
            "theme : il faut un objet, dont custom_dir nomme s'il le faut un dossier de "
            "gabarits du projet (sans custom_dir : ceux du générateur)",
        )
    folder = theme_folder(root, config)
    for keys, icon in theme_icons.missing(folder, config):
        _fail(
            root,
            line(text, keys),
            f"{'.'.join(map(str, keys))} : icône « {icon} » introuvable, ni dans Material ni "
            f"dans {_shown(root, folder)}/.icons/ (les noms : {theme_icons.LIST}) ; "
            "corrigez cette ligne",
        )
    return config


def _shown(root: Path, folder: Path) -> str:
    """The theme folder as the author knows it: from the project's root, else the
    generator's own."""
    return (
        folder.relative_to(root).as_posix()
        if folder.is_relative_to(root)
        else "le thème du générateur"
    )


def _fail(root: Path, at: int, message: str) -> NoReturn:
    problems = Problems(root)
    problems.add(root / FILE, at, message)
    raise BuildFailed(problems) from None


def _yaml_fault(text: str, error: yaml.YAMLError) -> tuple[int, str]:
    """Line and French message of what PyYAML refused, said as for the data's files."""
    try:
        parse_yaml(text)
    except YamlProblem as problem:
        return problem.line, str(problem)
    mark = getattr(error, "problem_mark", None)
    return (mark.line + 1 if mark else 1), f"YAML invalide : {in_french(error.problem)}"


def line(text: str, path: tuple) -> int:
    """The line of the key at `path` (or of its closest parent written), else 1."""
    try:
        return parse_yaml(text).line(path)
    except YamlProblem:  # YAML the data's loader refuses (an alias, say) but MkDocs reads
        found = re.search(rf"^{re.escape(str(path[0]))}\s*:", text, re.MULTILINE)
        return text.count("\n", 0, found.start()) + 1 if found else 1


# What MkDocs logs of a value it refuses: « Config value 'site_url': Expected a string… ».
CONFIG_VALUE = re.compile(r"Config value '([^']+)': (.*)", re.DOTALL)
SUB_OPTION = re.compile(r"Sub-option '([^']+)': (.*)", re.DOTALL)
TYPES = {
    "str": "un texte",
    "int": "un nombre entier",
    "float": "un nombre",
    "bool": "un booléen (true ou false)",
    "list": "une liste",
    "dict": "un objet (clé: valeur)",
    "NoneType": "une valeur vide",
}
CLASS = r"<class '(\w+)'>"
REASONS = (
    (rf"Expected a (?:multiline )?string,? (?:got|but a) {CLASS}.*", "il faut un texte, pas {1}"),
    (rf"Expected type: {CLASS} but received: {CLASS}", "il faut {1}, pas {2}"),
    (rf"Expected a list of items, but a {CLASS} was given\.", "il faut une liste, pas {1}"),
    (rf"Expected a dict of items, but a {CLASS} was given\.", "il faut un objet, pas {1}"),
    (r"Expected one of: (.*) but received: (.*)", "il faut l'une de ces valeurs : {1}, pas {2}"),
    (r"Required configuration not provided\.", "valeur obligatoire absente"),
    (r"Unrecognised configuration name: .*", "clé inconnue de MkDocs (faute de frappe ?)"),
    (r"The URL isn't valid.*", "adresse invalide : elle commence par http:// ou https://"),
    (r"Unable to parse the URL\.", "adresse illisible"),
    (r"The path '(.*)' isn't an existing (?:file|directory)\.", "le chemin « {1} » n'existe pas"),
    (r'The "(.*)" plugin is not installed', "le greffon « {1} » n'est pas installé"),
    (r"'(.*)' is not a valid Markdown Extension name\.", "extension Markdown « {1} » introuvable"),
    (r"Unrecognised theme name: '([^']*)'.*", "thème « {1} » inconnu"),
)


def said(root: Path, message: str) -> tuple[Path, int, str] | None:
    """(mkdocs.yml, line, French message) of MkDocs' word on a value of the configuration;
    None for a message about anything else."""
    match = CONFIG_VALUE.fullmatch(message.strip())
    if match is None:
        return None
    keys, reason = [match[1]], match[2]
    while sub := SUB_OPTION.fullmatch(reason):
        keys.append(sub[1])
        reason = sub[2]
    if not (root / FILE).is_file():  # written from projet.yaml: said at its site settings
        return None
    text = (root / FILE).read_text(encoding="utf-8", errors="replace")
    where = line(text, tuple(keys))
    return root / FILE, where, f"{'.'.join(keys)} : {_reason(reason)} ; corrigez cette ligne"


def _reason(reason: str) -> str:
    for pattern, french in REASONS:
        if found := re.fullmatch(pattern, reason.strip(), re.DOTALL):
            values = [TYPES.get(value, value) for value in found.groups()]
            return french.format(None, *values)
    return f"valeur refusée par MkDocs (« {reason.strip()} »)"
