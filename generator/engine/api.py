"""Entry point for the browser worker: one JSON string in, one JSON string out."""

from __future__ import annotations

import json

from . import rules
from .registry import Calculator, get
from .results import to_html


def run_json(system: str, calc_id: str, query_json: str) -> str:
    """The browser's call: the rules are those built from the data shipped in the wheel."""
    return reply(get(system, calc_id), json.loads(query_json), rules.shipped(system))


def reply(calculator: Calculator, query: dict, system_rules: object) -> str:
    outcome = calculator.run(query, system_rules)
    if not outcome.ok:
        return json.dumps({"ok": False, "errors": outcome.errors}, ensure_ascii=False)
    return json.dumps({"ok": True, "html": to_html(outcome.blocks)}, ensure_ascii=False)
