// The page « Règle maison » (/maison/voir/?e=<key>): one of the reader's house rules as the
// site shows an entity, laid out by the engine (action « rendre »): its fields, those an
// amendment changes marked « modifié » with the official text beside, its switch, and
// « Épingler » to a GM list. Loaded by maison.js on this page only.
import { SITE_ROOT, element } from "./commun.js";
import { entryKey } from "./lib/maison-cle.js";
import { authorSaid } from "./lib/maison-messages.js";
import { quoted, typo } from "./lib/texte.js";
import { showPins } from "./listes.js";
import { bindRolledTable, rolledTable } from "./maison-tirage.js";
import { HOUSE_ENGINE_DOWN, activeSwitch, flipSwitch, houseEngine, houseSystems, officialEntity, officialUrl, readOrSay } from "./maison-page.js";

// --- the engine's rich text (blocks of inlines) as elements; nothing is parsed as HTML ---------

// A dice tag as official pages have it (pipeline/links.py dice_button): lancer.js listens
// on the whole document, so the button rolls once added, its law written by the engine.
function diceButton(part) {
  const label = String(part.t || part.des);
  if (typeof part.loi !== "string") return label;
  const attributes = { type: "button", class: "srd-des", "data-des": part.des, "data-loi": part.loi };
  return element("button", { ...attributes, "aria-label": `Lancer ${label}`, "aria-haspopup": "dialog" }, label);
}

// A link stays one only to this site (an address elsewhere is its text).
function linkOf(part) {
  const target = new URL(part.a, SITE_ROOT);
  const same = target.origin === SITE_ROOT.origin && /^https?:$/.test(target.protocol);
  return same ? element("a", { href: target.href }, part.t || part.a) : String(part.t || "");
}

const MARKS = ["em", "strong", "ins", "del"];

function inlines(parts) {
  const out = [];
  for (const part of Array.isArray(parts) ? parts : []) {
    if (!part || typeof part !== "object") continue;
    const mark = MARKS.find((tag) => part[tag]);
    if (typeof part.t === "string" && Object.keys(part).length === 1) out.push(part.t);
    else if (mark) out.push(element(mark, {}, ...inlines(part[mark])));
    else if (typeof part.des === "string") out.push(diceButton(part));
    else if (typeof part.a === "string") out.push(linkOf(part));
    else if (typeof part.t === "string") out.push(part.t);
  }
  return out;
}

function blocks(list) {
  const out = [];
  for (const block of Array.isArray(list) ? list : []) {
    if (!block || typeof block !== "object") continue;
    if (block.p) out.push(element("p", {}, ...inlines(block.p)));
    else if (block.ul || block.ol) {
      const items = block.ul || block.ol;
      const made = element(block.ul ? "ul" : "ol", {});
      for (const item of Array.isArray(items) ? items : []) made.append(element("li", {}, ...inlines(item)));
      out.push(made);
    }
  }
  return out;
}

// --- the rule shown ------------------------------------------------------------------------------

// The rule's kind and system, and for an amendment its official page and its switch.
function ruleHeader(entry, reply, key, off) {
  const parts = [
    element("p", { class: "srd-kind" }, element("span", { class: "srd-maison-badge" }, "Règle maison"), ` ${reply.genre} · ${reply.systeme}`),
    element("p", { class: "srd-maison-auteur" }, authorSaid(Boolean(entry.base))),
  ];
  if (entry.base) {
    parts.push(
      element(
        "p",
        { class: "srd-maison-officielle" },
        typo("Modifie l'entité officielle\u00a0: "),
        element("a", { href: officialUrl(entry.systeme, entry.genre, entry.base) }, "voir la page officielle"),
        ". ",
        activeSwitch(key, reply.titre, off),
      ),
    );
  }
  return parts;
}

// The fields the engine laid out: {champ, titre, valeur, modifie, officiel}.
function fieldList(fields) {
  const list = element("dl", { class: "srd-maison-champs-vus" });
  for (const field of fields || []) {
    const term = element("dt", {}, field.titre || field.champ);
    if (field.modifie) term.append(" ", element("span", { class: "srd-maison-modifie-marque" }, "modifié"));
    const value = element("dd", {}, ...blocks(field.valeur));
    if (field.modifie && field.officiel) {
      value.append(element("details", { class: "srd-maison-texte-officiel" }, element("summary", {}, "Texte officiel"), ...blocks(field.officiel)));
    }
    list.append(term, value);
  }
  return list;
}

