"""One build plan (generator/pipeline/plan.py): `judge` names every file of the docs folder
once, for `check` and `build` alike."""

from __future__ import annotations

import pytest
from helpers import ROOT

from generator.pipeline import cartes, finder, house_context
from generator.pipeline.assets import JS_YAML_ASSET, PYODIDE_FILES, engine_wheel
from generator.pipeline.build import judge


@pytest.fixture(scope="module")
def plan():
    return judge(ROOT)


def test_the_plan_names_every_file_the_build_writes(plan):
    """The runtime's files and the browser's indexes are named by what makes them."""
    expected = {cartes.INDEX, finder.INDEX, house_context.INDEX, JS_YAML_ASSET}
    expected |= {f"assets/pyodide/{name}" for name in PYODIDE_FILES}
    expected |= {"assets/wheels/manifest.json", "api/index.json", *plan.pages}
    assert expected <= set(plan.files)
    wheel = next(p for p in plan.files if p.endswith(".whl"))
    assert wheel == f"assets/wheels/{engine_wheel(plan.rules.data)[0]}"
    assert set(plan.rules.built) == set(plan.rules.data) == set(plan.rules.markers)
