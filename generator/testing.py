"""What a project's tests share, as a pytest plugin (its conftest.py names it:
`pytest_plugins = ["generator.testing"]`): its project loaded before the tests are
collected, and its rules as its calculators receive them (`project_rules`)."""

from __future__ import annotations

import functools
from pathlib import Path


def pytest_configure(config) -> None:
    """The project the tests run on: the folder of pytest's rootdir (its projet.yaml)."""
    from generator.pipeline import project

    try:
        project.loaded()
    except LookupError:
        project.load(Path(config.rootpath))


@functools.cache
def project_rules() -> dict:
    """{system: the rules its calculators receive}, built from the project's data."""
    from generator.pipeline import project
    from generator.pipeline.build import check
    from generator.pipeline.export import engine_data
    from generator.pipeline.rulebook import engine_rules

    return engine_rules(engine_data(check(project.loaded().root)[0]))
