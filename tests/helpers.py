"""What tests of every tier share: the project's paths, Chromium's flags, a scratch copy of
the project, a static server, `serve` as a writer runs it, and readers of pages."""

from __future__ import annotations

import contextlib
import functools
import math
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from serve_folder import QuietHandler, start_server  # noqa: F401 (shared)

from generator.pipeline.build import check
from generator.pipeline.errors import BuildFailed
from generator.testing.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: F401 (shared)
from generator.testing.page_types import page_types  # noqa: F401 (shared)

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


@functools.cache
def repo_rules() -> dict:
    """{system: the rules its calculators receive}, built from the repository's data."""
    from generator.pipeline.export import engine_data
    from generator.pipeline.rulebook import engine_rules

    return engine_rules(engine_data(check(ROOT)[0]))


def free_port() -> int:
    """A free port for a server started later (another process may bind it in between):
    drawn below the kernel's ephemeral range, where no outgoing connection takes one."""
    low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    while True:
        port = random.randrange(max(1024, low - 12_000), low)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port


def answers(url: str) -> bool:
    try:
        urllib.request.urlopen(url, timeout=5).read()
        return True
    except OSError:
        return False


def copy_project(destination: Path) -> Path:
    """A scratch copy of the project's inputs, for tests that break them on purpose."""
    for name in ("data", "content"):
        shutil.copytree(ROOT / name, destination / name)
    for name in ("mkdocs.yml", "projet.yaml"):
        shutil.copy(ROOT / name, destination / name)
    (destination / "node_modules").symlink_to(ROOT / "node_modules")
    return destination


def copy_generator(project: Path) -> Path:
    """A copy of the generator inside `project`, for tests that break its code, its schemas
    or its templates: `checked(project)` runs that copy."""
    shutil.copytree(
        ROOT / "generator", project / "generator", ignore=shutil.ignore_patterns("__pycache__")
    )
    return project


SCAFFOLDED = "essai-neuf"  # the system `nouveau-systeme` makes in a copy (conftest.py)


