"""`serve`'s rebuilds: the first one full, the next ones only what an edit changed.

The generator still runs whole: it is what knows which pages an edit touches (an entity's
page, the pages that list, cite or require it, the indexes, the export, the finder's
index), and its output is compared with the last build's, file by file. Only the changed
pages go through MkDocs again, with the configuration, menu and theme kept from the last
full build (generator/hooks/mkdocs_run.py); the changed files are copied; then the search index,
the offline copy's size, the pages' policy and the service worker are brought up to date.
The site written is the one a full build of the same sources writes
(tests/build/test_incremental.py).

`serve` has the page reload as soon as its files are written, and leaves the search index
and the offline files for when the writer pauses (`finish`): an edit that comes meanwhile
stops them and does not wait for them.

A full build is made instead when the change reaches what every page shows (a page added
or removed, the menu, a title in the menu, the theme, mkdocs.yml), when many pages changed
(a generic template), and after a failed build.
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from generator.hooks import mkdocs_run
from generator.pipeline import mkdocs_yml, site_folder
from generator.pipeline.build import (
    Published,
    Timings,
    build_lock,
    generate_files,
    mkdocs_problems,
    publish,
    search_inputs,
    write_docs,
)
from generator.pipeline.csp import protect_page
from generator.pipeline.errors import BuildFailed
from generator.pipeline.offline import (
    SIZE_PLACEHOLDER,
    cached_sizes,
    with_size,
    write_service_worker,
)
from generator.pipeline.search import OUTPUT, IndexCancelled, index_site

# Beyond this many changed pages, one full build is faster than rendering them one by one.
FULL_ABOVE = 300
THEME = ("mkdocs.yml", "projet.yaml")  # with the theme's folder, mkdocs_yml.theme_folder


@dataclass
class Last:
    """The last good build, as the next one needs it."""

    docs: dict[str, bytes]
    nav: list
    theme: dict[str, tuple[int, int]]
    run: mkdocs_run.Run
    published: Published


@dataclass
class Unfinished:
    """A partial build's last steps, left for later: the search index of the site as it
    now is (`corpus` gives the words and titles), the offline copy's size and files."""

    corpus: object
    published: Published


def theme_files(root: Path) -> dict[str, tuple[int, int]]:
    """{path: (size, mtime)} of what shapes every page around its text."""
    found = {}
    try:
        theme = mkdocs_yml.theme_folder(root, mkdocs_yml.read(root))
    except BuildFailed:  # the next build says why
        theme = mkdocs_yml.THEME
    for path in [*(root / name for name in THEME), theme]:
        for file in [path] if path.is_file() else sorted(path.rglob("*")):
            if file.is_file():
                stat = file.stat()
                found[file.as_posix()] = (stat.st_size, stat.st_mtime_ns)
    return found


