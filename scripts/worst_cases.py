"""Worst cases of every calculator: a seeded search of its inputs for the slowest answer.

Generic: it reads each calculator of the registry and its declared inputs (ranges,
choices, suggestions, action buttons), never a system's name or field. For each
calculator, random queries first, then hill-climbing: one field of the slowest query so
far is changed at a time, and the change is kept if the answer gets slower. A last pass
puts back the default of every field that does not matter to the time, so the query
shown is short. The time is that of the worker's whole reply (`api.reply`: reading the
query, computing, writing the HTML), engine caches emptied before each run.

Then the query found for each calculator is timed again on CPython and on the real
Pyodide runtime (Node and the npm package, as tests/build/test_pyodide.py does).

    .venv/bin/python scripts/worst_cases.py [--graine N] [--essais N] [--pas N] [--pyodide]
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator import systems  # noqa: E402, F401  (systems: handed down to the engine)
from generator.core import urls  # noqa: E402
from generator.engine import api, registry  # noqa: E402
from generator.engine.inputs import (  # noqa: E402
    BoolInput,
    ChoiceInput,
    DecimalInput,
    IntInput,
    IntListInput,
    MultiChoiceInput,
    TextInput,
)
from generator.pipeline import project  # noqa: E402

SEED = 20261124
SAMPLES = 30  # random queries per calculator
STEPS = 120  # one-field changes tried from the slowest query
RUNS = 5  # runs of each found query, for the median reported
GOAL_MS = 50  # on Pyodide: a calculator answers at once
TITLE = "## Pires cas trouvés par recherche"

project.load(ROOT)  # the repository's systems


@dataclass
class Found:
    system: str
    calc_id: str
    query: dict[str, str]  # the fields that differ from their default
    cpython_ms: float
    pyodide_ms: float | None = None

    @property
    def url(self) -> str:
        page = "/" + urls.calculator(self.system, self.calc_id).removesuffix(".md") + "/"
        return page + ("?" + urlencode(self.query, safe=",") if self.query else "")


# --- timing ------------------------------------------------------------------------------


@functools.cache
def engine_caches() -> tuple:
    """Every memo of the engine and the systems' calculators (all imported by then)."""
    registry.all_calculators()
    return tuple(
        obj
        for obj in gc.get_objects()
        if isinstance(obj, functools._lru_cache_wrapper)
        and obj.__module__.startswith(
            ("generator.core", "generator.engine", "generator.house", "generator.systems")
        )
    )


def reply(calc, query: dict, rules: object) -> str:
    for memo in engine_caches():
        memo.cache_clear()
    return api.reply(calc, query, rules)


def timed(calc, query: dict, rules: object, runs: int = 1) -> float:
    """Fastest of `runs` replies, in ms of processor time (the machine may be shared with
    other work), each from empty caches."""
    best = float("inf")
    for _ in range(runs):
        for memo in engine_caches():
            memo.cache_clear()
        start = time.process_time()
        api.reply(calc, query, rules)
        best = min(best, time.process_time() - start)
    return best * 1000


def median_ms(calc, query: dict, rules: object, runs: int = RUNS) -> float:
    return statistics.median(timed(calc, query, rules) for _ in range(runs))


# --- values ------------------------------------------------------------------------------


def _tokens(calc, item, rules: object) -> tuple[list[str], str]:
    """What a reader can put in a text field, and how pieces are joined: the field's
    suggestions (comma-separated, as the picker appends them), else the tokens of the
    calculator's buttons for that field (space-separated), else the default's pieces."""
    if item.suggestions:
        return [value for value, _ in item.suggestions], ", "
    tokens = [a.token for a in calc.actions_for(rules) if a.field == item.name and a.token]
    if tokens:
        return tokens, " "
    return [p.strip() for p in str(item.default).split(",") if p.strip()], ", "


def _text(pieces: list[str], sep: str, limit: int) -> str:
    text = ""
    for piece in pieces:
        longer = piece if not text else text + sep + piece
        if len(longer) > limit:
            break
        text = longer
    return text


