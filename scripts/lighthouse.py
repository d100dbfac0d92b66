"""Lighthouse (npm, pinned in package.json) accessibility scores of a built site, on the
home page, a chapter, an entity, the finder and a calculator, mobile and desktop, in
Debian's Chromium. Used by scripts/bench.py (`make bench`, or `--seulement lighthouse`)."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
FORM_FACTORS = {"mobile": [], "ordinateur": ["--preset=desktop"]}


def _first_child(site: Path, folder: str) -> str:
    """The first page under a folder of the built site (`divin6/regles` -> a chapter)."""
    children = sorted(c for c in (site / folder).iterdir() if (c / "index.html").is_file())
    return "/" + children[0].relative_to(site).as_posix() + "/"


def pages(site: Path) -> dict[str, str]:
    """{what it is: path} for the five page types measured, taken from the first system."""
    from generator.core import urls
    from generator.pipeline import schemas

    system = sorted(s for s in schemas.systems_with_schemas() if (site / s).is_dir())[0]
    kind = sorted(schemas.kinds(system))[0]
    folder = lambda docs_index: str(Path(docs_index).parent)  # noqa: E731
    return {
        "Accueil": urls.url(urls.HOME),
        "Chapitre": _first_child(site, folder(urls.chapters_index(system))),
        "Fiche d'entité": _first_child(site, folder(urls.kind_index(system, kind))),
        "Trouveur": urls.url(urls.FINDER),
        "Calculateur": _first_child(site, folder(urls.calculators_index(system))),
    }


def score(url: str, flags: list[str], chrome: str, chrome_args: list[str]) -> tuple[int, list]:
    """Lighthouse's accessibility score (0–100) of one page, and the audits it fails."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "rapport.json"
        subprocess.run(
            [str(LIGHTHOUSE), url, "--only-categories=accessibility", *flags, "--quiet",
             "--output=json", f"--output-path={report}",
             f"--chrome-flags={' '.join(['--headless=new', *chrome_args])}"],
            check=True, env={**os.environ, "CHROME_PATH": chrome},
        )  # fmt: skip
        result = json.loads(report.read_text(encoding="utf-8"))
    category = result["categories"]["accessibility"]
    failed = [
        ref["id"]
        for ref in category["auditRefs"]
        if ref["weight"] and (result["audits"][ref["id"]]["score"] or 0) < 1
    ]
    return round(category["score"] * 100), failed


def version() -> str:
    return subprocess.run(
        [str(LIGHTHOUSE), "--version"], capture_output=True, text=True
    ).stdout.strip()


def section(base: str, site: Path, chrome: str, chrome_args: list[str]) -> list[str]:
    """The « Lighthouse » section of docs/benchmarks.md, for the site served at `base`."""
    lines = [
        "## Lighthouse (accessibilité)",
        "",
        f"Lighthouse {version()} (npm, épinglé), une exécution par page et par format, dans "
        "Chromium sans affichage (`--headless=new`), sur le site construit servi localement.",
        "",
        "| Page | Mobile | Ordinateur |",
        "|---|---|---|",
    ]
    failures = []
    for what, path in pages(site).items():
        cells = []
        for form, flags in FORM_FACTORS.items():
            value, failed = score(base + path, flags, chrome, chrome_args)
            cells.append(str(value))
            failures += [f"{what} ({form}) : {', '.join(failed)}"] if failed else []
        lines.append(f"| {what} (`{path}`) | {' | '.join(cells)} |")
    lines += ["", "Audits échoués : " + ("; ".join(failures) if failures else "aucun.")]
    return lines
