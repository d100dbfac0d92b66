"""Judging again in the same process (`serve`, after each edit): what is kept from the
previous run (parsed files, schema findings, JSON texts…) never shows. A second `judge`
gives exactly what a fresh process gives on the same files: the same pages, the same
problems at the same `file:line`."""

from __future__ import annotations

import json
import subprocess
import sys
import uuid

import pytest
import yaml
from helpers import ROOT

from generator.pipeline import schemas, yamlload
from generator.pipeline.build import judge
from generator.pipeline.cache import load_corpus
from generator.pipeline.errors import BuildFailed, Problems

COLD = """
import json, sys
from pathlib import Path
from generator.pipeline.build import judge
from generator.pipeline.corpus import load_corpus
from generator.pipeline.errors import BuildFailed
try:
    pages, problems = judge(Path(sys.argv[1])).pages, []
except BuildFailed as failure:
    pages, problems = {}, [str(p) for p in failure.problems.items]
Path(sys.argv[2]).write_text(json.dumps({"pages": pages, "problems": problems}))
"""


def cold(project, tmp_path) -> dict:
    """Pages and problems of `project` judged by a fresh process (nothing kept)."""
    out = tmp_path / "froid.json"
    subprocess.run(
        [sys.executable, "-c", COLD, str(project), str(out)], cwd=ROOT, check=True, timeout=600
    )
    return json.loads(out.read_text())


def warm(project) -> dict:
    """The same, judged in this process, after the judgements before it."""
    try:
        return {"pages": judge(project).pages, "problems": []}
    except BuildFailed as failure:
        return {"pages": {}, "problems": [str(p) for p in failure.problems.items]}


def edit(project, relative, old, new):
    path = project / relative
    text = path.read_text()
    assert old in text, (relative, old)
    path.write_text(text.replace(old, new, 1))


NEW_ITEM = """
- id: lanterne-sourde
  nom: Lanterne sourde
  exemple: true
  bonus:
    - texte: DEXT+1
      niveau: 1
      caracteristique: dext
  resume: Éclaire sans être vue.
  description: >-
    Un volet la masque d'un geste : un jet de {@caracteristique dext} le ferme à temps.
  source: "§4 Les équipements, l. 36"
"""


def test_judging_again_after_edits_gives_what_a_fresh_process_gives(project, tmp_path):
    first = warm(project)
    assert first["pages"] and not first["problems"]
    # A renamed entity: its name shows on its page and on those that cite it.
    edit(project, "data/reserve-d6/caracteristique.yaml", "nom: Dextérité", "nom: Adresse")
    renamed = warm(project)
    assert renamed["pages"] and renamed == cold(project, tmp_path)
    assert "Adresse" in renamed["pages"]["reserve-d6/caracteristique/dext.md"]
    # A chapter edited, an entity added.
    edit(
        project,
        "content/reserve-d6/blessures.md",
        "## Ce qui manque",  # a heading no text links to
        "## Ce qui fait défaut",
    )
    with (project / "data/reserve-d6/equipement.yaml").open("a") as file:
        file.write(NEW_ITEM)
    edited = warm(project)
    assert edited["pages"] and edited == cold(project, tmp_path)
    page = "reserve-d6/equipement/lanterne-sourde.md"
    assert "Lanterne sourde" in edited["pages"][page] and page not in first["pages"]
    # A renamed id: every reference to it is reported, where it is written.
    edit(project, "data/reserve-d6/caracteristique.yaml", "- id: dext\n", "- id: adresse\n")
    broken = warm(project)
    assert broken["problems"] and broken == cold(project, tmp_path)
    assert any("« dext » introuvable" in p for p in broken["problems"]), broken["problems"]
    # The id back, the added entity removed.
    edit(project, "data/reserve-d6/caracteristique.yaml", "- id: adresse\n", "- id: dext\n")
    edit(project, "data/reserve-d6/equipement.yaml", NEW_ITEM, "")
    removed = warm(project)
    assert removed["pages"] and removed == cold(project, tmp_path)
    assert page not in removed["pages"]