def random_value(calc, item, rules: object, rng: random.Random) -> str:
    """A valid raw value for `item`, extremes favoured (they are where the cost hides)."""
    if isinstance(item, BoolInput):
        return rng.choice(["oui", "non"])
    if isinstance(item, ChoiceInput):
        return rng.choice([v for v, _ in item.choices])
    if isinstance(item, MultiChoiceInput):
        values = [v for v, _ in item.choices]
        count = rng.choice([0, 1, rng.randint(0, len(values)), len(values)])
        return ",".join(rng.sample(values, count))
    if isinstance(item, IntInput):
        return str(
            rng.choice([item.minimum, item.maximum, rng.randint(item.minimum, item.maximum)])
        )
    if isinstance(item, DecimalInput):
        low, high = float(item.minimum), float(item.maximum)
        value = rng.choice([low, high, rng.uniform(low, high)])
        return f"{value:.2f}".replace(".", ",")
    if isinstance(item, IntListInput):
        count = rng.choice(
            [1, rng.randint(0 if item.optional else 1, item.max_items), item.max_items]
        )
        return ", ".join(
            str(rng.choice([item.maximum, rng.randint(item.minimum, item.maximum)]))
            for _ in range(count)
        )
    if isinstance(item, TextInput):
        pieces, sep = _tokens(calc, item, rules)
        if not pieces:
            return item.to_text(item.default)
        count = rng.choice([1, rng.randint(0, 20), rng.randint(0, item.max_length)])
        return _text([rng.choice(pieces) for _ in range(count)], sep, item.max_length)
    return item.to_text(item.default)


def nearby_value(calc, item, raw: str, rules: object, rng: random.Random) -> str:
    """A small change of `raw` (one step, one item more or less), or a fresh value."""
    if rng.random() < 0.4:
        return random_value(calc, item, rules, rng)
    if isinstance(item, IntInput):
        value = int(raw) + rng.choice([-1, 1, -2, 2])
        return str(min(item.maximum, max(item.minimum, value)))
    if isinstance(item, MultiChoiceInput):
        chosen = [v for v in raw.split(",") if v]
        unused = [v for v, _ in item.choices if v not in chosen]
        if unused and (not chosen or rng.random() < 0.5):
            chosen.insert(rng.randint(0, len(chosen)), rng.choice(unused))
        elif chosen:
            chosen.pop(rng.randrange(len(chosen)))
        return ",".join(chosen)
    if isinstance(item, IntListInput):
        values = [v.strip() for v in raw.split(",") if v.strip()]
        if len(values) < item.max_items and (len(values) < 2 or rng.random() < 0.5):
            values.append(str(rng.randint(item.minimum, item.maximum)))
        elif values:
            values.pop(rng.randrange(len(values)))
        return ", ".join(values)
    if isinstance(item, TextInput):
        pieces, sep = _tokens(calc, item, rules)
        if not pieces:
            return raw
        parts = [p for p in raw.split(sep.strip() or " ") if p.strip()] if raw else []
        parts = [p.strip() for p in parts]
        if parts and rng.random() < 0.4:
            parts.pop(rng.randrange(len(parts)))
        else:
            parts.insert(rng.randint(0, len(parts)), rng.choice(pieces))
        return _text(parts, sep, item.max_length)
    return random_value(calc, item, rules, rng)


# --- search ------------------------------------------------------------------------------


def search(
    calc, rules: object, rng: random.Random, samples: int = SAMPLES, steps: int = STEPS
) -> tuple[dict[str, str], float]:
    """The slowest query found for `calc` (every field written) and its time in ms."""
    inputs = calc.inputs_for(rules)
    defaults = {item.name: item.to_text(item.default) for item in inputs}
    best, best_ms = dict(defaults), timed(calc, defaults, rules, 2)
    for _ in range(samples):
        query = {item.name: random_value(calc, item, rules, rng) for item in inputs}
        ms = timed(calc, query, rules, 2)
        if ms > best_ms:
            best, best_ms = query, ms
    for _ in range(steps):
        item = rng.choice(inputs)
        query = dict(best, **{item.name: nearby_value(calc, item, best[item.name], rules, rng)})
        if query == best:
            continue
        ms = timed(calc, query, rules, 2)
        if ms > best_ms * 1.03:  # above the noise of the machine
            best, best_ms = query, ms
    return best, timed(calc, best, rules, 3)


