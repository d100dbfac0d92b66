"""The pipeline: load → check links → render → export → assets → MkDocs, then swap `site/`.

A failed build leaves the previous `site/` untouched.
"""

from __future__ import annotations

import fcntl
import logging
import os
import re
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from . import finder
from .assets import write_assets
from .corpus import Corpus, load_corpus
from .csp import protect
from .errors import BuildFailed, Problems
from .export import engine_data, engine_rules, export
from .links import Links
from .offline import write_service_worker
from .pages import Renderer
from .search import index_site, titles


@dataclass
class Timings:
    seconds: dict[str, float] = field(default_factory=dict)

    def measure(self, name: str, since: float) -> float:
        now = time.perf_counter()
        self.seconds[name] = self.seconds.get(name, 0.0) + now - since
        return now


def check(root: Path) -> tuple[Corpus, Links]:
    """Load and cross-check everything; raise BuildFailed with every problem found."""
    problems = Problems(root)
    corpus = load_corpus(root, problems)
    links = Links(corpus, _rules(corpus, problems))
    links.check_all()
    for source, _path, line, message in links.problems:
        problems.add(source.file, line, message)
    if problems:
        raise BuildFailed(problems)
    return corpus, links


def _rules(corpus: Corpus, problems: Problems) -> dict[str, object]:
    """Each system's rules from its data; a system whose data already failed to load gets
    None (its own errors are reported), any other failure is a bug and is raised."""
    data = engine_data(corpus)
    built = {}
    for system_id, values in data.items():
        try:
            built[system_id] = engine_rules({system_id: values})[system_id]
        except (KeyError, TypeError, ValueError, StopIteration):
            if not problems:
                raise
            built[system_id] = None
    return built


def generate(root: Path, docs: Path) -> Renderer:
    """Write the MkDocs sources (pages, JSON export, runtime assets) into `docs`."""
    corpus, links = check(root)
    data = engine_data(corpus)
    renderer = Renderer(corpus, links, links.rules)
    if docs.exists():
        shutil.rmtree(docs)
    for relative, text in renderer.pages().items():
        target = docs / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    for relative, text in export(corpus).items():
        target = docs / "api" / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    write_assets(root, docs, data)
    (docs / finder.INDEX).write_text(finder.index_json(corpus, links), encoding="utf-8")
    return renderer


def mkdocs_config(
    root: Path, work: Path, nav: list, site: Path, site_url: str | None = None
) -> Path:
    """The project's mkdocs.yml plus the generated navigation, with absolute paths."""
    config = yaml.safe_load((root / "mkdocs.yml").read_text(encoding="utf-8"))
    config["docs_dir"] = str(work / "docs")
    config["site_dir"] = str(site)
    config["theme"]["custom_dir"] = str(root / config["theme"]["custom_dir"])
    config["nav"] = nav
    config["hooks"] = [str(Path(__file__).parent / "nav_parent.py")]
    # Material's instant navigation only follows links to the origin of sitemap.xml,
    # which MkDocs writes from site_url: it must be the address the site is served at.
    config["site_url"] = site_url or os.environ.get("SRD_SITE_URL") or config.get("site_url")
    path = work / "mkdocs.yml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


QUOTED_PAGE = re.compile(r"'([^']+\.md)'")


def _origin(message: str, origins: dict[str, tuple[Path, int]]) -> tuple[Path | str, int]:
    """The data or chapter file a MkDocs message is about (it names the generated page)."""
    for page in QUOTED_PAGE.findall(message):
        if page in origins:
            return origins[page]
    return "mkdocs", 1


def run_mkdocs(
    config_file: Path, root: Path, origins: dict[str, tuple[Path, int]] | None = None
) -> None:
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort

    handler = _Collect()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(handler)
    try:
        mkdocs_build(load_config(str(config_file)))
    except Abort as error:
        problems = Problems(root)
        for message in handler.messages or [str(error)]:
            where, line = _origin(message, origins or {})
            problems.add(where, line, message)
        raise BuildFailed(problems) from None
    finally:
        logger.removeHandler(handler)


def build(
    root: Path, site: Path | None = None, work: Path | None = None, site_url: str | None = None
) -> Timings:
    """Full build into `site` (default root/site), swapped in only when complete."""
    root = root.resolve()
    site = (site or root / "site").resolve()
    work = (work or root / "build").resolve()
    work.mkdir(parents=True, exist_ok=True)
    # `serve` rebuilds on its own: two builds must not write the same folders at once.
    with open(work / ".verrou", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _build_locked(root, site, work, site_url)


def _build_locked(root: Path, site: Path, work: Path, site_url: str | None) -> Timings:
    timings = Timings()
    start = time.perf_counter()
    renderer = generate(root, work / "docs")
    start = timings.measure("generateur", start)
    # We hold the build lock: any temporary site left here is from a build that was killed.
    for stale in site.parent.glob(".site-*"):
        shutil.rmtree(stale, ignore_errors=True)
    fresh = Path(tempfile.mkdtemp(prefix=".site-", dir=site.parent))
    fresh.chmod(0o755)  # mkdtemp makes it private; a web server may run as another user
    try:
        run_mkdocs(
            mkdocs_config(root, work, renderer.nav(), fresh, site_url), root, renderer.origins()
        )
        shutil.rmtree(fresh / "search")  # Material's index: Pagefind's replaces it
        index_site(root, fresh, _texts(renderer.corpus), titles(renderer.corpus))
        protect(fresh)
        write_service_worker(fresh)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    timings.measure("mkdocs", start)
    _swap(fresh, site)
    return timings


def _texts(corpus):
    """Every text of the site's rules: names, descriptions, chapters (for the vocabulary
    the search box corrects typos against)."""

    def strings(value):
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for item in value.values():
                yield from strings(item)
        elif isinstance(value, list):
            for item in value:
                yield from strings(item)

    for system in corpus.systems.values():
        for entity in system.all_entities():
            yield from strings(entity.data)
        for chapter in system.chapters:
            yield chapter.title
            yield chapter.body


def _swap(fresh: Path, site: Path) -> None:
    old = site.with_name(site.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if site.exists():
        site.rename(old)
    fresh.rename(site)
    shutil.rmtree(old, ignore_errors=True)
