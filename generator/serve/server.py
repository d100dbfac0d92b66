"""`serve`: build, serve site/ on localhost, rebuild when a source changes."""

from __future__ import annotations

import contextlib
import functools
import gc
import gzip
import io
import os
import sys
import threading
import time
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

from generator.pipeline import site_folder
from generator.pipeline.errors import BuildFailed
from generator.serve import live as serve_live
from generator.serve.incremental import Builder

WATCHED = ("data", "content", "generator", "site_overrides", "mkdocs.yml", "projet.yaml")


def code_folders(root: Path) -> tuple[str, ...]:
    """The folders of Python the build keeps imported: the generator's, and the project's
    systems' folder when it is in the project (its first part)."""
    from generator import systems

    try:
        inside = systems.systems_folder().relative_to(Path(os.path.abspath(root)))
    except (LookupError, ValueError):
        return ("generator",)
    return tuple(dict.fromkeys(("generator", inside.parts[0])))


CODE = (".py", ".json")
QUIET_SECONDS = 0.15  # editors write a file in several steps: wait for calm
IDLE_SECONDS = 30.0  # a connection that sends nothing for this long is closed
# Sent compressed when the client accepts gzip, as a real host does (not Pyodide's
# .wasm: 2 s to compress after each build, for a download that stays on this machine).
COMPRESSED = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt")
# The standard library's error pages are in English: `serve` says it in French.
ERROR_PAGE = """<!DOCTYPE html>
<html lang="fr">
<head><meta charset="utf-8"><title>Erreur %(code)d</title></head>
<body><h1>Erreur %(code)d</h1><p>%(explain)s</p></body>
</html>
"""
ERRORS = {
    HTTPStatus.BAD_REQUEST: "Requête invalide.",
    HTTPStatus.NOT_FOUND: "Page introuvable.",
    HTTPStatus.REQUEST_URI_TOO_LONG: "Requête invalide\u00a0: adresse trop longue.",
    HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE: "Requête invalide\u00a0: en-têtes trop longs.",
    HTTPStatus.NOT_IMPLEMENTED: "Méthode non prise en charge\u00a0: ce serveur ne sert que des fichiers.",
}
BAD_SINCE = (
    "Requête invalide\u00a0: «\u00a0depuis\u00a0» est vide ou vaut l'état "
    "«\u00a0jeton:numéro\u00a0» qu'une réponse précédente a donné."
)
BAD_PATH = "Requête invalide\u00a0: l'adresse contient un caractère nul ou de l'UTF-8 mal formé."


class Rebuild(FileSystemEventHandler):
    """Notes that a watched source changed. Never raises: watchdog's thread would die of it
    and nothing would be rebuilt again."""

    def __init__(self, root: Path):
        self.root = Path(os.path.abspath(root))
        self.code = code_folders(root)
        self.watched = (*WATCHED, *self.code)
        self.changed = threading.Event()
        self.code_changed = False
        self._reported: set[str] = set()

    def report_once(self, message: str) -> None:
        if message not in self._reported:
            self._reported.add(message)
            print(message, flush=True)

    def on_any_event(self, event: FileSystemEvent) -> None:
        try:
            self._note(event)
        except Exception as error:
            self.report_once(
                f"Modification ignorée par la surveillance des fichiers ({event.src_path!r}) : {error}"
            )

    def _note(self, event: FileSystemEvent) -> None:
        if event.event_type in ("opened", "closed_no_write"):
            return
        for path in (event.src_path, event.dest_path):
            path = os.fsdecode(path)
            if not path or "__pycache__" in path:
                continue
            # The path as watched, not resolved: a symbolic link may lead out of the
            # project or loop. The root is watched for mkdocs.yml only: site/ and build/
            # change on every build.
            relative = Path(os.path.abspath(path)).relative_to(self.root).parts
            if relative and relative[0] in self.watched:
                # The generator's code and schemas, and the systems', are kept from one build
                # to the next (generator/pipeline/cache.py): a new version needs a new process.
                self.code_changed |= relative[0] in self.code and relative[-1].endswith(CODE)
                self.changed.set()


