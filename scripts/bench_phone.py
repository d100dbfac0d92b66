"""Calculators on a phone profile (make bench): a 390 px screen, touch, and the CPU slowed
4× through the DevTools protocol (Emulation.setCPUThrottlingRate), as a mid-range phone.

Two figures: a tap on a stepper → the new key figure in the bar (goal: 300 ms at most),
and the cold first answer from a shared link as a ratio to a bare Pyodide start measured
on the same profile in the same run (goal: kept at about 1.0×).
"""

from __future__ import annotations

import statistics
import tempfile
from contextlib import contextmanager

CPU_SLOWDOWN = 4
PHONE = {"width": 390, "height": 844}
TAPS = 6  # per calculator and per run: + and − in turn

# (page with a shared link, the field whose + and − are tapped)
STEPPED = (
    ("/reserve-d6/calculateurs/reserve/?caracteristique=5&competence=3", "reserve-competence"),
    ("/skillcraft/calculateurs/fiche/?experience=2000", "fiche-agilite"),
)

# Functions, not expressions: the pages' Content-Security-Policy forbids evaluating strings.
ANSWERED = "() => document.querySelector('.srd-calc').dataset.state !== 'busy' && performance.now()"
# Each tap, and each answer of the engine shown (the form's state back from « busy »).
TAPPED = """() => { window.benchTaps = []; window.benchShown = [];
  document.addEventListener('click', (e) => window.benchTaps.push(e.timeStamp), true);
  const root = document.querySelector('.srd-calc');
  new MutationObserver(() => root.dataset.state !== 'busy' && window.benchShown.push(performance.now()))
    .observe(root, { attributes: true, attributeFilter: ['data-state'] }); }"""
# The answer to the last tap is shown: the time since that tap.
NEW_FIGURE = """() => { const tap = window.benchTaps[window.benchTaps.length - 1];
  const shown = window.benchShown.find((t) => t > tap);
  return shown !== undefined && shown - tap; }"""


@contextmanager
def phone(playwright, chromium: str, args: list[str]):
    """A new phone profile (nothing cached), its CPU slowed down."""
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=chromium,
            args=args,
            service_workers="block",
            viewport=PHONE,
            is_mobile=True,
            has_touch=True,
            device_scale_factor=3,
        )
        page = context.new_page()
        page.set_default_navigation_timeout(300_000)  # a slowed CPU on a shared machine
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        try:
            yield page
        finally:
            context.close()


def tap_times(page, field_id: str, engine: list[float]) -> list[float]:
    """Milliseconds from each tap on the field's steppers to the new key figure; the
    engine's share of each (Python in the worker) is appended to `engine`."""
    page.evaluate(TAPPED)
    times = []
    for n in range(TAPS):
        step = "1" if n % 2 == 0 else "-1"
        page.locator(f"#{field_id}").locator(f"xpath=..//button[@data-pas='{step}']").tap()
        times.append(page.wait_for_function(NEW_FIGURE, timeout=30_000).json_value())
        engine.append(float(page.locator(".srd-calc").get_attribute("data-moteur-ms") or "nan"))
    return times


def phone_timings(playwright, base: str, chromium: str, args: list[str], runs: int) -> dict:
    """Medians over `runs` fresh profiles: bare Pyodide start, cold answer to a shared
    link, and the tap → key figure time of each calculator of STEPPED."""
    bare, cold = [], []
    taps: dict[str, list[float]] = {path: [] for path, _ in STEPPED}
    engine: dict[str, list[float]] = {path: [] for path, _ in STEPPED}
    for _ in range(runs):
        with phone(playwright, chromium, args) as page:
            page.goto(f"{base}/bench-bare.html")
            bare.append(
                page.wait_for_function("() => window.pyodideReadyAt", timeout=300_000).json_value()
            )
        with phone(playwright, chromium, args) as page:
            for n, (path, field_id) in enumerate(STEPPED):
                page.goto(f"{base}{path}")
                answered = page.wait_for_function(ANSWERED, timeout=300_000).json_value()
                if n == 0:
                    cold.append(answered)
                taps[path] += tap_times(page, field_id, engine[path])
    return {
        "pyodide_nu": statistics.median(bare),
        "lien_froid": statistics.median(cold),
        "taps": {path: statistics.median(times) for path, times in taps.items()},
        "taps_max": {path: max(times) for path, times in taps.items()},
        "moteur": {path: statistics.median(times) for path, times in engine.items()},
    }


def phone_section(web: dict) -> list[str]:
    lines = [
        "## Calculateurs sur un profil de téléphone",
        "",
        f"Chromium, profil neuf, écran de {PHONE['width']} px, tactile, processeur ralenti "
        f"{CPU_SLOWDOWN}× par le protocole DevTools (`Emulation.setCPUThrottlingRate`).",
        "",
        "| Mesure | Médiane | Pire | Dont Python (médiane) |",
        "|---|---|---|---|",
        f"| Démarrage nu de Pyodide dans un worker (référence) | {web['pyodide_nu']:.0f} ms | | |",
        f"| Lien partagé → première réponse du moteur (froid) | {web['lien_froid']:.0f} ms | | |",
    ]
    for path, _ in STEPPED:
        lines.append(
            f"| Appui sur + ou − → nouveau chiffre clé (`{path.split('?')[0]}`) "
            f"| {web['taps'][path]:.0f} ms | {web['taps_max'][path]:.0f} ms "
            f"| {web['moteur'][path]:.0f} ms |"
        )
    ratio = web["lien_froid"] / web["pyodide_nu"]
    shown_ratio = f"{ratio:.2f}".replace(".", ",")
    slowest = max(web["taps"].values())
    lines += [
        "",
        f"Froid / démarrage nu : **{shown_ratio}×** (objectif : environ 1,0×). "
        f"Appui → chiffre clé : **{slowest:.0f} ms** au plus en médiane (objectif : au plus 300 ms).",
        "Un appui (bouton + ou −, liste, case, coup du Talon) est calculé aussitôt ; seule la "
        "frappe attend 80 ms la touche suivante. « Dont Python » : le temps du moteur dans le "
        "worker ; le reste est l'aller-retour des messages et la mise à jour de la page.",
        "Sur une page de calculateur, le moteur démarre dès l'en-tête (`assets/moteur-tot.js`) "
        "pendant que la page se charge, et sa première réponse ne compile que les modules "
        "qu'elle emploie (`tests/browser/test_engine_startup.py`).",
    ]
    return lines
