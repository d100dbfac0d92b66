// The « Tables » part of the partie page: the system's rollable tables and the reader's
// house tables of that system (kept by « Règles maison », checked the same way, named
// « (maison) »), one chosen and rolled by « Lancer » (partie-gestes.js, crypto dice). The
// kinds that hold a roll are read in the house context (assets/maison.json), fetched only
// when the reader has house rules of this system; the page is drawn again once it is read.
import { SITE_ROOT, element } from "./commun.js";
import { HOUSE_ENTITY_PAGE } from "./lib/contrat.js";
import { jsonOnce } from "./lib/json.js";
import { entryKey } from "./lib/maison-cle.js";
import { lawFieldsOf, withHouseTables } from "./lib/table-loi.js";
import { typo } from "./lib/texte.js";
import { activeEntries } from "./maison-stock.js";

const HOUSE_CONTEXT = "assets/maison.json";
const fieldsBySystem = new Map(); // system → {kind: roll's field}, once read

const housePage = (entry) => `/${HOUSE_ENTITY_PAGE}${encodeURIComponent(entryKey(entry))}`;

// The kinds of `system` that hold a roll, then `done()`; a context that cannot be read
// leaves the official tables alone on this page (said in the console only).
function readFields(system, done) {
  if (fieldsBySystem.has(system)) return;
  fieldsBySystem.set(system, null); // being read
  jsonOnce(new URL(HOUSE_CONTEXT, SITE_ROOT))
    .then((context) => fieldsBySystem.set(system, lawFieldsOf(context?.systemes?.[system]?.genres)))
    .catch((error) => {
      fieldsBySystem.set(system, {}); // not asked again on this page: no loop while offline
      console.warn("tables maison\u00a0:", error);
    })
    .then(done);
}

// The tables the page offers: the payload's, with the house ones once their kinds are
// known (`redraw()` once they are read). The page keeps them as `view.tables`, where
// « Lancer » finds the one chosen (partie-gestes.js).
export function tablesOffered(view, redraw) {
  const official = view.payload.tables || [];
  const entries = activeEntries(view.payload.systeme);
  if (!entries.length) return official;
  const fields = fieldsBySystem.get(view.payload.systeme);
  if (fields === undefined) readFields(view.payload.systeme, redraw);
  return fields ? withHouseTables(official, entries, fields, housePage) : official;
}

// The part, from the tables offered (`view.tables`, tablesOffered).
export function tablesSection(view) {
  const tables = view.tables || [];
  if (!tables.length) return "";
  const chosen = tables.some((one) => one.id === view.tableChoice) ? view.tableChoice : tables[0].id;
  const options = tables.map((t) => element("option", { value: t.id, ...(t.id === chosen ? { selected: "" } : {}) }, typo(t.nom)));
  const choice = element("select", { id: "srd-partie-table", "data-cle": "table-choix" }, ...options);
  // The table chosen stays chosen when the part is drawn again (after a roll, say).
  choice.addEventListener("change", () => {
    view.tableChoice = choice.value;
  });
  return element(
    "section",
    { class: "srd-partie-tables", "aria-labelledby": "srd-partie-tables-titre" },
    element("h3", { id: "srd-partie-tables-titre" }, "Tables"),
    element("p", {}, element("label", { for: "srd-partie-table" }, "Table"), " ", choice, " ", element("button", { type: "button", class: "md-button", "data-action": "table", "data-cle": "table" }, "Lancer")),
    element("p", { class: "srd-partie-table-resultat", role: "status" }, typo(view.tableText || "")),
  );
}
