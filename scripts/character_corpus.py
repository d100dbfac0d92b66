"""The corpus of character queries: what every character calculator answers today, kept
in tests/characters.json so a change of its code (the character as a value, small
functions) can be held to the same answers, byte for byte (tests/unit/test_characters.py).

For each calculator that reads a character (a sheet, a creation, the planner): the
queries the tests already send (the books' example characters among them, with the
defaults), then seeded random queries, valid ones drawn from the fields' own values
(scripts/worst_cases.py's `random_value`) and invalid ones (a field out of its range, a
name the data do not know, a name one letter off, text where a number goes).

    .venv/bin/python scripts/character_corpus.py [--depuis-tests FICHIER.jsonl]

`--depuis-tests` takes the queries the tests sent (one `[système, id, requête]` a line,
as a recording of `Calculator.run` writes them) and draws the corpus anew; without it,
the fixture's queries are kept and only answered again.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from worst_cases import random_value, repo_rules  # noqa: E402

from generator import systems  # noqa: E402, F401  (handed down to the engine)
from generator.engine import api, registry  # noqa: E402
from generator.engine.inputs import InputGroup  # noqa: E402
from generator.pipeline import project  # noqa: E402

SEED = 20261125
FIXTURE = ROOT / "tests" / "characters.json"
CHARACTER_CALCULATORS = (
    ("divin6", "feuille"),
    ("skillcraft", "fiche"),
    ("skillcraft", "planificateur"),
    ("talon", "creation"),
    ("undesix", "creation"),
)
VALID = 130  # random valid queries per calculator
INVALID = 90  # random queries with one field wrong

project.load(ROOT)  # the repository's systems


def answer_hash(system: str, calc_id: str, query: dict, rules: dict) -> str:
    reply = api.reply(registry.get(system, calc_id), query, rules[system])
    return hashlib.sha256(reply.encode("utf-8")).hexdigest()


def valid_query(calc, rules: object, rng: random.Random) -> dict[str, str]:
    """Some fields drawn from their own values, the others left to their defaults (the
    books' example character): one to three fields half the time, so that most queries
    stay a character the rules accept."""
    items = [i for i in calc.inputs_for(rules) if not isinstance(i, InputGroup)]
    count = rng.randint(1, 3) if rng.random() < 0.5 else rng.randint(1, len(items))
    chosen = rng.sample(items, min(count, len(items)))
    return {item.name: random_value(calc, item, rules, rng) for item in chosen}


def wrong_value(item, rng: random.Random) -> str:
    """A value the field should refuse, or read with a warning."""
    default = item.to_text(item.default)
    kinds = [
        "beaucoup",
        "-7",
        "999",
        "",
        "1,5",
        default + ", Nimportequoi",
        default[:-1] + "x" if default else "x",
        default.upper(),
        default + ", " + default,
    ]
    return rng.choice(kinds)


def invalid_query(calc, rules: object, rng: random.Random) -> dict[str, str]:
    query = valid_query(calc, rules, rng)
    items = [i for i in calc.inputs_for(rules) if not isinstance(i, InputGroup)]
    for item in rng.sample(items, rng.choice([1, 1, 2])):
        query[item.name] = wrong_value(item, rng)
    return query


def corpus(from_tests: list[list], rules: dict) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for system, calc_id in CHARACTER_CALCULATORS:
        calc = registry.get(system, calc_id)
        rng = random.Random(f"{SEED}/{system}/{calc_id}")
        queries = [{}] + [q for s, c, q in from_tests if (s, c) == (system, calc_id)]
        queries += [valid_query(calc, rules[system], rng) for _ in range(VALID)]
        queries += [invalid_query(calc, rules[system], rng) for _ in range(INVALID)]
        unique = list({json.dumps(q, sort_keys=True, ensure_ascii=False): q for q in queries})
        found[f"{system}/{calc_id}"] = [json.loads(q) for q in unique]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depuis-tests", type=Path)
    args = parser.parse_args()
    rules = repo_rules()
    if args.depuis_tests:
        lines = args.depuis_tests.read_text(encoding="utf-8").splitlines()
        queries = corpus([json.loads(line) for line in lines if line.strip()], rules)
    else:  # the same queries, answered anew (after a change of the data, say)
        kept = json.loads(FIXTURE.read_text(encoding="utf-8"))["reponses"]
        queries = {key: [q for q, _ in found] for key, found in kept.items()}
    answers = {
        key: [[q, answer_hash(*key.split("/"), q, rules)] for q in found]
        for key, found in queries.items()
    }
    FIXTURE.write_text(
        json.dumps({"graine": SEED, "reponses": answers}, ensure_ascii=False, indent=0) + "\n",
        encoding="utf-8",
    )
    for key, found in answers.items():
        print(f"{key} : {len(found)} requêtes")


if __name__ == "__main__":
    main()
