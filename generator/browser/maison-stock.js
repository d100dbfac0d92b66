// « Règles maison »: what the browser keeps of the reader's house rules, and the
// one place that reads and writes it. The page « Règles maison » (maison.js) is the only
// writer: it has each entry checked by the engine (house/reader.py) before it keeps it,
// and it writes, in the same single write, what the other pages need to show a house
// entity without the engine: its finder row and its card (`index`). The finder, the
// search, the lists and the official pages only read (`houseIndex`).
//
// localStorage « srd-regles-maison »:
//   {format: 1,
//    collection: {format: 1, regles: [entry]},   // as exported (house/reader.py FORMAT)
//    eteintes: [key],                            // amendments the reader switched off
//    index: {key: {ligne: <finder row>, carte: <card>}}}  // derived, rewritten at each write
// An entry's key is « system/kind/id » (an amendment keeps its official entity's id, so
// its key is the official one: the finder's « i », the lists' and cards' key).
import { SITE_ROOT } from "./commun.js";
import { HOUSE_ENTITY_PAGE, HOUSE_FORMAT } from "./lib/contrat.js";
import { entryKey } from "./lib/maison-cle.js";
import { StorageRefused, store } from "./lib/stockage.js";

export const HOUSE_KEY = "srd-regles-maison";
const STORE_FORMAT = 1;

// The page that shows a house entity (generator/core/urls.py house_entity).
export const houseUrl = (key) => new URL(`${HOUSE_ENTITY_PAGE}${encodeURIComponent(key)}`, SITE_ROOT).href;

const EMPTY = () => ({ format: STORE_FORMAT, collection: { format: HOUSE_FORMAT, regles: [] }, eteintes: [], index: {} });

// What is kept, whole; an empty store when nothing is. Throws StorageRefused
// (« indisponible », or « illisible » when what is kept is not this store).
export function readStore() {
  const text = store.read(HOUSE_KEY);
  if (!text) return EMPTY();
  let kept;
  try {
    kept = JSON.parse(text);
  } catch {
    throw new StorageRefused("illisible");
  }
  if (kept?.format !== STORE_FORMAT || !Array.isArray(kept.collection?.regles)) throw new StorageRefused("illisible");
  return { ...EMPTY(), ...kept };
}

// The text kept, as it is (null: nothing): to tell whether another tab wrote since.
export const houseStoreText = () => store.read(HOUSE_KEY);

// Keeps `kept` ({collection, eteintes, index}) whole, or nothing (StorageRefused).
export function writeStore(kept) {
  store.write(HOUSE_KEY, JSON.stringify({ ...kept, format: STORE_FORMAT }));
  dispatchEvent(new CustomEvent("srd-regles-maison")); // this page's readers redraw
}

// For the pages that only read: {key: {ligne, carte, eteinte}} of every house rule kept,
// {} when there is none or the storage cannot be read (those pages then show the official
// rules only; « Règles maison » says why).
export function houseIndex() {
  let kept;
  try {
    kept = readStore();
  } catch {
    return {};
  }
  const off = new Set(kept.eteintes);
  const found = {};
  for (const [key, shown] of Object.entries(kept.index || {})) found[key] = { ...shown, eteinte: off.has(key) };
  return found;
}

// Another tab's write: this one's readers redraw too.
addEventListener("storage", (event) => {
  if (event.key === HOUSE_KEY) dispatchEvent(new CustomEvent("srd-regles-maison"));
});

// For the calculators (calc.js): the entries the engine merges into a system's rules, the
// active ones (an amendment switched off is left out), of `system` or, without one, of
// every system (« Mes personnages »); [] when the storage cannot be read.
export function activeEntries(system = "") {
  let kept;
  try {
    kept = readStore();
  } catch {
    return [];
  }
  const off = new Set(kept.eteintes);
  return kept.collection.regles.filter(
    (entry) => entry && typeof entry === "object" && (!system || entry.systeme === system) && !off.has(entryKey(entry)),
  );
}

// The key of a house entity's page (houseUrl), from any address of it; "" for another page.
export function houseKeyOf(href) {
  const page = new URL(houseUrl(""));
  let url;
  try {
    url = new URL(href, location.href);
  } catch {
    return "";
  }
  const here = url.origin === page.origin && url.pathname.replace(/index\.html$/, "") === page.pathname;
  return here ? url.searchParams.get("e") || "" : "";
}

// The engine links a new house entity as if it were official (system/kind/id/); the site
// has no such page: its links lead to the entity's house page instead. For the results of
// the calculators (calc.js) and the printed sheet (fiche.js).
export function houseLinks(container) {
  const keys = new Set(activeEntries().filter((entry) => !("base" in entry)).map(entryKey));
  if (!keys.size) return;
  for (const link of container.querySelectorAll("a[href]")) {
    const url = new URL(link.getAttribute("href"), location.href);
    if (url.origin !== SITE_ROOT.origin || !url.pathname.startsWith(SITE_ROOT.pathname)) continue;
    const key = decodeURIComponent(url.pathname.slice(SITE_ROOT.pathname.length)).replace(/\/(index\.html)?$/, "");
    if (keys.has(key)) link.href = houseUrl(key);
  }
}
