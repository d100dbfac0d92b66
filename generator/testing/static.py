"""A static server of a built site, in a thread: what a host does, and no more."""

from __future__ import annotations

import contextlib
import functools
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit


class QuietHandler(SimpleHTTPRequestHandler):
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, *args) -> None:
        pass


def start_server(folder: Path, port: int = 0) -> tuple[ThreadingHTTPServer, str]:
    httpd = ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(QuietHandler, directory=str(folder))
    )
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


@contextlib.contextmanager
def serving(site: Path, site_url: str | None):
    """The address of `site` served at the path it was built for (`site_url`'s, as its host
    will serve it: « /mon-depot/ » for a repository's pages), stopped on leaving."""
    path = urlsplit(site_url or "").path.strip("/")
    with tempfile.TemporaryDirectory(prefix="srd-hote-") as host:
        folder = Path(host)
        if path:
            (folder / path).parent.mkdir(parents=True, exist_ok=True)
            (folder / path).symlink_to(site.resolve(), target_is_directory=True)
        httpd, address = start_server(folder if path else site)
        try:
            yield address + (f"/{path}" if path else "")
        finally:
            httpd.shutdown()
