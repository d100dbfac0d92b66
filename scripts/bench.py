"""Benchmark (make bench): build time, browser timings, bytes per page, engine time.

Prints the results and writes docs/benchmarks.md. Every figure is the median of several
runs made here, in this one run of the script, so the ratios compare like with like.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from functools import cache
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import bench_dice  # noqa: E402  (scripts/, beside this file)
import bench_edition  # noqa: E402
import bench_partie  # noqa: E402
import bench_phone  # noqa: E402
import lighthouse  # noqa: E402
import worst_cases  # noqa: E402
from first_visit import BUDGET_BYTES, first_visit  # noqa: E402
from helpers import CHROMIUM, CHROMIUM_ARGS, copy_project, free_port, start_server  # noqa: E402

from generator.engine import registry  # noqa: E402
from generator.pipeline import project  # noqa: E402
from generator.pipeline.build import build  # noqa: E402

BUILD_RUNS = 5
BROWSER_RUNS = 5
PHONE_RUNS = 3  # each one starts Pyodide twice on a CPU slowed 4×
SCALE = 10

project.load(ROOT)  # the repository's systems


class _NoAliases(yaml.SafeDumper):
    """Copies share nested values; the data refuse YAML aliases: write each one out."""

    def ignore_aliases(self, data) -> bool:
        return True


def median(values: list[float]) -> float:
    return statistics.median(values)


# --- build ---------------------------------------------------------------------------


def time_builds(root: Path, runs: int, site: Path) -> dict[str, float]:
    """Build `runs` times into `site` (the last build stays there)."""
    generator, mkdocs = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(runs):
            timings = build(root, site=site, work=Path(tmp) / "work").seconds
            generator.append(timings["generateur"])
            mkdocs.append(timings["mkdocs"])
    return {
        "generateur": median(generator),
        "mkdocs": median(mkdocs),
        "total": median([g + m for g, m in zip(generator, mkdocs, strict=True)]),
    }


def multiplied_project(destination: Path, factor: int) -> tuple[Path, int, int]:
    """A copy of the project whose data (every entity file) are `factor` times longer; the
    hand-written chapters stay as they are."""
    project = copy_project(destination)
    entities = chapters = 0
    for system_dir in (project / "data").iterdir():
        if not system_dir.is_dir():  # project-wide files (synonyms) are not a system's data
            continue
        for path in system_dir.glob("*.yaml"):
            if path.name == "systeme.yaml":
                continue
            items = yaml.safe_load(path.read_text())
            copies = [
                dict(item, id=f"{item['id']}-copie-{n}", nom=f"{item['nom']} ({n})")
                for n in range(1, factor)
                for item in items
            ]
            path.write_text(
                yaml.dump(
                    items + copies,
                    Dumper=_NoAliases,
                    allow_unicode=True,
                    sort_keys=False,
                    width=1_000_000,  # one line per text: a writer's edit finds it as written
                )
            )
            entities += len(items) * factor
        meta = yaml.safe_load((system_dir / "systeme.yaml").read_text())
        chapters += len(meta.get("chapitres", []))
    return project, entities, chapters


# --- browser -------------------------------------------------------------------------

BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bench</title><script type="module">
const worker = new Worker(new URL("./bare-worker.mjs", location.href), {type: "module"});
worker.onmessage = () => { window.pyodideReadyAt = performance.now(); };
</script>"""
BARE_WORKER = """import { loadPyodide } from "./assets/pyodide/pyodide.mjs";
await loadPyodide({ indexURL: new URL("./assets/pyodide/", import.meta.url).href });
postMessage("ready");"""


@contextmanager
def fresh_page(playwright, site: Path | None = None, base: str = ""):
    """A new browser with an empty profile (nothing cached), and the bytes it receives:
    as sent by the test server (uncompressed), and as gzip would send them ("gz" key)."""
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, service_workers="block"
        )
        page, sizes = context.new_page(), []

        def finished(request) -> None:
            sizes.append(
                request.sizes()["responseBodySize"] + request.sizes()["responseHeadersSize"]
            )
            if site is not None and request.url.startswith(base):
                path = request.url[len(base) :].split("?")[0].split("#")[0].lstrip("/")
                file = (
                    site / path / "index.html" if path == "" or path.endswith("/") else site / path
                )
                if file.is_file():
                    GZ.append(len(gzip.compress(file.read_bytes(), 6)))

        GZ: list[int] = []
        page.on("requestfinished", finished)
        page.gz = GZ
        try:
            yield page, sizes
        finally:
            context.close()


