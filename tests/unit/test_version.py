"""The generator's version: semantic, the same in pyproject.toml, in CHANGELOG.md's latest
release and in what `python -m generator --version` prints."""

import re
import subprocess
import sys
import tomllib

from helpers import ROOT

from generator.version import VERSION

SEMVER = re.compile(r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)")


def test_the_command_prints_the_version():
    done = subprocess.run(
        [sys.executable, "-m", "generator", "--version"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"python -m generator {VERSION}\n"


def test_the_version_is_semantic_and_said_once():
    assert SEMVER.fullmatch(VERSION), VERSION
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    attr = project["tool"]["setuptools"]["dynamic"]["version"]["attr"]
    assert attr == "generator.version.VERSION"


def test_the_changelog_s_latest_release_is_this_version():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    releases = re.findall(r"^## \[([^\]]+)\]", text, re.M)
    assert releases[0] == VERSION, releases
    assert all(SEMVER.fullmatch(r) for r in releases), releases
