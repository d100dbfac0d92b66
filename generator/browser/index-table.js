// Index pages: a filter box and sortable columns for every table inside `.srd-index`.
// Re-bound on each page Material's instant navigation shows.
import { onEachPage } from "./commun.js";
import { collator, plain } from "./lib/texte.js";

function makeSortable(table) {
  const body = table.tBodies[0];
  [...table.tHead.rows[0].cells].forEach((header, column) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "srd-sort";
    button.textContent = header.textContent;
    button.title = "Trier par cette colonne";
    header.replaceChildren(button);
    header.setAttribute("aria-sort", "none");
    button.addEventListener("click", () => {
      const ascending = header.getAttribute("aria-sort") !== "ascending";
      for (const other of table.tHead.rows[0].cells) other.setAttribute("aria-sort", "none");
      header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      const rows = [...body.rows].sort((a, b) => collator.compare(a.cells[column].textContent.trim(), b.cells[column].textContent.trim()));
      if (!ascending) rows.reverse();
      body.append(...rows);
    });
  });
}

// One menu per column named in data-facettes ("Catégorie|…"): keep the rows with that value.
function addFacets(container, table, apply) {
  const names = (container.dataset.facettes || "").split("|").filter(Boolean);
  const headers = [...table.tHead.rows[0].cells].map((cell) => cell.textContent.trim());
  return names.map((name) => {
    const column = headers.indexOf(name);
    const values = [...new Set([...table.tBodies[0].rows].map((row) => row.cells[column].textContent.trim()))].sort(collator.compare);
    const label = document.createElement("label");
    label.className = "srd-filter";
    label.textContent = `${name}\u00a0: `;
    const select = document.createElement("select");
    select.append(new Option("toutes", ""), ...values.map((value) => new Option(value, value)));
    select.addEventListener("change", apply);
    label.append(select);
    container.prepend(label);
    return (row) => !select.value || row.cells[column].textContent.trim() === select.value;
  });
}

function addFilter(container, table) {
  const label = document.createElement("label");
  label.className = "srd-filter";
  label.textContent = "Filtrer\u00a0: ";
  const input = document.createElement("input");
  input.type = "search";
  input.placeholder = "nom, colonne, résumé…";
  const count = document.createElement("span");
  count.setAttribute("aria-live", "polite");
  label.append(input, count);
  const apply = () => {
    const words = plain(input.value).split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const row of table.tBodies[0].rows) {
      const text = plain(row.textContent);
      const match = words.every((word) => text.includes(word)) && facets.every((keep) => keep(row));
      row.hidden = !match;
      shown += match;
    }
    const total = table.tBodies[0].rows.length;
    count.textContent = shown < total ? ` ${shown} sur ${total}` : "";
  };
  const facets = addFacets(container, table, apply);
  container.prepend(label);
  input.addEventListener("input", apply);
}

function bindIndexes() {
  for (const container of document.querySelectorAll(".srd-index")) {
    const table = container.querySelector("table");
    if (!table || container.dataset.bound) continue;
    container.dataset.bound = "1";
    makeSortable(table);
    addFilter(container, table);
  }
}

onEachPage(bindIndexes);
