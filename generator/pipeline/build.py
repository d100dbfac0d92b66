"""The pipeline: load → check links → render → export → assets → MkDocs, then swap `site/`.

A failed build leaves the previous `site/` untouched.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import re
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from generator.hooks import HOOKS
from generator.pipeline import (
    code_faults,
    features,
    graph,
    mkdocs_yml,
    notes,
    partie_check,
    project,
    schemas,
    site_folder,
    table_law,
    targets,
)
from generator.pipeline.cache import KEPT, load_corpus
from generator.pipeline.corpus import Corpus
from generator.pipeline.csp import protect
from generator.pipeline.diagnose import diagnose
from generator.pipeline.errors import BuildFailed, Origin, Problems, WritingFailed
from generator.pipeline.hosting import write_headers
from generator.pipeline.links import CorpusLinks
from generator.pipeline.offline import write_offline_size, write_service_worker
from generator.pipeline.pages import Renderer, in_words
from generator.pipeline.plan import Plan, docs_files
from generator.pipeline.rulebook import Rulebook, engine_rules, rulebook
from generator.pipeline.search import (
    abbreviations,
    check_abbreviations,
    check_synonyms,
    index_site,
    synonyms,
    system_texts,
    titles,
)


@dataclass
class Timings:
    seconds: dict[str, float] = field(default_factory=dict)

    def measure(self, name: str, since: float) -> float:
        now = time.perf_counter()
        self.seconds[name] = self.seconds.get(name, 0.0) + now - since
        return now


def check(root: Path) -> tuple[Corpus, CorpusLinks]:
    """Load and cross-check everything; raise BuildFailed with every problem found."""
    plan = judge(root)
    return plan.corpus, plan.links


def warnings(root: Path) -> list[str]:
    """`path:line: avertissement : …` for what `check` lets pass but an author should
    see: a project written for another generator version, a schema the generator would
    read otherwise than meant."""
    found = Problems(root)
    for path, line, message in project.upgrades(project.load(root)):
        found.add(path, line, f"avertissement : {message}")
    for system in schemas.systems_with_schemas():
        for path, line, message in schemas.warnings(system):
            found.add(path, line, f"avertissement : {message}")
    return [str(p) for p in sorted(set(found.items))]


def judge(root: Path) -> Plan:
    """`_judge`; a system's module that cannot be imported (a calculator whose function
    does not take its fields, say) is reported at its own line, once."""
    try:
        return _judge(root)
    except BuildFailed:
        raise
    except Exception as error:
        where = code_faults.where(error)
        if where is None:
            raise
        said = code_faults.in_french(error) if isinstance(error, code_faults.OF_THE_CODE) else error
        problems = Problems(root)
        problems.add(*where, f"le module ne se charge pas : {said} ; corrigez ce fichier")
        raise BuildFailed(problems) from None


def _judge(root: Path) -> Plan:
    """Everything `build` checks before MkDocs, and the files it writes: load, rules,
    links, graph; then, on valid data only, the pages themselves and the links and images
    written in the texts, as MkDocs' strict mode will judge them (against the files
    written). Raise BuildFailed with every problem found."""
    site = project.load(root).site
    problems = Problems(root)
    corpus = load_corpus(root, problems)
    rules = rulebook(corpus, problems, KEPT)
    links = CorpusLinks(corpus, rules.built)
    try:
        links.check_all(KEPT)
    except Exception:
        if not problems:  # a bug, unless it follows from errors already reported
            raise
    for source, _path, line, message in links.problems:
        problems.add(source.file, line, message)
    graph.check(corpus, problems)
    check_abbreviations(corpus, problems, KEPT)
    check_synonyms(root, problems)
    notes.check(corpus, problems)
    partie_check.check(corpus, rules.built, problems)
    table_law.check(corpus, problems)
    if problems:
        raise BuildFailed(problems)
    renderer = Renderer(corpus, links, rules.built, KEPT, markers=rules.markers, site=site)
    pages = _pages(renderer, rules, problems)
    if pages is None:
        raise BuildFailed(problems)
    files = docs_files(root, corpus, links, rules, pages, KEPT)
    targets.check(renderer, pages, files, problems, KEPT)
    if problems:
        raise BuildFailed(problems)
    return Plan(corpus, links, rules, renderer, pages, files)


NO_PAGE = Origin("generator", 1)  # a failure outside the writing of any page


def _pages(renderer: Renderer, rules: Rulebook, problems: Problems) -> dict[str, str] | None:
    """Every page, or None once the failure to write one is reported: first a calculator
    whose default result fails on the data, at the value it read last; else the page, at
    the file the failure is blamed on (errors.WritingFailed)."""
    try:
        return renderer.pages()
    except Exception as error:
        found = _failing_calculator(renderer, rules)
        if found:
            problems.add(*found)
            return None
        failure = error if isinstance(error, WritingFailed) else WritingFailed(error, NO_PAGE)
        file, line = failure.origin.file, failure.origin.line
        if failure.template is not None:  # said at the template's line, naming the page's data
            problems.add(
                *failure.template,
                f"gabarit : {_template_error(failure.error)} en écrivant la page de "
                f"{problems.relative(file)}:{line} ; corrigez le gabarit (ou la donnée, "
                "si c'est elle qui manque)",
            )
            return None
        problems.add(
            file,
            line,
            f"page impossible à écrire : {type(failure.error).__name__} ({failure.error}) ; "
            "vérifiez les valeurs que cette page lit",
        )
        return None


def _failing_calculator(renderer: Renderer, rules: Rulebook) -> tuple[object, int, str] | None:
    """The first calculator whose default result fails on the data: (file, line, message)
    at the value it read last."""
    corpus = renderer.corpus
    for system in corpus.systems.values():
        for calc in renderer.calculators_of(system):
            try:
                calc.default_html(rules.built.get(system.id))
                continue
            except Exception:
                pass
            found = diagnose(
                corpus,
                system.id,
                rules.data.get(system.id, {}),
                lambda traced, s=system.id, c=calc: c.default_html(engine_rules({s: traced})[s]),
                f"calculateur « {calc.id} » : le résultat par défaut ne se calcule pas",
            )
            if found:
                return found
    return None


def _template_error(error: BaseException) -> str:
    """What went wrong in a template, in French."""
    message = str(error)
    if match := re.search(r"has no attribute '([^']+)'", message):
        return f"champ « {match.group(1)} » absent de la valeur lue"
    if match := re.fullmatch(r"No filter named '([^']+)'\.?", message):
        return f"filtre « {match.group(1)} » inconnu"
    if match := re.fullmatch(r"'([^']+)' is undefined", message):
        return f"nom « {match.group(1)} » inconnu du gabarit"
    return f"{type(error).__name__} (« {message} »)"


def generate(root: Path, docs: Path) -> Renderer:
    """Write the MkDocs sources (pages, JSON export, runtime assets) into `docs`."""
    renderer, files = generate_files(root)
    write_docs(docs, files)
    return renderer


def generate_files(root: Path) -> tuple[Renderer, dict[str, bytes]]:
    """The MkDocs sources, in memory: {path under docs/: content}, the files `judge` planned."""
    plan = judge(root)
    return plan.renderer, plan.contents()


def write_docs(docs: Path, files: dict[str, bytes]) -> None:
    if docs.exists():
        shutil.rmtree(docs)
    for relative, content in files.items():
        target = docs / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)


def mkdocs_config(
    root: Path,
    work: Path,
    nav: list,
    site: Path,
    site_url: str | None = None,
    systems_count: int = 0,
    texts: str = "reecriture",
) -> Path:
    """The project's mkdocs.yml plus the generated navigation, with absolute paths; its
    « {systemes} » is the number of systems, in words (counted, never typed); `texts`
    (Corpus.texts) is what the footer says of the rules' texts."""
    settings = project.read(root)
    shown = settings.features
    config = mkdocs_yml.with_page_modules(mkdocs_yml.read(root), features.modules_left_out(shown))
    config["extra"] = {**(config.get("extra") or {}), "textes": texts, **footer(settings.site)}
    if shown != features.ALL:  # the footer links to none of the features left out
        config["extra"]["sans"] = sorted(features.ALL - shown)
    if isinstance(config.get("site_description"), str):
        words = in_words(systems_count)
        config["site_description"] = config["site_description"].replace("{systemes}", words)
    config["docs_dir"] = str(work / "docs")
    config["site_dir"] = str(site)
    config["theme"]["custom_dir"] = str(mkdocs_yml.theme_folder(root, config))
    config["nav"] = nav
    config["hooks"] = [str(HOOKS)]
    # Material's instant navigation only follows links to the origin of sitemap.xml,
    # which MkDocs writes from site_url: it must be the address the site is served at.
    config["site_url"] = site_url or os.environ.get("SRD_SITE_URL") or config.get("site_url")
    path = work / "mkdocs.yml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def footer(site: dict) -> dict:
    """What a project's site settings say in the footer (partials/copyright.html), for
    MkDocs' `extra`: its own text and its licence, when it gives them."""
    said = {}
    if "pied_de_page" in site:
        said["pied_de_page"] = _inline_html(site["pied_de_page"])
    if "licence" in site:
        said["licence"] = site["licence"]
    return said


