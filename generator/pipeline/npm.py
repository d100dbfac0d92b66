"""What to tell an author whose project lacks what npm installs (Pyodide, Pagefind,
js-yaml): the command that installs it there."""

from __future__ import annotations

from pathlib import Path


def npm_advice(root: Path) -> str:
    """`npm ci` where a lock pins the packages (this repository), `npm install` in a project
    of its own (its package.json alone, as nouveau-projet writes it); `make site` does it."""
    command = "npm ci" if (root / "package-lock.json").is_file() else "npm install"
    return f"lancez « {command} » (ou « make site »)"