class Builder:
    """Builds `root` into `site` again and again, as `serve` does after each edit."""

    def __init__(
        self, root: Path, site: Path | None = None, work: Path | None = None, site_url=None
    ):
        self.root = root.resolve()
        self.site = (site or self.root / "site").resolve()
        self.work = (work or self.root / "build").resolve()
        self.site_url = site_url
        self.last: Last | None = None
        self.partial = False  # whether the last build was incremental
        self.unfinished: Unfinished | None = None  # what `finish` has left to do

    def build(self, pages_written=None, later: bool = False) -> Timings:
        """One build. `pages_written` is called once the pages are in place, before the
        search index and the offline files are (a writer sees the page a second sooner),
        with the HTML files written or removed (none after a full build: maybe all).
        With `later`, a partial build leaves those to `finish`."""
        with build_lock(self.work):
            timings = Timings()
            start = time.perf_counter()
            renderer, files = generate_files(self.root)  # fails before anything is written
            start = timings.measure("generateur", start)
            changed = self._changed(files, renderer.nav())
            last, self.last = self.last, None  # a build that fails halfway leaves no state
            if changed is not None:
                try:
                    self._update(last, changed, files, renderer, pages_written or _nothing)
                    self.last, self.partial = last, True
                    last.docs = files
                    self.unfinished = Unfinished(renderer.corpus, last.published)
                    if not later:
                        self._finish_locked()
                    timings.measure("partiel", start)
                    return timings
                except mkdocs_run.TitleChanged:
                    pass
            write_docs(self.work / "docs", files)
            self.unfinished = None  # the full build indexes everything itself
            published = publish(self.root, self.site, self.work, self.site_url, renderer)
            self.last = Last(
                files, renderer.nav(), theme_files(self.root), mkdocs_run.last(), published
            )
            self.partial = False
            if pages_written:
                pages_written()
            timings.measure("mkdocs", start)
            return timings

    def _changed(self, files: dict[str, bytes], nav: list) -> list[str] | None:
        """The docs files an edit changed, or None when a full build is needed."""
        last = self.last
        if last is None or last.run is None or not self.site.is_dir():
            return None
        if nav != last.nav or theme_files(self.root) != last.theme:
            return None  # every page shows the menu, and the theme around it
        changed = [
            relative for relative, content in files.items() if last.docs.get(relative) != content
        ]
        if sum(relative.endswith(".md") for relative in changed) > FULL_ABOVE:
            return None
        return changed

    def _update(
        self, last: Last, changed: list[str], files: dict[str, bytes], renderer, pages_written
    ) -> None:
        docs = self.work / "docs"
        for relative in changed:
            (docs / relative).parent.mkdir(parents=True, exist_ok=True)
            (docs / relative).write_bytes(files[relative])
        removed = sorted(last.docs.keys() - files.keys())
        for relative in removed:
            _delete(docs, relative)
        staging = site_folder.temporary(self.site.parent)
        try:
            pages = [relative for relative in changed if relative.endswith(".md")]
            new_pages = [relative for relative in pages if relative not in last.docs]
            gone_pages = [relative for relative in removed if relative.endswith(".md")]
            mkdocs_run.add_pages(last.run, new_pages)
            gone = mkdocs_run.remove_pages(last.run, gone_pages)
            gone += [relative for relative in removed if relative not in gone_pages]
            with mkdocs_problems(self.root, renderer.origins()):
                html = mkdocs_run.render(last.run, pages, staging)
                if new_pages or gone_pages:  # the sitemap lists every page
                    for name in mkdocs_run.render_sitemap(last.run, staging):
                        _replace(self.site / name, (staging / name).read_bytes())
            copied = {relative: files[relative] for relative in changed if relative not in pages}
            for relative in gone:
                last.published.sizes.pop(relative, None)
                _delete(self.site, relative)
            self._write(last.published, html, copied)
            pages_written([*html, *(relative for relative in gone if relative.endswith(".html"))])
        finally:
            shutil.rmtree(staging, ignore_errors=True)

    def finish(self, cancel: threading.Event | None = None) -> bool:
        """The search index and the offline files a partial build left (`later`); False,
        still left, when `cancel` is set before they are done."""
        if self.unfinished is None:
            return True
        with build_lock(self.work):
            return self._finish_locked(cancel)

    def _finish_locked(self, cancel: threading.Event | None = None) -> bool:
        unfinished = self.unfinished
        staging = site_folder.temporary(self.site.parent)
        try:
            self._index(unfinished.corpus, staging / OUTPUT, cancel)
        except IndexCancelled:
            return False
        finally:
            shutil.rmtree(staging, ignore_errors=True)
        self._offline_files(unfinished.published)
        self.unfinished = None
        return True

    def _write(self, published: Published, html: dict[str, str], copied: dict[str, bytes]) -> None:
        """The changed pages (with their policy) and files, into the site."""
        for relative, page in html.items():
            published.sizes[relative] = len(page.encode())
            if SIZE_PLACEHOLDER in page:  # the last size meanwhile; `finish` counts again
                published.sized_pages[relative] = page
                _replace(
                    self.site / relative, protect_page(with_size(page, published.sizes)).encode()
                )
            else:
                _replace(self.site / relative, protect_page(page).encode())
        for relative, content in copied.items():
            _replace(self.site / relative, content)

    def _index(self, corpus, output: Path, cancel: threading.Event | None) -> None:
        """Pagefind's index made afresh, then put in place of the old one."""
        index_site(self.root, self.site, *search_inputs(corpus), output=output, cancel=cancel)
        old = self.site / OUTPUT
        aside = output.with_name(OUTPUT + "-ancien")
        old.rename(aside)
        output.rename(old)
        shutil.rmtree(aside, ignore_errors=True)

    def _offline_files(self, published: Published) -> None:
        """The full copy's size in the pages that show it, then the service worker."""
        sizes = cached_sizes(self.site)
        # A page's own size counts as it was before its policy and the size were written.
        sizes.update(
            {
                relative: published.sizes[relative]
                for relative in sizes
                if relative.endswith(".html")
            }
        )
        published.sizes = sizes
        for relative, page in published.sized_pages.items():
            _replace(self.site / relative, protect_page(with_size(page, sizes)).encode())
        write_service_worker(self.site)


def _delete(folder: Path, relative: str) -> None:
    """Remove a file, and the folders it leaves empty (a full build has none)."""
    path = folder / relative
    path.unlink(missing_ok=True)
    for parent in path.parents:
        if parent == folder or any(parent.iterdir()):
            break
        parent.rmdir()


def _nothing(written=None) -> None:
    pass


def _replace(path: Path, content: bytes) -> None:
    """Write `path` whole or not at all: `serve` may be sending it meanwhile."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.nouveau")
    temporary.write_bytes(content)
    os.replace(temporary, path)