def test_a_yaml_error_is_reported_as_cold_then_forgotten_once_fixed(project, tmp_path):
    good = warm(project)
    relative = "data/reserve-d6/table.yaml"
    whole = "  colonnes: [Face du dé, Succès rapportés]"
    edit(project, relative, whole, "  colonnes: [Face du dé, Succès rapportés")
    broken = warm(project)
    assert broken == cold(project, tmp_path)
    lines = (project / relative).read_text().splitlines()
    line = next(i for i, text in enumerate(lines, 1) if text.startswith("  colonnes: [Face"))
    assert any(p.startswith(f"{relative}:{line}: YAML invalide") for p in broken["problems"])
    # Broken again the same way: still reported (a broken file is never taken as read).
    assert warm(project) == broken
    edit(project, relative, "  colonnes: [Face du dé, Succès rapportés", whole)
    assert warm(project) == good


def test_only_the_edited_file_is_parsed_again(project, monkeypatch):
    judge(project)
    name = f"Adresse {uuid.uuid4().hex}"  # a text never parsed before
    parsed = []
    real = yamlload._parse

    def counting(text, make_loader):
        parsed.append(text)
        return real(text, make_loader)

    monkeypatch.setattr(yamlload, "_parse", counting)
    edit(project, "data/reserve-d6/caracteristique.yaml", "nom: Dextérité", f"nom: {name}")
    judge(project)
    assert len(parsed) == 1 and name in parsed[0]


def test_a_parsed_document_is_a_copy_its_reader_may_change():
    text = "- id: a\n  liste: [1, 2]\n"
    first = yamlload.parse_yaml(text)
    first.data[0]["liste"].append(3)
    first.lines[(0, "id")] = 99
    again = yamlload.parse_yaml(text)
    assert again.data == [{"id": "a", "liste": [1, 2]}]
    assert again.line((0, "id")) == 1


def _both(text):
    """(data, lines) or the problem, by libyaml under PyYAML's composer, and by PyYAML."""
    found = []
    for parse in (yamlload._parse_fast, lambda t: yamlload._parse(t, yaml.SafeLoader)):
        try:
            located = parse(text)
            found.append((located.data, located.lines))
        except yamlload.YamlProblem as problem:
            found.append((problem.line, str(problem)))
    return found


def test_libyaml_reads_every_real_file_as_pyyaml_does():
    files = sorted((ROOT / "data").rglob("*.yaml"))
    assert len(files) > 50
    for path in files:
        fast, slow = _both(path.read_text(encoding="utf-8-sig"))
        assert fast == slow, path


@pytest.mark.parametrize(
    "text",
    [
        "nom: une\tfois\n",  # a tab inside a text
        "description: >#\n  texte\n",  # a comment glued to a block scalar's header
        "- {genre: p? iste}\n",  # a « ? » inside a flow collection
        "- [a, b\n",  # unclosed
        "a: 1\na: 2\n",  # a key twice
        "- &x [1]\n- *x\n",  # an alias
        "quand: 2024-01-01\n",  # a date
    ],
)
def test_what_pyyaml_refuses_is_refused_at_the_same_line(text):
    fast, slow = _both(text)
    assert fast == slow
    assert isinstance(slow[0], int), slow  # refused: (line, message)


def test_schema_findings_tell_apart_values_that_print_alike():
    schema = {"type": "object", "properties": {"n": {"type": "integer"}}}
    assert schemas.problems(schema, {"n": 1}) == []
    keyed = {"type": "object", "required": ["1"]}
    assert schemas.problems(keyed, {"1": "a"}) == []
    assert schemas.problems(keyed, {1: "a"}) != []  # the same JSON, not the same value
    assert schemas.problems(schema, {"n": True}) != []
    assert schemas.problems(schema, {"n": "1"}) != []
    assert schemas.problems(schema, {"n": 1.5}) != []
    assert schemas.problems(schema, {"n": 1}) == []


def test_a_system_whose_files_are_unchanged_is_not_loaded_again(project):
    first = load_corpus(project, Problems(project)).systems
    edit(project, "content/skillcraft/combat.md", "\n## ", "\nUne phrase de plus.\n\n## ")
    again = load_corpus(project, Problems(project)).systems
    assert again["skillcraft"] is not first["skillcraft"]
    assert "Une phrase de plus." in again["skillcraft"].chapter("combat").body
    assert [again[s] is first[s] for s in first if s != "skillcraft"] == [True] * (len(first) - 1)