# Functions, not expressions: the pages' Content-Security-Policy forbids evaluating strings.
RECOMPUTED = "() => document.querySelector('.srd-calc').dataset.state === 'ok' && performance.now()"


def browser_timings(site: Path, port: int, runs: int) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    (site / "bench-bare.html").write_text(BARE_PAGE)
    (site / "bare-worker.mjs").write_text(BARE_WORKER)
    httpd, base = start_server(site, port)
    results: dict[str, list[float]] = {
        k: []
        for k in (
            "pyodide_nu",
            "pre_rendu",
            "recalcul_froid",
            "recalcul_chaud",
            "octets_regles",
            "octets_calcul",
            "gz_regles",
            "gz_calcul",
            "gz_trouveur",
            "recherche_premiere",
            "recherche_suivante",
            "trouveur_filtre",
        )
    }
    try:
        with sync_playwright() as playwright:
            for _ in range(runs):
                with fresh_page(playwright) as (page, _):
                    page.goto(f"{base}/bench-bare.html")
                    results["pyodide_nu"].append(
                        page.wait_for_function(
                            "() => window.pyodideReadyAt", timeout=120_000
                        ).json_value()
                    )
                with fresh_page(playwright, site, base) as (page, sizes):
                    page.goto(f"{base}/divin6/regles/combat/", wait_until="networkidle")
                    results["octets_regles"].append(sum(sizes))
                    results["gz_regles"].append(sum(page.gz))
                    # Search: from the last key typed to the results, first query (the index
                    # loads then) and next ones.
                    page.keyboard.press("s")
                    for key, query in (
                        ("recherche_premiere", "initiative"),
                        ("recherche_suivante", "dexterite"),
                    ):
                        page.fill(".srd-recherche input", "")
                        page.keyboard.type(query[:-1])
                        start = page.evaluate("performance.now()")
                        page.keyboard.type(query[-1])
                        page.wait_for_function(
                            "q => document.getElementById('srd-resultats').dataset.requete === q",
                            arg=query,
                        )
                        results[key].append(page.evaluate("performance.now()") - start)
                with fresh_page(playwright, site, base) as (page, sizes):
                    page.goto(f"{base}/trouver/", wait_until="networkidle")
                    page.wait_for_selector(".srd-carte")
                    results["gz_trouveur"].append(sum(page.gz))
                    results["trouveur_filtre"].append(finder_filter(page))
                with fresh_page(playwright, site, base) as (page, sizes):
                    page.goto(f"{base}/reserve-d6/calculateurs/reserve/", wait_until="commit")
                    results["pre_rendu"].append(
                        page.wait_for_function(
                            "() => document.querySelector('[data-exact=\"481/729\"]') && performance.now()"
                        ).json_value()
                    )
                    page.wait_for_selector(".srd-calc[data-bound]")  # calc.js has bound the form
                    page.fill("#reserve-competence", "4")
                    results["recalcul_froid"].append(
                        page.wait_for_function(RECOMPUTED, timeout=120_000).json_value()
                    )
                    page.wait_for_load_state("networkidle")
                    results["octets_calcul"].append(sum(sizes))
                    results["gz_calcul"].append(sum(page.gz))
                    # Warm: a second calculator page in the same session (instant navigation).
                    page.locator("nav a", has_text="Opposition et combat").first.click()
                    page.wait_for_selector("#combat-attaquant")
                    start = page.evaluate("performance.now()")
                    page.fill("#combat-attaquant", "12")
                    results["recalcul_chaud"].append(
                        page.wait_for_function(RECOMPUTED).json_value() - start
                    )
    finally:
        httpd.shutdown()
        (site / "bench-bare.html").unlink()
        (site / "bare-worker.mjs").unlink()
    return {k: median(v) for k, v in results.items()}


