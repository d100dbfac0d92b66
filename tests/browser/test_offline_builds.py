"""The offline cache across two builds served at the same address (the service worker's
manifest), for a reader who chose the full copy (page « Consulter hors ligne »).

A reader's browser keeps every file it fetched in its HTTP cache, fresh for as long as the
server said. When a new build is deployed within that time, the new service worker must
still fill its cache with the new build's bytes: never the previous build's copies.
"""

from __future__ import annotations

import functools
import hashlib
import re
import shutil
import threading
import zipfile
from http.server import ThreadingHTTPServer
from pathlib import Path

import pytest
from helpers import QuietHandler
from playwright.sync_api import expect

from generator.pipeline.browser_contract import NEW_BUILD_CHECK_MS
from generator.pipeline.offline import MANIFEST, write_service_worker

pytestmark = pytest.mark.browser

FRESH_FOR = "max-age=600"  # ten minutes: the HTTP cache may answer without asking
MANIFEST_KEPT = "hors-ligne/manifeste"  # where sw.js keeps its build's manifest
CHANGED_PAGES = ("index.html", "reserve-d6/regles/resolution/index.html")
B_MARK = "construction-b"  # the class of what B adds to its changed pages, in their content
NEWER_BUILD = "Nouvelle version du site"  # the heading of what sw.js answers for B's pages


class FreshHandler(QuietHandler):
    """Serves the folder `served["folder"]` names at the time of each request, and notes
    each path asked for in `served["asked"]`."""

    def __init__(self, *args, served: dict, **kwargs):
        self.served = served
        super().__init__(*args, directory=str(served["folder"]), **kwargs)

    def do_GET(self) -> None:
        self.served["asked"].append(self.path)
        # Never « 304 Not Modified »: two builds written within one second have the same
        # file times, and a browser told that B's sw.js is A's would never install B.
        del self.headers["If-Modified-Since"]
        del self.headers["If-None-Match"]
        super().do_GET()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", FRESH_FOR)
        super().end_headers()


@pytest.fixture
def switchable():
    """A server on the loopback interface whose folder can be switched between requests."""
    served: dict = {}
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(FreshHandler, served=served))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield served, f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def next_build(folder: Path) -> list[str]:
    """Turn a copy of a build into the next one: pages, calc.js, the engine wheel and the
    search entry change, as a real deployment changes them; returns the changed files."""
    changed = [*CHANGED_PAGES, "assets/calc.js", "pagefind/pagefind-entry.json"]
    for relative in CHANGED_PAGES:
        page = folder / relative
        # In the article: what Material's instant navigation swaps into an open page
        mark = f'<p class="{B_MARK}">construction B</p></article>'
        page.write_text(
            page.read_text(encoding="utf-8").replace("</article>", mark), encoding="utf-8"
        )
    with (folder / "assets/calc.js").open("a", encoding="utf-8") as script:
        script.write("\n// construction B\n")
    with (folder / "pagefind/pagefind-entry.json").open("a", encoding="utf-8") as entry:
        entry.write("\n")
    (wheel,) = (folder / "assets/wheels").glob("*.whl")
    with zipfile.ZipFile(wheel, "a") as archive:
        archive.comment = b"construction B"
    changed.append(wheel.relative_to(folder).as_posix())
    return changed


def served_here(site: Path, base_url: str, folder: Path, url: str) -> None:
    """A copy of `site` (built for `base_url`) in `folder`, its sitemap naming `url`: Material's
    instant navigation follows only the links its sitemap lists (not in the manifest)."""
    shutil.copytree(site, folder)
    sitemap = folder / "sitemap.xml"
    sitemap.write_text(
        sitemap.read_text(encoding="utf-8").replace(base_url + "/", url + "/"), encoding="utf-8"
    )


CACHED_FILES = """async () => {
  const hex = (buffer) =>
    Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
  const found = {};
  for (const name of await caches.keys()) {
    if (!name.startsWith("srd-")) continue; // the reader's choice, not a build
    const cache = await caches.open(name);
    found[name] = {};
    for (const request of await cache.keys()) {
      const body = await (await cache.match(request)).arrayBuffer();
      found[name][request.url] = hex(await crypto.subtle.digest("SHA-256", body));
    }
  }
  return found;
}"""

