"""« Mener la partie » (make bench): on the partie page of a system whose order is rolled
(`partie.ordre.mode: jet`), a tap on the round's roll button (« Lancer l'initiative », then
« Round suivant », which rolls again) → the new order drawn, on the phone profile
(bench_phone: 390 px, touch, CPU slowed); and the requests the whole session makes for
Python's files (goal: none, and 100 ms at most).
"""

from __future__ import annotations

import math
import os
import statistics

import bench_phone
from partie_session import python_requests, rolled_order_systems, run_session

ROLLS = 8  # « Round suivant » taps per fresh profile, after « Lancer l'initiative »
GOAL_MS = 100

# Functions, not expressions: the pages' Content-Security-Policy forbids evaluating strings.
# Each tap on a roll button, and the moment the frame that shows the new round is drawn:
# a task posted from that frame's animation callback runs once the frame's style, layout
# and paint are done (an animation callback alone runs before them: a layout the page
# leaves to the frame would not be counted).
WATCH = """() => { window.benchRolls = [];
  const label = () => document.querySelector('.srd-partie-round')?.textContent;
  const afterFrame = (then) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = then;
    channel.port2.postMessage(0);
  });
  document.addEventListener('click', (e) => {
    if (e.target.closest('[data-action="commencer"], [data-action="round"], [data-action="table"]'))
      window.benchRolls.push({ tap: e.timeStamp, before: label() });
  }, true);
  new MutationObserver(() => {
    const last = window.benchRolls[window.benchRolls.length - 1];
    if (last && last.seen === undefined && label() !== last.before) {
      last.seen = true;
      afterFrame(() => { last.shown = performance.now(); });
    }
  }).observe(document.body, { childList: true, subtree: true, characterData: true }); }"""
LAST_ROLL = """() => { const last = window.benchRolls[window.benchRolls.length - 1];
  return last !== undefined && last.shown !== undefined && last.shown - last.tap; }"""


def percentile95(times: list[float]) -> float:
    """The 95th percentile (nearest rank: 95 % of the taps took at most this)."""
    ranked = sorted(times)
    return ranked[max(0, math.ceil(0.95 * len(ranked)) - 1)]


def partie_timings(playwright, base: str, chromium: str, args: list[str], runs: int) -> dict:
    """Over `runs` fresh phone profiles: every tap → roll shown (ms), and the URLs of
    Python's files the sessions asked for."""
    system = rolled_order_systems()[0]
    times: list[float] = []
    asked: list[str] = []
    for _ in range(runs):
        with bench_phone.phone(playwright, chromium, args) as page:
            asked += python_requests(page)

            def roll(page, name: str) -> None:
                if not page.evaluate("() => Array.isArray(window.benchRolls)"):
                    page.evaluate(WATCH)  # the session's page is loaded by now
                page.get_by_role("button", name=name).tap()
                times.append(page.wait_for_function(LAST_ROLL, timeout=30_000).json_value())

            run_session(page, f"{base}/{system}/partie/", rolls=ROLLS, roll=roll)
    return {
        "systeme": system,
        "taps": len(times),
        "mediane": statistics.median(times),
        "centile95": percentile95(times),
        "pire": max(times),
        "python": sorted(set(asked)),
    }


def partie_section(found: dict) -> list[str]:
    python = found["python"]
    said = ", ".join(f"`{url}`" for url in python) if python else "aucune"
    held = found["mediane"] <= GOAL_MS and found["centile95"] <= GOAL_MS
    verdict = "tenu" if held and not python else "**manqué**"
    return [
        "## Mener la partie",
        "",
        f"Page `/{found['systeme']}/partie/` (premier système dont l'ordre est tiré aux dés, "
        f"`partie.ordre.mode: jet`), profil de téléphone ({bench_phone.PHONE['width']} px, "
        f"tactile, processeur ralenti {bench_phone.CPU_SLOWDOWN}×), profil neuf : de l'appui "
        "sur « Lancer l'initiative » ou « Round suivant » (qui relance l'ordre) à l'image qui "
        "montre le nouvel ordre, dessinée (style, mise en page et peinture comptés). La session entière (chargement, deux combattants, jet, "
        "dégâts, état, tour et rounds suivants, table s'il y en a) écoute les requêtes faites "
        "pour les fichiers de Python (worker du moteur, Pyodide, roue).",
        "",
        "| Mesure | Médiane | 95e centile | Pire | Objectif |",
        "|---|---|---|---|---|",
        f"| Appui → jet affiché ({found['taps']} appuis) | {found['mediane']:.0f} ms "
        f"| {found['centile95']:.0f} ms | {found['pire']:.0f} ms "
        f"| au plus {GOAL_MS} ms (médiane et 95e centile) |",
        f"| Requêtes pour Python pendant la session | {len(python)} | | | 0 |",
        "",
        f"Objectif {verdict}. Requêtes pour Python : {said}. Charge moyenne de la machine sur "
        f"les 5 dernières minutes : {os.getloadavg()[1]:.0f} pour {os.cpu_count()} cœurs.",
    ]
