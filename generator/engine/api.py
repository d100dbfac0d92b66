"""Entry point for the browser worker: one JSON string in, one JSON string out.

Whatever comes in, a JSON reply goes out: `{"ok": true, "html": …}`, or `{"ok": false,
"errors": {field: message}}`, with `"message"` for what belongs to no field.

Each entry takes, last and optional, `maison_json`: the reader's active house rules, a
JSON list of entries `{"systeme", "genre", "entite", "base"?}` (engine/rules.py
`with_house`), never in the URL query; the rules are built with those of the system.
"""

from __future__ import annotations

import json

from generator.core import reperes
from generator.core.imbrication import too_deep
from generator.core.typographie import texte
from generator.engine import rules, tirage
from generator.engine.inputs import shown
from generator.engine.registry import Calculator, Outcome, get
from generator.engine.results import format_percent

# A query is a flat object of field values: what a form sends is far shorter and far
# flatter than these bounds (tests/unit/test_engine.py checks it against every calculator).
# Beyond them the request is refused before it is parsed (core/imbrication.py).
MAX_QUERY_CHARS = 200_000
MAX_DEPTH = 8

UNREADABLE = "Requête illisible : elle doit être un objet JSON."
RANDOM_UNREADABLE = "Hasard illisible : une liste d'entiers de 0 à 2³² − 1 est attendue."


def _shown(text: str) -> str:
    """A message shown as plain text at its field: French typography, no source tag."""
    return texte(reperes.plain(text))


def _failure(message: str, errors: dict | None = None) -> str:
    errors = {name: _shown(text) for name, text in (errors or {}).items()}
    return json.dumps(
        {"ok": False, "errors": errors, "message": _shown(message)}, ensure_ascii=False
    )


def run_json(system: str, calc_id: str, query_json: str, maison_json: str = "") -> str:
    """The browser's call: the rules are those built from the data shipped in the wheel,
    with the reader's house rules (`maison_json`) merged in."""
    found = request(system, calc_id, query_json)
    if isinstance(found, str):
        return found
    calculator, query = found
    system_rules = reader_rules(system, maison_json)
    if isinstance(system_rules, HouseRefusal):
        return system_rules.reply
    return reply(calculator, query, system_rules)


class HouseRefusal:
    """House rules the engine cannot read: the JSON of the refusal."""

    def __init__(self, reply: str):
        self.reply = reply


def reader_rules(system: str, maison_json: object) -> object:
    """The system's rules with the reader's house rules merged in, or a HouseRefusal."""
    try:
        return rules.with_house(system, rules.house_entries(maison_json))
    except rules.HouseError as error:
        return HouseRefusal(_failure(str(error)))


def request(system: str, calc_id: str, query_json: str) -> tuple[Calculator, dict] | str:
    """The calculator and the query a browser asks for, or the JSON of a refusal."""
    if not isinstance(system, str) or not isinstance(calc_id, str):
        return _failure(
            "Calculateur inconnu : le système et le calculateur se désignent par leur "
            "identifiant, un texte (celui de leur adresse)."
        )
    try:
        calculator = get(system, calc_id)
    except KeyError:
        return _failure(f"Calculateur inconnu : {shown(f'{system}/{calc_id}')}.")
    if not isinstance(query_json, str):
        return _failure(UNREADABLE)
    if len(query_json) > MAX_QUERY_CHARS:
        return _failure(
            f"Requête trop longue : {len(query_json)} caractères, pour {MAX_QUERY_CHARS} au plus."
        )
    if too_deep(query_json, MAX_DEPTH):
        return _failure(
            f"Requête trop imbriquée : plus de {MAX_DEPTH} niveaux d'accolades ou de crochets ; "
            "elle doit être un objet JSON de valeurs."
        )
    try:
        query = json.loads(query_json)
    except (TypeError, ValueError, RecursionError):
        return _failure(UNREADABLE)
    if not isinstance(query, dict):
        return _failure(UNREADABLE)
    return calculator, query


def reply(calculator: Calculator, query: dict, system_rules: object) -> str:
    try:
        outcome = calculator.run({str(k): str(v) for k, v in query.items()}, system_rules)
        if not outcome.ok:
            errors = {name: _shown(text) for name, text in outcome.errors.items()}
            return json.dumps({"ok": False, "errors": errors}, ensure_ascii=False)
        html = calculator.html(outcome.blocks, system_rules)
    except Exception as error:  # a bug of ours: say so plainly rather than hang the page
        return _failure(f"Erreur interne du calculateur ({type(error).__name__}) : signalez-la.")
    return json.dumps({"ok": True, "html": html}, ensure_ascii=False)


def _words(words_json: object) -> list[int] | None:
    """The random 32-bit words sent by the browser, or None if they are not that."""
    try:
        words = json.loads(words_json) if isinstance(words_json, str) else None
    except ValueError:
        return None
    if not isinstance(words, list) or not 0 < len(words) <= 4 * tirage.WORDS_PER_ROLL:
        return None
    if not all(type(w) is int and 0 <= w < 2**tirage.WORD_BITS for w in words):
        return None
    return words


def roll_json(
    system: str, calc_id: str, query_json: str, words_json: str, maison_json: str = ""
) -> str:
    """« Lancer » : one real roll of the configured test, drawn from the browser's random
    words, with the exact chance of the outcome drawn (and of its class)."""
    try:
        calculator = get(str(system), str(calc_id))
    except KeyError:
        return _failure(f"Calculateur inconnu : {shown(f'{system}/{calc_id}')}.")
    if calculator.issues is None:
        return _failure("Ce calculateur ne décrit pas un jet : rien à « Lancer ».")
    words = _words(words_json)
    try:
        query = json.loads(query_json) if isinstance(query_json, str) else None
    except ValueError:
        query = None
    if words is None:
        return _failure(RANDOM_UNREADABLE)
    if not isinstance(query, dict) or len(query_json) > MAX_QUERY_CHARS:
        return _failure(UNREADABLE)
    system_rules = reader_rules(str(system), maison_json)
    if isinstance(system_rules, HouseRefusal):
        return system_rules.reply
    return roll_reply(calculator, query, words, system_rules)


def roll_reply(calculator: Calculator, query: dict, words: list[int], system_rules: object) -> str:
    try:
        drawn = calculator.roll({str(k): str(v) for k, v in query.items()}, words, system_rules)
    except tirage.NotEnoughRandomness:
        return _failure("Le hasard fourni n'a pas suffi : relancez.")
    except Exception as error:  # a bug of ours: say so plainly rather than hang the page
        return _failure(f"Erreur interne du calculateur ({type(error).__name__}) : signalez-la.")
    if isinstance(drawn, Outcome):
        errors = {name: _shown(text) for name, text in drawn.errors.items()}
        return json.dumps({"ok": False, "errors": errors}, ensure_ascii=False)
    return json.dumps(_rolled(drawn[1]), ensure_ascii=False)


def _rolled(drawn: tirage.Roll) -> dict:
    issue = drawn.issue
    reply = {
        "ok": True,
        "issue": texte(issue.name),
        "probabilite": texte(format_percent(issue.probability)),
        "exacte": str(issue.probability),
        "groupe": texte(issue.group),
    }
    if drawn.group_probability is not None:
        reply["probabilite_groupe"] = texte(format_percent(drawn.group_probability))
        reply["exacte_groupe"] = str(drawn.group_probability)
    if drawn.detail:
        reply["detail"] = texte(drawn.detail)
    return reply