def first_visit_bytes(site: Path, runs: int) -> float:
    """Bytes a server that compresses sends for a first visit of a rules chapter on a phone,
    service worker allowed, in the first 40 s (tests/first_visit.py)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            return median([first_visit(browser, site, FIRST_VISIT)[0] for _ in range(runs)])
        finally:
            browser.close()


FIRST_VISIT = "/divin6/regles/combat/"


def phone_timings(site: Path, port: int, runs: int) -> dict:
    """bench_phone's measures, on the site in `site` served at `port`."""
    from playwright.sync_api import sync_playwright

    (site / "bench-bare.html").write_text(BARE_PAGE)
    (site / "bare-worker.mjs").write_text(BARE_WORKER)
    httpd, base = start_server(site, port)
    try:
        with sync_playwright() as playwright:
            return bench_phone.phone_timings(playwright, base, CHROMIUM, CHROMIUM_ARGS, runs)
    finally:
        httpd.shutdown()
        (site / "bench-bare.html").unlink()
        (site / "bare-worker.mjs").unlink()


# Filtering every entity of the five systems, from a key to the cards drawn.
FINDER_FILTER = """() => {
  const input = document.querySelector('.srd-trouveur input[name=c]');
  const start = performance.now();
  input.value = 'dexterite';
  input.dispatchEvent(new Event('input', {bubbles: true}));
  return performance.now() - start;
}"""


def finder_filter(page) -> float:
    page.wait_for_selector(".srd-carte")
    return page.evaluate(FINDER_FILTER)


def finder_timing(site: Path, runs: int) -> float:
    """The finder's filtering time on the site in `site` (the ×10 one)."""
    from playwright.sync_api import sync_playwright

    httpd, base = start_server(site)
    times = []
    try:
        with sync_playwright() as playwright:
            for _ in range(runs):
                with fresh_page(playwright) as (page, _):
                    page.goto(f"{base}/trouver/", wait_until="networkidle")
                    times.append(finder_filter(page))
    finally:
        httpd.shutdown()
    return median(times)


# --- engine ---------------------------------------------------------------------------

EVERY_TALENT = "(tous les talents des tiers 0 à 2)"  # spelled out by heavy_cases()

HEAVY = [
    (
        "reserve-d6",
        "reserve",
        {
            "caracteristique": "20",
            "competence": "20",
            "equipement": "20",
            "permanent": "20",
            "seuil": "40",
        },
    ),
    ("reserve-d6", "combat", {"attaquant": "60", "defenseur": "60"}),
    (
        "talon",
        "test",
        {"mode": "avantage", "archetype": "combattant", "enseigne_competence": "epees"},
    ),
    ("talon", "talon-virtuel", {"journal": " ".join(["t"] * 60)}),
    ("divin6", "degats", {"des": "10", "explosion": "5"}),
    ("skillcraft", "test", {"mode": "oppose", "avantages": "5"}),
    ("skillcraft", "test", {"desavantages": "5", "politique_desavantage": "choix"}),
    ("skillcraft", "attaque", {"avantages": "5", "talent_critique": "critique-extraordinaire"}),
    ("undesix", "attaque", {"phy": "20", "arme": "10", "experience": "20"}),
    (
        "divin6",
        "jet",
        {"des": "4", "autres_des": "8", "mode": "opposition", "adversaire_des": "12"},
    ),
    ("divin6", "progression", {"xp": "100000"}),
    ("divin6", "encombrement", {"charge_combat": "100", "charge_voyage": "100"}),
    (
        "divin6",
        "feuille",
        {"classes": "combattant, aventurier, mystique, combattant, aventurier, mystique"},
    ),
    ("reserve-d6", "cout", {"niveau": "20"}),
    # Every talent of tiers 0 to 2 owned, the deepest tree's last talent as the target.
    ("skillcraft", "planificateur", {"points": "200", "tiers": "3", "possedes": EVERY_TALENT}),
    ("skillcraft", "progression", {"experience": "10000000"}),
    ("skillcraft", "fiche", {"experience": "999999"}),
    ("skillcraft", "encombrement", {"vigueur": "40", "masse": "10000", "taille": "colossale"}),
    ("skillcraft", "cout-pouvoir", {"tiers": "3", "niveau": "7", "rang": "14"}),
    ("talon", "sante", {"dommages_endurance": "40", "dommages_vitalite": "40"}),
    ("talon", "creation", {}),
    ("undesix", "creation", {"mode": "creation-aleatoire"}),
    ("undesix", "sante", {"degats": "200", "psy_depense": "200", "bonus_vitalite": "50"}),
    ("undesix", "test", {"caracteristique": "20", "actions": "6", "aides": "10"}),
    ("undesix", "opposition", {"valeur_a": "20", "valeur_b": "20"}),
    (
        "undesix",
        "sort",
        {"verbes": "creer,detruire", "essences": "feu,eau", "aides": "10", "sorts": "5"},
    ),
]


