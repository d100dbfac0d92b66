"""The house tables' check in the browser (generator/browser/lib/table-loi.js) reads a
first cell and a roll as the build does (pipeline/table_law.py, engine/roll_tags.py):
the same faces, the same law, the same refusals, run here side by side under Node."""

from __future__ import annotations

import json
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest

from generator.engine import roll_tags
from generator.pipeline import table_law

LIB = Path(__file__).resolve().parents[2] / "generator" / "browser" / "lib"

CELLS = [
    5,
    "5",
    "05",
    "1–4",
    "1-4",
    "01–05",
    " 3 – 6 ",
    "1, 2 ou 3",
    "1,2,3",
    "1–2, 3 ou 4–6",
    "2 ou 1",
    "7–7",
    "9999",
    "\u00a04\u00a0",
    "5–2",
    "",
    "deux",
    "1ou2",
    "1 et 2",
    "12345",
    "1–",
    "–3",
    "1—3",
    "٣",
    "1, , 2",
    None,
    True,
    2.5,
]
ROLLS = [
    "1d6",
    "d20",
    "2D6+1",
    "1d10 + 5",
    "2d6−1",
    "1d6-1d4",
    "3d6 + 2d4 − 3",
    "1d100",
    "50d2",
    "1000d1000",
    "51d2",
    "1d1",
    "1d1001",
    "0d6",
    "2d6 3",
    "6",
    "2d6+1000001",
    "2d500+1d2",
    "1d٣",
    "x" * 201,
    "",
    "1d6+",
]

SCRIPT = """
import { diceTerms, facesOf, lawOf } from %s;
const cells = %s, rolls = %s;
const faces = (cell) => {
  const read = facesOf(cell);
  return read.refused ? null : read.parts.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i));
};
const law = (roll) => {
  const read = diceTerms(roll);
  if (read.refused) return { refused: read.refused };
  const { lowest, counts, outcomes } = lawOf(read.terms);
  return { lowest, counts: counts.map(String), outcomes: String(outcomes) };
};
console.log(JSON.stringify({ cells: cells.map(faces), rolls: rolls.map(law) }));
"""


@pytest.fixture(scope="module")
def browser_says(tmp_path_factory):
    node = shutil.which("node")
    assert node, "node absent"
    script = tmp_path_factory.mktemp("table-loi") / "lire.mjs"
    uri = json.dumps((LIB / "table-loi.js").as_uri())
    script.write_text(SCRIPT % (uri, json.dumps(CELLS), json.dumps(ROLLS)), encoding="utf-8")
    done = subprocess.run([node, str(script)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def _python_faces(cell):
    try:
        return list(table_law.faces(cell))
    except table_law.FacesError:
        return None


def _chances(lowest, counts, outcomes):
    return {lowest + i: Fraction(int(c), int(outcomes)) for i, c in enumerate(counts) if int(c)}


@pytest.mark.parametrize("at", range(len(CELLS)))
def test_a_first_cell_names_the_same_faces(browser_says, at):
    cell = CELLS[at]
    if isinstance(cell, float) or cell is True:
        # Python refuses them (not an int nor a text); the browser too (no integer)
        assert browser_says["cells"][at] is None
        return
    assert browser_says["cells"][at] == _python_faces(cell), repr(cell)


@pytest.mark.parametrize("at", range(len(ROLLS)))
def test_a_roll_has_the_same_law_or_the_same_refusal(browser_says, at):
    roll, said = ROLLS[at], browser_says["rolls"][at]
    try:
        found = roll_tags.ways(roll_tags.parse(roll))
    except roll_tags.DiceError as error:
        # the browser writes French spacing (lib/texte.js: « x », « : »)
        refused = said.get("refused", "").replace("\u202f", " ").replace("\u00a0", " ")
        assert refused == str(error), roll
        return
    assert "refused" not in said, (roll, said)
    assert _chances(said["lowest"], said["counts"], said["outcomes"]) == dict(found.items())
