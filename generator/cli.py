"""Command line: python -m generator build | serve | check | vocabulaire | editeur | contrat |
nouveau-systeme ID | nouveau-projet DOSSIER."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.pipeline import disk
from generator.pipeline.assets import MissingRuntime
from generator.pipeline.errors import BuildFailed
from generator.pipeline.search import SearchIndexError
from generator.pipeline.site_folder import TargetRefused
from generator.version import VERSION


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m generator", description="Générateur du site de règles de référence."
    )
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {VERSION}", help="afficher la version"
    )
    parser.add_argument(
        "--racine",
        type=Path,
        default=Path.cwd(),
        help="dossier du projet (projet.yaml, data/, content/)",
    )
    commands = parser.add_subparsers(dest="commande", required=True)
    commands.add_parser("check", help="valider les données et les renvois, sans rien écrire")
    build = commands.add_parser("build", help="construire le site dans site/")
    build.add_argument("--site", type=Path, help="dossier de sortie (par défaut : site/)")
    serve = commands.add_parser(
        "serve",
        help="construire, servir sur http://127.0.0.1:8000 et reconstruire à chaque modification",
    )
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--hote", default="127.0.0.1")
    commands.add_parser(
        "vocabulaire", help="écrire docs/schema-vocabulaire.md, les mots-clés x-… des schémas"
    )
    commands.add_parser(
        "editeur",
        help="écrire les schémas des fichiers de data/ et leur table pour l'éditeur "
        "(.vscode/settings.json, yaml.schemas)",
    )
    commands.add_parser(
        "contrat",
        help="écrire generator/browser/lib/contrat.js, les valeurs que le code du navigateur "
        "tient du Python (la construction écrit le même texte dans le site)",
    )
    new = commands.add_parser(
        "nouveau-systeme",
        help="créer un système original d'exemple (données, chapitre, paquet, calculateur et "
        "son test), qui se construit et passe check tel quel",
    )
    new.add_argument("id", help="identifiant du système : minuscules, chiffres et tirets")
    game = commands.add_parser(
        "nouveau-projet",
        help="créer hors du générateur le projet d'un jeu à soi (projet.yaml, son système "
        "d'exemple, son README, ses tests), qui se construit tel quel",
    )
    game.add_argument("dossier", type=Path, help="dossier du projet, vide ou à créer")
    game.add_argument("--id", default="mon-jeu", help="identifiant de son système (mon-jeu)")
    commands.add_parser(
        "tester",
        help="lancer les tests du projet (tests/) et ceux que le générateur livre, sur ses "
        "systèmes ; les options suivantes vont à pytest",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args, rest = parser.parse_known_args(argv)
    if rest and args.commande != "tester":  # only pytest takes options of its own
        parser.parse_args(argv)
    root = args.racine.resolve()
    try:
        if args.commande == "nouveau-projet":
            return _new_project(args.dossier, args.id)
        from generator.pipeline import project

        project.load(root)  # every other command works on the project's systems
        if args.commande == "check":
            from generator.pipeline.build import check, warnings

            for line in warnings(root):  # before the errors, which end the command
                print(line, file=sys.stderr)
            corpus, _ = check(root)
            count = len(corpus.all_entities())
            print(
                f"Données valides : {count} entités, {sum(len(s.chapters) for s in corpus.systems.values())} chapitres, tous les renvois résolus."
            )
        elif args.commande == "tester":
            from generator.pipeline.tester import run_tests

            return run_tests(root, rest)
        elif args.commande == "vocabulaire":
            from generator.pipeline import vocabulary

            (root / vocabulary.DOC).write_text(vocabulary.document(), encoding="utf-8")
            print(f"Écrit : {vocabulary.DOC}")
        elif args.commande == "editeur":
            from generator.pipeline import editor

            settings = editor.write(root)
            where = (
                editor.SETTINGS
                if settings
                else f"{editor.FOLDER}/yaml-schemas.json (à recopier dans {editor.SETTINGS}, "
                "qui a des commentaires)"
            )
            print(f"Schémas écrits dans {editor.FOLDER}/ ; leur table pour l'éditeur : {where}.")
        elif args.commande == "contrat":
            from generator.pipeline import browser_contract

            written = browser_contract.write()
            print(f"{'Écrit' if written else 'Déjà à jour'} : {browser_contract.SOURCE}")
        elif args.commande == "nouveau-systeme":
            from generator.pipeline import scaffold

            try:
                written = scaffold.create(root, args.id)
            except scaffold.ScaffoldError as error:
                print(f"nouveau-systeme : {error}", file=sys.stderr)
                return 1
            print(f"Système « {args.id} » créé ; à remplacer, ses exemples :")
            for path in written:
                print(f"  {path}")
            print("Puis : make check, make site (docs/auteurs.md, « Ajouter un système »).")
        elif args.commande == "build":
            from generator.pipeline.build import build as run_build

            timings = run_build(root, args.site)
            details = ", ".join(
                f"{name} {seconds:.2f} s" for name, seconds in timings.seconds.items()
            )
            print(f"Site construit dans {args.site or 'site/'} ({details}).")
        else:
            from generator.serve.server import serve

            serve(root, args.hote, args.port)
    except BuildFailed as error:
        print(error.problems.report(), file=sys.stderr)
        return 1
    except (MissingRuntime, SearchIndexError, TargetRefused) as error:
        print(error, file=sys.stderr)
        return 1
    except OSError as error:  # the disk's fault (full, read-only…), not the generator's
        said = disk.in_french(error, root)
        if said is None:
            raise
        print(said + _site_left(args, root), file=sys.stderr)
        return 1
    return 0


def _new_project(folder: Path, system_id: str) -> int:
    from generator.pipeline import new_project

    try:
        written = new_project.create(folder.resolve(), system_id)
    except new_project.ScaffoldError as error:
        print(f"nouveau-projet : {error}", file=sys.stderr)
        return 1
    print(f"Projet créé dans {folder} ({len(written)} fichiers) ; son README dit la suite :")
    print(f"  cd {folder}")
    print("  make serve")
    return 0


def _site_left(args: argparse.Namespace, root: Path) -> str:
    """What a build that failed on the disk left: the previous site, as it was."""
    if args.commande not in ("build", "serve"):
        return ""
    site = getattr(args, "site", None)
    site = site.resolve() if site else root / "site"
    kept = " ; le précédent est resté tel quel" if site.is_dir() else ""
    return f" Le site n'a pas été reconstruit{kept}."
