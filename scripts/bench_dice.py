"""Dice buttons of the text (make bench): the law of the largest expressions the limits of
engine/roll_tags.py allow, timed on CPython (the build writes it) and on Pyodide; and a tap on a
`{@des}` button → the roll shown, on loopback and on the phone profile (bench_phone), the
requests that would start Python counted (goal: none, and 100 ms at most).
"""

from __future__ import annotations

import json
import os
import re
import statistics
import time

import bench_phone

from generator.engine import roll_tags

DICE_PAGE = "/divin6/regles/combat/"
# What starts Python in a page: the calculators' worker, Pyodide's files, the engine wheel.
PYTHON_FILES = re.compile(r"/assets/(calc-worker\.mjs|pyodide/|wheels/)")
RELAUNCHES = 5  # « Relancer » taps after the first tap, per fresh profile
LAW_RUNS = 5

# Functions, not expressions: the pages' Content-Security-Policy forbids evaluating strings.
# Each tap on a dice button or « Relancer », and the frame after its roll is written.
WATCH = """() => { window.benchRolls = [];
  document.addEventListener('click', (e) => {
    if (e.target.closest('button.srd-des, [data-relancer]')) window.benchRolls.push({ tap: e.timeStamp });
  }, true);
  new MutationObserver(() => {
    const last = window.benchRolls[window.benchRolls.length - 1];
    const jet = document.querySelector('.srd-des-jet');
    if (last && last.shown === undefined && jet && jet.textContent.startsWith('Jet'))
      requestAnimationFrame(() => { if (last.shown === undefined) last.shown = performance.now(); });
  }).observe(document.body, { childList: true, subtree: true, characterData: true }); }"""
LAST_ROLL = """() => { const last = window.benchRolls[window.benchRolls.length - 1];
  return last !== undefined && last.shown !== undefined && last.shown - last.tap; }"""


def largest_expressions() -> list[str]:
    """For each number of dice the limits allow, the most faces they allow with it."""
    return [
        f"{n}d{min(roll_tags.MAX_FACES, (roll_tags.MAX_TOTALS - 1) // n + 1)}"
        for n in range(1, roll_tags.MAX_DICE + 1)
    ]


def law_cpython() -> tuple[str, tuple[float, float]]:
    """The slowest of the largest expressions on CPython, and its median and best times
    (ms), law and written summary (`roll_tags.page_data`, what the build does for each tag)."""
    times = {}
    for expression in largest_expressions():
        runs = []
        for _ in range(LAW_RUNS):
            start = time.perf_counter()
            roll_tags.page_data(expression)
            runs.append(time.perf_counter() - start)
        times[expression] = (statistics.median(runs) * 1000, min(runs) * 1000)
    slowest = max(times, key=lambda expression: times[expression][0])
    return slowest, times[slowest]


def law_pyodide(site, expression: str) -> tuple[float, float]:
    """The median and best times (ms) of the same work on Pyodide (Node), with the
    site's wheel."""
    from worst_cases import run_on_pyodide

    code = (
        "import json, time\nfrom generator.engine import roll_tags\nruns = []\n"
        f"for _ in range({LAW_RUNS}):\n"
        f"    t = time.perf_counter(); roll_tags.page_data({expression!r}); "
        "runs.append(time.perf_counter() - t)\n"
        "json.dumps([sorted(runs)[len(runs) // 2] * 1000, min(runs) * 1000])"
    )
    return tuple(json.loads(run_on_pyodide(site, code)))


def roll_times(page, base: str, touch: bool) -> tuple[float, list[float], int]:
    """On the dice page: the first tap's time to its roll shown, the next ones' (« Relancer »),
    and the requests made for Python's files meanwhile."""
    asked = []
    page.on(
        "request",
        lambda request: asked.append(request.url) if PYTHON_FILES.search(request.url) else None,
    )
    page.goto(base + DICE_PAGE)
    page.wait_for_function("() => globalThis.srdDes !== undefined")
    page.evaluate(WATCH)

    def press(locator) -> float:
        locator.tap() if touch else locator.click()
        return page.wait_for_function(LAST_ROLL, timeout=30_000).json_value()

    first = press(page.locator("button.srd-des").first)
    again = page.get_by_role("dialog").get_by_role("button", name="Relancer")
    return first, [press(again) for _ in range(RELAUNCHES)], len(asked)