class Watcher:
    """watchdog's observer on the watched sources, started afresh if one of its threads
    has died (watchdog does not recover from an error)."""

    def __init__(self, root: Path, handler: Rebuild):
        self.root = root
        self.handler = handler
        self.observer: Observer | None = None

    def start(self) -> None:
        observer = Observer()
        for name in dict.fromkeys(self.handler.watched):
            path = self.root / name
            if path.is_dir():
                observer.schedule(self.handler, str(path), recursive=True)
            elif path.exists():
                observer.schedule(self.handler, str(self.root), recursive=False)
        observer.start()
        self.observer = observer

    def alive(self) -> bool:
        observer = self.observer
        return (
            observer is not None
            and observer.is_alive()
            and all(emitter.is_alive() for emitter in list(observer.emitters))
        )

    def keep_alive(self) -> None:
        if self.alive():
            return
        self.handler.report_once("La surveillance des fichiers s'est arrêtée : elle est relancée.")
        self.stop()
        try:
            self.start()
        except OSError as error:  # tried again on the next call
            self.handler.report_once(f"Surveillance des fichiers impossible : {error}")
            return
        self.handler.changed.set()  # a change may have been missed meanwhile

    def stop(self) -> None:
        if self.observer is not None:
            with contextlib.suppress(Exception):  # already dead
                self.observer.stop()


def _rebuild_forever(
    builder: Builder, handler: Rebuild, watcher: Watcher, state: serve_live.BuildState
) -> None:
    while True:
        while not handler.changed.wait(1.0):
            watcher.keep_alive()
            if builder.unfinished:  # the writer paused: the search index, the offline files
                _finish(builder, handler.changed)
        time.sleep(QUIET_SECONDS)
        handler.changed.clear()
        if handler.code_changed:
            # Python modules are already imported: start afresh to run the new code.
            print("Code du générateur modifié : redémarrage.", flush=True)
            os.execv(sys.executable, [sys.executable, "-m", "generator", *sys.argv[1:]])
        try:
            timings = builder.build(pages_written=state.built, later=True)
            how = "en partie" if builder.partial else "entièrement"
            print(f"Reconstruit {how} en {sum(timings.seconds.values()):.2f} s.", flush=True)
            if not builder.partial:
                _keep_heap()
        except BuildFailed as error:
            print(error.problems.report(), flush=True)
            state.failed(error.problems)
        except Exception as error:  # keep serving the last good site
            print(f"Échec de la reconstruction : {error}", flush=True)
            state.crashed(f"Échec de la reconstruction : {error}")