@cache
def heavy_cases() -> list[tuple[str, str, dict]]:
    """HEAVY, with the planner's list of owned talents written out from the data."""
    from generator.pipeline.build import check
    from generator.pipeline.export import engine_data
    from generator.pipeline.rulebook import engine_rules

    talents = engine_rules(engine_data(check(ROOT)[0]))["skillcraft"].talents
    every = ", ".join(t.name for t in talents.values() if t.tier < 3)
    return [
        (s, c, {k: every if v == EVERY_TALENT else v for k, v in q.items()}) for s, c, q in HEAVY
    ]


CLEAR_CACHES = """
import gc, functools
for obj in gc.get_objects():
    if isinstance(obj, functools._lru_cache_wrapper) and obj.__module__.startswith(("generator.core", "generator.engine", "generator.house", "generator.systems")):
        obj.cache_clear()
"""


def engine_cpython() -> dict[str, float]:
    """Median time of each heavy calculation, caches emptied before every run."""
    from generator.pipeline.build import check
    from generator.pipeline.export import engine_data
    from generator.pipeline.rulebook import engine_rules

    rules = engine_rules(engine_data(check(ROOT)[0]))
    out = {}
    for system, calc_id, query in heavy_cases():
        calc = registry.get(system, calc_id)
        runs = []
        for _ in range(5):
            exec(CLEAR_CACHES, {})
            start = time.perf_counter()
            calc.run(query, rules.get(system))
            runs.append(time.perf_counter() - start)
        out[f"{system}/{calc_id} {sorted(query.items())}"] = median(runs) * 1000
    return out


def engine_pyodide(site: Path) -> dict[str, float]:
    code = (
        "import json, time\nimport generator.systems\nfrom generator.engine import registry, rules\nout = {}\n"
        f"for system, calc_id, query in {heavy_cases()!r}:\n"
        "    runs = []\n"
        "    for _ in range(5):\n"
        + "".join(f"        {line}\n" for line in CLEAR_CACHES.strip().splitlines())
        + "        t = time.perf_counter(); registry.get(system, calc_id).run(query, rules.shipped(system)); runs.append(time.perf_counter() - t)\n"
        "    out[f'{system}/{calc_id} {sorted(query.items())}'] = sorted(runs)[2] * 1000\n"
        "json.dumps(out)"
    )
    return json.loads(worst_cases.run_on_pyodide(site, code))


# --- worst cases -----------------------------------------------------------------------


def worst_cases_section(site: Path | None = None) -> list[str]:
    """The slowest query found for each calculator (scripts/worst_cases.py), timed on
    CPython and on Pyodide; `site`: a built site, else only the runtime is written."""
    print("Pires cas (recherche sur CPython)…", flush=True)
    found = worst_cases.worst_cases(worst_cases.repo_rules(), log=print)
    print("Pires cas sur Pyodide…", flush=True)
    if site is not None:
        worst_cases.pyodide_ms(found, site)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            worst_cases.pyodide_ms(found, worst_cases.runtime(Path(tmp)))
    return worst_cases.section(found, worst_cases.SEED, worst_cases.SAMPLES, worst_cases.STEPS)


