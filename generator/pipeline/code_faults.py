"""Where a system's own Python broke, and what broke, in French: `file:line` of its code
rather than of the data it was reading, or of the registry that imported it.

A name that is not defined, a syntax error or an import that fails are always the code's
fault, whatever the data: they are said at the line of the system's module. Other
failures (a key, a type) may come from a malformed value: diagnose.py blames the data.
"""

from __future__ import annotations

from pathlib import Path

from generator import systems

# Faults of the code alone, whatever values it reads.
OF_THE_CODE = (NameError, SyntaxError, ImportError)


def _in_a_system(file: str | None) -> Path | None:
    """`file` if it is a module of a system's package (not the registry beside them)."""
    if not file:
        return None
    path, folder = Path(file), systems.systems_folder()
    if path.suffix != ".py" or not path.is_relative_to(folder):
        return None
    return None if path.parent == folder else path


def where(error: BaseException) -> tuple[Path, int] | None:
    """The line of a system's own code `error` comes from: a syntax error's own file and
    line, else the innermost frame of its traceback in a system's package."""
    if isinstance(error, SyntaxError) and (path := _in_a_system(error.filename)):
        return path, error.lineno or 1
    found = None
    traceback = error.__traceback__
    while traceback is not None:
        if path := _in_a_system(traceback.tb_frame.f_code.co_filename):
            found = (path, traceback.tb_lineno)
        traceback = traceback.tb_next
    return found


def in_french(error: BaseException) -> str:
    """What went wrong, for the author of the code (Python's own words quoted)."""
    if isinstance(error, SyntaxError):
        return f"erreur de syntaxe Python (« {error.msg} »)"
    if isinstance(error, NameError) and getattr(error, "name", None):
        return f"nom « {error.name} » non défini à cet endroit du code"
    if isinstance(error, ModuleNotFoundError) and error.name:
        return f"module « {error.name} » introuvable"
    if isinstance(error, ImportError):
        return f"import impossible (« {error} »)"
    return f"{type(error).__name__} (« {error} »)"


def of_the_code(error: BaseException, what: str) -> tuple[Path, int, str] | None:
    """(file, line, message) when `error` is a fault of a system's code alone."""
    if not isinstance(error, OF_THE_CODE):
        return None
    found = where(error)
    if found is None:
        return None
    return (*found, f"{what} : {in_french(error)} ; corrigez cette ligne du code du système")