def _keep_heap() -> None:
    """After a full build, what it left (the site's state as MkDocs holds it, what the
    memos keep: millions of objects) is set aside from Python's garbage collection. Else
    each full collection walks it all again: 0.7 s, every other edit, on the ×10 data.
    Of what it then drops, what is held in cycles waits for the next full build."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def _finish(builder: Builder, changed: threading.Event) -> None:
    """What the last rebuild left (`Builder.finish`), stopped by the next change."""
    try:
        if builder.finish(cancel=changed):
            print("Index de recherche et copie hors ligne à jour.", flush=True)
    except Exception as error:  # the pages are served all the same; the next rebuild retries
        builder.unfinished = None
        print(f"Échec de l'index de recherche : {error}", flush=True)


@functools.lru_cache(maxsize=1024)
def _gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    return gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)


def _file_name(path: str) -> bool:
    """Whether the file system can be asked about `path`: no NUL, no lone surrogate (what
    decoding an address leaves of UTF-8 that is not)."""
    try:
        os.fsencode(path)
    except UnicodeEncodeError:
        return False
    return "\0" not in path


class _Handler(SimpleHTTPRequestHandler):
    error_message_format = ERROR_PAGE
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
    }

    def setup(self) -> None:
        self.timeout = self.server.idle_seconds
        super().setup()

    def log_request(self, code="-", size="-") -> None:
        # One line per error; none for a 400: a request no page of the site sends is
        # nothing the writer can fix.
        status = str(int(code) if isinstance(code, HTTPStatus) else code)
        if status.startswith(("4", "5")) and status != "400":
            super().log_request(code, size)

    def log_error(self, format: str, *args) -> None:  # the request's line says it already
        pass

    def _accepts_gzip(self) -> bool:
        for coding in self.headers.get("Accept-Encoding", "").split(","):
            name, _, quality = coding.partition(";")
            if name.strip().lower() in ("gzip", "*"):
                quality = quality.strip().removeprefix("q=")
                try:
                    return not quality or float(quality) > 0
                except ValueError:
                    return False
        return False

    def _send_live(self, live: serve_live.BuildState, address) -> io.BytesIO | None:
        name = address.path.removeprefix(serve_live.PREFIX)
        if name == "etat":
            since = parse_qs(address.query).get("depuis", [""])[0]
            if not serve_live.valid_since(since):
                self.send_error(HTTPStatus.BAD_REQUEST, explain=BAD_SINCE)
                return None
            return self._send_bytes(
                HTTPStatus.OK, "etat.json", live.answer_json(since), cache=False
            )
        asset = serve_live.asset(name)
        if asset is None:
            self.send_error(HTTPStatus.NOT_FOUND)
            return None
        return self._send_bytes(HTTPStatus.OK, name, asset, cache=False)

    def _send_bytes(
        self, status: HTTPStatus, path: str, body: bytes, stat=None, cache: bool = True
    ) -> io.BytesIO:
        compress = path.endswith(COMPRESSED)
        if compress and self._accepts_gzip():
            body = _gzipped(path, stat.st_mtime_ns, stat.st_size) if stat else gzip.compress(body)
        else:
            compress = False
        self.send_response(status)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Length", str(len(body)))
        if compress:
            self.send_header("Content-Encoding", "gzip")
        if path.endswith(COMPRESSED):
            self.send_header("Vary", "Accept-Encoding")
        if stat:
            self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        if not cache:  # rebuilt at any moment: the browser must ask again
            self.send_header("Cache-Control", "no-store")
        self.end_headers()
        return io.BytesIO(body)

    def send_head(self):
        live = self.server.live
        address = urlsplit(self.path)
        if live and address.path.startswith(serve_live.PREFIX):
            return self._send_live(live, address)
        path = self.translate_path(self.path)
        if not _file_name(path):
            self.send_error(HTTPStatus.BAD_REQUEST, explain=BAD_PATH)
            return None
        if os.path.isdir(path) and address.path.endswith("/"):
            path = os.path.join(path, "index.html")
        if live and path.endswith(".html") and os.path.isfile(path):
            body = serve_live.inject(Path(path).read_bytes())
            return self._send_bytes(HTTPStatus.OK, path, body, cache=False)
        if live and address.path == "/sw.js":  # no offline copy while writing
            return self._send_bytes(HTTPStatus.OK, path, serve_live.service_worker(), cache=False)
        if not (path.endswith(COMPRESSED) and self._accepts_gzip() and os.path.isfile(path)):
            return super().send_head()  # redirects, 404, files sent as they are
        stat = os.stat(path)
        if self.headers.get("If-Modified-Since") == self.date_time_string(stat.st_mtime):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.end_headers()
            return None
        return self._send_bytes(HTTPStatus.OK, path, b"", stat)

    def list_directory(self, path):  # a real host lists no folder
        self.send_error(HTTPStatus.NOT_FOUND)
        return None

    def send_error(self, code: int, message: str | None = None, explain: str | None = None):
        """A missing page gets the site's own 404 page, in French, as on a real host; any
        other error a French page (`explain`, else what ERRORS says of its code)."""
        page = os.path.join(self.directory, "404.html")
        if code != HTTPStatus.NOT_FOUND or not os.path.isfile(page):
            explain = explain or ERRORS.get(code, f"La requête n'a pas abouti (erreur {code}).")
            return super().send_error(code, None, explain)
        with open(page, "rb") as file:
            body = file.read()
        self.close_connection = True
        if self.server.live:
            body = serve_live.inject(body)
        answer = self._send_bytes(HTTPStatus.NOT_FOUND, page, body, cache=False)
        if self.command != "HEAD":
            self.wfile.write(answer.getvalue())


class Server(ThreadingHTTPServer):
    # A browser opens a page and its prefetches at once: the default queue of 5
    # connections made the others wait for retries, up to a minute.
    request_queue_size = 1024  # the kernel caps it at net.core.somaxconn

    def __init__(
        self,
        site: Path,
        host: str,
        port: int,
        idle_seconds: float = IDLE_SECONDS,
        live: serve_live.BuildState | None = None,
    ):
        self.idle_seconds = idle_seconds
        self.live = live  # what `serve` adds to its pages; None: the site as built
        super().__init__((host, port), functools.partial(_Handler, directory=str(site)))

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)  # a browser left: nothing to say


def serve(root: Path, host: str, port: int) -> None:
    builder = Builder(root, site_url=f"http://{host}:{port}/")
    site_folder.refuse_unsafe(builder.root, builder.site, builder.work)  # before watching
    # Watched before the first build: an edit saved while it runs (after a restart for a
    # Python change, say) is rebuilt after it, instead of waiting for the next save.
    handler = Rebuild(root)
    watcher = Watcher(root, handler)
    watcher.start()
    print("Surveillance des fichiers lancée ; première construction.", flush=True)
    problems = None
    try:
        builder.build()
        _keep_heap()
    except BuildFailed as error:
        print(error.problems.report(), flush=True)
        if not (root / "site").exists():
            watcher.stop()
            raise
        problems = error.problems
    state = serve_live.BuildState(root / "site")
    if problems:  # the last good site is served, with the errors over it
        state.failed(problems)
    threading.Thread(
        target=_rebuild_forever, args=(builder, handler, watcher, state), daemon=True
    ).start()
    server = Server(root / "site", host, port, live=state)
    print(
        f"Site servi sur http://{host}:{port}/ (Ctrl+C pour arrêter) ; reconstruction à chaque modification.",
        flush=True,
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        watcher.stop()
        server.server_close()
