"""MkDocs hook: a page left out of the menu (an entity: the menu lists kinds, not the
1 000 entities) is shown inside its kind's branch, that kind marked as where the reader is.

The page names that parent in its front matter (`parent`: the kind index's docs path).
While it renders, the parent is marked active, which opens its branches of the side menu
and the tab of its system; the mark is taken back afterwards.
"""

from __future__ import annotations

_shown: list = []


def _pages(items):
    for item in items:
        if item.is_page:
            yield item
        if getattr(item, "children", None):
            yield from _pages(item.children)


def on_page_context(context, page, config, nav):
    parent = (page.meta or {}).get("parent")
    if parent and not page.parent:
        for item in _pages(nav.items):
            if item.file and item.file.src_uri == parent:
                item.active = True  # MkDocs marks its sections active too
                _shown.append(item)
                break
    return context


def on_post_page(output, page, config):
    while _shown:
        _shown.pop().active = False
    return output
