"""Every page of the built site fits a 390 px phone — not a sample, all of them.

Every page whose content could be wider than the screen is measured in Chromium: a table,
preformatted text, an image or a drawing, a calculator, or a word longer than
`LONGEST_WORD` characters. The other pages hold only text that wraps: they are grouped by
their shape (the elements and classes of their article) and one page of each shape is
measured, which proves the theme's frame and those elements fit; the rest are read in
the built files (`shape_of`).

One Chromium, a few tabs in parallel; the service worker and the calculators' engine
(Pyodide) are kept out: a calculator shows its pre-rendered result, which is the HTML the
engine gives. A page fails if it scrolls sideways or if one of its tables is clipped.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import re
import time
from html import unescape
from pathlib import Path

import pytest
from helpers import CHROMIUM, CHROMIUM_ARGS

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
TABS = 4

# What a reader would call « too wide », measured once the page's scripts have run:
# - the page itself scrolls sideways;
# - a table sticks out of the boxes that show it or of the screen (a column sits out of
#   sight, even in a scroll region: on a phone every table must show all its columns);
# - a cell cuts its content (wider content than the cell, with the overflow hidden) —
#   except the summary of an index row, one line on purpose (whole on the entity's page);
# - a calculator is wider than the page.
MEASURE = """() => {
  const problems = [];
  const page = document.documentElement.scrollWidth - innerWidth;
  if (page > 0) problems.push(`la page défile de ${page} px sur le côté`);
  const shown = (element) => element.getClientRects().length > 0;
  // How much of the element lies outside what its clipping boxes (and the screen) show.
  const hiddenWidth = (element) => {
    const rect = element.getBoundingClientRect();
    let left = 0;
    let right = innerWidth;
    for (let box = element.parentElement; box; box = box.parentElement) {
      if (getComputedStyle(box).overflowX === "visible") continue;
      const edge = box.getBoundingClientRect().left + box.clientLeft;
      left = Math.max(left, edge);
      right = Math.min(right, edge + box.clientWidth);
    }
    return Math.max(rect.right - right, 0) + Math.max(left - rect.left, 0);
  };
  const name = (table) => {
    const head = [...(table.tHead?.rows[0]?.cells || [])].map((c) => c.textContent.trim());
    return `tableau « ${head.slice(0, 3).join(" | ") || table.rows[0]?.textContent.trim().slice(0, 40)} »`;
  };
  for (const table of document.querySelectorAll("table")) {
    if (!shown(table)) continue;
    const hidden = Math.round(hiddenWidth(table));
    if (hidden > 1) problems.push(`${name(table)} : ${hidden} px cachés`);
    for (const cell of table.querySelectorAll("td, th")) {
      if (!shown(cell) || getComputedStyle(cell).overflowX === "visible") continue;
      if (cell.closest(".srd-index") && !cell.nextElementSibling) continue;
      if (cell.scrollWidth > cell.clientWidth + 1) {
        problems.push(`${name(table)} : cellule coupée « ${cell.textContent.trim().slice(0, 40)} »`);
        break;
      }
    }
  }
  for (const calc of document.querySelectorAll(".srd-calc")) {
    const over = Math.round(calc.getBoundingClientRect().right - innerWidth);
    if (over > 0) problems.push(`le calculateur dépasse de ${over} px`);
  }
  return problems;
}"""

# Resolves once the tables have taken their phone shape (set by defilement.js).
READY = "() => document.documentElement.dataset.tableaux === 'prets'"


def table_html(columns: int, index: bool = False) -> str:
    import markdown

    text = "| " + " | ".join(f"Col {n}" for n in range(columns)) + " |\n"
    text += "|" + "---|" * columns + "\n| " + " | ".join("x" * columns) + " |\n"
    if index:
        text = f'<div class="srd-liste" markdown>\n\n{text}\n</div>'
    return markdown.markdown(
        text, extensions=["tables", "md_in_html", "generator.pipeline.tableaux"]
    )


@pytest.mark.parametrize(
    ("columns", "shape"), [(2, None), (3, None), (4, "mesure"), (5, "mesure"), (6, "blocs")]
)
def test_a_table_shape_follows_its_number_of_columns(columns, shape):
    html = table_html(columns)
    if shape:
        assert f'<table data-forme="{shape}" role="table">' in html
        assert f'<td data-titre="Col {columns - 1}" role="cell">' in html
    else:
        assert "data-forme" not in html and "data-titre" not in html


def test_an_index_table_is_labelled_but_keeps_its_own_phone_layout():
    html = table_html(3, index=True)
    assert '<td data-titre="Col 2" role="cell">' in html
    assert "data-forme" not in table_html(7, index=True)


def test_a_reflowed_table_still_reads_as_a_table(browser, server):
    """At 390 px the « Coût en PSY » table is one block per row; a screen reader still
    gets a table with its column headers, and each cell without its label read twice."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, service_workers="block")
    page = context.new_page()
    page.goto(f"{server}/undesix/table/cout-en-psy/")
    page.wait_for_function(READY)
    table = page.locator("table").first
    assert table.evaluate("t => getComputedStyle(t).display") == "block"
    tree = table.aria_snapshot()
    context.close()
    assert 'columnheader "Coût en PSY"' in tree, tree
    assert '- cell "ordinaire"' in tree and "Coût en PSY :" not in tree, tree


