"""Build problems, reported all at once as `path:line: message`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True, order=True)
class Problem:
    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


@dataclass
class Problems:
    """Collects every problem of a build so the author fixes them in one pass."""

    root: Path
    items: list[Problem] = field(default_factory=list)

    def add(self, path: Path | str, line: int, message: str) -> None:
        self.items.append(Problem(self.relative(path), max(1, line), message))

    def relative(self, path: Path | str) -> str:
        """`path` from the project's root; the file itself is named, not what a symbolic
        link leads to (maybe nowhere, or out of the project)."""
        path = Path(path)
        try:
            full = path.parent.resolve() / path.name
            return full.relative_to(self.root.resolve()).as_posix()
        except (ValueError, OSError, RuntimeError):  # RuntimeError: a loop (Python < 3.13)
            return path.as_posix()

    def __bool__(self) -> bool:
        return bool(self.items)

    def report(self) -> str:
        lines = [str(p) for p in sorted(set(self.items))]
        count = len(lines)
        lines.append(f"{count} erreur{'s' if count > 1 else ''} : le site n'a pas été reconstruit.")
        return "\n".join(lines)


class BuildFailed(Exception):
    def __init__(self, problems: Problems):
        super().__init__(problems.report())
        self.problems = problems
