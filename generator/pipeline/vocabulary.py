"""The schema vocabulary: every `x-…` keyword the generator reads in a kind's schema.

Besides JSON Schema, a schema says what its fields mean, and the generic code follows it.
Each keyword is declared here once, with its French description, where it may appear, the
type of its value and an example; the reference page (`api/vocabulaire/` on the site and
docs/schema-vocabulaire.md) is written from this list, and tests/unit/test_vocabulary.py
holds it equal to the `"x-…"` strings of the code, so that neither can drift.
"""

from __future__ import annotations

from dataclasses import dataclass

# Where a keyword may appear (the keys of `Keyword.where`).
KIND = "genre"  # at the top of schemas/<kind>.json
PROPERTY = "propriété"  # in a property (a field, at any depth)
OBJECT = "objet"  # in a property of type object, or the items of a list of objects


@dataclass(frozen=True)
class Keyword:
    name: str
    description: str  # French, Markdown
    where: tuple[str, ...]
    value: str  # the type of its value, in French
    example: str  # JSON, as written in a schema


KEYWORDS: tuple[Keyword, ...] = (
    Keyword(
        "x-pluriel",
        "Le nom du genre au pluriel : titre de sa page d'index et de son entrée du menu "
        "(obligatoire, comme `title`, son nom au singulier).",
        (KIND,),
        "texte",
        '"x-pluriel": "Atouts"',
    ),
    Keyword(
        "x-genre",
        "Le genre grammatical du nom du genre, pour l'accord de la phrase de condition "
        "intégrée (« compétence requise », « dons requis ») : `masculin` (par défaut) ou "
        "`feminin`.",
        (KIND,),
        "`masculin` ou `feminin`",
        '"x-genre": "feminin"',
    ),
    Keyword(
        "x-colonnes",
        "Les colonnes du tableau de la page d'index du genre, dans l'ordre : `champ` (la "
        "propriété montrée), `titre` (l'en-tête) et, pour une liste d'objets montrée en "
        "nombres, `sous_champ` (la clé lue dans chacun).",
        (KIND,),
        "liste d'objets",
        '"x-colonnes": [{"champ": "cout", "titre": "Coût"}]',
    ),
    Keyword(
        "x-facettes",
        "Les en-têtes de colonnes (de `x-colonnes`) par lesquels l'index et le trouveur "
        "filtrent : un menu chacun.",
        (KIND,),
        "liste de textes",
        '"x-facettes": ["Type"]',
    ),
    Keyword(
        "x-libelle-court",
        "La propriété qui donne un nom court de l'entité, employé pour ses liens dans les "
        "tableaux (le `nom` sinon).",
        (KIND,),
        "nom de propriété",
        '"x-libelle-court": "abreviation"',
    ),
    Keyword(
        "x-ref",
        "La valeur est l'`id` d'une entité de ce genre, du même système : un renvoi, vérifié "
        "par `check`, écrit en lien sur la page et relevé en retour sur la page visée. Sur une "
        "liste, il se met dans `items`.",
        (PROPERTY,),
        "genre (nom du fichier de schéma)",
        '"x-ref": "competence"',
    ),
    Keyword(
        "x-relation",
        "Ce que dit le renvoi `x-ref` voisin : `requis` (un prérequis : le graphe refuse les "
        "boucles, le trouveur s'en sert pour « J'ai… ») ou `exclu` (une exclusion). Sans lui, "
        "le renvoi ne fait que citer.",
        (PROPERTY,),
        "`requis` ou `exclu`",
        '"x-relation": "requis"',
    ),
    Keyword(
        "x-seuil",
        "Dans un objet qui porte un renvoi requis, la propriété sœur qui donne le minimum "
        "exigé (« Force 3 »). Il vaut pour chaque renvoi direct de l'objet qui n'a pas son "
        "`x-seuil-fixe` : `check` avertit quand l'objet en porte plusieurs.",
        (OBJECT,),
        "nom de propriété",
        '"x-seuil": "min"',
    ),
    Keyword(
        "x-seuil-fixe",
        "Le minimum qu'exige un renvoi quand aucune propriété ne le donne ; il l'emporte sur "
        "le `x-seuil` de l'objet.",
        (PROPERTY,),
        "entier",
        '"x-seuil-fixe": 1',
    ),
    Keyword(
        "x-un-parmi",
        "Les prérequis trouvés dans une même valeur de cet objet ou de cette liste sont des "
        "alternatives : un seul suffit (le trouveur s'en sert pour « J'ai… »).",
        (OBJECT, PROPERTY),
        "`true`",
        '"x-un-parmi": true',
    ),
    Keyword(
        "x-libelles",
        "Le mot français montré pour chaque valeur d'une énumération (`enum`).",
        (PROPERTY,),
        "objet valeur → texte",
        '"x-libelles": {"mineur": "Mineur", "majeur": "Majeur"}',
    ),
    Keyword(
        "x-rendu",
        "`condition` : une condition structurée, écrite en phrase sur la page et dans le "
        "trouveur. La phrase intégrée la lit dans les renvois du schéma : chaque minimum "
        "(« Esprit 3 ou plus »), puis ce qui est requis ou exclu, par genre, accordé "
        "(« dons requis : A et B ») ; une fonction `condition(valeur, lien)` dans "
        "`publication/__init__.py` du système l'écrit avec d'autres mots. Un gabarit "
        "obtient aussi la chaîne des prérequis du même genre par le filtre `chaine_prerequis`.",
        (PROPERTY,),
        "`condition`",
        '"x-rendu": "condition"',
    ),
    Keyword(
        "x-interne",
        "Un champ pour les programmes (les calculateurs), pas montré sur la page : un autre "
        "champ dit la même chose en mots (les termes d'une formule).",
        (PROPERTY,),
        "`true`",
        '"x-interne": true',
    ),
    Keyword(
        "x-transcription",
        "Un champ qui ne sert qu'à transcrire la source (sa fiche, sa valeur imprimée, la "
        "vérification d'un total, sa source, ses notes éditoriales) : obligatoire pour les "
        "données, il ne l'est pas pour une règle maison, que son formulaire ne demande pas "
        "et que sa page ne montre pas.",
        (PROPERTY,),
        "`true`",
        '"x-transcription": true',
    ),
    Keyword(
        "x-signe",
        "Un modificateur (entier) : toujours montré avec son signe (+3, +0, −2).",
        (PROPERTY,),
        "`true`",
        '"x-signe": true',
    ),
    Keyword(
        "x-loi",
        "Le jet qui tire une ligne d'une table (une expression de dés, « 1d20 ») : la "
        "première colonne de chaque ligne donne alors ses faces (« 5 », « 1–4 », « 1, 2 ou "
        "3 ») ; `check` prouve que chaque résultat du jet a une ligne et une seule, la page "
        "montre la chance de chaque ligne et un bouton « Lancer ».",
        (PROPERTY,),
        "`true`",
        '"x-loi": true',
    ),
)