def edition_section() -> list[str]:
    """Edit → reloaded page under `serve`, on copies of the real and the ×10 project."""
    # `serve` may still be indexing the last edit's restore when it is stopped.
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        print("Écrire et voir (serve), données réelles…", flush=True)
        real = bench_edition.measure(copy_project(Path(tmp) / "reel"), Path(tmp) / "reel.log")
        project, _, _ = multiplied_project(Path(tmp) / "x10", SCALE)
        print(f"Écrire et voir (serve), données ×{SCALE}…", flush=True)
        scaled = bench_edition.measure(project, Path(tmp) / "x10.log")
    return bench_edition.section(real, scaled, SCALE)


def phone_section() -> list[str]:
    """The phone-profile section alone, on a site built for it."""
    with tempfile.TemporaryDirectory() as tmp:
        site, port = Path(tmp) / "site", free_port()
        build(ROOT, site=site, work=Path(tmp) / "work", site_url=f"http://127.0.0.1:{port}/")
        print("Profil de téléphone…", flush=True)
        return bench_phone.phone_section(phone_timings(site, port, PHONE_RUNS))


def on_a_site_built_here(section) -> list[str]:
    """`section(site, port)` on a site built into a scratch folder for that port."""
    with tempfile.TemporaryDirectory() as tmp:
        site, port = Path(tmp) / "site", free_port()
        build(ROOT, site=site, work=Path(tmp) / "work", site_url=f"http://127.0.0.1:{port}/")
        return section(site, port)


def dice_section(site: Path | None = None, port: int | None = None) -> list[str]:
    """Dice buttons of the text: the largest laws the limits allow, and tap → roll on
    loopback and on the phone profile; on `site` served at `port`, or on a site built here."""
    from playwright.sync_api import sync_playwright

    if site is None:
        return on_a_site_built_here(dice_section)
    print("Dés du texte…", flush=True)
    slowest, cpython = bench_dice.law_cpython()
    pyodide = bench_dice.law_pyodide(site, slowest)
    httpd, base = start_server(site, port)
    try:
        with sync_playwright() as playwright:
            taps = bench_dice.dice_timings(playwright, base, CHROMIUM, CHROMIUM_ARGS, PHONE_RUNS)
    finally:
        httpd.shutdown()
    return bench_dice.dice_section(taps, slowest, cpython, pyodide)


def partie_section(site: Path | None = None, port: int | None = None) -> list[str]:
    """« Mener la partie »: tap → roll on the phone profile, and no request for Python; on
    `site` served at `port`, or on a site built here."""
    from playwright.sync_api import sync_playwright

    if site is None:
        return on_a_site_built_here(partie_section)
    print("Mener la partie…", flush=True)
    httpd, base = start_server(site, port)
    try:
        with sync_playwright() as playwright:
            found = bench_partie.partie_timings(
                playwright, base, CHROMIUM, CHROMIUM_ARGS, PHONE_RUNS
            )
    finally:
        httpd.shutdown()
    return bench_partie.partie_section(found)


def lighthouse_section(site: Path | None = None) -> list[str]:
    """Lighthouse's accessibility scores, on `site` or on a site built for the purpose."""
    if site is not None:
        httpd, base = start_server(site)
        try:
            return lighthouse.section(base, site, CHROMIUM, CHROMIUM_ARGS)
        finally:
            httpd.shutdown()
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        built = Path(tmp) / "site"
        print("Construction du site pour Lighthouse…", flush=True)
        build(ROOT, site=built, work=Path(tmp) / "work", site_url=f"http://127.0.0.1:{port}/")
        httpd, base = start_server(built, port)
        try:
            return lighthouse.section(base, built, CHROMIUM, CHROMIUM_ARGS)
        finally:
            httpd.shutdown()


TESTS_TITLE = "## Tests (`make test`)"
# The measure of main before the three tiers of tests, on a fresh clone of the same machine.
TESTS_BEFORE = (
    "Avant les trois étages de tests (clone neuf, un seul processus) : 913 tests en "
    "**23 min 10 s** (après 3 min d'installation), 8 min 50 s de CPU utilisateur, et un échec "
    "(test hors ligne dépendant des dates de fichiers)."
)


TIERS = ("unit", "build", "browser")


