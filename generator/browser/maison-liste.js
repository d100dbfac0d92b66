// The page « Règles maison » (/maison/): the reader's house rules listed by system and kind,
// each with « Voir », « Modifier », « Supprimer » and, for an amendment, its switch; the
// form to write one (maison-ecrire.js) and the share box (maison-partage.js). Loaded by
// maison.js on this page only.
import { confirmed, control, element } from "./commun.js";
import { deletionQuestion } from "./lib/maison-messages.js";
import { entryKey } from "./lib/maison-cle.js";
import { bySystem, nameOf } from "./lib/maison-regles.js";
import { quoted, typo } from "./lib/texte.js";
import { makeWriter } from "./maison-ecrire.js";
import {
  HOUSE_ENGINE_DOWN,
  activeSwitch,
  changeOrSay,
  flipSwitch,
  houseEngine,
  houseSystems,
  keepChanges,
  officialUrl,
  readOrSay,
} from "./maison-page.js";
import { bindShare, readLink } from "./maison-partage.js";
import { houseUrl } from "./maison-stock.js";
import { printOf, ruleDeletedQuestion } from "./lib/autre-onglet.js";

// --- the list ----------------------------------------------------------------------------

function ruleItem(entry, off) {
  const key = entryKey(entry);
  const name = nameOf(entry);
  const item = element("li", { class: "srd-maison-regle", "data-cle": key });
  const facts = element("p", { class: "srd-maison-regle-nom" }, element("strong", {}, name));
  if (entry.base) facts.append(" · modifie ", element("a", { href: officialUrl(entry.systeme, entry.genre, entry.base) }, "l'entité officielle"));
  item.append(facts);
  const actions = element("p", { class: "srd-maison-actions" });
  actions.append(control("a", "Voir", name, { href: houseUrl(key), class: "md-button" }), " ");
  actions.append(control("button", "Modifier", name, { type: "button", class: "md-button", "data-action": "modifier" }), " ");
  actions.append(control("button", "Supprimer", name, { type: "button", class: "md-button", "data-action": "supprimer" }));
  if (entry.base) actions.append(" ", activeSwitch(key, name, off));
  item.append(actions);
  return item;
}

// One system's rules, under its name and each kind's (`known`: the system in maison.json).
function systemSection(system, kinds, known, off) {
  const section = element("section", { class: "srd-maison-systeme", "data-systeme": system }, element("h3", {}, known?.nom || system));
  for (const [kind, entries] of kinds) {
    section.append(element("h4", {}, known?.genres?.[kind]?.nom || kind));
    const list = element("ul", { class: "srd-maison-regles" });
    for (const entry of entries) list.append(ruleItem(entry, off.has(entryKey(entry))));
    section.append(list);
  }
  return section;
}

function renderList(page) {
  const kept = readOrSay(page.say);
  if (!kept) return page.listBox.replaceChildren();
  const rules = kept.collection.regles;
  if (!rules.length) {
    return page.listBox.replaceChildren(element("p", { class: "srd-maison-vide" }, "Aucune règle maison dans ce navigateur pour l'instant."));
  }
  const off = new Set(kept.eteintes || []);
  const sections = [...bySystem(rules)].map(([system, kinds]) => systemSection(system, kinds, page.systems[system], off));
  page.listBox.replaceChildren(...sections);
}

// --- its actions -----------------------------------------------------------------------------

// « Supprimer »: the question (naming the rules that name it), then the deletion.
async function deleteRule(page, button, entry, regles) {
  if (button.dataset.attente) return; // one question at a time (not `disabled`: it keeps the focus)
  let question;
  try {
    button.dataset.attente = "1";
    page.say("Recherche des règles qui la nomment (quelques secondes la première fois)…");
    const reply = await houseEngine("dependantes", { cle: entryKey(entry) }, regles);
    page.say("");
    if (!reply.ok) throw new Error(reply.message);
    question = deletionQuestion(entry, reply);
  } catch (error) {
    console.warn("maison\u00a0:", error);
    return page.say(`${HOUSE_ENGINE_DOWN} Rien n'a été supprimé.`);
  } finally {
    delete button.dataset.attente;
  }
  if (!(await confirmed(question, "Supprimer", button))) return page.say("");
  const key = entryKey(entry);
  // Another tab may have changed it while the question was open: asked again, then.
  const ask = () => confirmed(ruleDeletedQuestion(quoted(nameOf(entry))), "Supprimer", button);
  const deleted = async () => {
    const { found } = await keepChanges(new Map([[key, printOf(entry)]]), [{ remove: key }], ask);
    return found ? `Règle ${quoted(nameOf(entry))} supprimée.` : "Rien n'a été supprimé.";
  };
  page.say(await changeOrSay(deleted, "rien n'a été supprimé.", page.redraw));
}

async function onListClick(page, event) {
  const button = event.target.closest("button[data-action]");
  const item = button?.closest(".srd-maison-regle");
  if (!item) return;
  const kept = readOrSay(page.say);
  const entry = kept?.collection.regles.find((one) => entryKey(one) === item.dataset.cle);
  if (!entry) return;
  if (button.dataset.action !== "modifier") return deleteRule(page, button, entry, kept.collection.regles);
  await page.writer.open(entry, { editing: item.dataset.cle });
  page.say(`Règle ${quoted(nameOf(entry))} ouverte dans le formulaire.`);
}

function onListSwitch(page, event) {
  const box = event.target.closest("input.srd-maison-active");
  if (!box) return;
  flipSwitch(box.dataset.cle, box, page.say);
  page.redraw();
}

// --- the page ----------------------------------------------------------------------------------

// Once the systems are known: the list, the form, an amendment asked for by the address
// (`?modifier=<key>`), then a link received.
async function start(page, systems) {
  page.systems = systems;
  page.redraw();
  await page.writer.ready();
  if (readOrSay(page.say)) page.say("");
  const amend = new URLSearchParams(location.search).get("modifier");
  if (amend) {
    await page.writer.amend(amend);
    history.replaceState(history.state, "", location.pathname + location.hash);
  }
  page.root.dataset.state = "pret";
  await readLink(page);
}

export function bindHousePage(root) {
  if (root.dataset.bound) return;
  root.dataset.bound = "1";
  const status = root.querySelector(".srd-maison-etat");
  const page = {
    root,
    listBox: root.querySelector(".srd-maison-liste"),
    received: root.querySelector(".srd-maison-lien-recu"), // a link received (maison-partage.js)
    systems: {}, // assets/maison.json, once read
    say: (text, ...extra) => status.replaceChildren(typo(text), ...extra),
    redraw: () => renderList(page),
  };
  root.dataset.state = "chargement";
  page.say("Chargement des règles maison…");
  page.writer = makeWriter(root.querySelector(".srd-maison-ecrire"), () => page.systems, page.say);
  page.listBox.addEventListener("click", (event) => onListClick(page, event));
  page.listBox.addEventListener("change", (event) => onListSwitch(page, event));
  addEventListener("srd-regles-maison", () => root.isConnected && page.redraw());
  bindShare(page, root.querySelector(".srd-maison-partage"));
  addEventListener("hashchange", () => root.isConnected && readLink(page));
  houseSystems().then(
    (systems) => start(page, systems),
    (error) => {
      console.warn("maison\u00a0:", error);
      page.say("Les systèmes du site n'ont pas pu être lus (assets/maison.json)\u202f; rechargez la page.");
      root.dataset.state = "echec";
    },
  );
}
