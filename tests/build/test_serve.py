"""`serve`: the local server a writer reads the site on, and the watcher that rebuilds it."""

from __future__ import annotations

import gzip
import http.client
import os
import socket
import threading
import time
from pathlib import Path

import pytest
from helpers import copy_project
from watchdog.events import FileModifiedEvent

from generator.serve import live as serve_live
from generator.serve.server import Rebuild, Server, Watcher


@pytest.fixture
def served(site: Path):
    """Start a `serve` server on the real site (`live`: with what `serve` adds while a
    writer writes, `/__serve/…`); returns (port, the server)."""
    servers = []

    def start(idle_seconds: float = 30.0, live: bool = False) -> tuple[int, Server]:
        state = serve_live.BuildState(site) if live else None
        server = Server(site, "127.0.0.1", 0, idle_seconds=idle_seconds, live=state)
        servers.append(server)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return server.server_address[1], server

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def get(port: int, path: str, headers: dict | None = None, method: str = "GET"):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request(method, path, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def test_a_browser_and_its_prefetches_are_all_answered_quickly(served):
    port, _ = served()
    count = 200
    start = threading.Barrier(count)
    seconds: list[float] = []
    failures: list[Exception] = []

    def fetch() -> None:
        start.wait()
        began = time.perf_counter()
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", "/")
            response = connection.getresponse()
            response.read()
            connection.close()
            assert response.status == 200
            seconds.append(time.perf_counter() - began)
        except Exception as error:
            failures.append(error)

    threads = [threading.Thread(target=fetch) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not failures
    assert len(seconds) == count
    # A connection the listen queue cannot hold is dropped and retried by the kernel 1 s,
    # then 3 s, 7 s later: the queue holds a browser's burst (the kernel may cap it lower,
    # at net.core.somaxconn, which is 4096 on current kernels).
    assert Server.request_queue_size >= count


def test_an_idle_connection_is_closed(served):
    port, _ = served(idle_seconds=0.3)
    with socket.create_connection(("127.0.0.1", port), timeout=60) as idle:
        assert idle.recv(1) == b""  # closed by the server, not by our own timeout


def test_a_missing_page_gets_the_sites_french_404_page(served, site):
    port, _ = served()
    status, headers, body = get(port, "/reserve-d6/nulle-part/")
    assert status == 404
    assert headers["Content-Type"].startswith("text/html")
    assert body == (site / "404.html").read_bytes()
    assert "Page introuvable" in body.decode()
    status, headers, body = get(port, "/reserve-d6/nulle-part/", {"Accept-Encoding": "gzip"})
    assert status == 404 and headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(body) == (site / "404.html").read_bytes()
    status, _, body = get(port, "/absent.js", method="HEAD")
    assert status == 404 and body == b""
    # a folder without index.html is not listed, as on a real host
    assert get(port, "/assets/")[0] == 404


def test_text_is_sent_gzipped_when_the_client_accepts_it(served, site):
    port, _ = served()
    accepts = {"Accept-Encoding": "gzip, deflate, br"}
    for path, disk in [
        ("/", "index.html"),
        ("/reserve-d6/?a=1", "reserve-d6/index.html"),
        ("/sitemap.xml", "sitemap.xml"),
        ("/sw.js", "sw.js"),
    ]:
        status, headers, body = get(port, path, accepts)
        assert status == 200 and headers["Content-Encoding"] == "gzip", path
        assert gzip.decompress(body) == (site / disk).read_bytes(), path
        assert int(headers["Content-Length"]) == len(body)
        # the same again without gzip, and with gzip refused
        for refusing in ({}, {"Accept-Encoding": "gzip;q=0, identity"}):
            status, headers, body = get(port, path, refusing)
            assert status == 200 and "Content-Encoding" not in headers, path
            assert body == (site / disk).read_bytes()
    # what is already compressed goes as it is
    status, headers, body = get(port, "/sitemap.xml.gz", accepts)
    assert "Content-Encoding" not in headers and body == (site / "sitemap.xml.gz").read_bytes()
    # a folder without its slash is still redirected; HEAD sends no body
    assert get(port, "/reserve-d6", accepts)[0] == 301
    status, headers, body = get(port, "/", accepts, method="HEAD")
    assert status == 200 and headers["Content-Encoding"] == "gzip" and body == b""
    # the browser's cache is still used
    _, headers, _ = get(port, "/", accepts)
    status, _, body = get(port, "/", {**accepts, "If-Modified-Since": headers["Last-Modified"]})
    assert status == 304 and body == b""


def raw_get(port: int, target: str) -> tuple[int, str]:
    """(status, body) of a GET of `target` sent as it is, read until the server closes
    the connection: by then, whatever the handler printed is printed."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(
            f"GET {target} HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n".encode()
        )
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    if not answer:
        return 0, ""  # no answer at all
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body.decode()


@pytest.mark.parametrize(
    "target",
    [
        "/__serve/etat?depuis=X:%C2%B2",  # « ² » is a digit, but not one int() reads
        "/__serve/etat?depuis=X:" + "9" * 5000,  # beyond int()'s 4,300 digits
        "/%00",
        "/x%00.css",
        "/%ED%A0%80.html",  # a lone surrogate, once decoded: no file name
    ],
    ids=["exposant", "5000-chiffres", "nul", "nul-css", "surrogat"],
)
def test_a_malformed_request_is_answered_400_in_french_without_a_traceback(served, capsys, target):
    port, _ = served(live=True)
    status, body = raw_get(port, target)
    assert status == 400, f"{target[:40]} : réponse {status or 'absente'}"
    assert '<html lang="fr">' in body and "Requête invalide" in body, body
    assert capsys.readouterr().err == ""


def wait_for(event: threading.Event, seconds: float = 60) -> bool:
    return event.wait(seconds)


@pytest.fixture
def watched(tmp_path):
    """A scratch copy of the project, watched as `serve` watches it."""
    root = copy_project(tmp_path / "projet")
    handler = Rebuild(root)
    watcher = Watcher(root, handler)
    watcher.start()
    yield root, handler, watcher
    watcher.stop()


def test_the_watcher_survives_symbolic_links_leaving_the_project_or_looping(
    watched, tmp_path, capsys
):
    root, handler, watcher = watched
    outside = tmp_path / "ailleurs"
    outside.mkdir()
    (root / "data" / "dehors").symlink_to(outside, target_is_directory=True)
    (root / "content" / "boucle").symlink_to(root / "content" / "boucle")
    os.symlink("b", root / "data" / "a")
    os.symlink("a", root / "data" / "b")
    assert wait_for(handler.changed), "the links themselves are not seen"
    handler.changed.clear()
    page = next((root / "content").rglob("*.md"))
    page.write_text(page.read_text() + "\n")
    assert wait_for(handler.changed), "a change after the links is not seen any more"
    assert watcher.alive()
    assert "Traceback" not in capsys.readouterr().err


def test_a_faulty_event_is_reported_once_in_french_and_watching_goes_on(watched, capsys):
    root, handler, watcher = watched
    for _ in range(3):
        handler.dispatch(FileModifiedEvent("relatif/hors/du/projet.yaml"))
    printed = capsys.readouterr().out
    assert printed.count("Modification ignorée par la surveillance des fichiers") == 1
    (root / "data" / "nouveau.yaml").write_text("")
    assert wait_for(handler.changed)


def test_a_dead_watcher_is_started_again_and_changes_are_seen(watched, capsys):
    root, handler, watcher = watched
    emitter = next(iter(watcher.observer.emitters))
    emitter.stop()
    emitter.join(30)  # its thread has ended
    assert not watcher.alive()
    watcher.keep_alive()  # watching again once it returns: inotify is set up in start()
    assert watcher.alive()
    assert "La surveillance des fichiers s'est arrêtée" in capsys.readouterr().out
    handler.changed.clear()
    (root / "mkdocs.yml").write_text((root / "mkdocs.yml").read_text() + "\n")
    assert wait_for(handler.changed)
