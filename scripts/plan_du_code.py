"""Draws docs/structure.svg, the map of the code, from the code itself: the Python layers that
tests/unit/test_imports.py checks (one row each, top to bottom, with their modules and
lines) and the imports between them, then the browser code (generator/browser/: the page
modules, their pure modules in lib/, the worker that runs the Python wheel).

    .venv/bin/python scripts/plan_du_code.py        # rewrites docs/structure.svg
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from import_graph import graph  # noqa: E402
from unit.test_imports import LAYERS, layer  # noqa: E402

OUTPUT = ROOT / "docs" / "structure.svg"
BROWSER = ROOT / "generator" / "browser"
WIDTH, ROW, GAP, LEFT, LANES = 1100, 62, 26, 30, 170  # LANES: the arrows' margin
IMPORT = re.compile(r'from "\./([\w./-]+)"|import\("\./([\w./-]+)"\)')


def lines_of(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def python_rows() -> list[dict]:
    """One row per layer: its modules, their lines, the biggest ones."""
    modules = graph()
    rows = [{"name": name, "modules": [], "lines": 0} for name, _ in LAYERS]
    for module in modules:
        base = ROOT / Path(*module.split("."))
        path = base.with_suffix(".py") if base.with_suffix(".py").exists() else base / "__init__.py"
        if not path.exists():  # a folder without __init__.py (schemas/): no code
            continue
        row = rows[layer(module)]
        row["modules"].append((lines_of(path), module))
        row["lines"] += lines_of(path)
    arrows = Counter(
        (layer(name), layer(imported))
        for name, imported_set in modules.items()
        for imported in imported_set
        if imported != "generator" and layer(imported) != layer(name)
    )
    return rows, arrows


def browser_rows() -> tuple[list, list, Counter]:
    pages, pure = [], []
    edges = Counter()
    for path in sorted(BROWSER.rglob("*.*js")):
        relative = path.relative_to(BROWSER).as_posix()
        (pure if relative.startswith("lib/") else pages).append((lines_of(path), relative))
        for match in IMPORT.finditer(path.read_text(encoding="utf-8")):
            target = match.group(1) or match.group(2)
            edges[("page" if not relative.startswith("lib/") else "lib", target.split("/")[0])] += 1
    return pages, pure, edges


def box(y: int, height: int, title: str, detail: str, fill: str) -> str:
    return (
        f'<rect x="{LEFT}" y="{y}" width="{WIDTH - LEFT - LANES}" height="{height}" rx="6" '
        f'fill="{fill}" stroke="#3f51b5"/>'
        f'<text x="{LEFT + 12}" y="{y + 22}" font-weight="bold">{escape(title)}</text>'
        f'<text x="{LEFT + 12}" y="{y + 44}" font-size="12">{escape(detail)}</text>'
    )


def biggest(modules: list[tuple[int, str]], prefix: str = "") -> str:
    shown = sorted(modules, reverse=True)[:5]
    return ", ".join(f"{name.removeprefix(prefix)} {n}" for n, name in shown)


def svg() -> str:
    rows, arrows = python_rows()
    parts, y = [], 60
    tops = {}
    for number, row in enumerate(rows):
        folders = sorted({".".join(m.split(".")[:2]) for _, m in row["modules"]})
        where = ", ".join(
            f.replace(".", "/") + ("/" if (ROOT / f.replace(".", "/")).is_dir() else ".py")
            for f in folders
            if f != "generator"
        )
        title = f"{row['name']} — {where or 'generator/'} : {len(row['modules'])} modules, {row['lines']} lignes"
        parts.append(box(y, ROW, title, biggest(row["modules"], "generator."), "#e8eaf6"))
        tops[number] = y
        y += ROW + GAP
    for (source, target), count in sorted(arrows.items()):
        x = WIDTH - LANES + 12 + 12 * (source + target) % (LANES - 20)
        parts.append(
            f'<line x1="{x}" y1="{tops[source] + ROW}" x2="{x}" y2="{tops[target]}" '
            f'stroke="#7986cb" marker-end="url(#fleche)"><title>{escape(rows[source]["name"])}'
            f" → {escape(rows[target]['name'])} : {count} imports</title></line>"
        )
    pages, pure, edges = browser_rows()
    y += 10
    parts.append(
        f'<text x="{LEFT}" y="{y}" font-weight="bold">Navigateur (generator/browser/, copié sous site/assets/)</text>'
    )
    y += 14
    total = sum(n for n, _ in pages)
    parts.append(
        box(y, ROW, f"pages — {len(pages)} modules, {total} lignes", biggest(pages), "#fff3e0")
    )
    y += ROW + GAP
    total = sum(n for n, _ in pure)
    detail = f"{biggest(pure, 'lib/')} — importés {edges[('page', 'lib')]} fois par les pages"
    parts.append(
        box(
            y,
            ROW,
            f"lib/ (sans DOM, testés par node --test) — {len(pure)} modules, {total} lignes",
            detail,
            "#e8f5e9",
        )
    )
    y += ROW + GAP
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{y}" '
        'font-family="sans-serif" font-size="14">'
        '<defs><marker id="fleche" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#7986cb"/></marker></defs>'
        f'<rect width="{WIDTH}" height="{y}" fill="white"/>'
        f'<text x="{LEFT}" y="34" font-size="18" font-weight="bold">Plan du code : étages Python '
        "(chacun n'importe que ceux d'en dessous) et code du navigateur</text>"
    )
    return head + "".join(parts) + "</svg>\n"


def main() -> None:
    OUTPUT.write_text(svg(), encoding="utf-8")
    print(f"{OUTPUT.relative_to(ROOT)} écrit.")


if __name__ == "__main__":
    main()