# The browser checks for a new sw.js now (not « later », as it does by itself), then the
# newest worker is followed to the end of its life cycle: « activated » once it took over,
# « redundant » if its install failed. (hors-ligne.js may have asked for the same update a
# moment before: then the worker followed is the one that update started.)
UPDATE_AND_FOLLOW = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  await registration.update();
  const worker = registration.installing || registration.waiting || registration.active;
  const over = () => worker.state === "activated" || worker.state === "redundant";
  if (!over()) {
    await new Promise((done) =>
      worker.addEventListener("statechange", () => over() && done()),
    );
  }
  return worker.state;
}"""


def wrong_bytes(cached: dict[str, str], url: str, build: Path) -> list[str]:
    """The cached addresses whose bytes are not those of a file of `build`."""

    def expected(address: str) -> str | None:
        relative = address.removeprefix(url + "/")
        if relative == MANIFEST_KEPT:
            relative = MANIFEST
        elif relative == "" or relative.endswith("/"):
            relative += "index.html"
        file = build / relative
        return hashlib.sha256(file.read_bytes()).hexdigest() if file.is_file() else None

    return [address for address, digest in cached.items() if digest != expected(address)]


def test_a_new_build_deployed_within_the_http_freshness_fills_its_cache_with_its_own_bytes(
    browser, site, base_url, switchable, tmp_path
):
    """A deployment caught half done (one file still A's) is not taken: A stays
    in control with its own cache; once B is complete, the reader's next click (an instant
    navigation, answered from A's copy) has the page ask for it: B installs whole, takes
    over, the page reloads into B, and B's cache holds B's bytes only."""
    served, url = switchable
    build_a, build_b = tmp_path / "a", tmp_path / "b"
    served_here(site, base_url, build_a, url)
    version_a = write_service_worker(build_a)
    shutil.copytree(build_a, build_b)
    changed = next_build(build_b)
    version_b = write_service_worker(build_b)
    assert version_a != version_b
    served.update(folder=build_a, asked=[])
    context = browser.new_context()
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{url}/hors-ligne/")
    page.get_by_role("button", name=re.compile("^Garder tout le site hors ligne")).click()
    expect(page.get_by_role("status")).to_have_text(re.compile("^Terminé"), timeout=180_000)
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    assert list(page.evaluate(CACHED_FILES)) == [f"srd-{version_a}"]
    page.evaluate("() => { window.openedUnderA = true; }")
    page.locator("a.md-tabs__link", has_text="Réserve de d6").click()
    expect(page).to_have_url(f"{url}/reserve-d6/")
    assert page.evaluate("() => window.openedUnderA")  # an instant navigation: no page loaded

    # B's sw.js is up, its calc.js not yet: the copy of B fails, A keeps the reader's cache
    calc = build_b / "assets/calc.js"
    calc_b = calc.read_bytes()
    shutil.copy(build_a / "assets/calc.js", calc)
    served.update(folder=build_b, asked=[])
    assert page.evaluate(UPDATE_AND_FOLLOW) == "redundant"
    assert "/assets/calc.js" in served["asked"]  # B's copy was tried
    found = page.evaluate(CACHED_FILES)
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    assert wrong_bytes(found[f"srd-{version_a}"], url, build_a) == []

    # B complete, while A's files are still fresh in the HTTP cache; the reader follows a
    # link, to a page B changed: the page reloads into B, never B's page under A's scripts
    calc.write_bytes(calc_b)
    served["asked"] = []
    page.get_by_role("link", name="La résolution des actions").first.click()
    expect(page.locator(f".{B_MARK}")).to_be_attached(timeout=180_000)
    assert page.evaluate("() => window.openedUnderA") is None
    found = page.evaluate(CACHED_FILES)
    context.close()
    assert list(found) == [f"srd-{version_b}"]  # A's cache is gone
    cached = found[f"srd-{version_b}"]
    paths = {"/" + relative.removesuffix("index.html") for relative in changed}
    assert {url + path for path in paths} <= set(cached)
    assert wrong_bytes(cached, url, build_b) == []
    # Files the two builds share came from A's cache, checked, not from the network again
    assert set(served["asked"]) <= paths | {"/sw.js", "/hors-ligne.json", "/sitemap.xml"}
    assert not errors, errors


# Resolved once this page is in a worker's hands (a first visit: once it claims the page).
IN_CONTROL = """async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((done) =>
      navigator.serviceWorker.addEventListener("controllerchange", done, { once: true }),
    );
  }
}"""

# Run in the worker: every keep() it starts from now on is noted, to be waited for (a file
# read is kept after it is answered, when nothing in the page can tell).
NOTE_KEEPS = """() => {
  const original = keep;
  self.keeps = [];
  self.keep = (...args) => {
    const kept = original(...args);
    self.keeps.push(kept);
    return kept;
  };
}"""
KEPT = "() => Promise.allSettled(self.keeps).then(() => self.keeps.length)"

# Run in the worker: it loses its manifest, as a worker started again after the reader
# withdrew the copy (caches deleted); its downloads of the manifest are counted from now on.
FORGET_MANIFEST = """async () => {
  manifest = null;
  await (await caches.open(CACHE)).delete(MANIFEST_KEPT);
  const original = download;
  self.manifestDownloads = 0;
  self.download = (file, ...rest) => {
    if (file === MANIFEST) self.manifestDownloads += 1;
    return original(file, ...rest);
  };
}"""


# Run in the worker: resolved once the checks for a newer build it started are over, and
# the worker they installed, if any, is installed or dropped.
UPDATES_OVER = """async () => {
  await updating;
  const worker = self.registration.installing;
  if (worker) {
    await new Promise((done) =>
      worker.addEventListener("statechange", () => worker.state !== "installing" && done()),
    );
  }
}"""

# Run in a page: the bytes and status it gets for `file`, through the worker in control.
FETCHED = """async (file) => {
  const response = await fetch(file);
  return [response.status, await response.text()];
}"""


def test_a_build_in_control_serves_and_keeps_none_of_the_next_builds_bytes(
    browser, site, base_url, switchable, tmp_path
):
    """B is deployed while A's worker is in control, and cannot take over yet (its manifest
    is not up): what B changed or added never reaches a page of A (a page, the search
    index), nor A's cache; the reader is told a new version is on its way instead. Once B
    takes over, the open pages reload into B, and its cache holds B's bytes only."""
    served, url = switchable
    build_a, build_b = tmp_path / "a", tmp_path / "b"
    served_here(site, base_url, build_a, url)
    version_a = write_service_worker(build_a)
    shutil.copytree(build_a, build_b)
    next_build(build_b)
    rules = build_b / "reserve-d6/regles"
    shutil.copytree(rules / "resolution", rules / "nouvelle-regle")  # a page only B has
    version_b = write_service_worker(build_b)
    served.update(folder=build_a, asked=[])
    context = browser.new_context()
    first, reader = context.new_page(), context.new_page()
    errors = []
    for page in (first, reader):
        page.on("pageerror", lambda e: errors.append(str(e)))
    first.goto(f"{url}/")
    first.evaluate(IN_CONTROL)
    (worker_a,) = context.service_workers or [context.wait_for_event("serviceworker")]
    worker_a.evaluate(NOTE_KEEPS)
    reader.goto(f"{url}/reserve-d6/")  # the same in A and B: A serves it, and keeps it
    reader.evaluate("() => { window.openedUnderA = true; }")

    # B deployed but for its manifest: B's worker fails to install, A stays in control
    manifest = build_b / MANIFEST
    manifest_b = manifest.read_bytes()
    shutil.copy(build_a / MANIFEST, manifest)
    served.update(folder=build_b, asked=[])
    assert first.evaluate(UPDATE_AND_FOLLOW) == "redundant"
    entry = "pagefind/pagefind-entry.json"
    status, text = first.evaluate(FETCHED, entry)
    assert text != (build_b / entry).read_text(encoding="utf-8")  # never B's search index
    assert status == 503 or text == (build_a / entry).read_text(encoding="utf-8")
    reader.get_by_role("link", name="La résolution des actions").first.click()  # B changed it
    expect(reader.get_by_role("heading", name=NEWER_BUILD)).to_be_visible()
    assert reader.evaluate("() => window.openedUnderA") is None  # not swapped into A's page
    assert "construction B" not in reader.content()
    response = reader.goto(url + "/reserve-d6/regles/nouvelle-regle/")
    assert response.status == 503
    expect(reader.get_by_role("heading", name=NEWER_BUILD)).to_be_visible()
    assert "construction B" not in reader.content()
    assert reader.evaluate("() => navigator.serviceWorker.controller !== null")
    assert worker_a.evaluate(KEPT) > 0
    found = first.evaluate(CACHED_FILES)
    assert f"{url}/reserve-d6/" in found[f"srd-{version_a}"]  # read through A, kept
    assert wrong_bytes(found[f"srd-{version_a}"], url, build_a) == []

    # A's worker has lost its manifest, and the server sends one of neither build (being
    # written): A serves and keeps nothing it cannot check, and downloads that manifest
    # once, not per file
    worker_a.evaluate(FORGET_MANIFEST)
    manifest.write_text("{}", encoding="utf-8")
    unchecked = ("/divin6/", "/talon/", "/undesix/")  # the same in A and B, not yet kept
    for path in unchecked:
        assert reader.goto(url + path).status == 503, path
    worker_a.evaluate(KEPT)
    assert worker_a.evaluate("() => self.manifestDownloads") == 1
    found = first.evaluate(CACHED_FILES)
    assert not [address for address in found[f"srd-{version_a}"] if address.endswith(unchecked)]

    # B complete: asked for, it takes over with B's bytes only, and the open pages reload
    worker_a.evaluate(UPDATES_OVER)  # B's installs that A asked for meanwhile failed
    manifest.write_bytes(manifest_b)
    with first.expect_navigation(timeout=120_000):
        first.evaluate(
            "() => { navigator.serviceWorker.getRegistration().then((r) => r.update()); }"
        )
    expect(first.locator(f".{B_MARK}")).to_be_attached()
    expect(reader.get_by_role("heading", name=NEWER_BUILD)).to_have_count(0)
    found = first.evaluate(CACHED_FILES)
    context.close()
    assert list(found) == [f"srd-{version_b}"]
    assert wrong_bytes(found[f"srd-{version_b}"], url, build_b) == []
    assert not errors, errors


