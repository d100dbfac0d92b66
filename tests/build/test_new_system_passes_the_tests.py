"""A system fresh from `nouveau-systeme`, with a dice tag of its own, passes the
registry-driven tests that read every system (`make test-rapide`) as it is: an original
system's `source` is optional there as in `check`, and its dice are not audited against a
source it does not have."""

from __future__ import annotations

import os
import subprocess
import sys

from helpers import SCAFFOLDED, copy_whole_project, edit, generator_run

from generator import systems

# The tests of tests/unit that read every system of the registry (a new one included),
# and the test `nouveau-systeme` writes for its calculator.
REGISTRY_TESTS = ("test_schema_check.py", "test_dice_tags.py", "test_search.py")


def test_a_new_original_system_passes_the_tests_of_every_system(tmp_path):
    project = copy_whole_project(tmp_path / "projet")
    made = generator_run(project, "nouveau-systeme", SCAFFOLDED)
    assert made.returncode == 0, made.stderr
    chapter = f"content/{SCAFFOLDED}/resolution.md"
    edit(
        project,
        chapter,
        "lance les dés d'un de ses dons",
        "lance les dés ({@des 2d6}) d'un de ses dons",
    )
    checked = generator_run(project, "check")
    assert checked.returncode == 0, checked.stderr
    own = f"test_{systems.package_of(SCAFFOLDED)}_calculators.py"
    files = [f"tests/unit/{name}" for name in (*REGISTRY_TESTS, own)]
    environment = {k: v for k, v in os.environ.items() if not k.startswith("SRD_TESTS_")}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *files],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=900,
        env=environment,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "failed" not in done.stdout, done.stdout[-2000:]
