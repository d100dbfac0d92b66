"""The project's MkDocs hooks, all three here, by what they do (documented events only:
https://www.mkdocs.org/user-guide/configuration/#hooks):

- `show_in_parent`: a page left out of the menu (an entity: the menu lists kinds, not the
  1 000 entities) is shown inside its kind's branch, that kind marked as where the reader
  is. The page names that parent in its front matter (`parent`: the kind index's docs
  path). While it renders, the parent is marked active, which opens its branches of the
  side menu and the tab of its system; the mark is taken back afterwards.
- `french_typography`: French typography over every page's final HTML (docs/decisions.md,
  « Typographie »). A final pass rather than a filter per template, so that every page,
  whatever made its text (chapters, entity templates, macros, Material's own strings),
  gets the same non-breaking spaces; Pagefind then indexes the pages as the reader sees
  them. It comes last: it sees the page as it will be served.
- `remember_for_serve`: what the build gathered (configuration, files, menu, theme
  environment) is handed to generator/hooks/mkdocs_run.py, for `serve`'s incremental rebuilds.
"""

from __future__ import annotations

from generator.core import typographie
from generator.hooks import mkdocs_run

_shown: list = []  # the parents marked active while a page renders


def _pages(items):
    for item in items:
        if item.is_page:
            yield item
        if getattr(item, "children", None):
            yield from _pages(item.children)


def show_in_parent(page, nav) -> None:
    parent = (page.meta or {}).get("parent")
    if parent and not page.parent:
        for item in _pages(nav.items):
            if item.file and item.file.src_uri == parent:
                item.active = True  # MkDocs marks its sections active too
                _shown.append(item)
                break


def shown_no_more() -> None:
    while _shown:
        _shown.pop().active = False


def french_typography(html: str) -> str:
    return typographie.html(html)


# --- the events -------------------------------------------------------------------------
def on_nav(nav, config, files):
    mkdocs_run.remember_nav(nav, config, files)
    return nav


def on_env(env, config, files):
    mkdocs_run.remember_env(env)
    return env


def on_page_context(context, page, config, nav):
    show_in_parent(page, nav)
    return context


def on_post_page(output, page, config):
    shown_no_more()
    return french_typography(output)


def on_post_template(output_content, template_name, config):
    """The pages MkDocs renders from a theme template alone (404.html)."""
    if template_name.endswith(".html"):
        return french_typography(output_content)
    return output_content
