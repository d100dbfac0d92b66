"""Writing a new system: `serve` never loses an edit saved while it restarts for a Python
change: the restarted process watches before its first build, and builds again after it."""

import json
import time
import urllib.request

from helpers import copy_generator, copy_project, edit, serving

SECONDS = 900  # whole builds, on a busy test machine
WATCHING = "Surveillance des fichiers lancée ; première construction."


def _wait_in_log(log, line: str, count: int) -> None:
    deadline = time.monotonic() + SECONDS
    while log.read_text().count(line) < count:
        assert time.monotonic() < deadline, log.read_text()
        time.sleep(0.1)  # the log is a file: nothing to wait on but its growth


def _state(base: str, since: str) -> str:
    """The state of the builds once it differs from `since` (a long poll)."""
    with urllib.request.urlopen(f"{base}/__serve/etat?depuis={since}", timeout=120) as answer:
        return json.load(answer)["etat"]


def test_an_edit_saved_during_a_restart_is_rebuilt(tmp_path):
    project = copy_generator(copy_project(tmp_path / "projet"))
    log = tmp_path / "serve.log"
    with serving(project, log, first_build_seconds=SECONDS) as base:
        page = f"{base}/reserve-d6/caracteristique/cons/"
        # A Python change: `serve` starts afresh; the edit lands once the new process
        # watches, while its first build runs.
        (project / "generator/core/urls.py").write_text(
            (project / "generator/core/urls.py").read_text() + "\n# modifié pendant l'essai\n"
        )
        _wait_in_log(log, WATCHING, 2)
        edit(
            project,
            "data/reserve-d6/caracteristique.yaml",
            "resume: Force physique du personnage.",
            "resume: Vigueur éprouvée pendant le redémarrage.",
        )
        deadline = time.monotonic() + SECONDS
        since = ""
        while True:
            try:
                since = _state(base, since)
                with urllib.request.urlopen(page, timeout=60) as answer:
                    if "Vigueur éprouvée pendant le redémarrage." in answer.read().decode():
                        break
            except OSError:  # the new process is not serving yet
                time.sleep(0.5)
            assert time.monotonic() < deadline, log.read_text()
