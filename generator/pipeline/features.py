"""The site's optional features, which a project's `site.fonctions` (projet.yaml) chooses
among: by default every one is shown. A feature left out has none of its pages, links,
menu entries or page modules in the site (pages.py, build.py, the templates and the
footer read `shown`); the files other features read (the finder's index, which the link
previews use, say) are still written.
"""

from __future__ import annotations

# {name in projet.yaml: what it is, in French}, in the order the menu shows them.
FEATURES = {
    "trouver": "le trouveur (page « Trouver »)",
    "listes": "les listes d'entités épinglées (page « Mes listes », bouton « Épingler »)",
    "personnages": "les personnages enregistrés (page « Mes personnages »)",
    "maison": "les règles maison (page « Règles maison », lien « Modifier en règle maison »)",
    "ecran": "l'écran du MJ des systèmes qui en déclarent un",
    "partie": "la page « Mener la partie » des systèmes qui la déclarent",
    "hors-ligne": "la copie hors ligne (page « Consulter hors ligne », service worker)",
}
ALL = frozenset(FEATURES)
# The page modules (mkdocs_yml.PAGE_MODULES) that serve one feature alone: left out with it.
PAGE_MODULES = {
    "trouver": ("trouver.js",),
    "listes": ("listes.js",),
    "personnages": ("personnages.js",),
    "maison": ("maison.js", "maison-avis.js"),
    "partie": ("partie.js",),
    "hors-ligne": ("hors-ligne.js",),
}


def shown(site: dict) -> frozenset[str]:
    """The features a project's site settings (Project.site) show: its `fonctions`, else all."""
    listed = site.get("fonctions")
    return ALL if listed is None else frozenset(listed)


def modules_left_out(features: frozenset[str]) -> frozenset[str]:
    """The page modules of the features not shown."""
    return frozenset(
        module
        for feature, modules in PAGE_MODULES.items()
        if feature not in features
        for module in modules
    )