def _inline_html(text: str) -> str:
    """Markdown as HTML, without the paragraph around a single one (the footer's line)."""
    import markdown

    html = markdown.markdown(text.strip())
    inner = html.removeprefix("<p>").removesuffix("</p>")
    return inner if "<p>" not in inner else html


def served_at(config_file: Path) -> str | None:
    """The address the site was built for (`site_url` of the configuration MkDocs read)."""
    return yaml.safe_load(config_file.read_text(encoding="utf-8")).get("site_url")


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


QUOTED_PAGE = re.compile(r"'([^']+\.md)'")


def _origin(
    root: Path, message: str, origins: dict[str, tuple[Path, int]]
) -> tuple[Path | str, int, str]:
    """Where a MkDocs message goes: at a value of mkdocs.yml, in French; else at the data
    or chapter file it is about (it names the generated page)."""
    if found := mkdocs_yml.said(root, message):
        return found
    for page in QUOTED_PAGE.findall(message):
        if page in origins:
            return *origins[page], message
    return "mkdocs", 1, message


def run_mkdocs(
    config_file: Path, root: Path, origins: dict[str, tuple[Path, int]] | None = None
) -> None:
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config

    with mkdocs_problems(root, origins):
        mkdocs_build(load_config(str(config_file)))


@contextlib.contextmanager
def mkdocs_problems(root: Path, origins: dict[str, tuple[Path, int]] | None = None):
    """MkDocs' warnings and errors while the block runs, raised as BuildFailed at the data
    or chapter files they are about (strict mode: a warning fails the build)."""
    from mkdocs.exceptions import Abort

    handler = _Collect()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(handler)
    try:
        yield
    except Abort as error:
        handler.messages = handler.messages or [str(error)]
    finally:
        logger.removeHandler(handler)
    if handler.messages:
        problems = Problems(root)
        for message in handler.messages:
            problems.add(*_origin(root, message, origins or {}))
        raise BuildFailed(problems) from None