LONGEST_WORD = 25  # characters: some 230 px of body text, in a 350 px column
WIDE_TAGS = {"table", "pre", "svg", "img", "canvas", "iframe", "video"}


TAG = re.compile(r"<([a-z][a-z0-9]*)\b([^>]*)>")
CLASS = re.compile(r'(?:^|\s)class="([^"]*)"')
WORD_BREAKS = re.compile(r"[\s\u00a0\u202f/\-–—]+")


def page_file(site: Path, path: str) -> Path:
    return site / path.strip("/") / ("" if path.endswith(".html") else "index.html")


def shape_of(html: Path) -> frozenset | None:
    """The page's shape (the elements and classes of its article), or None when its
    content alone could be too wide for a phone."""
    text = html.read_text(encoding="utf-8")
    start = text.find("<article")
    article = text[start : text.find("</article>", start)]
    elements = set()
    for tag, attributes in TAG.findall(article):
        classes = CLASS.search(attributes)
        elements.add((tag, classes.group(1) if classes else ""))
        if tag in WIDE_TAGS or (classes and "srd-calc" in classes.group(1).split()):
            return None
    words = WORD_BREAKS.split(unescape(re.sub(r"<[^>]+>", " ", article)))
    return None if max(map(len, words)) > LONGEST_WORD else frozenset(elements)


def pages_to_measure(site: Path) -> list[str]:
    """Every page that could be too wide, and the first page of each other shape."""
    measured, shapes = [], set()
    for path in every_page(site):
        shape = shape_of(page_file(site, path))
        if shape is None or shape not in shapes:
            measured.append(path)
        if shape is not None:
            shapes.add(shape)
    return measured


def test_the_pages_measured_are_those_that_could_be_too_wide(site):
    every, measured = every_page(site), pages_to_measure(site)
    assert len(every) > 1000, "le site construit devrait compter plus de 1 000 pages"
    table = next(p for p in every if "<table" in page_file(site, p).read_text(encoding="utf-8"))
    assert table in measured
    assert "/" in measured and len(measured) < len(every)


def every_page(site: Path) -> list[str]:
    """The path of every HTML page of the site (the JSON export is not a page)."""
    pages = []
    for html in sorted(site.rglob("*.html")):
        relative = html.relative_to(site)
        if relative.parts[0] in ("api", "assets"):
            continue
        path = "/" + relative.as_posix()
        pages.append(path.removesuffix("index.html"))
    return pages


async def _measure(context, server: str, queue: asyncio.Queue, found: dict) -> None:
    page = await context.new_page()
    page.set_default_timeout(120_000)  # a loaded 2-core machine
    while not queue.empty():
        path = queue.get_nowait()
        await page.goto(server + path, wait_until="domcontentloaded")
        await page.wait_for_function(READY)
        problems = await page.evaluate(MEASURE)
        if problems:
            found[path] = problems
    await page.close()


async def crawl(server: str, paths: list[str]) -> dict[str, list[str]]:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = await browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, service_workers="block"
        )
        # The engine is not needed to measure a page: its first answer is pre-rendered.
        await context.route("**/calc-worker.mjs", lambda route: route.abort())
        await context.route("**/pyodide/**", lambda route: route.abort())
        queue: asyncio.Queue = asyncio.Queue()
        for path in paths:
            queue.put_nowait(path)
        found: dict[str, list[str]] = {}
        await asyncio.gather(*(_measure(context, server, queue, found) for _ in range(TABS)))
        await browser.close()
    return found


SHARDS = 2  # the pages in two parts, which the test workers share out


@pytest.mark.parametrize("shard", range(SHARDS))
def test_every_page_fits_a_390_px_phone(site, server, shard):
    paths = pages_to_measure(site)[shard::SHARDS]
    start = time.perf_counter()
    # In a thread of its own: a sync Playwright of another test may still hold this
    # thread's event loop, and asyncio.run() refuses to run inside it.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        found = pool.submit(asyncio.run, crawl(server, paths)).result()
    seconds = time.perf_counter() - start
    print(f"{len(paths)} pages mesurées à 390 px en {seconds:.0f} s")
    report = "\n".join(f"{path} : {' ; '.join(problems)}" for path, problems in found.items())
    assert not found, f"{len(found)} pages trop larges pour un téléphone :\n{report}"
