"""What a reader's first visit costs, counted where the bytes leave: a test server that
compresses as a real host does (generator.serve.server) and adds up every byte it sends, the
service worker's requests included. Used by tests/browser/test_offline.py and scripts/bench.py.
"""

from __future__ import annotations

import contextlib
import functools
import threading
import time
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from generator.serve.server import Server, _Handler

QUIET_SECONDS = 3.0  # no byte sent for this long: the visit is over
LONGEST_SECONDS = 40.0  # the window the issue measures
PHONE = {"width": 390, "height": 844}
# What a first visit may cost, compressed, in its first 40 s: the reader's data plan.
BUDGET_BYTES = 300_000


class _CountedWriter:
    """The handler's output stream, counting what goes through it."""

    def __init__(self, raw, server: CountingServer):
        self.raw, self.server = raw, server

    def write(self, data) -> int:
        written = self.raw.write(data)
        self.server.sent(len(data))
        return written

    def __getattr__(self, name):
        return getattr(self.raw, name)


class _CountingHandler(_Handler):
    def setup(self) -> None:
        super().setup()
        self.wfile = _CountedWriter(self.wfile, self.server)


class CountingServer(Server):
    """generator.serve.server's server on a free loopback port, counting the bytes it sends."""

    def __init__(self, site: Path):
        super().__init__(site, "127.0.0.1", 0)
        self.RequestHandlerClass = functools.partial(_CountingHandler, directory=str(site))
        self._lock = threading.Lock()
        self.reset()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def reset(self) -> None:
        with self._lock:
            self.started = self.last_sent = time.monotonic()
            self.bytes_sent = 0

    def sent(self, size: int) -> None:
        with self._lock:
            self.last_sent = time.monotonic()
            if self.last_sent - self.started <= LONGEST_SECONDS:
                self.bytes_sent += size

    def wait_until_quiet(self) -> float:
        """Wait until nothing was sent for QUIET_SECONDS (or LONGEST_SECONDS are over);
        returns the seconds waited."""
        while True:
            now = time.monotonic()
            if now - self.last_sent >= QUIET_SECONDS or now - self.started > LONGEST_SECONDS:
                return now - self.started
            time.sleep(0.2)


def first_visit(browser, site: Path, path: str) -> tuple[int, list[str]]:
    """(bytes sent by the server within LONGEST_SECONDS, cached addresses) for a first
    visit of `path` in a fresh phone-sized profile, service worker allowed."""
    server = CountingServer(site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        server.reset()
        page.goto(server.url + path)
        # Once the worker is in control, it keeps what the page loaded, then all is quiet;
        # a worker still installing by then has its bytes counted all the same.
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(IN_CONTROL, timeout=LONGEST_SECONDS * 1000)
            # The worker keeps what the page loaded: the page itself is in its cache. (Those
            # copies may come from the HTTP cache, sending no byte: quiet is not enough.)
            page.wait_for_function(PAGE_KEPT, arg=page.url, timeout=LONGEST_SECONDS * 1000)
        server.wait_until_quiet()
        cached = page.evaluate(CACHED_ADDRESSES)
        return server.bytes_sent, cached
    finally:
        context.close()
        server.shutdown()
        server.server_close()


IN_CONTROL = "() => navigator.serviceWorker.controller !== null"
PAGE_KEPT = """async (url) => {
  for (const name of await caches.keys()) {
    if (name.startsWith("srd-") && (await (await caches.open(name)).match(url))) return true;
  }
  return false;
}"""
CACHED_ADDRESSES = """async () => {
  const found = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith("srd-")) continue;
    for (const request of await (await caches.open(name)).keys()) found.push(request.url);
  }
  return found;
}"""