def build(
    root: Path, site: Path | None = None, work: Path | None = None, site_url: str | None = None
) -> Timings:
    """Full build into `site` (default root/site), swapped in only when complete."""
    root = root.resolve()
    site = (site or root / "site").resolve()
    work = (work or root / "build").resolve()
    site_folder.refuse_unsafe(root, site, work)  # before anything is written
    with build_lock(work):
        return _build_locked(root, site, work, site_url)


@contextlib.contextmanager
def build_lock(work: Path):
    """`serve` rebuilds on its own: two builds must not write the same folders at once."""
    work.mkdir(parents=True, exist_ok=True)
    with open(work / ".verrou", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _build_locked(root: Path, site: Path, work: Path, site_url: str | None) -> Timings:
    timings = Timings()
    start = time.perf_counter()
    renderer, files = generate_files(root)
    write_docs(work / "docs", files)
    start = timings.measure("generateur", start)
    publish(root, site, work, site_url, renderer)
    timings.measure("mkdocs", start)
    return timings


@dataclass
class Published:
    """What a full build leaves for `serve`'s next rebuilds (generator/serve/incremental.py): the
    size of each file kept offline, and the pages that show the full copy's size, as they
    were before it was written in."""

    sizes: dict[str, int]
    sized_pages: dict[str, str]


def publish(
    root: Path, site: Path, work: Path, site_url: str | None, renderer: Renderer
) -> Published:
    """MkDocs on work/docs, then the search index, the offline copy's size, the pages'
    policy and the service worker; swapped in as `site` only when complete, and only
    where `site_folder.refuse_unsafe` allows."""
    site_folder.refuse_unsafe(root, site, work)
    site_folder.remove_abandoned(site.parent)  # we hold the build lock
    fresh = site_folder.temporary(site.parent)  # holds the marker from the start
    try:
        corpus = renderer.corpus
        config = mkdocs_config(
            root, work, renderer.nav(), fresh, site_url, len(corpus.systems), corpus.texts
        )
        run_mkdocs(config, root, renderer.origins())
        shutil.rmtree(fresh / "search")  # Material's index: Pagefind's replaces it
        index_site(root, fresh, *search_inputs(renderer.corpus))
        protect(fresh)  # each page gains its policy: counted in the copy's size below
        sizes, sized_pages = write_offline_size(fresh)  # once every file of the copy is there
        write_service_worker(fresh)
        write_headers(fresh, served_at(config))
        site_folder.swap(fresh, site)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    return Published(sizes, sized_pages)


def search_inputs(corpus) -> tuple:
    """What the search index is made of, beside the pages: the rules' words, the titles,
    the abbreviations and the words taken for one another."""
    return _texts(corpus), titles(corpus), abbreviations(corpus), synonyms(corpus.root)


def _texts(corpus):
    """Every text of the site's rules: names, descriptions, chapters (for the vocabulary
    the search box corrects typos against)."""
    for system in corpus.systems.values():
        yield from system_texts(system)
