"""The one adapter over MkDocs' internals (docs/decisions.md, « MkDocs : une construction
complète publique, un seul adaptateur pour `serve` »).

What MkDocs gathered in the last full build (configuration, files, navigation, theme
environment), kept so that `serve` can render again only the pages an edit changed
(generator/serve/incremental.py); generator/hooks/mkdocs_hooks.py hands them over during the build
(documented events). Rendering one page, the sitemap, and adding a page to the files are
not in MkDocs' public interface: this module is the only one that reaches them, and
tests/unit/test_mkdocs_adapter.py fails on a MkDocs whose private code it uses changed."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass
class Run:
    config: object
    files: object
    nav: object = None
    env: object = None


_last: Run | None = None


def remember_nav(nav, config, files) -> None:
    global _last
    _last = Run(config, files, nav)


def remember_env(env) -> None:
    if _last is not None:
        _last.env = env


def last() -> Run | None:
    """The full build's run, once complete (its environment is the last thing handed over)."""
    return _last if _last is not None and _last.env is not None else None


class TitleChanged(Exception):
    """A page of the menu has a new title: every page shows it, so all must be rendered."""


def add_pages(run: Run, sources: list[str]) -> None:
    """New docs pages (left out of the menu: the menu itself is unchanged), in the order
    MkDocs lists the files of a full build."""
    from mkdocs.structure.files import File, file_sort_key, set_exclusions
    from mkdocs.structure.pages import Page

    if not sources:  # sorting every file again takes seconds on a large site
        return
    config, files = run.config, run.files
    for source in sources:
        file = File(source, config.docs_dir, config.site_dir, config.use_directory_urls)
        files.append(file)
        Page(None, file, config)
    set_exclusions(files, config)
    docs = [file for file in files if not file.generated_by and _in_docs(file, config)]
    others = [file for file in files if file not in docs]
    # Files keeps its files in a dict (MkDocs 1.6), in the order they were found.
    files._src_uris = {f.src_uri: f for f in sorted(docs, key=file_sort_key) + others}


def _in_docs(file, config) -> bool:
    return Path(file.abs_src_path).is_relative_to(config.docs_dir)


def remove_pages(run: Run, sources: list[str]) -> list[str]:
    """Docs pages deleted; returns their addresses in the site."""
    gone = []
    for source in sources:
        file = run.files.get_file_from_path(source)
        run.files.remove(file)
        gone.append(file.dest_uri)
    return gone


def render_sitemap(run: Run, into: Path) -> list[str]:
    """sitemap.xml (and its .gz), which lists every page, written into `into`."""
    from mkdocs.commands.build import _build_theme_template

    site = run.config.site_dir
    run.config.site_dir = str(into)
    try:
        _build_theme_template("sitemap.xml", run.env, run.files, run.config, run.nav)
    finally:
        run.config.site_dir = site
    return ["sitemap.xml", "sitemap.xml.gz"]


def render(run: Run, sources: list[str], into: Path) -> dict[str, str]:
    """{address in the site: HTML} of the docs pages `sources` (read again from docs/),
    written by MkDocs as a full build writes them, into the folder `into`."""
    from mkdocs.commands.build import _build_page, _populate_page

    _skip_theme_index(run.config)
    files = run.files
    in_menu = {id(page) for page in run.nav.pages}
    pages = [files.get_file_from_path(source).page for source in sources]
    for page in pages:
        title = page.title
        _populate_page(page, run.config, files)
        if id(page) in in_menu and page.title != title:
            raise TitleChanged(page.file.src_uri)
    documentation = files.documentation_pages()
    html = {}
    for page in pages:
        page.file.dest_dir = str(into)
        # MkDocs keeps the path it first computed (a cached property): it would still
        # write where the full build, or an earlier rebuild, wrote this page.
        page.file.abs_dest_path = str(into / page.file.dest_uri)
        _build_page(page, run.config, documentation, run.nav, run.env)
        html[page.file.dest_uri] = Path(page.file.abs_dest_path).read_text(encoding="utf-8")
    return html


class _NoIndex:
    def add_entry_from_context(self, page) -> None:
        pass


def _skip_theme_index(config) -> None:
    """Material's search plugin adds each page it sees to its own index, which the site
    does not keep (Pagefind's replaces it): a sixth of a page's rendering, spared here. The
    plugin still does the rest of its work on the page."""
    for plugin in config.plugins.values():
        if hasattr(plugin, "search_index"):
            plugin.search_index = _NoIndex()
