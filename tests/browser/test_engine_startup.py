"""A cold shared link to a calculator (the reader's first visit: about as fast as a
bare Pyodide start): the engine starts while the page is still loading, and its first answer
compiles no module it does not need (Pyodide compiles every module it imports)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile

import pytest
from playwright.sync_api import expect

from generator.pipeline.assets import engine_wheel
from generator.pipeline.build import check
from generator.pipeline.export import engine_data

# Modules a calculator's first answer has no use for: the `html` module's table of named
# characters, importlib.resources' some ten modules, the dice tags' module.
NOT_NEEDED = ("html", "html.entities", "importlib.resources", "generator.engine.roll_tags")

FIRST_ANSWER = """
import json, sys
import generator.systems  # as the worker does: hands the systems down to the engine
from generator.engine import api
reply = json.loads(api.run_json("reserve-d6", "reserve", '{"caracteristique": "5", "competence": "3"}'))
print(json.dumps({"ok": reply["ok"], "modules": sorted(sys.modules)}))
"""


def test_a_first_answer_imports_only_what_it_needs(tmp_path, root):
    """Run as the browser runs it: the engine wheel unpacked alone, no site-packages."""
    _, wheel = engine_wheel(engine_data(check(root)[0]))
    zipfile.ZipFile(io.BytesIO(wheel)).extractall(tmp_path)
    done = subprocess.run(
        [sys.executable, "-S", "-c", FIRST_ANSWER],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    answer = json.loads(done.stdout)
    assert answer["ok"]
    assert "generator.systems.reserve_d6.calculators" in answer["modules"]
    assert not [name for name in NOT_NEEDED if name in answer["modules"]]


# Every Web Worker the page makes, with where it was made.
WORKERS_MADE = """(() => { window.srdWorkers = []; const Made = window.Worker;
  window.Worker = class extends Made {
    constructor(...args) { super(...args); window.srdWorkers.push(new Error().stack); } }; })()"""


@pytest.mark.browser
def test_a_shared_link_starts_the_engine_before_the_page_is_in(browser, server):
    """The worker is started by the head's moteur-tot.js, before calc.js (a module, run
    once the whole page is read) and taken over by it: one engine, and the right answer."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.add_init_script(script=WORKERS_MADE)
    try:
        page.goto(f"{server}/reserve-d6/calculateurs/reserve/?caracteristique=5&competence=3")
        expect(page.locator(".srd-calc")).to_have_attribute("data-state", "ok", timeout=60_000)
        dice = page.locator(".srd-figures dt", has_text="Dés lancés").locator(
            "xpath=following-sibling::dd[1]/*[@data-exact]"
        )
        expect(dice).to_have_attribute("data-exact", "8")
        made = page.evaluate("() => window.srdWorkers")
        assert len(made) == 1, made
        assert "moteur-tot.js" in made[0]
        # A rules page starts no engine.
        page.goto(f"{server}/divin6/regles/combat/")
        assert page.evaluate("() => window.srdWorkers") == []
    finally:
        context.close()
    assert not errors