def tier_seconds(junit: Path) -> dict[str, float]:
    """{tier: worker-seconds} of a pytest run, from its JUnit report: what each tier costs
    the machine, whatever the workers' overlap."""
    import xml.etree.ElementTree as ElementTree

    spent = dict.fromkeys(TIERS, 0.0)
    for case in ElementTree.parse(junit).iter("testcase"):
        tier = case.get("classname", "").split(".")[1:2]
        if tier and tier[0] in spent:
            spent[tier[0]] += float(case.get("time", 0))
    return spent


def node_tests() -> tuple[float, str]:
    """(wall seconds, outcome) of the browser code's unit tests (tests/js, node --test)."""
    began = time.perf_counter()
    done = subprocess.run(["node", "--test", "tests/js/"], cwd=ROOT, capture_output=True, text=True)
    counts = dict(re.findall(r"^# (pass|fail) (\d+)$", done.stdout, re.M))
    outcome = f"{counts.get('pass', '?')} passed, {counts.get('fail', '?')} failed"
    return time.perf_counter() - began, outcome


def tests_section(runs: int = 1) -> list[str]:
    """`make test` as CI runs it: the Node tier, then pytest's wall time, outcome, the
    worker-seconds of each of its tiers and the slowest tests."""
    lines = [
        TESTS_TITLE,
        "",
        TESTS_BEFORE,
        "",
        "| Passage | Node (tests/js) | pytest (mur) | Issue | unit | build | browser |",
        "|---|---|---|---|---|---|---|",
    ]
    slowest: list[str] = []
    junit = ROOT / "build" / "bench-tests.xml"
    junit.parent.mkdir(exist_ok=True)
    for number in range(1, runs + 1):
        print(f"Tests, passage {number}…", flush=True)
        node_wall, node_outcome = node_tests()
        began = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-n", "auto", "-q", "-p", "no:cacheprovider"]
            + ["--durations=25", f"--junitxml={junit}"],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        minutes, seconds = divmod(round(time.perf_counter() - began), 60)
        output = done.stdout.splitlines()
        outcome = next((x for x in reversed(output) if " in " in x and "passed" in x), "?")
        spent = tier_seconds(junit) if junit.exists() else dict.fromkeys(TIERS, 0.0)
        lines.append(
            f"| {number} | {node_wall:.1f} s ({node_outcome}) | {minutes} min {seconds:02d} s "
            f"| {outcome.strip('= ')} | "
            + " | ".join(f"{round(spent[tier])} s" for tier in TIERS)
            + " |"
        )
        start = next((i for i, x in enumerate(output) if "slowest 25 durations" in x), None)
        if start is not None:
            slowest = [x for x in output[start + 1 : start + 26] if x.strip()]
    lines += [
        "",
        "unit, build, browser : secondes de travail des processus de test par étage (somme des "
        "durées de leurs tests, lue dans le rapport JUnit), que les cœurs se partagent.",
        "",
        "Les 25 tests les plus longs (dernier passage) :",
        "",
        "```",
        *slowest,
        "```",
    ]
    return lines


def replace_section(report: str, lines: list[str]) -> str:
    """`report` with the section that starts with lines[0] replaced (added if absent);
    the other sections keep their figures."""
    title, text = lines[0], "\n".join(lines) + "\n"
    if title not in report:
        return report.rstrip("\n") + "\n\n" + text
    before, _, rest = report.partition(title)
    after = rest.find("\n## ")
    return before + text + ("" if after < 0 else rest[after:])


# --- report ----------------------------------------------------------------------------


