"""Every page of a built site fits a 390 px phone: the pages whose content could be wider
than the screen (a table, preformatted text, an image or a drawing, a calculator, a word
longer than `LONGEST_WORD` characters) are measured in Chromium; the others hold only text
that wraps, grouped by their shape (the elements and classes of their article), one page of
each shape measured. One definition, read by the repository's tests
(tests/browser/test_phone.py) and by a project's (generiques/test_site.py).

One Chromium, a few tabs in parallel; the service worker and the calculators' engine
(Pyodide) are kept out: a calculator shows its pre-rendered result, which is the HTML the
engine gives. A page fails if it scrolls sideways or if one of its tables is clipped.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import re
from html import unescape
from pathlib import Path

from generator.testing.chromium import CHROMIUM, CHROMIUM_ARGS

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

# The page's content, read in its built file: what could be wider than the screen.
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


def measure_pages(server: str, paths: list[str]) -> dict[str, list[str]]:
    """{path: its problems} of the pages at `paths` of the site `server` serves, on a phone.
    In a thread of its own: a sync Playwright of a test may still hold the caller's event
    loop, and asyncio.run() refuses to run inside it."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, crawl(server, paths)).result()


def phone_failures(found: dict[str, list[str]]) -> str:
    """What a test says of the pages too wide, empty when none."""
    if not found:
        return ""
    report = "\n".join(f"{path} : {' ; '.join(problems)}" for path, problems in found.items())
    return f"Pages trop larges pour un téléphone de 390 px ({len(found)}) :\n{report}"
