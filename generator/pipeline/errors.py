"""Build problems, reported all at once as `path:line: message`; and where a failure to
write a page is blamed, carried by the failure itself."""

from __future__ import annotations

import contextlib
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


@dataclass(frozen=True)
class Origin:
    """What an author is told to fix when writing a page fails: the data or chapter file
    (and line) the page is made from, else its system's systeme.yaml, else the generator;
    and the page being written, if one was."""

    file: Path | str
    line: int
    page: str | None = None


class WritingFailed(Exception):
    """Writing the pages failed: the error raised, where it is blamed (`origin`), and the
    template file and line that were running (`template`, None if no template was)."""

    def __init__(self, error: Exception, origin: Origin):
        super().__init__(f"{origin.page or origin.file} : {type(error).__name__}: {error}")
        self.error, self.origin = error, origin
        self.template = running_template(error)


@contextlib.contextmanager
def blamed_on(origin: Origin):
    """A failure in the block becomes a WritingFailed at `origin`; one already blamed by
    a block inside keeps its origin (the innermost is the most precise: a page's own file
    rather than its system's)."""
    try:
        yield
    except WritingFailed:
        raise
    except Exception as error:
        raise WritingFailed(error, origin) from error


def running_template(error: BaseException) -> tuple[Path, int] | None:
    """The template file and line being run when `error` was raised, the innermost one
    (Jinja gives the code it compiles from a template the template's file name, and its
    line numbers); None if no template was."""
    found = None
    traceback = error.__traceback__
    while traceback is not None:
        name = traceback.tb_frame.f_code.co_filename
        if name.endswith(".j2") and Path(name).is_file():
            found = (Path(name), traceback.tb_lineno)
        traceback = traceback.tb_next
    return found
