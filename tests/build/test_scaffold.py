"""Writing a new system: `python -m generator nouveau-systeme ID` makes, in a copy of the
project, a system that passes `check`, builds, and passes the registry-driven tests; no
generic file or test is edited (fixture `scaffolded`, tests/conftest.py)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

from helpers import SCAFFOLDED

from generator import systems
from generator.core import urls
from generator.core.typographie import texte

PACKAGE = systems.package_of(SCAFFOLDED)
GIFTS = ("don-d-exemple", "don-avance")

# The unit tests that read every system from the registry (or every data file, schema,
# calculator): the new system must pass them as written. test_roll's seeded rolls aside
# (minutes), its check that each resolution calculator is tested is kept.
REGISTRY_TESTS = (
    f"tests/unit/test_{PACKAGE}_calculators.py",  # written by the scaffold
    "tests/unit/test_data.py",
    "tests/unit/test_schemas.py",
    "tests/unit/test_systems.py",
    "tests/unit/test_editor.py",
    "tests/unit/test_dice_tags.py",
    "tests/unit/test_vocabulary.py",
    "tests/unit/test_finder.py",
    "tests/unit/test_field_help.py",
    "tests/unit/test_computed_rules.py",
    "tests/unit/test_gm_screen.py",
    "tests/unit/test_notes_check.py",
    "tests/unit/test_typography.py",
    "tests/unit/test_property_data.py",
    "tests/unit/test_roll.py::test_every_resolution_calculator_is_tested",
)


def test_the_command_writes_every_part_and_check_passes_at_once(scaffolded):
    made = scaffolded.said["nouveau-systeme"]
    assert made.returncode == 0, made.stderr
    for path in (
        f"data/{SCAFFOLDED}/systeme.yaml",
        f"data/{SCAFFOLDED}/don.yaml",
        f"content/{SCAFFOLDED}/resolution.md",
        f"generator/systems/{PACKAGE}/publication/schemas/don.json",
        f"generator/systems/{PACKAGE}/publication/templates/don.md.j2",
        f"generator/systems/{PACKAGE}/publication/__init__.py",
        f"generator/systems/{PACKAGE}/rules.py",
        f"generator/systems/{PACKAGE}/dice.py",
        f"generator/systems/{PACKAGE}/calculators.py",
        f"tests/unit/test_{PACKAGE}_calculators.py",
    ):
        assert path in made.stdout and (scaffolded.project / path).is_file(), path
    checked = scaffolded.said["check"]
    assert checked.returncode == 0 and not checked.stderr, checked.stderr
    assert "tous les renvois résolus" in checked.stdout


def test_the_new_system_s_pages_are_built(scaffolded):
    built = scaffolded.said["build"]
    assert built.returncode == 0, built.stderr
    pages = [
        urls.system_home(SCAFFOLDED),
        urls.chapter(SCAFFOLDED, "resolution"),
        urls.kind_index(SCAFFOLDED, "don"),
        urls.calculator(SCAFFOLDED, "chances"),
        urls.gm_screen(SCAFFOLDED),
        *(urls.entity(SCAFFOLDED, "don", gift) for gift in GIFTS),
    ]
    for page in pages:
        assert (scaffolded.site / urls.url(page).strip("/") / "index.html").is_file(), page
    chapter = scaffolded.site / urls.url(urls.chapter(SCAFFOLDED, "resolution")).strip("/")
    text = (chapter / "index.html").read_text(encoding="utf-8")
    assert 'href="../../don/don-d-exemple/"' in text  # its tags are links
    # The calculator declares the section it computes: the chapter links to it there.
    assert 'href="../../calculateurs/chances/"' in text
    # The calculator's page carries its default result, computed by the engine at build.
    calculator = scaffolded.site / urls.url(urls.calculator(SCAFFOLDED, "chances")).strip("/")
    assert 'data-exact="7/12"' in (calculator / "index.html").read_text(encoding="utf-8")
    # Its condition and its chain of prerequisites come built in (no code of its own).
    advanced = scaffolded.site / urls.url(urls.entity(SCAFFOLDED, "don", "don-avance")).strip("/")
    text = (advanced / "index.html").read_text(encoding="utf-8")
    assert re.search(r"Don requis\s*: <a href=\"../don-d-exemple/\">Don d.exemple</a>", text), text
    assert "Chaîne de prérequis" in text


def test_the_new_system_s_entities_are_rows_of_the_finder(scaffolded):
    rows = json.loads((scaffolded.site / "assets/entites.json").read_text(encoding="utf-8"))
    own = {row["i"]: row for row in rows if row["s"] == SCAFFOLDED}
    assert set(own) == {f"{SCAFFOLDED}/don/{gift}" for gift in GIFTS}
    advanced = own[f"{SCAFFOLDED}/don/don-avance"]
    assert advanced["c"] == texte("Don requis : Don d'exemple")  # the built-in sentence
    assert advanced["q"] == [[[f"{SCAFFOLDED}/don/don-d-exemple", None]]]
    assert advanced["f"] == {"Jet": "2d6+1"}


def test_its_calculator_computes_in_the_engine(scaffolded):
    """In CPython, through the engine's registry, with the copy's rules."""
    code = (
        "import generator.systems\n"
        "from pathlib import Path\n"
        "from generator.pipeline.build import check\n"
        "from generator.engine import registry\n"
        "from generator.pipeline.export import engine_data\n"
        "from generator.pipeline.rulebook import engine_rules\n"
        f"rules = engine_rules(engine_data(check(Path.cwd())[0]))[{SCAFFOLDED!r}]\n"
        f"outcome = registry.get({SCAFFOLDED!r}, 'chances').run({{'don': 'don-avance', "
        "'seuil': '9'}, rules)\n"
        "print(outcome.blocks[0].items[0].value)\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", code], cwd=scaffolded.project, capture_output=True, text=True
    )
    # 2d6+1 ≥ 9 is 2d6 ≥ 8: 15 of its 36 rolls.
    assert ran.returncode == 0 and ran.stdout.strip() == "5/12", ran.stderr


def test_the_registry_driven_tests_pass_on_it(scaffolded):
    environment = {k: v for k, v in os.environ.items() if not k.startswith("SRD_TESTS_")}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *REGISTRY_TESTS],
        cwd=scaffolded.project,
        capture_output=True,
        text=True,
        timeout=1800,
        env=environment,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "failed" not in done.stdout