def generator_run(project: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    """`python -m generator ARGS` run in `project` with its own copy of the generator, as
    an author runs it there; the test run's variables left out (the copy is on its own)."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("SRD_TESTS_")}
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=1800,
        env=environment | env,
    )


def copy_whole_project(destination: Path) -> Path:
    """A copy of everything an author has: inputs, generator, tests, docs and settings."""
    copy_generator(copy_project(destination))
    for name in ("tests", "docs"):
        shutil.copytree(
            ROOT / name, destination / name, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copy(ROOT / "pyproject.toml", destination / "pyproject.toml")
    return destination


def checked(project: Path) -> list[str]:
    """The lines `python -m generator check` writes on the errors of `project`, run with the
    project's own copy of the generator (`copy_generator`)."""
    done = subprocess.run(
        [sys.executable, "-m", "generator", "--racine", str(project), "check"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    return done.stderr.splitlines()


@contextlib.contextmanager
def serving(project: Path, log: Path, first_build_seconds: float = 900):
    """`python -m generator serve` on `project` as a writer runs it; yields its address
    once the first build is served (`serve`'s output goes to `log`)."""
    port = free_port()
    with log.open("w") as output:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "generator",
                "--racine",
                str(project),
                "serve",
                "--port",
                str(port),
            ],
            cwd=ROOT,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + first_build_seconds
            while not answers(base + "/__serve/etat"):
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"serve n'a pas démarré :\n{log.read_text()}")
                time.sleep(0.5)  # the first build: nothing to wait on but the answer
            yield base
        finally:
            process.terminate()
            process.wait(60)


def readme_commands(readme: str) -> dict[str, list[str]]:
    """{section title: its commands}: the indented lines of each « ## » section, their
    comments aside."""
    sections: dict[str, list[str]] = {}
    title = ""
    for line in readme.splitlines():
        if line.startswith("## "):
            title = line[3:].strip()
        elif line.startswith("    ") and line.strip():
            sections.setdefault(title, []).append(line.split("#")[0].strip())
    return sections


# --- a broken copy of the project -------------------------------------------------------


def edit(project, relative, old, new):
    path = project / relative
    text = path.read_text()
    assert old in text, (relative, old)
    path.write_text(text.replace(old, new, 1))


def problems_of(project):
    with pytest.raises(BuildFailed) as failure:
        check(project)
    return [str(p) for p in failure.value.problems.items]


def line_of(project, relative, needle):
    """Line of the last occurrence of `needle` (a duplicate is reported where it repeats)."""
    lines = (project / relative).read_text().splitlines()
    return [i for i, line in enumerate(lines, 1) if needle in line][-1]


# --- pages of the built site ----------------------------------------------------------


def page_text(site: Path, path: str) -> str:
    """The built HTML of the page at `path` (« /x/ » or « /404.html »), empty if none."""
    page = site / path.strip("/")
    page = page if page.suffix == ".html" else page / "index.html"
    return page.read_text(encoding="utf-8") if page.is_file() else ""


def is_calculator(site: Path, path: str) -> bool:
    return 'class="srd-calc"' in page_text(site, path)


# --- a calculator's figures -------------------------------------------------------------


def exact(page: Page, label: str) -> str:
    """The exact value (a fraction) shown next to a figure's label."""
    return figure(page, label).get_attribute("data-exact")


def figure(page: Page, label: str):
    """The number next to the figure whose label is exactly `label`."""
    return page.locator(".srd-figures dt", has_text=re.compile(f"^{re.escape(label)}$")).locator(
        "xpath=following-sibling::dd[1]/*[contains(@class, 'srd-num')]"
    )


def follow(page: Page, url: str) -> None:
    """Open `url` as a reader's click on a link of the site does: Material's instant
    navigation swaps the page in place, so the engine an earlier page started keeps running
    (no new Pyodide start per page)."""
    # The address as the browser writes it (spaces and accents encoded), to wait for; and
    # the page's container marked, to wait for the new one: the address may change before
    # the new page is swapped in.
    written = page.evaluate(
        """(href) => {
            document.querySelector("[data-md-component=container]")?.setAttribute("data-avant", "");
            const link = document.createElement("a");
            link.href = href;
            document.body.append(link);
            link.click();
            return link.href;
        }""",
        url,
    )
    page.wait_for_url(written)
    page.wait_for_function(
        "() => !document.querySelector('[data-md-component=container][data-avant]')"
    )


def search_by_key(page: Page, words: str, key: str = "s") -> None:
    """Opens the search with its keyboard shortcut, then types `words` once the field has
    the focus (typed sooner, letters would act as the theme's shortcuts: n, p…)."""
    page.keyboard.press(key)
    expect(page.locator(".md-search__input")).to_be_focused()
    page.keyboard.type(words)


# --- the browser's storage ------------------------------------------------------------

# Writes blocks into this origin's localStorage until the browser refuses them, halving the
# block at each refusal down to one character: the storage is then really full. Gives the
# name of the error the browser raised.
_FILL_STORAGE = """() => {
  let block = "x".repeat(1 << 20);
  let refusal = "";
  for (let n = 0; block.length; n++) {
    try {
      localStorage.setItem(`remplissage-${n}`, block);
    } catch (error) {
      refusal = error.name;
      block = block.slice(0, Math.floor(block.length / 2));
    }
  }
  return refusal;
}"""


def fill_local_storage(page: Page) -> None:
    """Fills the storage of the page's origin, as a reader's long use would."""
    assert page.evaluate(_FILL_STORAGE) == "QuotaExceededError"


# --- the text of a page, as a reader sees it ----------------------------------------

HIDDEN = {"script", "style", "code", "pre", "kbd", "samp", "var", "textarea", "template"}


SPOKEN = {"aria-label", "title", "placeholder", "alt"}


BLOCKS = {"p", "li", "td", "th", "div", "dt", "dd", "h1", "h2", "h3", "h4", "br", "tr", "nav"}


class _Text(HTMLParser):
    """The text of a page as a reader sees it: code and scripts left out, a line break at
    each block so two blocks' texts never glue."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.spoken: list[str] = []  # what a screen reader or a tooltip says
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        self.spoken.extend(v for k, v in attrs if k in SPOKEN and v)
        if tag in BLOCKS:
            self.parts.append("\n")
        if tag in HIDDEN:
            self.hidden += 1

    def handle_endtag(self, tag):
        if tag in HIDDEN and self.hidden:
            self.hidden -= 1
        if tag in BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def html_text(document: str) -> tuple[str, str]:
    """The text of some HTML, and its attributes read aloud (labels, tooltips)."""
    reader = _Text()
    reader.feed(document)
    return "".join(reader.parts), "\n".join(reader.spoken)


BREAKABLE_BEFORE = re.compile(r"\S[ \t\n]+[:;!?](?=\s|$|[)»\].,])|«[ \t\n]|[ \t\n]»|\d[ \t\n]+%")
# --- chance: a chi-square test of rolls against their exact law --------------------------

LEVEL = 0.01  # rolls are refused as biased when p falls below 1 %


def upper_gamma(a: float, x: float) -> float:
    """Q(a, x), the regularized upper incomplete gamma (series below a + 1, else the
    continued fraction; Numerical Recipes §6.2)."""
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return 1 - total * math.exp(log_front)
    b, c, d = x + 1 - a, 1e300, 1 / (x + 1 - a)
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2
        d = 1 / (an * d + b)
        c = b + an / c
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return math.exp(log_front) * h


def chi_square_p(observed: list[int], probabilities: list[Fraction]) -> float:
    """p-value of the observed counts against the probabilities, the outcomes expected
    fewer than 5 times merged with their neighbours."""
    bins: list[list[float]] = []  # [observed, expected]
    current = [0.0, 0.0]
    for seen, p in zip(observed, probabilities, strict=True):
        current = [current[0] + seen, current[1] + float(p) * sum(observed)]
        if current[1] >= 5:
            bins.append(current)
            current = [0.0, 0.0]
    if current[1] and bins:
        bins[-1] = [bins[-1][0] + current[0], bins[-1][1] + current[1]]
    assert len(bins) >= 2, "trop peu d'issues pour un test du khi-deux"
    statistic = sum((seen - expected) ** 2 / expected for seen, expected in bins)
    return upper_gamma((len(bins) - 1) / 2, statistic / 2)


@contextlib.contextmanager
def error_free_page(browser, **context_options):
    """A fresh page in its own context (service worker blocked); at the end, no console
    error and no uncaught exception."""
    context = browser.new_context(service_workers="block", **context_options)
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors


def only_original_system(project: Path, system: str) -> Path:
    """`project` reduced to one system, declared its authors' own text (`origine`)."""
    for folder in (project / "data").iterdir():
        if folder.is_dir() and folder.name != system:
            shutil.rmtree(folder)
            shutil.rmtree(project / "content" / folder.name, ignore_errors=True)
    edit(
        project,
        f"data/{system}/systeme.yaml",
        "statut: complet\n",
        "statut: complet\norigine: original\n",
    )
    return project
