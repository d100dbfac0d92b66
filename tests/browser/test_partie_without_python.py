"""The partie page never waits for Python: a whole session — load, combatants,
the rolled order, damage, a state, the next turns and rounds — asks for no file of Pyodide,
of the engine's wheel or of the calculators' worker. A functional check, not a timing (the
timing is `make bench`, scripts/bench_partie.py)."""

from __future__ import annotations

import pytest
from partie_session import python_requests, rolled_order_systems, run_session

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def test_a_fight_asks_nothing_of_python(browser, server: str):
    systems = rolled_order_systems()
    if not systems:
        pytest.skip("aucun système ne tire son ordre aux dés")
    context = browser.new_context(service_workers="block", **PHONE)
    page = context.new_page()
    asked = python_requests(page)
    run_session(page, f"{server}/{systems[0]}/partie/", rolls=2)
    context.close()
    assert asked == [], f"la page de partie a demandé Python : {asked}"
