// One combatant on the partie page: its name and values, its odds against the next one, its
// modifiers (toggles), its tracks (a number and « Dégâts » / « Soins », or « +1 » / « −1 »)
// with the consequences reached linked to their rule, its states with their rounds left,
// and its actions. DOM only: each part is drawn from its description alone (lib/partie-vue.js
// cardView), so that a part described the same is kept as it is; each control carries
// `data-action` (partie-page.js acts on it) and `data-cle` (the focus comes back to the
// control of the same key after the page is drawn again).
import { SITE_ROOT, control, element } from "./commun.js";
import { typo } from "./lib/texte.js";
import { textPart } from "./partie-dessin.js";

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

// A track: its state in words, its controls (« +1 » / « −1 », or an amount and « Dégâts » /
// « Soins »), the consequence in force. `d`: {id, nom (the combatant's), readOnly, piste
// (the track's id), texte, effet} (cardView).
function trackBlock(payload, d) {
  const piste = payload.pistes.find((one) => one.id === d.piste);
  const key = `${d.id}:${piste.id}`;
  const block = element("div", { class: "srd-partie-piste", "data-piste": piste.id }, element("p", { class: "srd-partie-piste-etat" }, typo(d.texte)));
  const about = `${piste.nom}, ${d.nom}`;
  const data = (cle) => ({ "data-id": d.id, "data-piste": piste.id, "data-cle": `${key}:${cle}` });
  if (!d.readOnly && piste.type === "niveaux") {
    block.append(
      element("p", { class: "srd-partie-boutons" }, smallButton("niveau", "+1", about, { ...data("plus"), "data-pas": "1" }), " ", smallButton("niveau", "\u22121", about, { ...data("moins"), "data-pas": "-1" })),
    );
  } else if (!d.readOnly) {
    const input = `srd-partie-${d.id}-${piste.id}`;
    block.append(
      element(
        "p",
        { class: "srd-partie-boutons" },
        element("label", { for: input }, typo(`Montant (${piste.nom})`)),
        " ",
        element("input", { id: input, type: "number", inputmode: "numeric", min: "1", max: "9999", value: "1", class: "srd-partie-montant", "data-cle": `${key}:montant` }),
        " ",
        smallButton("degats", "Dégâts", about, data("degats")),
        " ",
        smallButton("soins", "Soins", about, data("soins")),
      ),
    );
  }
  if (d.effet) block.append(element("ul", { class: "srd-partie-consequences", "aria-label": typo(`Conséquence, ${piste.nom}`) }, consequence(d.effet)));
  return block;
}

function stateItem(d, etat, index) {
  const words = typo(etat.texte);
  const item = element("li", {}, etat.lien ? element("a", { href: siteLink(etat.lien) }, words) : words);
  if (!d.readOnly) {
    item.append(" ", smallButton("retirer-etat", "Retirer", `${etat.nom}, ${d.nom}`, { "data-id": d.id, "data-etat": String(index), "data-cle": `${d.id}:etat:${index}` }));
  }
  return item;
}

// « Ajouter un état » of a combatant: the états (official and house), a number of rounds.
function stateForm(d) {
  const id = `srd-partie-${d.id}-etat`;
  const choices = d.etats.map((etat, at) => element("option", { value: String(at) }, typo(etat.maison ? `${etat.nom} (maison)` : etat.nom)));
  return element(
    "p",
    { class: "srd-partie-etat-ajout" },
    element("label", { for: id }, "État"),
    " ",
    element("select", { id, "data-cle": `${d.id}:etat-choix` }, ...choices),
    " ",
    element("label", { for: `${id}-rounds` }, "Rounds"),
    " ",
    element("input", { id: `${id}-rounds`, type: "number", inputmode: "numeric", min: "0", max: "99", value: "1", class: "srd-partie-montant", "data-cle": `${d.id}:etat-rounds` }),
    " ",
    smallButton("etat", "Ajouter l'état", d.nom, { "data-id": d.id, "data-cle": `${d.id}:etat-ajout` }),
  );
}

function modifierToggles(payload, d) {
  const on = new Set(d.on);
  return element(
    "fieldset",
    { class: "srd-partie-modificateurs" },
    element("legend", {}, typo(`Modificateurs de l'ordre — ${d.nom}`)),
    ...payload.ordre.modificateurs.map((modificateur) => {
      const id = `srd-partie-${d.id}-mod-${modificateur.id}`;
      const box = element("input", { type: "checkbox", id, "data-action": "modificateur", "data-id": d.id, "data-modificateur": modificateur.id, "data-cle": `${d.id}:mod:${modificateur.id}` });
      box.checked = on.has(modificateur.id);
      return element("p", {}, box, " ", element("label", { for: id }, typo(modificateur.nom)), modificateur.html ? " — " : "", fromPayload(modificateur.html));
    }),
  );
}

function rosterButtons(d) {
  const id = { "data-id": d.id };
  const count = `srd-partie-${d.id}-fois`;
  const parts = [];
  if (d.libre) {
    if (!d.first) parts.push(smallButton("monter", "Monter", d.nom, { ...id, "data-cle": `${d.id}:monter` }), " ");
    if (!d.last) parts.push(smallButton("descendre", "Descendre", d.nom, { ...id, "data-cle": `${d.id}:descendre` }), " ");
  }
  parts.push(
    element("label", { for: count }, "Nombre en tout"),
    " ",
    element("input", { id: count, type: "number", inputmode: "numeric", min: "2", max: "20", value: "2", class: "srd-partie-montant", "data-cle": `${d.id}:fois` }),
    " ",
    smallButton("dupliquer", "Dupliquer", d.nom, { ...id, "data-cle": `${d.id}:dupliquer` }),
    " ",
    smallButton("retirer", "Retirer", d.nom, { ...id, "data-cle": `${d.id}:retirer` }),
  );
  return element("p", { class: "srd-partie-boutons" }, ...parts);
}

// The name; the values (and the roll of this round) and the odds against the next one,
// paragraphs whose text changes in place.
const nameHeading = (d) => element("h4", { class: "srd-partie-nom", id: `srd-partie-${d.id}-nom`, tabindex: "-1" }, typo(d.nom));
const TEXTS = { valeurs: "srd-partie-valeurs", chances: "srd-partie-chances" };

// The actions in one tap: each calculator the system declares, opened prefilled (the
// addresses come from partie-page.js).
const actionsLine = (links) =>
  element("p", { class: "srd-partie-actions" }, ...links.flatMap(({ nom, href }) => [element("a", { href, class: "md-button srd-partie-petit" }, typo(nom)), " "]));

const PARTS = {
  nom: (payload, d) => nameHeading(d),
  modificateurs: modifierToggles,
  piste: trackBlock,
  etats: (payload, d) => element("ul", { class: "srd-partie-etats", "aria-label": typo(`États — ${d.nom}`) }, ...d.etats.map((etat, index) => stateItem(d, etat, index))),
  "etat-ajout": (payload, d) => stateForm(d),
  actions: (payload, d) => actionsLine(d),
  roster: (payload, d) => rosterButtons(d),
};

// The parts of a combatant's card (lib/partie-vue.js cardView), each drawn from its
// description alone (and the payload, the same for the page's life): for drawParts.
export const combatantParts = (payload, view) =>
  view.map(({ part, key, description, texte }) =>
    texte === undefined ? { key, description, build: () => PARTS[part](payload, description) } : textPart(key, () => element("p", { class: TEXTS[part] }), typo(texte)),
  );

// An empty card: its parts are drawn in it (combatantParts).
export const cardShell = (id) => element("li", { class: "srd-partie-combattant", "data-id": id });
