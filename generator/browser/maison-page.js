// « Règles maison »: the pages /maison/ (write, list, amend, share the reader's
// house rules: maison-liste.js, maison-ecrire.js, maison-partage.js) and /maison/voir/?e=<key>
// (one of them, as the site shows it: maison-voir.js); this module is what both share.
// Everything is kept in this browser (maison-stock.js, the only store); nothing is sent
// anywhere. The engine (house/reader.py, through the worker of moteur.js, entry « maison »)
// judges each rule before it is kept, reads files and links, makes the link, the derived
// index and the text a rule is shown with. Generic: the systems and kinds come from
// assets/maison.json, the entities a reference may name from assets/entites.json.
import { compute } from "./moteur.js";
import { SITE_ROOT, element } from "./commun.js";
import { HOUSE_FORMAT } from "./lib/contrat.js";
import { StorageRefused, storageSays } from "./lib/stockage.js";
import { jsonOnce } from "./lib/json.js";
import { capitalised, switchSaid } from "./lib/maison-messages.js";
import { officialFields, officialNames, switched, switchesKept } from "./lib/maison-regles.js";
import { FINE, NBSP } from "./lib/texte.js";
import { houseStoreText, readStore, writeStore } from "./maison-stock.js";
import { printOf, ruleAt, rulesRebased } from "./lib/autre-onglet.js";
import { entryKey } from "./lib/maison-cle.js";

export const HOUSE_UNREADABLE = "Ce que ce navigateur garde des règles maison est illisible";
export const HOUSE_ENGINE_DOWN = `Le moteur du site n'a pas pu répondre${FINE}; rechargez la page et réessayez.`;

// --- what the build says, and the engine ------------------------------------------------

const fetchJson = (path) => jsonOnce(new URL(path, SITE_ROOT));

// {sys: {nom, genres: {kind: {nom, titre, schema}}}}
export const houseSystems = async () => (await fetchJson("assets/maison.json")).systemes || {};

// {"sys/kind": [{id, nom}]}: the official entities, by name.
let namesRead = null;
export async function namesOf() {
  namesRead ??= officialNames(await fetchJson("assets/entites.json"));
  return namesRead;
}

// The official entity of a key, as the export has it, without what the export adds
// (`readOnly` fields of the schema: its page's address), or null.
export async function officialEntity(key, schema) {
  const [system, kind, id] = key.split("/");
  if (!system || !kind || !id) return null;
  return officialFields(await fetchJson(`api/${system}/${kind}.json`), id, schema);
}

// The page of the official entity `id` of a system's kind.
export const officialUrl = (system, kind, id) => new URL(`${system}/${kind}/${id}/`, SITE_ROOT).href;

// The engine's reply to `action`, `payload` with the kept entries; throws when it could not
// answer (its worker stopped, or too slow).
export const houseEngine = (action, payload, kept) =>
  compute(payload.entree?.systeme || "", action, { ...payload, maison: kept }, { entry: "maison" });

// --- the store, as the pages read and write it ----------------------------------------------

// What is kept, or null once `say` said why it cannot be read.
export function readOrSay(say) {
  try {
    return readStore();
  } catch (error) {
    if (!(error instanceof StorageRefused)) throw error;
    say(`${storageSays(error, HOUSE_UNREADABLE)}${NBSP}: les règles maison ne peuvent pas y être lues.`);
    return null;
  }
}

// Another tab changed, since this page read them, the very rules a change writes (`keys`;
// `regles`: what is kept now): the reader is asked before anything is written.
class ChangedElsewhere extends Error {
  constructor(keys, regles) {
    super("règles changées dans un autre onglet");
    this.keys = keys;
    this.regles = regles;
  }
}

// The rules `change(kept)` makes of what is kept now, with their index made by the engine,
// in one write (the other pages read both); switched-off keys that no longer exist are
// dropped. What is kept is read again after the engine's answer: when another tab wrote
// meanwhile, the change is made again on what it wrote. Returns the rules found kept.
async function keepRules(change) {
  for (let tries = 0; tries < 5; tries++) {
    const before = houseStoreText();
    const kept = readStore();
    const regles = change(kept);
    const reply = await houseEngine("indexer", {}, regles);
    if (!reply.ok) throw new Error(reply.message || "index refusé");
    if (houseStoreText() !== before) continue; // another tab wrote while the engine indexed
    writeStore({
      ...kept,
      collection: { format: HOUSE_FORMAT, regles },
      eteintes: switchesKept(kept.eteintes, regles),
      index: reply.index,
    });
    return kept.collection.regles;
  }
  throw new Error("les règles maison changent sans cesse dans un autre onglet");
}

const changedKey = (change) => (change.entry ? entryKey(change.entry) : change.remove);

// Makes `changes` (lib/autre-onglet.js rulesRebased) on what is kept now, by key: a rule of
// `seen` (key → what this page read of it) that another tab changed since is first put to
// the reader, `ask(key, itNow)` (itNow: null when deleted): true, this page's change stands;
// false, it is dropped and the other tab's rule kept. Returns {found: the rules kept
// before the write (null: nothing written), dropped: [key]}.
export async function keepChanges(seen, changes, ask) {
  let pending = changes;
  const dropped = [];
  while (pending.length) {
    try {
      const found = await keepRules((kept) => {
        const { regles, conflicts } = rulesRebased(kept.collection.regles, seen, pending);
        if (conflicts.length) throw new ChangedElsewhere(conflicts, kept.collection.regles);
        return regles;
      });
      return { found, dropped };
    } catch (error) {
      if (!(error instanceof ChangedElsewhere)) throw error;
      for (const key of error.keys) {
        const now = ruleAt(error.regles, key) || null;
        seen.set(key, printOf(now)); // asked once: what it is now is what the reader saw
        if (await ask(key, now)) continue;
        dropped.push(key);
        pending = pending.filter((change) => changedKey(change) !== key && change.editing !== key);
      }
    }
  }
  return { found: null, dropped };
}

// What `work` (a change of the kept rules) says, then `redraw`; when it fails, why, and
// that nothing changed (`unchanged`: « rien n'a été supprimé. »).
export async function changeOrSay(work, unchanged, redraw) {
  try {
    const said = await work();
    redraw();
    return said;
  } catch (error) {
    if (error instanceof StorageRefused) return `${storageSays(error, HOUSE_UNREADABLE)}${NBSP}: ${unchanged}`;
    console.warn("maison\u00a0:", error);
    return `${HOUSE_ENGINE_DOWN} ${capitalised(unchanged)}`;
  }
}

// --- an amendment's switch -----------------------------------------------------------------

// The switch of an amendment: on, the site shows the amended entity; off, the official one.
export function activeSwitch(key, name, off) {
  const box = element("input", { type: "checkbox", role: "switch", "data-cle": key, class: "srd-maison-active" });
  box.checked = !off;
  const state = element("span", {}, off ? "Désactivée" : "Active");
  return element("label", { class: "srd-maison-interrupteur" }, box, " ", state, element("span", { class: "srd-lecteur-ecran" }, ` — ${name}`));
}

// The switch `box` of `key` moved: kept and said, or put back when it cannot be kept.
// Returns whether it was kept.
export function flipSwitch(key, box, say) {
  try {
    const kept = readStore();
    writeStore({ ...kept, eteintes: switched(kept.eteintes, key, box.checked) });
  } catch (error) {
    if (!(error instanceof StorageRefused)) throw error;
    box.checked = !box.checked;
    say(`${storageSays(error, HOUSE_UNREADABLE)}${NBSP}: rien n'a été modifié.`);
    return false;
  }
  say(switchSaid(box.checked));
  return true;
}
