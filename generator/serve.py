"""`serve`: build, serve site/ on localhost, rebuild when a source changes."""

from __future__ import annotations

import functools
import os
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

from .build import build
from .errors import BuildFailed

WATCHED = ("data", "content", "generator", "site_overrides", "mkdocs.yml")
QUIET_SECONDS = 0.4  # editors write a file in several steps: wait for calm


class _Rebuild(FileSystemEventHandler):
    def __init__(self, root: Path):
        self.root = root
        self.changed = threading.Event()
        self.code_changed = False

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.event_type in ("opened", "closed_no_write") or "__pycache__" in str(
            event.src_path
        ):
            return
        # The root is watched for mkdocs.yml only: site/ and build/ change on every build.
        relative = Path(event.src_path).resolve().relative_to(self.root.resolve()).parts
        if relative and relative[0] in WATCHED:
            self.code_changed |= relative[-1].endswith(".py")
            self.changed.set()


def _rebuild_forever(root: Path, handler: _Rebuild, site_url: str) -> None:
    while True:
        handler.changed.wait()
        time.sleep(QUIET_SECONDS)
        handler.changed.clear()
        if handler.code_changed:
            # Python modules are already imported: start afresh to run the new code.
            print("Code du générateur modifié : redémarrage.", flush=True)
            os.execv(sys.executable, [sys.executable, "-m", "generator", *sys.argv[1:]])
        try:
            timings = build(root, site_url=site_url)
            print(f"Reconstruit en {sum(timings.seconds.values()):.2f} s.", flush=True)
        except BuildFailed as error:
            print(error.problems.report(), flush=True)
        except Exception as error:  # keep serving the last good site
            print(f"Échec de la reconstruction : {error}", flush=True)


class _Handler(SimpleHTTPRequestHandler):
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
    }

    def log_message(self, format: str, *args) -> None:  # one line per error only
        if args and str(args[1]).startswith(("4", "5")):
            super().log_message(format, *args)


def serve(root: Path, host: str, port: int) -> None:
    site_url = f"http://{host}:{port}/"
    try:
        build(root, site_url=site_url)
    except BuildFailed as error:
        print(error.problems.report(), flush=True)
        if not (root / "site").exists():
            raise
    handler = _Rebuild(root)
    observer = Observer()
    for name in WATCHED:
        path = root / name
        if path.is_dir():
            observer.schedule(handler, str(path), recursive=True)
        elif path.exists():
            observer.schedule(handler, str(root), recursive=False)
    observer.start()
    threading.Thread(target=_rebuild_forever, args=(root, handler, site_url), daemon=True).start()
    server = ThreadingHTTPServer(
        (host, port), functools.partial(_Handler, directory=str(root / "site"))
    )
    print(
        f"Site servi sur http://{host}:{port}/ (Ctrl+C pour arrêter) ; reconstruction à chaque modification.",
        flush=True,
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        observer.stop()
        server.server_close()
