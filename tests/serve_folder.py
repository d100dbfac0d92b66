"""A static server for the test run's built site, in its own process: every test worker
reads the same site at the same address (the one the site was built for). It stops with
the test run that started it.

    python tests/serve_folder.py FOLDER PORT RUN_PID
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

from generator.testing.static import QuietHandler, start_server  # noqa: F401 (shared)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def main(folder: str, port: str, run_pid: str) -> None:
    httpd, _ = start_server(Path(folder), int(port))
    # A test run killed without its clean-up must not leave this server behind.
    while alive(int(run_pid)):
        time.sleep(1)
    threading.Thread(target=httpd.shutdown).start()


if __name__ == "__main__":
    main(*sys.argv[1:])
