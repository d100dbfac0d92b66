"""`nouveau-systeme` refuses a bad or taken id in French and writes
nothing (the system it makes is built and tested in tests/build/test_scaffold.py)."""

from __future__ import annotations

import pytest
from helpers import ROOT

from generator import cli
from generator.pipeline import scaffold


def _said(capsys, *args: str) -> tuple[int, str]:
    code = cli.main(["--racine", str(ROOT), "nouveau-systeme", *args])
    return code, capsys.readouterr().err


@pytest.mark.parametrize("bad", ["9lives", "Mon-Jeu", "mon_jeu", "mon--jeu", "jeu-", "é", "x" * 41])
def test_a_malformed_id_is_refused_and_nothing_is_written(capsys, bad):
    code, said = _said(capsys, bad)
    assert code == 1
    assert said.startswith(f"nouveau-systeme : identifiant « {bad} » invalide : "), said
    assert not (ROOT / "data" / bad).exists()


@pytest.mark.parametrize("taken", ["class", "api", "trouver", "assets", "pagefind"])
def test_an_id_python_or_the_site_already_uses_is_refused(capsys, taken):
    code, said = _said(capsys, taken)
    assert code == 1 and f"identifiant « {taken} » réservé" in said, said


def test_an_existing_system_is_refused_and_left_as_it_is(capsys):
    before = sorted(p.relative_to(ROOT) for p in (ROOT / "data" / "talon").rglob("*"))
    code, said = _said(capsys, "talon")
    assert code == 1
    assert said.startswith("nouveau-systeme : le système « talon » existe déjà (data/talon, ")
    assert said.rstrip().endswith(": rien n'est écrit")
    assert sorted(p.relative_to(ROOT) for p in (ROOT / "data" / "talon").rglob("*")) == before
    assert not list(ROOT.glob("nouveau-systeme-*"))  # no scratch folder left behind


def test_a_project_whose_generator_is_not_the_running_one_is_refused(tmp_path):
    with pytest.raises(scaffold.ScaffoldError, match="lancez la commande depuis le dossier"):
        scaffold.create(tmp_path, "mon-jeu")
    assert not list(tmp_path.iterdir())