def dice_timings(playwright, base: str, chromium: str, args: list[str], runs: int) -> dict:
    """Medians over `runs` fresh profiles, on loopback and on the phone profile."""
    found: dict[str, dict[str, list]] = {
        profile: {"premier": [], "suivants": [], "python": []}
        for profile in ("bureau", "telephone")
    }
    for _ in range(runs):
        browser = playwright.chromium.launch(executable_path=chromium, args=args)
        try:
            context = browser.new_context(service_workers="block")
            measured = roll_times(context.new_page(), base, touch=False)
        finally:
            browser.close()
        with bench_phone.phone(playwright, chromium, args) as page:
            for profile, (first, others, python) in (
                ("bureau", measured),
                ("telephone", roll_times(page, base, touch=True)),
            ):
                found[profile]["premier"].append(first)
                found[profile]["suivants"] += others
                found[profile]["python"].append(python)
    return {
        profile: {
            "premier": statistics.median(values["premier"]),
            "suivants": statistics.median(values["suivants"]),
            "pire": max(values["premier"] + values["suivants"]),
            "python": max(values["python"]),
        }
        for profile, values in found.items()
    }


def dice_section(
    taps: dict, slowest: str, cpython: tuple[float, float], pyodide: tuple[float, float]
) -> list[str]:
    """`cpython` and `pyodide`: the median and best times (ms) of the heaviest law."""
    python = max(profile["python"] for profile in taps.values())
    rows = [
        f"| {name} | {taps[key]['premier']:.0f} ms | {taps[key]['suivants']:.0f} ms "
        f"| {taps[key]['pire']:.0f} ms | {taps[key]['python']} |"
        for key, name in (
            ("bureau", "Boucle locale, profil neuf"),
            (
                "telephone",
                f"Téléphone ({bench_phone.PHONE['width']} px, processeur ralenti "
                f"{bench_phone.CPU_SLOWDOWN}×), profil neuf",
            ),
        )
    ]
    return [
        "## Dés du texte",
        "",
        f"Un bouton `{{@des}}` de `{DICE_PAGE}` : de l'appui à l'image qui suit le jet écrit "
        "(premier appui, puis « Relancer »), et les requêtes faites pour les fichiers de "
        "Python (worker du moteur, Pyodide, roue).",
        "",
        "| Profil | Premier appui (médiane) | Relancer (médiane) | Pire | Requêtes pour Python |",
        "|---|---|---|---|---|",
        *rows,
        "",
        f"Premier appui → jet, en médiane : **{taps['bureau']['premier']:.0f} ms** en local, "
        f"**{taps['telephone']['premier']:.0f} ms** sur le profil de téléphone (objectif : au "
        f"plus 100 ms), **{python}** requête pour Python. La loi exacte et les termes de chaque "
        "expression sont écrits dans son bouton à la construction ; la page tire les dés "
        "elle-même (`crypto.getRandomValues`, rejet des mots de la dernière tranche incomplète).",
        "",
        "Charge moyenne de la machine sur les 5 dernières minutes de la mesure : "
        f"{os.getloadavg()[1]:.0f} pour {os.cpu_count()} cœurs.",
        "",
        f"Loi la plus lourde que les limites permettent ({roll_tags.MAX_DICE} dés, {roll_tags.MAX_FACES} "
        f"faces, {roll_tags.MAX_TOTALS} totaux, `engine/roll_tags.py`) : `{slowest}`, loi et résumé écrits "
        f"en **{cpython[0]:.1f} ms** (meilleur de {LAW_RUNS} : {cpython[1]:.1f} ms) sur "
        f"CPython, à la construction, et en {pyodide[0]:.1f} ms (meilleur : {pyodide[1]:.1f} "
        "ms) sur Pyodide (Node) (objectif : au plus 50 ms).",
    ]
