"""MkDocs hook: hands what the build gathered to generator/mkdocs_run.py (for `serve`'s
incremental rebuilds)."""

from __future__ import annotations

from generator import mkdocs_run


def on_nav(nav, config, files):
    mkdocs_run.remember_nav(nav, config, files)
    return nav


def on_env(env, config, files):
    mkdocs_run.remember_env(env)
    return env
