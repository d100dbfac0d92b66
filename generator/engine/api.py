"""Entry point for the browser worker: one JSON string in, one JSON string out.

Whatever comes in, a JSON reply goes out: `{"ok": true, "html": …}`, or `{"ok": false,
"errors": {field: message}}`, with `"message"` for what belongs to no field.
"""

from __future__ import annotations

import json

from . import rules
from .registry import Calculator, get


def _failure(message: str, errors: dict | None = None) -> str:
    return json.dumps({"ok": False, "errors": errors or {}, "message": message}, ensure_ascii=False)


def run_json(system: str, calc_id: str, query_json: str) -> str:
    """The browser's call: the rules are those built from the data shipped in the wheel."""
    try:
        calculator = get(system, calc_id)
    except KeyError:
        return _failure(f"Calculateur inconnu : {system}/{calc_id}.")
    try:
        query = json.loads(query_json)
    except (TypeError, ValueError):
        return _failure("Requête illisible : elle doit être un objet JSON.")
    if not isinstance(query, dict):
        return _failure("Requête illisible : elle doit être un objet JSON.")
    return reply(calculator, query, rules.shipped(system))


def reply(calculator: Calculator, query: dict, system_rules: object) -> str:
    try:
        outcome = calculator.run({str(k): str(v) for k, v in query.items()}, system_rules)
    except Exception as error:  # a bug of ours: say so plainly rather than hang the page
        return _failure(f"Erreur interne du calculateur ({type(error).__name__}) : signalez-la.")
    if not outcome.ok:
        return json.dumps({"ok": False, "errors": outcome.errors}, ensure_ascii=False)
    return json.dumps(
        {"ok": True, "html": calculator.html(outcome.blocks, system_rules)}, ensure_ascii=False
    )
