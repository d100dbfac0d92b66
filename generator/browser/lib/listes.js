// The GM's lists with no page around them (listes.js binds « Mes listes » and the pins):
// what the storage keeps and how it is read back, the exported file and how a chosen file
// is checked before anything of it is kept, each in French when refused, and a list shared
// by a link. A list is {nom, ids}; `format` is the page's (of the storage and of the file).
// Pure functions: unit-tested under Node (tests/js/).
import { StorageRefused } from "./stockage.js";
import { freeName, plural } from "./texte.js";

export const FILE_TYPE = "srd-listes";
// Bounds of an imported file: a list holds at most the site's entities (about 1 100).
const MAX_LISTS = 200;
const MAX_IDS = 5_000;
const NAMED_UNKNOWN = 5; // unknown entities named one by one in a list's messages

const isList = (list) =>
  list && typeof list.nom === "string" && list.nom.trim() && Array.isArray(list.ids) && list.ids.every((id) => typeof id === "string");

// The lists the storage's `text` holds (none: null), or StorageRefused « illisible »:
// what cannot be read is never overwritten.
export function listsOf(text, format) {
  if (text === null) return [];
  try {
    const data = JSON.parse(text);
    if (data.format === format && Array.isArray(data.listes) && data.listes.every(isList)) return data.listes;
  } catch {
    // fall through: never overwrite what cannot be read
  }
  throw new StorageRefused("illisible");
}

export const storedText = (lists, format) => JSON.stringify({ format, listes: lists });

// The exported file of `lists`.
export const fileText = (lists, format) =>
  JSON.stringify({ format, type: FILE_TYPE, listes: lists.map(({ nom, ids }) => ({ nom, ids })) }, null, 1);

// A name no stored list has: « Scénario », then « Scénario (2) »…
export const freeListName = (name, lists) => freeName(name, lists.map((list) => list.nom));

export const frNumber = (n) => n.toLocaleString("fr-FR");
export const fileRefusal = (fileName, why) => [`«\u00a0${fileName}\u00a0» ${why}\u00a0: rien n'a été importé.`];

// Whether brackets outside strings nest deeper than `limit`, in one pass and without
// parsing (the rule of core/imbrication.py).
export function deeperThan(text, limit) {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (inString) {
      if (char === "\\") at++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "[" || char === "{") {
      if (++depth > limit) return true;
    } else if (char === "]" || char === "}") depth--;
  }
  return false;
}

// Why a chosen file is refused before it is read (its size, `size` bytes), or null.
export const fileTooBig = (fileName, size, maxBytes) =>
  size > maxBytes ? fileRefusal(fileName, `est trop gros (${frNumber(size)}\u00a0octets, pour ${frNumber(maxBytes)} au plus)`) : null;

// Why a file's text is refused before it is parsed (its depth), or null.
export const fileTooDeep = (fileName, text, maxDepth) =>
  deeperThan(text, maxDepth)
    ? fileRefusal(fileName, `imbrique plus de ${maxDepth} niveaux de crochets ou d'accolades, ce qu'aucun fichier de listes ne fait`)
    : null;

// Why a file holds more than any reader's lists, or "".
function oversized(found) {
  if (found.length > MAX_LISTS) return `contient ${frNumber(found.length)}\u00a0listes, pour ${frNumber(MAX_LISTS)} au plus`;
  const long = found.find((entry) => Array.isArray(entry?.ids) && entry.ids.length > MAX_IDS);
  return long ? `contient une liste de ${frNumber(long.ids.length)}\u00a0entités, pour ${frNumber(MAX_IDS)} au plus` : "";
}

// An exported file read: {listes: its entries, each still to check (importEntry)}, or
// {refused: the messages saying why the whole file is refused}.
export function readListsFile(fileName, text, format) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { refused: [`«\u00a0${fileName}\u00a0» n'est pas un fichier JSON lisible\u00a0: rien n'a été importé.`] };
  }
  if (!data || data.type !== FILE_TYPE || !Number.isInteger(data.format) || !Array.isArray(data.listes)) {
    return { refused: [`«\u00a0${fileName}\u00a0» n'est pas un fichier de listes de ce site (il y faut «\u00a0type\u00a0»\u00a0: «\u00a0${FILE_TYPE}\u00a0», «\u00a0format\u00a0» et «\u00a0listes\u00a0»)\u00a0: rien n'a été importé.`] };
  }
  if (data.format !== format) {
    return { refused: [`«\u00a0${fileName}\u00a0» est au format ${data.format}, ce site lit le format ${format}\u00a0: rien n'a été importé.`] };
  }
  const tooMuch = oversized(data.listes);
  return tooMuch ? { refused: fileRefusal(fileName, tooMuch) } : { listes: data.listes };
}

