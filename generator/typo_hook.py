"""MkDocs hook: French typography over every page's final HTML (docs/decisions.md,
« Typographie »). A final pass rather than a filter per template, so that every page,
whatever made its text (chapters, entity templates, macros, Material's own strings),
gets the same non-breaking spaces; Pagefind then indexes the pages as the reader sees them.
"""

from __future__ import annotations

from generator.engine import typographie


def on_post_page(output, page, config):
    return typographie.html(output)


def on_post_template(output_content, template_name, config):
    """The pages MkDocs renders from a theme template alone (404.html)."""
    if template_name.endswith(".html"):
        return typographie.html(output_content)
    return output_content