// « Épingler » to a GM list as an official entity is (the convention at the top of
// listes.js), and « Modifier cette règle ». A site without the lists (projet.yaml,
// site: fonctions; the page says `data-sans-listes`) has no « Épingler ».
function ruleActions(key, title) {
  const change = element("a", { href: new URL(`maison/?modifier=${encodeURIComponent(key)}`, SITE_ROOT).href, class: "md-button" }, "Modifier cette règle");
  if (document.querySelector(".srd-maison-voir[data-sans-listes]")) return element("p", { class: "srd-epingler" }, change);
  const pin = element("button", { type: "button", class: "md-button srd-epingler-bouton", "data-cle": key, "data-nom": title, hidden: "" }, "Épingler");
  return element("p", { class: "srd-epingler" }, pin, " ", change);
}

function showRule(view, entry, reply, off, schema) {
  const { root, body, key, heading } = view;
  if (heading) heading.textContent = reply.titre;
  document.title = document.title.replace(/^[^-–|]*/, `${reply.titre} `);
  const rolled = rolledTable(entry.entite, schema); // a table with a roll: its chances, « Lancer »
  body.replaceChildren(...ruleHeader(entry, reply, key, off), fieldList(reply.champs), ...rolled, ruleActions(key, reply.titre));
  bindRolledTable(rolled);
  showPins(body);
  view.say("");
  root.dataset.state = "pret";
}

// The house schema of the entry's kind (assets/maison.json, read once).
const schemaOf = async (entry) => (await houseSystems())[entry.systeme]?.genres?.[entry.genre]?.schema;

// The engine's layout of `entry` (with its official entity, for an amendment).
async function layout(entry, key, regles) {
  const schema = await schemaOf(entry);
  const payload = { entree: entry };
  if (entry.base) {
    const official = await officialEntity(key, schema).catch(() => null);
    if (official) payload.officielle = official;
  }
  return houseEngine("rendre", payload, regles);
}

function sayMissing(view) {
  const back = element("a", { href: new URL("maison/", SITE_ROOT).href }, "Voir vos règles maison");
  view.body.replaceChildren();
  view.say(`Aucune règle maison ${quoted(view.key || "sans clé")} dans ce navigateur\u00a0: elle a pu être supprimée, ou gardée dans un autre navigateur. `, back);
  view.root.dataset.state = "introuvable";
}

async function renderRule(view) {
  const { root, key } = view;
  const kept = readOrSay(view.say);
  if (!kept) {
    root.dataset.state = "introuvable";
    return;
  }
  const entry = kept.collection.regles.find((one) => entryKey(one) === key);
  if (!entry) return sayMissing(view);
  view.say("Mise en page par le moteur (quelques secondes la première fois)…");
  let reply;
  try {
    reply = await layout(entry, key, kept.collection.regles);
  } catch (error) {
    console.warn("maison\u00a0:", error);
    reply = { ok: false, message: HOUSE_ENGINE_DOWN };
  }
  if (reply.ok) return showRule(view, entry, reply, new Set(kept.eteintes || []).has(key), await schemaOf(entry));
  view.say(reply.message); // the engine's sentence says what it is
  root.dataset.state = "echec";
}

function onViewSwitch(view, event) {
  const box = event.target.closest("input.srd-maison-active");
  if (!box) return;
  if (flipSwitch(view.key, box, view.say)) box.nextSibling.nextSibling.textContent = box.checked ? "Active" : "Désactivée";
}

export function bindViewPage(root) {
  if (root.dataset.bound) return;
  root.dataset.bound = "1";
  const status = root.querySelector(".srd-maison-voir-etat");
  const view = {
    root,
    body: root.querySelector(".srd-maison-voir-regle"),
    key: new URLSearchParams(location.search).get("e") || "",
    heading: document.querySelector(".md-content h1"),
    say: (text, ...extra) => status.replaceChildren(typo(text), ...extra),
  };
  root.dataset.state = "chargement";
  view.body.addEventListener("change", (event) => onViewSwitch(view, event));
  renderRule(view);
}
