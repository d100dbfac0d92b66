// A table wider than the page scrolls in its own box (Material's `.md-typeset__scrollwrap`):
// such a box must be reachable and scrollable by keyboard, and say what it holds.
// Re-bound on each page Material's instant navigation shows.
import { onEachPage } from "./commun.js";
import { ROOT } from "./lib/contrat.js";

// « Tableau 2 : Atout, Condition » — numbered, since two tables may share their columns.
function tableLabel(box, number) {
  const table = box.querySelector("table");
  const caption = table?.caption?.textContent.trim();
  const headers = [...(table?.tHead?.rows[0]?.cells || [])].map((cell) => cell.textContent.trim());
  const what = caption || headers.filter(Boolean).slice(0, 3).join(", ");
  return what ? `Tableau ${number}\u00a0: ${what}` : `Tableau ${number}`;
}

function bindScrollBoxes() {
  const boxes = document.querySelectorAll(".md-typeset__scrollwrap");
  boxes.forEach((box, index) => {
    if (box.hasAttribute("tabindex")) return;
    box.setAttribute("tabindex", "0");
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", tableLabel(box, index + 1));
  });
}

// A table of 4 or 5 columns (`data-forme="mesure"`, see docs/decisions.md) becomes one
// block per row on a phone only if, laid out as a table, it is wider than its box.
function fitTables(root = document) {
  for (const table of root.querySelectorAll('table[data-forme="mesure"]')) {
    table.removeAttribute("data-trop-large");
    // Material's box around a table grows with it: the box that scrolls is the measure.
    const box = table.closest(".md-typeset__scrollwrap, .srd-table-scroll") || table.parentElement;
    if (table.getBoundingClientRect().right > box.getBoundingClientRect().right + 1) {
      table.setAttribute("data-trop-large", "");
    }
  }
}

// A calculator redraws its result: its new tables are measured in turn.
function watchResults() {
  for (const result of document.querySelectorAll(ROOT)) {
    if (result.dataset.tableauxSuivis) continue;
    result.dataset.tableauxSuivis = "1";
    new MutationObserver(() => fitTables(result)).observe(result, { childList: true, subtree: true });
  }
}

function layOutTables() {
  bindScrollBoxes();
  fitTables();
  watchResults();
  document.documentElement.dataset.tableaux = "prets"; // for the phone-width test
}

let resizing = 0;
addEventListener("resize", () => {
  cancelAnimationFrame(resizing);
  resizing = requestAnimationFrame(() => fitTables());
});

// After Material's own subscriber has wrapped the tables of the page.
onEachPage(() => requestAnimationFrame(layOutTables));
