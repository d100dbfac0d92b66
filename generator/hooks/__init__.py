"""Everything that touches MkDocs: its hooks (mkdocs_hooks.py, a file MkDocs loads by
path) and the one adapter over its internals (mkdocs_run.py)."""

from pathlib import Path

HOOKS = Path(__file__).with_name("mkdocs_hooks.py")
