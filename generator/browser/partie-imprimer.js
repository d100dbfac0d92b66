// The printed tracker (A4): one row per combatant, in the order of the page, with its
// values, each track as boxes to tick by hand (a long track: a line to write on) and a
// place for its states. Shown by print only (srd.css, @media print); the screen view is
// hidden there.
import { element } from "./commun.js";
import { printedBoxes } from "./lib/partie-vue.js";
import { pisteOf } from "./lib/partie.js";
import { typo } from "./lib/texte.js";

const boxes = (count) => element("span", { class: "srd-partie-cases", "aria-hidden": "true" }, "☐".repeat(count));

function trackCell(payload, combatant, piste) {
  const parts = printedBoxes(pisteOf(payload, combatant, piste.id), combatant.valeurs).map(({ nom, cases }) =>
    element("span", { class: "srd-partie-case-ligne" }, typo(`${nom} `), cases ? boxes(cases) : element("span", { class: "srd-partie-a-ecrire" }, "")),
  );
  return element("td", {}, ...parts);
}

// `ordered`: the combatants in the page's order; `title`: the encounter's name and round.
export function printedTracker(payload, ordered, title) {
  const head = element(
    "tr",
    {},
    element("th", { scope: "col" }, "Combattant"),
    ...payload.pistes.map((piste) => element("th", { scope: "col" }, typo(piste.nom))),
    element("th", { scope: "col" }, "États"),
  );
  const rows = ordered.map((combatant) =>
    element(
      "tr",
      {},
      element("th", { scope: "row" }, typo(combatant.nom), element("br"), element("small", {}, typo(payload.valeurs.map((v) => `${v.nom} ${combatant.valeurs?.[v.id] ?? "—"}`).join(" · ")))),
      ...payload.pistes.map((piste) => trackCell(payload, combatant, piste)),
      element("td", { class: "srd-partie-a-ecrire" }, typo((combatant.etats || []).map((etat) => etat.ref.nom).join(", "))),
    ),
  );
  return element(
    "section",
    { class: "srd-partie-imprimable", "aria-hidden": "true" },
    element("p", { class: "srd-partie-imprimable-titre" }, typo(title)),
    element("table", {}, element("thead", {}, head), element("tbody", {}, ...rows)),
  );
}
