"""What npm installs (Pyodide, Pagefind) missing from a project: `build` says it in French
and what to run, without a traceback."""

from __future__ import annotations

import pytest
from helpers import ROOT

from generator import cli
from generator.pipeline import assets, build, search


@pytest.mark.parametrize("missing", [search.pagefind_binary, assets.pyodide_dir])
def test_a_runtime_npm_installs_missing_is_said_by_build(tmp_path, monkeypatch, capsys, missing):
    monkeypatch.setattr(build, "build", lambda *_: missing(tmp_path))  # a project without it
    assert cli.main(["--racine", str(ROOT), "build", "--site", str(tmp_path / "site")]) == 1
    said = capsys.readouterr().err
    assert said.startswith(str(tmp_path / "node_modules")), said
    assert "lancez « npm install » (ou « make site »)" in said, said  # no lock: not npm ci
