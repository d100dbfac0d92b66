"""Edit → reloaded page under `serve` (make bench, section « Écrire et voir »).

A writer's loop as it is: `serve` runs on a copy of the project, a page is open in
Chromium, a source file is edited, and the time is taken until the open page shows the
edit by itself. Median of RUNS edits, for an entity and for a chapter.
"""

from __future__ import annotations

import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from helpers import CHROMIUM, CHROMIUM_ARGS, serving  # noqa: E402

RUNS = 5
LONGEST_WAIT_MS = 900_000  # one rebuild of the ×10 data, on a slow machine
PROSE = re.compile(r"[A-ZÀ-Ý][^|{}<>@#*_`\[\]]{40,}")  # no table, tag, link or markup


def _targets(project: Path) -> dict[str, tuple[str, Path, str, str]]:
    """{"entite"|"chapitre": (page, file, text shown on the page, what replaces it)}: the
    summary of the first entity that has one, a paragraph of the first chapter (its title
    is in the menu of every page around it: editing it rebuilds the whole site)."""
    from generator.pipeline.corpus import load_corpus
    from generator.pipeline.errors import Problems

    corpus = load_corpus(project, Problems(project))
    entity = next(e for e in corpus.all_entities() if isinstance(e.data.get("resume"), str))
    chapter = next(s.chapters[0] for s in corpus.systems.values() if s.chapters)
    return {
        "entite": (entity.url, entity.file, entity.data["resume"], ""),
        "chapitre": (chapter.url, chapter.file, _paragraph(chapter.file), ""),
    }


def _paragraph(path: Path) -> str:
    """A line of plain prose of the chapter, found once in its file."""
    text = path.read_text(encoding="utf-8")
    body = text.split("\n---\n", 1)[-1]
    for line in body.splitlines():
        if PROSE.fullmatch(line) and text.count(line) == 1:
            return line
    raise RuntimeError(f"{path} : aucun paragraphe simple à modifier")


def time_edits(page, base: str, target: tuple[str, Path, str, str], runs: int) -> list[float]:
    """Seconds from each edit of `target`'s text to the open page showing it."""
    address, path, text, prefix = target
    original = path.read_text(encoding="utf-8")
    if text not in original:  # the ×10 data repeat it in the copies: the first is the page's
        raise RuntimeError(f"{path} : le texte à modifier n'y est pas")
    page.goto(base + address)
    page.wait_for_function("() => window.srdDirect === true")
    seconds = []
    try:
        for run in range(1, runs + 1):
            mark = f"Essai de relecture numéro {run}"
            start = time.perf_counter()
            path.write_text(original.replace(text, prefix + mark, 1), encoding="utf-8")
            page.wait_for_function(
                f"() => document.body?.innerText.includes({mark!r})", timeout=LONGEST_WAIT_MS
            )
            seconds.append(time.perf_counter() - start)
    finally:
        path.write_text(original, encoding="utf-8")
    return seconds


def measure(project: Path, log: Path, runs: int = RUNS) -> dict[str, float]:
    """{"entite": median seconds, "chapitre": median seconds} on `project`."""
    from playwright.sync_api import sync_playwright

    with serving(project, log) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        targets = _targets(project)
        entity = time_edits(page, base, targets["entite"], runs)
        page.wait_for_timeout(3000)  # the restore of the last edit is rebuilt meanwhile
        chapter = time_edits(page, base, targets["chapitre"], runs)
        browser.close()
    return {"entite": statistics.median(entity), "chapitre": statistics.median(chapter)}


def section(real: dict[str, float], scaled: dict[str, float] | None, scale: int) -> list[str]:
    lines = [
        "## Écrire et voir (`serve`)",
        "",
        f"Modification d'un fichier source → page ouverte à jour d'elle-même (médiane de {RUNS} modifications).",
        "",
        "| Jeu de données | Entité (son résumé) | Chapitre (un paragraphe) |",
        "|---|---|---|",
        f"| réel | {real['entite']:.1f} s | {real['chapitre']:.1f} s |",
    ]
    if scaled:
        lines.append(f"| ×{scale} | {scaled['entite']:.1f} s | {scaled['chapitre']:.1f} s |")
    lines += [
        "",
        "Objectif : 2 s sur les données réelles, 5 s à ×10. `serve` relance le générateur, qui "
        "garde ce qu'aucun fichier modifié n'a touché (un système inchangé ; dans le système "
        "modifié, ce que chaque entité a donné si rien de ce qu'elle a lu n'a changé : "
        "generator/pipeline/per_entity.py), puis ne repasse par MkDocs que les pages changées "
        "(generator/serve/incremental.py) ; l'index de recherche et la copie hors ligne sont refaits "
        "après la page, quand l'auteur marque une pause d'une seconde (une modification qui "
        "arrive les interrompt). Un titre du menu, un thème ou mkdocs.yml modifié reconstruit "
        "tout le site.",
    ]
    return lines
