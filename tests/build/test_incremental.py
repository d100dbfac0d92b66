"""`serve`'s incremental rebuilds write the site a full build writes: after a
series of edits, each rebuilt in part, the tree is byte for byte a full build's, made by a
fresh process (nothing kept from the rebuilds: generator/pipeline/cache.py)."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

from helpers import ROOT, copy_project

from generator.serve.incremental import Builder

SITE_URL = "http://127.0.0.1:8000/"
TALENTS = "data/skillcraft/talent.tiers-1.yaml"
TALENTS_2 = "data/skillcraft/talent.tiers-2.yaml"
CHAPTER = "content/skillcraft/combat.md"

FULL = """
import sys
from pathlib import Path
from generator.pipeline.build import build
project, site, work = map(Path, sys.argv[1:4])
build(project, site=site, work=work, site_url=sys.argv[4])
"""

NEW_TALENT = """
- id: {id}
  nom: {name}
  tiers: 1
  prerequis: null
  formation: null
  achats_multiples: false
  resume: Talent d'essai ajouté par le test des reconstructions partielles.
  description: >-
    Le personnage gagne un talent d'essai, avec un {{@talent ambidextre|renvoi}}.
  source: "Chapitre 4, Talents de tiers 1, l. 1317"
"""


def _edit(project: Path, relative: str, old: str, new: str) -> None:
    path = project / relative
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{relative} : « {old} » introuvable"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _append(project: Path, relative: str, text: str) -> None:
    path = project / relative
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


# Each edit, and whether it can be rebuilt in part (a page added to or removed from the
# menu could not; none of these is).
EDITS = [
    ("renommage", lambda p: _edit(p, TALENTS, "nom: Ambidextre", "nom: Ambidextre adroit")),
    (
        "prérequis",
        lambda p: _edit(p, TALENTS_2, "prerequis: herboristerie", "prerequis: naturalisme"),
    ),
    (
        "entités ajoutées",
        lambda p: _append(
            p,
            TALENTS,
            NEW_TALENT.format(id="essai-un", name="Essai un")
            + NEW_TALENT.format(id="essai-deux", name="Essai deux"),
        ),
    ),
    (
        "entité retirée",
        lambda p: _edit(p, TALENTS, NEW_TALENT.format(id="essai-un", name="Essai un"), ""),
    ),
    (
        "balise nouvelle",
        lambda p: _edit(
            p, CHAPTER, "\n## ", "\nVoir aussi {@talent essai-deux|le talent d'essai}.\n\n## "
        ),
    ),
]


def _tree(site: Path) -> dict[str, bytes]:
    return {
        path.relative_to(site).as_posix(): path.read_bytes()
        for path in sorted(site.rglob("*"))
        if path.is_file()
    }


def test_partial_rebuilds_write_what_a_full_build_writes(tmp_path):
    project = copy_project(tmp_path / "projet")
    builder = Builder(project, site_url=SITE_URL)
    builder.build()
    assert not builder.partial
    for number, (name, edit) in enumerate(EDITS):
        edit(project)
        if number == 1:  # as under `serve`: the index left, then stopped by the next edit
            builder.build(later=True)
            stop = threading.Event()
            stop.set()
            assert not builder.finish(cancel=stop)
            assert builder.unfinished is not None
        elif number == 2:  # the next edit's index covers both
            builder.build(later=True)
            assert builder.finish()
            assert builder.unfinished is None
        else:
            builder.build()
        assert builder.partial, f"{name} : reconstruit entièrement"
        assert list(project.glob(".site-*")) == [], f"{name} : dossier de travail laissé"
    full_build = [str(project), str(tmp_path / "complet"), str(tmp_path / "travail"), SITE_URL]
    subprocess.run([sys.executable, "-c", FULL, *full_build], cwd=ROOT, check=True, timeout=1200)
    partial, full = _tree(project / "site"), _tree(tmp_path / "complet")
    assert sorted(partial.keys() - full.keys()) == []
    assert sorted(full.keys() - partial.keys()) == []
    assert [path for path in full if partial[path] != full[path]] == []
    # The edits are there: the test compares two sites that show them.
    assert "Ambidextre adroit" in full["skillcraft/talent/ambidextre/index.html"].decode()
    assert "skillcraft/talent/essai-deux/index.html" in full
    assert "skillcraft/talent/essai-un/index.html" not in full