def machine() -> str:
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor(),
    )
    chromium = subprocess.run(
        [CHROMIUM, "--version"], capture_output=True, text=True
    ).stdout.strip()
    return f"{os.cpu_count()} cœurs ({cpu}), Python {platform.python_version()}, {chromium}, Node {subprocess.run(['node', '--version'], capture_output=True, text=True).stdout.strip()}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--seulement",
        choices=["pires-cas", "edition", "telephone", "des", "partie", "lighthouse", "tests"],
        help="une seule section, mise à jour dans docs/benchmarks.md (les autres restent)",
    )
    only = parser.parse_args().seulement
    if only:
        path = ROOT / "docs" / "benchmarks.md"
        sections = {
            "pires-cas": worst_cases_section,
            "edition": edition_section,
            "telephone": phone_section,
            "des": dice_section,
            "partie": partie_section,
            "lighthouse": lighthouse_section,
            "tests": tests_section,
        }
        lines = sections[only]()
        path.write_text(replace_section(path.read_text(encoding="utf-8"), lines), encoding="utf-8")
        print("\n".join(lines))
        return
    print("Construction du site réel…", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        real = time_builds(ROOT, BUILD_RUNS, Path(tmp) / "site")
    with tempfile.TemporaryDirectory() as tmp:
        project, entities, chapters = multiplied_project(Path(tmp) / "x10", SCALE)
        print(f"Construction ×{SCALE} ({entities} entités, {chapters} chapitres)…", flush=True)
        scaled = time_builds(project, 3, Path(tmp) / "site")
        print(f"Trouveur ×{SCALE}…", flush=True)
        finder_scaled = finder_timing(Path(tmp) / "site", BROWSER_RUNS)
    with tempfile.TemporaryDirectory() as tmp:
        site, port = Path(tmp) / "site", free_port()
        build(ROOT, site=site, work=Path(tmp) / "work", site_url=f"http://127.0.0.1:{port}/")
        print("Mesures dans Chromium…", flush=True)
        web = browser_timings(site, port, BROWSER_RUNS)
        print("Premier passage (service worker actif)…", flush=True)
        web["premier_passage"] = first_visit_bytes(site, BROWSER_RUNS)
        print("Profil de téléphone…", flush=True)
        phone = phone_timings(site, port, PHONE_RUNS)
        dice = dice_section(site, port)
        partie = partie_section(site, port)
        print("Moteur…", flush=True)
        cpython, pyodide = engine_cpython(), engine_pyodide(site)
        worst = worst_cases_section(site)
        print("Lighthouse…", flush=True)
        audits = lighthouse_section(site)

    ratio_build = scaled["total"] / real["total"]
    ratio_cold = web["recalcul_froid"] / web["pyodide_nu"]
    lines = [
        "# Mesures de performance",
        "",
        f"Commande : `make bench` (script `scripts/bench.py`), le {time.strftime('%Y-%m-%d')}.",
        f"Machine : {machine()}.",
        f"Chaque valeur est la médiane de plusieurs exécutions ({BUILD_RUNS} constructions, 3 à ×{SCALE}, {BROWSER_RUNS} profils de navigateur neufs) ; les rapports comparent des mesures de la même exécution.",
        "",
        "## Construction du site",
        "",
        "| Jeu de données | Générateur | MkDocs | Total |",
        "|---|---|---|---|",
        f"| réel | {real['generateur']:.2f} s | {real['mkdocs']:.2f} s | {real['total']:.2f} s |",
        f"| ×{SCALE} ({entities} entités, {chapters} chapitres) | {scaled['generateur']:.2f} s | {scaled['mkdocs']:.2f} s | {scaled['total']:.2f} s |",
        "",
        f"Rapport ×{SCALE} / réel : **{ratio_build:.1f}×** (objectif : au plus {SCALE}×). Seules les données sont multipliées (copies des entités) ; les chapitres écrits à la main restent les mêmes. Le générateur copie à chaque fois le runtime Pyodide (≈ 13 Mo), coût fixe.",
        "",
        "## Calculateurs dans Chromium (headless, profil neuf)",
        "",
        "| Mesure | Médiane |",
        "|---|---|",
        f"| Démarrage nu de Pyodide dans un worker (référence) | {web['pyodide_nu']:.0f} ms |",
        f"| Navigation → premier résultat correct (pré-calculé dans la page) | {web['pre_rendu']:.0f} ms |",
        f"| Navigation → premier résultat recalculé par Pyodide après une saisie (froid) | {web['recalcul_froid']:.0f} ms |",
        f"| Saisie → résultat recalculé sur une 2ᵉ page de calculateur, même session (chaud) | {web['recalcul_chaud']:.0f} ms |",
        "",
        f"Froid / démarrage nu : **{ratio_cold:.2f}×** (objectif : au plus 1,2×). Chaud : objectif 150 ms. "
        "Le cache hors ligne (service worker) est bloqué pendant ces mesures : sur un vrai "
        "premier passage, il garde ensuite ce que la page a chargé (et, sur un calculateur, "
        "le moteur), une fois Python prêt.",
        "",
        *bench_phone.phone_section(phone),
        "",
        *dice,
        "",
        *partie,
        "",
        "## Octets transférés (profil neuf)",
        "",
        "| Page | Octets envoyés | Compressés (gzip) |",
        "|---|---|---|",
        f"| Chapitre de règles (`/divin6/regles/combat/`), index de recherche non chargé | {web['octets_regles'] / 1024:.0f} Kio | {web['gz_regles'] / 1024:.0f} Kio |",
        f"| Trouveur (`/trouver/`), index des entités compris | — | {web['gz_trouveur'] / 1024:.0f} Kio |",
        f"| Calculateur (`/reserve-d6/calculateurs/reserve/`), moteur chargé | {web['octets_calcul'] / 1024 / 1024:.1f} Mio | {web['gz_calcul'] / 1024 / 1024:.1f} Mio |",
        f"| Premier passage sur `{FIRST_VISIT}`, téléphone, service worker actif, 40 premières secondes (compté par le serveur, qui compresse) | — | {web['premier_passage'] / 1024:.0f} Kio |",
        "",
        f"Premier passage : objectif au plus {BUDGET_BYTES / 1024:.0f} Kio ; la copie complète du",
        "site ne se fait que sur demande du lecteur (page « Consulter hors ligne »).",
        "",
        "La colonne « compressés » additionne, fichier par fichier, la taille gzip (niveau 6) de",
        "ce que la page a demandé : ce qu'un serveur qui compresse enverrait.",
        "",
        "## Trouver",
        "",
        "| Mesure | Médiane |",
        "|---|---|",
        f"| Recherche : frappe → résultats, première requête (l'index se charge alors) | {web['recherche_premiere']:.0f} ms |",
        f"| Recherche : frappe → résultats, requêtes suivantes | {web['recherche_suivante']:.0f} ms |",
        f"| Trouveur : filtrer toutes les entités des cinq systèmes (condition « dexterite ») | {web['trouveur_filtre']:.1f} ms |",
        f"| Trouveur : le même filtre sur les données ×{SCALE} ({entities} entités) | {finder_scaled:.1f} ms |",
        "",
        "## Moteur sur les entrées les plus lourdes",
        "",
        "| Calcul | CPython | Pyodide (Node) |",
        "|---|---|---|",
    ]
    for (system, calc_id, query), (_, _, spelled) in zip(HEAVY, heavy_cases(), strict=True):
        key = f"{system}/{calc_id} {sorted(spelled.items())}"  # one calculator may appear twice
        shown = ", ".join(f"{k}={v}" for k, v in query.items()) or "valeurs par défaut"
        lines.append(
            f"| {system}/{calc_id} ({shown[:80]}{'…' if len(shown) > 80 else ''}) | {cpython[key]:.1f} ms | {pyodide[key]:.1f} ms |"
        )
    slowest = max(pyodide.values())
    lines += ["", f"Le plus lent sur Pyodide : **{slowest:.1f} ms** (objectif : au plus 50 ms)."]
    lines += ["", *worst, "", *audits, "", *edition_section()]
    report = "\n".join(lines) + "\n"
    # The tests' section takes ten minutes: measured alone (--seulement tests), kept here.
    previous = ROOT / "docs" / "benchmarks.md"
    if previous.exists() and TESTS_TITLE in (old := previous.read_text(encoding="utf-8")):
        kept = old.partition(TESTS_TITLE)[2]
        end = kept.find("\n## ")
        section = (TESTS_TITLE + (kept if end < 0 else kept[:end])).rstrip("\n")
        report = replace_section(report, section.split("\n"))
    (ROOT / "docs").mkdir(exist_ok=True)
    (ROOT / "docs" / "benchmarks.md").write_text(report, encoding="utf-8")
    print(report)


if __name__ == "__main__":
    main()
