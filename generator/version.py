"""The generator's version, semantic versioning (CHANGELOG.md): read by pyproject.toml and
by `python -m generator --version`. Apart from generator/__init__.py, which the browser's
wheel carries: a new version leaves the engine's bytes as they were."""

VERSION = "0.2.0"
