// A rollable table's page: « Lancer » draws a total with the table's law (crypto, no
// Python) and marks the row it gives. Loaded by lancer.js only on a page that has one.
import { drawnBelow } from "./lib/hasard.js";
import { rollTable } from "./lib/partie.js";

const ROLLED = "srd-tirage-tiree";

// The table the box rolls: the first table after it on the page.
function tableAfter(box) {
  let next = box.nextElementSibling;
  while (next && !next.querySelector("table") && next.tagName !== "TABLE") next = next.nextElementSibling;
  return next && (next.tagName === "TABLE" ? next : next.querySelector("table"));
}

function marked(rows, index) {
  rows.forEach((row, i) => {
    row.classList.toggle(ROLLED, i === index);
    if (i === index) row.setAttribute("aria-current", "true");
    else row.removeAttribute("aria-current");
  });
}

export function bindRollableTable(box) {
  const data = JSON.parse(box.dataset.tirage);
  const table = tableAfter(box);
  const button = box.querySelector(".srd-tirage-bouton");
  const said = box.querySelector(".srd-tirage-resultat");
  if (!table || !button || box.dataset.lie) return;
  box.dataset.lie = "1";
  const rows = [...table.querySelectorAll("tbody tr")];
  button.hidden = false;
  button.addEventListener("click", () => {
    const { total, row } = rollTable(data, drawnBelow);
    const index = data.lignes.indexOf(row);
    marked(rows, index);
    const cells = index >= 0 ? [...rows[index].cells].slice(1, -1).map((c) => c.textContent.trim()) : [];
    said.textContent = `Résultat\u00a0: ${total}${cells.length ? ` — ${cells.join(", ")}` : ""}`;
  });
}