def test_an_open_page_learns_of_a_new_build_within_the_check_interval(
    browser, site, base_url, switchable, tmp_path
):
    """A page left open, nothing clicked, nothing fetched: once NEW_BUILD_CHECK_MS have
    passed (the page's clock pushed on), it asks for a new build, which installs, takes
    over, and the page reloads into it; the page of a first visit too."""
    served, url = switchable
    build_a, build_b = tmp_path / "a", tmp_path / "b"
    served_here(site, base_url, build_a, url)
    write_service_worker(build_a)
    shutil.copytree(build_a, build_b)
    next_build(build_b)
    version_b = write_service_worker(build_b)
    served.update(folder=build_a, asked=[])
    context = browser.new_context()
    context.clock.install()
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{url}/")  # a page B changes
    page.evaluate(IN_CONTROL)
    page.evaluate("() => { window.openedUnderA = true; }")
    served.update(folder=build_b, asked=[])
    assert page.locator(f".{B_MARK}").count() == 0
    page.clock.fast_forward(NEW_BUILD_CHECK_MS)
    expect(page.locator(f".{B_MARK}")).to_be_attached(timeout=120_000)
    assert page.evaluate("() => window.openedUnderA") is None
    found = page.evaluate(CACHED_FILES)
    context.close()
    assert list(found) == [f"srd-{version_b}"]
    assert not errors, errors
