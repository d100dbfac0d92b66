"""Entry point for the browser worker: one JSON string in, one JSON string out."""

from __future__ import annotations

import json

from .registry import get
from .results import to_html


def run_json(system: str, calc_id: str, query_json: str) -> str:
    calculator = get(system, calc_id)
    outcome = calculator.run(json.loads(query_json))
    if not outcome.ok:
        return json.dumps({"ok": False, "errors": outcome.errors}, ensure_ascii=False)
    return json.dumps(
        {"ok": True, "html": to_html(outcome.blocks), "query": calculator.query_text(outcome.values)},
        ensure_ascii=False,
    )