// One entry of a file (the `index`th) added to `lists` under a free name (nothing stored
// is replaced), its entities `known` (a Set or Map of keys) only; its messages in French.
export function importEntry(entry, index, lists, known) {
  const where = `Liste n°\u00a0${index + 1}`;
  if (!entry || typeof entry.nom !== "string" || !entry.nom.trim()) return [`${where}\u00a0: il lui manque un nom («\u00a0nom\u00a0»)\u00a0; elle est ignorée.`];
  if (!Array.isArray(entry.ids)) return [`${where} («\u00a0${entry.nom}\u00a0»)\u00a0: «\u00a0ids\u00a0» n'est pas une liste d'entités\u00a0; elle est ignorée.`];
  const ids = new Set();
  const unknown = [];
  for (const id of entry.ids) {
    if (typeof id === "string" && known.has(id)) ids.add(id);
    else unknown.push(id);
  }
  const name = freeListName(entry.nom.trim(), lists);
  lists.push({ nom: name, ids: [...ids] });
  const renamed = name === entry.nom.trim() ? "" : ` sous le nom «\u00a0${name}\u00a0» (le nom était déjà pris)`;
  return [`«\u00a0${entry.nom}\u00a0» importée${renamed}\u00a0: ${plural(ids.size, "entité")}.`, ...unknownMessages(entry.nom, unknown)];
}

// One message per unknown entity, the first few only: the others are counted.
function unknownMessages(listName, unknown) {
  const shown = (id) => {
    const text = typeof id === "string" ? id : JSON.stringify(id);
    return text.length > 80 ? `${text.slice(0, 80)}…` : text;
  };
  const named = unknown.slice(0, NAMED_UNKNOWN).map((id) => `«\u00a0${listName}\u00a0»\u00a0: entité inconnue «\u00a0${shown(id)}\u00a0», laissée de côté.`);
  const more = unknown.length - named.length;
  if (more === 1) named.push(`«\u00a0${listName}\u00a0»\u00a0: et une autre entité inconnue, laissée de côté.`);
  if (more > 1) named.push(`«\u00a0${listName}\u00a0»\u00a0: et ${frNumber(more)}\u00a0autres entités inconnues, laissées de côté.`);
  return named;
}

// --- a list shared by a link: its name and its entities in the address -----------------
// New links carry them in the fragment, which no host ever receives: a long list cannot
// make an address a static host refuses (414) with no word. Old links carry them in the
// query (`?nom=…&ids=…`): both are read. Past SHARE_MAX_IDS a link is neither made nor
// opened, with a French message; a file has no such bound (« Exporter cette liste »).

export const SHARE_MAX_IDS = 2_000; // twice the site's entities (about 1 100)

// An id as the fragment carries it: its slashes kept, readable.
const inFragment = (id) => encodeURIComponent(id).replaceAll("%2F", "/");

// The fragment (without « # ») of a link sharing `list`, read back by sharedParams.
export const shareFragment = (list) => `nom=${encodeURIComponent(list.nom)}&ids=${list.ids.map(inFragment).join(",")}`;

// Why no link can share `list` (too many entities), or "".
export const shareTooLong = (list) =>
  list.ids.length > SHARE_MAX_IDS
    ? `Pas de lien de partage\u00a0: cette liste a ${frNumber(list.ids.length)}\u00a0entités, un lien en porte ${frNumber(SHARE_MAX_IDS)} au plus\u00a0; partagez-la plutôt en fichier («\u00a0Exporter cette liste\u00a0»).`
    : "";

// The parameters of a shared list in an address (`search` and `hash` as `location` gives
// them): the fragment's, else the query's (the old links), else null.
export function sharedParams(search, hash) {
  for (const part of [hash.replace(/^#/, ""), search]) {
    const params = new URLSearchParams(part);
    if (params.has("ids")) return params;
  }
  return null;
}

// The list a shared link's parameters (URLSearchParams) give: each entity once; past the
// bound, {nom, refused: why} and no entity.
export function sharedList(params) {
  const nom = (params.get("nom") || "").trim() || "Liste partagée";
  const ids = [...new Set((params.get("ids") || "").split(",").filter(Boolean))];
  if (ids.length <= SHARE_MAX_IDS) return { nom, ids };
  return {
    nom,
    refused: `Ce lien de partage porte ${frNumber(ids.length)}\u00a0entités, pour ${frNumber(SHARE_MAX_IDS)} au plus\u00a0: la liste n'est pas ouverte. Demandez-la plutôt en fichier («\u00a0Exporter cette liste\u00a0»).`,
  };
}

// What a shared list held that the site does not know (`known`: a Set or Map of keys):
// said when it is saved without them.
export function droppedNote(ids, known) {
  const dropped = ids.filter((id) => !known.has(id));
  if (!dropped.length) return "";
  const names = dropped.map((id) => `«\u00a0${id}\u00a0»`).join(", ");
  return dropped.length === 1 ? ` Entité inconnue laissée de côté\u00a0: ${names}.` : ` Entités inconnues laissées de côté\u00a0: ${names}.`;
}
