"""One page of each type of a built site, read from the registry (its systems, their kinds,
calculators and character sheets): what the tests that cannot afford every page open, in
the repository (tests/browser/) and in a project (generiques/test_site.py)."""

from __future__ import annotations

from pathlib import Path

from generator.core import urls
from generator.engine import character
from generator.pipeline import schemas


def _children(site: Path, docs_index: str) -> list[str]:
    """The pages under a folder page (`divin6/regles/index.md` -> its chapters)."""
    folder = site / Path(docs_index).parent
    return [
        "/" + c.relative_to(site).as_posix() + "/"
        for c in sorted(folder.iterdir())
        if (c / "index.html").is_file()
    ]


def sheets(system: str) -> list:
    """The system's character type, whose calculator has a printed sheet."""
    return [t for sid, t in character.types().items() if sid == system]


def page_types(site: Path, every_kind: bool) -> list[str]:
    """The site's home, finder, offline page, lists page and 404; for each system its home, catalogue,
    errata, its own pages (talent trees…), the chapters' index and first chapter, every
    calculator and their index, the GM screen and the printed character sheet, the first
    kind's index; each kind's first entity with
    `every_kind` (entity pages differ by kind), the first kind's only without."""
    paths = [urls.url(urls.HOME), "/404.html", urls.url(urls.FINDER), urls.url(urls.OFFLINE)]
    paths.append(urls.url(urls.LISTS))
    paths.append(urls.url(urls.SAVED))  # « Mes personnages »
    paths += [urls.url(urls.HOUSE), urls.url(urls.HOUSE_ENTITY)]  # « Règles maison »
    for system in sorted(schemas.systems_with_schemas()):
        if not (site / system).is_dir():
            continue
        paths += [urls.url(urls.system_home(system)), urls.url(urls.catalogue(system))]
        paths += [urls.url(urls.errata(system)), urls.url(urls.chapters_index(system))]
        paths += _children(site, urls.chapters_index(system))[:1]
        paths += [urls.url(urls.calculators_index(system))]
        paths += _children(site, urls.calculators_index(system))
        paths += [urls.url(urls.gm_screen(system))]
        paths += [urls.url(urls.printable_sheet(*t.CALCULATOR)) for t in sheets(system)]
        for number, kind in enumerate(sorted(schemas.kinds(system))):
            if number == 0:  # every kind index is the same template: one suffices
                paths.append(urls.url(urls.kind_index(system, kind)))
            if every_kind or number == 0:
                paths += _children(site, urls.kind_index(system, kind))[:1]
        known = set(schemas.kinds(system)) | {
            p.split("/")[2] for p in paths if p.startswith(f"/{system}/") and p.count("/") > 2
        }
        paths += [
            "/" + f.relative_to(site).as_posix() + "/"
            for f in sorted((site / system).iterdir())
            if (f / "index.html").is_file() and f.name not in known
        ]
    return [p for p in dict.fromkeys(paths) if (site / p.strip("/")).exists()]
