// A house table's page (maison-voir.js) as an official table's page is: when its kind marks
// a roll (« x-loi ») and its rows give each total once, the table with each row's chance
// and « Lancer » (table-tirage.js, crypto dice, no Python) that marks the row rolled.
import { element } from "./commun.js";
import { lawField, rollableTable } from "./lib/table-loi.js";
import { typo } from "./lib/texte.js";
import { bindRollableTable } from "./table-tirage.js";

// [the roll's box, the table] of `entity`, or [] when it cannot be rolled.
export function rolledTable(entity, schema) {
  const field = lawField(schema);
  const made = field ? rollableTable(entity, field, {}) : null;
  if (!made) return [];
  const data = JSON.stringify({ loi: made.loi, lignes: made.lignes.map(({ de, a }) => ({ de, a })) });
  const button = element("button", { type: "button", class: "md-button md-button--primary srd-tirage-bouton", hidden: "" }, `Lancer ${made.des}`);
  const box = element("div", { class: "srd-tirage", "data-tirage": data }, button, " ", element("span", { class: "srd-tirage-resultat", role: "status", "aria-live": "polite" }));
  const heads = [...(Array.isArray(entity.colonnes) ? entity.colonnes : []), "Chances"].map((name) => element("th", {}, typo(String(name))));
  const rows = entity.lignes.map((row, i) => element("tr", {}, ...[...row, made.lignes[i].chances].map((cell) => element("td", {}, typo(String(cell))))));
  const table = element("table", {}, element("thead", {}, element("tr", {}, ...heads)), element("tbody", {}, ...rows));
  return [box, element("div", { class: "md-typeset__scrollwrap" }, element("div", { class: "md-typeset__table" }, table))];
}

// Binds « Lancer » once the box is in the page.
export const bindRolledTable = (parts) => parts.length && bindRollableTable(parts[0]);