def shortest(calc, query: dict, rules: object, ms: float) -> dict[str, str]:
    """`query` without the fields whose default is about as slow (within 10 %), and with
    lists and texts cut by half as long as it stays as slow: a query one can read."""
    defaults = {item.name: item.to_text(item.default) for item in calc.inputs_for(rules)}
    kept = {k: v for k, v in query.items() if v != defaults.get(k)}
    for name in list(kept):
        trial = {k: v for k, v in kept.items() if k != name}
        if timed(calc, trial, rules, 3) >= ms * 0.9:
            kept = trial
    for name in list(kept):
        sep = ", " if "," in kept[name] else " "
        parts = [p.strip() for p in kept[name].split(sep.strip() or " ") if p.strip()]
        while len(parts) > 1:
            half = parts[: len(parts) // 2]
            trial = dict(kept, **{name: sep.join(half)})
            if timed(calc, trial, rules, 3) < ms * 0.9:
                break
            kept, parts = trial, half
    return kept


def worst_cases(
    rules: dict,
    seed: int = SEED,
    samples: int = SAMPLES,
    steps: int = STEPS,
    keep: Callable[[object], bool] = lambda calc: True,
    log: Callable[[str], None] = lambda text: None,
) -> list[Found]:
    """The worst query found for each calculator of the registry, timed on CPython."""
    found = []
    for calc in registry.all_calculators():
        if not keep(calc):
            continue
        system_rules = rules.get(calc.system)
        rng = random.Random(f"{seed}/{calc.system}/{calc.id}")
        query, ms = search(calc, system_rules, rng, samples, steps)
        query = shortest(calc, query, system_rules, ms)
        found.append(Found(calc.system, calc.id, query, median_ms(calc, query, system_rules)))
        log(f"  {found[-1].url} : {found[-1].cpython_ms:.1f} ms")
    return found


# --- Pyodide -----------------------------------------------------------------------------

CLEAR = """
import gc, functools
MEMOS = [o for o in gc.get_objects() if isinstance(o, functools._lru_cache_wrapper)
         and o.__module__.startswith(("generator.core", "generator.engine", "generator.house", "generator.systems"))]
"""

PYODIDE_CODE = """
import json
import js
import generator.systems  # hands the systems down to the engine
from generator.engine import api, registry, rules
registry.all_calculators()
{clear}

def clock():  # ms of processor time of Node's process, as time.process_time on CPython
    used = js.process.cpuUsage()
    return (used.user + used.system) / 1000

out = []
for system, calc_id, query in {cases!r}:
    calc, system_rules = registry.get(system, calc_id), rules.shipped(system)
    api.reply(calc, query, system_rules)  # the first call also imports; not counted
    runs = []
    for _ in range({runs}):
        for memo in MEMOS:
            memo.cache_clear()
        start = clock()
        api.reply(calc, query, system_rules)
        runs.append(clock() - start)
    out.append(sorted(runs)[len(runs) // 2])  # the site's trimmed library has no statistics
json.dumps(out)
"""


def runtime(destination: Path) -> Path:
    """What generator/testing/pyodide_run.mjs needs of a built site (Pyodide's files and the engine
    wheel), written without building the pages."""
    from generator.pipeline.assets import write_assets
    from generator.pipeline.build import check
    from generator.pipeline.export import engine_data

    write_assets(ROOT, destination, engine_data(check(ROOT)[0]))
    return destination


def run_on_pyodide(site: Path, code: str) -> str:
    """The value of the last line of `code`, run on Pyodide under Node with the wheels of
    `site` (generator/testing/pyodide_run.mjs); a failure is raised with Python's traceback."""
    done = subprocess.run(
        ["node", str(ROOT / "generator/testing/pyodide_run.mjs"), str(site)],
        input=code,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    if done.returncode:
        error = done.stderr[done.stderr.rfind("Traceback") :] if "Traceback" in done.stderr else ""
        raise RuntimeError(f"Pyodide (Node) a échoué :\n{(error or done.stderr)[:3000]}")
    return done.stdout


def pyodide_ms(found: list[Found], site: Path, runs: int = RUNS) -> None:
    """Times each found query on Pyodide (under Node); fills `pyodide_ms`."""
    cases = [(f.system, f.calc_id, f.query) for f in found]
    code = PYODIDE_CODE.format(clear=CLEAR, cases=cases, runs=runs)
    for item, ms in zip(found, json.loads(run_on_pyodide(site, code)), strict=True):
        item.pyodide_ms = ms


# --- report ------------------------------------------------------------------------------


def section(found: list[Found], seed: int, samples: int, steps: int) -> list[str]:
    """The Markdown section of docs/benchmarks.md."""
    lines = [
        TITLE,
        "",
        f"Commande : `scripts/bench.py --seulement pires-cas` (recherche : `scripts/worst_cases.py`), le {time.strftime('%Y-%m-%d')}.",
        f"Pour chaque calculateur, {samples} requêtes tirées au hasard (graine {seed}) parmi "
        f"les valeurs que ses champs déclarent, puis {steps} pas d'escalade : un champ de la "
        "requête la plus lente est changé, le changement est gardé s'il la ralentit ; les "
        "champs qui ne comptent pas reprennent leur valeur par défaut. Temps : la réponse "
        "entière (`api.reply` : lecture, calcul, HTML), caches du moteur vidés, médiane de "
        f"{RUNS} exécutions, en temps processeur (la machine est partagée) : "
        "`time.process_time` pour CPython, `process.cpuUsage` de Node pour Pyodide.",
        "",
        "| Pire requête trouvée | CPython | Pyodide (Node) |",
        "|---|---|---|",
    ]
    for item in found:
        pyodide = "—" if item.pyodide_ms is None else f"{item.pyodide_ms:.1f} ms"
        lines.append(f"| `{item.url}` | {item.cpython_ms:.1f} ms | {pyodide} |")
    timed_on = [f for f in found if f.pyodide_ms is not None]
    if timed_on:
        slowest = max(timed_on, key=lambda f: f.pyodide_ms)
        lines += [
            "",
            f"Le pire sur Pyodide : **{slowest.pyodide_ms:.1f} ms** "
            f"(`{slowest.system}/{slowest.calc_id}` ; objectif : au plus {GOAL_MS} ms).",
        ]
    return lines


def repo_rules() -> dict:
    from generator.pipeline.build import check
    from generator.pipeline.export import engine_data
    from generator.pipeline.rulebook import engine_rules

    return engine_rules(engine_data(check(ROOT)[0]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--graine", type=int, default=SEED)
    parser.add_argument("--essais", type=int, default=SAMPLES, help="requêtes au hasard")
    parser.add_argument("--pas", type=int, default=STEPS, help="pas d'escalade")
    parser.add_argument("--calculateur", help="système/id : celui-là seulement")
    parser.add_argument("--pyodide", action="store_true", help="mesurer aussi sous Pyodide")
    args = parser.parse_args()
    only = args.calculateur

    def keep(calc) -> bool:
        return only is None or f"{calc.system}/{calc.id}" == only

    found = worst_cases(repo_rules(), args.graine, args.essais, args.pas, keep, print)
    if args.pyodide:
        with tempfile.TemporaryDirectory() as tmp:
            pyodide_ms(found, runtime(Path(tmp)))
    print("\n".join(section(found, args.graine, args.essais, args.pas)))


if __name__ == "__main__":
    main()