BY_NAME: dict[str, Keyword] = {k.name: k for k in KEYWORDS}


# The site's page, here and not in urls.py, which ships in the engine's wheel: a page for
# authors must not make every reader download the engine again.
PAGE = "api/vocabulaire.md"
DOC = "docs/schema-vocabulaire.md"  # from the project's root; `python -m generator vocabulaire`


def document() -> str:
    """docs/schema-vocabulaire.md: the reference, with a title and where it comes from."""
    return (
        "# Vocabulaire des schémas\n\n"
        "<!-- Écrit par `python -m generator vocabulaire` depuis generator/pipeline/vocabulary.py : "
        "ne pas modifier à la main. -->\n\n" + markdown()
    )


def markdown() -> str:
    """The reference of the vocabulary, in Markdown: the body of the site's page and of
    docs/schema-vocabulaire.md."""
    lines = [
        "Un schéma de genre (`generator/systems/<système>/publication/schemas/<genre>.json`)",
        "est un schéma JSON (draft 2020-12) : chaque propriété a un `title` français. Le",
        "générateur y lit en plus les mots-clés ci-dessous ; `check` avertit d'un mot-clé `x-…`",
        "qu'il ne connaît pas.",
        "Où : *genre* au sommet du fichier, *propriété* dans un champ (à toute profondeur),",
        "*objet* dans un champ de type objet ou dans les `items` d'une liste d'objets.",
        "",
        "| Mot-clé | Où | Valeur | Exemple |",
        "|---|---|---|---|",
    ]
    for k in KEYWORDS:
        lines.append(f"| `{k.name}` | {', '.join(k.where)} | {k.value} | `{k.example}` |")
    for k in KEYWORDS:
        lines += ["", f"## `{k.name}`", "", k.description]
    return "\n".join(lines) + "\n"
