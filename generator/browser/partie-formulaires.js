// The forms of the partie page that add combatants: from « Mes personnages », from the
// system's non-player characters, by the declared values (prefilled with a saved
// character's when it has them, or the defaults), or by a name alone; and the bar that
// picks, names and creates an encounter. DOM only; partie-page.js acts on `data-action`.
import { element } from "./commun.js";
import { startingValues } from "./lib/partie-vue.js";
import { typo } from "./lib/texte.js";

const action = (name, label, extra = {}) => element("button", { type: "button", class: "md-button", "data-action": name, "data-cle": name, ...extra }, typo(label));

const options = (items, empty) =>
  items.length ? items.map(([value, label]) => element("option", { value }, typo(label))) : [element("option", { value: "" }, typo(empty))];

// Choose, name, create: the encounters of this system kept in the browser.
export function encounterBar(parties, current) {
  const choice = element("select", { id: "srd-partie-choix", "data-action": "ouvrir", "data-cle": "ouvrir" }, ...options(parties.map((p) => [p.id, p.nom]), "Aucune rencontre"));
  choice.value = current?.id || "";
  return element(
    "div",
    { class: "srd-partie-barre" },
    element("p", {}, element("label", { for: "srd-partie-choix" }, "Rencontre ouverte"), " ", choice),
    element(
      "p",
      {},
      element("label", { for: "srd-partie-nouvelle" }, "Nom d'une nouvelle rencontre"),
      " ",
      element("input", { id: "srd-partie-nouvelle", type: "text", maxlength: "80", autocomplete: "off", "data-cle": "nouvelle-nom" }),
      " ",
      action("nouvelle", "Nouvelle rencontre"),
    ),
  );
}

// The saved characters of this system: [record] (a record's `combat` gives its values).
function fromCharacters(records) {
  const items = records.map((record) => [record.id, record.combat ? record.nom : `${record.nom} (valeurs à saisir)`]);
  return element(
    "p",
    {},
    element("label", { for: "srd-partie-perso" }, "Mes personnages"),
    " ",
    element("select", { id: "srd-partie-perso", "data-cle": "perso-choix" }, ...options(items, "Aucun personnage enregistré pour ce système")),
    " ",
    action("ajout-perso", "Ajouter le personnage", records.length ? {} : { disabled: "" }),
  );
}

function fromNpcs(pnj) {
  if (!pnj?.length) return "";
  return element(
    "p",
    {},
    element("label", { for: "srd-partie-pnj" }, "Personnage non joueur"),
    " ",
    element("select", { id: "srd-partie-pnj", "data-cle": "pnj-choix" }, ...options(pnj.map((one) => [one.id, one.nom]), "")),
    " ",
    action("ajout-pnj", "Ajouter le PNJ"),
  );
}

// The values form: a name and each declared valeur (`given`: a saved character's values, or
// none: the defaults); `note`: why it opened (a character saved before the values existed).
export function valuesForm(payload, { nom = "", given = {}, note = "" } = {}) {
  const start = startingValues(payload.valeurs, given);
  const fields = payload.valeurs.map((valeur) => {
    const id = `srd-partie-valeur-${valeur.id}`;
    const bounds = { ...(valeur.min !== undefined ? { min: String(valeur.min) } : {}), ...(valeur.max !== undefined ? { max: String(valeur.max) } : {}) };
    return element(
      "p",
      {},
      element("label", { for: id }, typo(valeur.nom)),
      " ",
      element("input", { id, type: "number", inputmode: "numeric", value: String(start[valeur.id]), "data-valeur": valeur.id, class: "srd-partie-montant", ...bounds }),
    );
  });
  return element(
    "fieldset",
    { class: "srd-partie-rapide" },
    element("legend", {}, "Ajout rapide"),
    note ? element("p", { class: "srd-partie-note", role: "note" }, typo(note)) : "",
    element("p", {}, element("label", { for: "srd-partie-rapide-nom" }, "Nom"), " ", element("input", { id: "srd-partie-rapide-nom", type: "text", maxlength: "80", autocomplete: "off", value: nom, "data-cle": "rapide-nom" })),
    ...fields,
    element("p", { class: "srd-partie-boutons" }, action("ajout-rapide", "Ajouter avec ces valeurs"), " ", action("ajout-nom", "Ajouter le nom seul")),
  );
}

export function addForms(payload, records, quick) {
  return element(
    "div",
    { class: "srd-partie-ajouts" },
    element("h3", {}, "Ajouter"),
    fromCharacters(records),
    fromNpcs(payload.pnj),
    valuesForm(payload, quick),
  );
}

// The values typed in the values form, by valeur id, and its name.
export function typedValues(root) {
  const typed = {};
  for (const input of root.querySelectorAll("[data-valeur]")) typed[input.dataset.valeur] = input.value;
  return { nom: root.querySelector("#srd-partie-rapide-nom")?.value.trim() || "", typed };
}
