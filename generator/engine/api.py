"""Entry point for the browser worker: one JSON string in, one JSON string out."""

from __future__ import annotations

import json
from importlib import resources

from . import donnees
from .registry import get
from .results import to_html

DATA_FILE = "donnees.json"  # written into the engine wheel by the generator


def _load_shipped_data() -> None:
    """In the browser, the rule data travel inside the wheel; load them once."""
    if donnees._DATA:
        return
    shipped = resources.files(__package__).joinpath(DATA_FILE)
    if shipped.is_file():
        donnees.charger(json.loads(shipped.read_text(encoding="utf-8")))


def run_json(system: str, calc_id: str, query_json: str) -> str:
    _load_shipped_data()
    calculator = get(system, calc_id)
    outcome = calculator.run(json.loads(query_json))
    if not outcome.ok:
        return json.dumps({"ok": False, "errors": outcome.errors}, ensure_ascii=False)
    return json.dumps(
        {"ok": True, "html": to_html(outcome.blocks), "query": calculator.query_text(outcome.values)},
        ensure_ascii=False,
    )
