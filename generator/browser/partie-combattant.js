// One combatant on the partie page: its name and values, its odds against the next one, its
// modifiers (toggles), its tracks (a number and « Dégâts » / « Soins », or « +1 » / « −1 »)
// with the consequences reached linked to their rule, its states with their rounds left,
// and its actions. DOM only: what it shows comes from lib/partie-vue.js and lib/partie.js;
// each control carries `data-action` (partie-page.js acts on it) and `data-cle` (the focus
// comes back to the control of the same key after the page is drawn again).
import { SITE_ROOT, control, element } from "./commun.js";
import { trackView } from "./lib/partie.js";
import { stateText } from "./lib/partie-vue.js";
import { typo } from "./lib/texte.js";

export const siteLink = (path) => new URL(String(path || "").replace(/^\//, ""), SITE_ROOT).href;

// Rendered HTML of the payload (the pipeline's own, its links relative to this page, as on
// every page of the site): a <span> holding it.
export function fromPayload(html, tag = "span") {
  const node = element(tag);
  node.innerHTML = html || "";
  numberMarkers(node);
  return node;
}

// The build numbers a page's source markers; those of the payload are numbered as they are
// drawn, so that each button opens its own bubble.
let markersDrawn = 0;
function numberMarkers(node) {
  for (const button of node.querySelectorAll("button.srd-src:not([popovertarget])")) {
    const bubble = button.nextElementSibling;
    if (!bubble?.hasAttribute("popover")) continue;
    markersDrawn += 1;
    bubble.id = `srd-partie-src-${markersDrawn}`;
    button.setAttribute("popovertarget", bubble.id);
  }
}

const smallButton = (action, label, name, data) =>
  control("button", label, name, { type: "button", class: "md-button srd-partie-petit", "data-action": action, ...data });

// The consequence in force (« Inconscient ») linked to its rule, when it has one.
function consequence(effet) {
  const words = typo(effet.texte);
  return element("li", {}, effet.lien ? element("a", { href: siteLink(effet.lien) }, words) : words);
}

function trackBlock(payload, combatant, piste, readOnly) {
  const key = `${combatant.id}:${piste.id}`;
  const state = trackView(payload, combatant, piste.id);
  const block = element("div", { class: "srd-partie-piste", "data-piste": piste.id }, element("p", { class: "srd-partie-piste-etat" }, typo(state.texte)));
  if (!readOnly && piste.type === "niveaux") {
    block.append(
      element(
        "p",
        { class: "srd-partie-boutons" },
        smallButton("niveau", "+1", `${piste.nom}, ${combatant.nom}`, { "data-id": combatant.id, "data-piste": piste.id, "data-pas": "1", "data-cle": `${key}:plus` }),
        " ",
        smallButton("niveau", "\u22121", `${piste.nom}, ${combatant.nom}`, { "data-id": combatant.id, "data-piste": piste.id, "data-pas": "-1", "data-cle": `${key}:moins` }),
      ),
    );
  } else if (!readOnly) {
    const input = `srd-partie-${combatant.id}-${piste.id}`;
    block.append(
      element(
        "p",
        { class: "srd-partie-boutons" },
        element("label", { for: input }, typo(`Montant (${piste.nom})`)),
        " ",
        element("input", { id: input, type: "number", inputmode: "numeric", min: "1", max: "9999", value: "1", class: "srd-partie-montant", "data-cle": `${key}:montant` }),
        " ",
        smallButton("degats", "Dégâts", `${piste.nom}, ${combatant.nom}`, { "data-id": combatant.id, "data-piste": piste.id, "data-cle": `${key}:degats` }),
        " ",
        smallButton("soins", "Soins", `${piste.nom}, ${combatant.nom}`, { "data-id": combatant.id, "data-piste": piste.id, "data-cle": `${key}:soins` }),
      ),
    );
  }
  if (state.effet) block.append(element("ul", { class: "srd-partie-consequences", "aria-label": typo(`Conséquence, ${piste.nom}`) }, consequence(state.effet)));
  return block;
}

function stateItem(combatant, etat, index, readOnly) {
  const words = typo(stateText(etat));
  const item = element("li", {}, etat.ref.lien ? element("a", { href: siteLink(etat.ref.lien) }, words) : words);
  if (!readOnly) {
    item.append(
      " ",
      smallButton("retirer-etat", "Retirer", `${etat.ref.nom}, ${combatant.nom}`, { "data-id": combatant.id, "data-etat": String(index), "data-cle": `${combatant.id}:etat:${index}` }),
    );
  }
  return item;
}

// « Ajouter un état » of a combatant: the états (official and house), a number of rounds.
function stateForm(combatant, etats) {
  const id = `srd-partie-${combatant.id}-etat`;
  const choices = etats.map((etat, at) => element("option", { value: String(at) }, typo(etat.maison ? `${etat.nom} (maison)` : etat.nom)));
  return element(
    "p",
    { class: "srd-partie-etat-ajout" },
    element("label", { for: id }, "État"),
    " ",
    element("select", { id, "data-cle": `${combatant.id}:etat-choix` }, ...choices),
    " ",
    element("label", { for: `${id}-rounds` }, "Rounds"),
    " ",
    element("input", { id: `${id}-rounds`, type: "number", inputmode: "numeric", min: "0", max: "99", value: "1", class: "srd-partie-montant", "data-cle": `${combatant.id}:etat-rounds` }),
    " ",
    smallButton("etat", "Ajouter l'état", combatant.nom, { "data-id": combatant.id, "data-cle": `${combatant.id}:etat-ajout` }),
  );
}

function modifierToggles(combatant, modificateurs) {
  const on = new Set(combatant.modificateurs || []);
  return element(
    "fieldset",
    { class: "srd-partie-modificateurs" },
    element("legend", {}, typo(`Modificateurs de l'ordre — ${combatant.nom}`)),
    ...modificateurs.map((modificateur) => {
      const id = `srd-partie-${combatant.id}-mod-${modificateur.id}`;
      const box = element("input", { type: "checkbox", id, "data-action": "modificateur", "data-id": combatant.id, "data-modificateur": modificateur.id, "data-cle": `${combatant.id}:mod:${modificateur.id}` });
      box.checked = on.has(modificateur.id);
      return element("p", {}, box, " ", element("label", { for: id }, typo(modificateur.nom)), modificateur.html ? " — " : "", fromPayload(modificateur.html));
    }),
  );
}

function rosterButtons(combatant, { libre, first, last }) {
  const name = combatant.nom;
  const id = { "data-id": combatant.id };
  const count = `srd-partie-${combatant.id}-fois`;
  const parts = [];
  if (libre) {
    if (!first) parts.push(smallButton("monter", "Monter", name, { ...id, "data-cle": `${combatant.id}:monter` }), " ");
    if (!last) parts.push(smallButton("descendre", "Descendre", name, { ...id, "data-cle": `${combatant.id}:descendre` }), " ");
  }
  parts.push(
    element("label", { for: count }, "Nombre en tout"),
    " ",
    element("input", { id: count, type: "number", inputmode: "numeric", min: "2", max: "20", value: "2", class: "srd-partie-montant", "data-cle": `${combatant.id}:fois` }),
    " ",
    smallButton("dupliquer", "Dupliquer", name, { ...id, "data-cle": `${combatant.id}:dupliquer` }),
    " ",
    smallButton("retirer", "Retirer", name, { ...id, "data-cle": `${combatant.id}:retirer` }),
  );
  return element("p", { class: "srd-partie-boutons" }, ...parts);
}

// The values in words: « Initiative 3 · PV maximum 12 » (and the roll of this round).
function valuesLine(combatant, payload) {
  const parts = payload.valeurs.map((valeur) => `${valeur.nom} ${combatant.valeurs?.[valeur.id] ?? "—"}`);
  if (Number.isFinite(combatant.jet)) parts.push(`jet ${combatant.jet}`); // the dice alone; the order adds its value
  return element("p", { class: "srd-partie-valeurs" }, typo(parts.join(" · ")));
}

// The card of `combatant`. `view`: {payload, etats, odds (its text against the next one, or
// ""), libre, first, last, readOnly, actions (a node, or null)}.
export function combatantCard(combatant, view) {
  const { payload, readOnly } = view;
  const card = element(
    "li",
    { class: "srd-partie-combattant", "data-id": combatant.id },
    element("h4", { class: "srd-partie-nom", id: `srd-partie-${combatant.id}-nom`, tabindex: "-1" }, typo(combatant.nom)),
    valuesLine(combatant, payload),
  );
  if (view.odds) card.append(element("p", { class: "srd-partie-chances" }, typo(view.odds)));
  if (!readOnly && payload.ordre.modificateurs?.length) card.append(modifierToggles(combatant, payload.ordre.modificateurs));
  for (const piste of payload.pistes) card.append(trackBlock(payload, combatant, piste, readOnly));
  const etats = combatant.etats || [];
  if (etats.length) card.append(element("ul", { class: "srd-partie-etats", "aria-label": typo(`États — ${combatant.nom}`) }, ...etats.map((etat, index) => stateItem(combatant, etat, index, readOnly))));
  if (!readOnly && view.etats.length) card.append(stateForm(combatant, view.etats));
  if (!readOnly && view.actions) card.append(view.actions);
  if (!readOnly) card.append(rosterButtons(combatant, view));
  return card;
}
