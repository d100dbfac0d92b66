// The saved characters with no page around them (personnages.js binds the save box and
// « Mes personnages »): what the storage keeps (and what it refuses to read), a record
// made from the engine's answer, the exported file and what a chosen file may weigh, the
// character a link opens, the names and the messages, in French. The engine itself
// (engine/saved.py) reads and checks each character. A record is {id, nom, modifie,
// systeme, resume, requetes, personnage, maison?, combat?}; `format` is the page's (of the storage
// and of the file). Pure functions: unit-tested under Node.
import { STORAGE_DOWN, StorageRefused, storageSays } from "./stockage.js";
import { colon, freeName, isText, quoted, slug } from "./texte.js";

// Where the browser keeps them (localStorage): {format, personnages: [record]}.
export const CHARACTERS_KEY = "srd-personnages";

// What a record needs to be listed, opened and saved again.
const isRecord = (record) =>
  Boolean(record) && typeof record === "object" && !Array.isArray(record) && [record.id, record.nom, record.systeme].every(isText);

// The records the storage's `text` holds (none: null or ""), or StorageRefused
// « illisible » when it is not what storedCharacters writes in `format` (a newer format, a
// text broken by hand or by another program): what cannot be read is never overwritten.
export function charactersOf(text, format) {
  if (!text) return [];
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new StorageRefused("illisible");
  }
  if (data?.format !== format || !Array.isArray(data.personnages) || !data.personnages.every(isRecord)) {
    throw new StorageRefused("illisible");
  }
  return data.personnages;
}

export const storedCharacters = (list, format) => JSON.stringify({ format, personnages: list });

// The most recently changed first.
export const newestFirst = (records) => [...records].sort((a, b) => String(b.modifie).localeCompare(String(a.modifie)));

// A name no other character of the system has: « Nom », else « Nom (2) », « Nom (3) »…
export const freeCharacterName = (list, system, name, except = null) =>
  freeName(name, list.filter((c) => c.systeme === system && c.id !== except).map((c) => c.nom));

// Why the engine refused to save a character: its message and each field's (`labelOf`:
// the label the form shows for a field's name).
export function saveRefusal(reply, labelOf) {
  const fields = Object.entries(reply.errors || {}).map(([field, message]) => `champ ${quoted(labelOf(field))}${colon} ${message}`);
  const why = [reply.message, ...fields].filter(Boolean).join("\u202f; ");
  return `Personnage non enregistré${colon} ${why || "valeurs illisibles."}`;
}

// The record of the engine's answer to « enregistrer », named `nom` in `systeme`, with
// its `id` and its date `modifie`.
export const savedRecord = (reply, { id, nom, modifie, systeme }) => ({
  id,
  nom,
  modifie,
  systeme,
  resume: reply.resume,
  requetes: reply.requetes,
  personnage: reply.personnage,
  ...(reply.maison ? { maison: reply.maison } : {}), // the house rules it names, by field
  ...(reply.combat ? { combat: reply.combat } : {}), // what « Mener la partie » takes of it
});

// `record` in place of the one of its id in `list`, else added at its end.
export function placed(list, record) {
  const at = list.findIndex((c) => c.id === record.id);
  if (at >= 0) list[at] = record;
  else list.push(record);
  return list;
}

// The file holds what the engine reads back (and the house rules a character names, so
// that an import without them says which is missing); the rest (summary, queries) it
// recomputes.
export const fileOf = (records, format) => ({
  format,
  personnages: records.map(({ nom, modifie, personnage, maison }) => ({ nom, modifie, personnage, ...(maison ? { maison } : {}) })),
});

export const fileName = (name) => `personnage-${slug(name) || "sans-nom"}.json`;

const counted = (count, word) => `${count} ${word}${count > 1 ? "s" : ""}`;
export const exportedText = (count) => `${counted(count, "personnage")} exporté${count > 1 ? "s" : ""} (fichier JSON).`;

// Why a chosen file is refused before it is read (`size` bytes), or "".
export const charactersFileTooBig = (size, maxBytes) =>
  size > maxBytes ? `Import refusé${colon} fichier trop gros (${size} octets, ${maxBytes} au plus). Rien n'a été importé.` : "";

// The characters the engine read from a file, added to `records` under free names (each
// a new `id()`, dated `now` unless it says when it was changed); what the page says.
export function imported(records, found, id, now) {
  const names = [];
  for (const one of found) {
    const record = { ...one, id: id(), modifie: one.modifie || now };
    record.nom = freeCharacterName(records, record.systeme, record.nom);
    records.push(record);
    names.push(record.nom);
  }
  const count = names.length;
  return count ? `${counted(count, "personnage")} importé${count > 1 ? "s" : ""}${colon} ${names.map(quoted).join(", ")}.` : "Aucun personnage importé.";
}

// One line per character and per field the engine refused (`systemName`: a system's name
// by its id, if the page knows it).
export function problemLine(problem, systemName) {
  const system = systemName(problem.systeme);
  const who = [`Personnage ${problem.numero}`, problem.nom ? quoted(problem.nom) : "", system ? `(${system})` : ""];
  const where = problem.champ ? `, champ ${quoted(problem.champ)}` : "";
  return `${who.filter(Boolean).join(" ")}${where}${colon} ${problem.message}`;
}

export const problemsIntro = (count) => `Non importé${count > 1 ? "s" : ""}, à corriger dans le fichier${colon}`;

// --- a refused storage, in French -----------------------------------------------------------

export const CHARACTERS_UNREADABLE = "Ce que ce navigateur garde des personnages est illisible";
const KEPT_AS_IS = `${CHARACTERS_UNREADABLE}${colon} il est gardé tel quel, rien n'est enregistré par-dessus.`;
const KEEPS_VALUES = `garde vos valeurs${colon} ajoutez-la à vos favoris ou copiez-la.`; // what the page's address does

// What « Mes personnages » says when it cannot read the characters.
export const listRefusal = (error) =>
  error.why === "illisible"
    ? KEPT_AS_IS
    : `${STORAGE_DOWN}${colon} aucun personnage ne peut y être gardé. Les calculateurs gardent leurs valeurs dans l'adresse de la page.`;

// What a calculator's save box says on opening when it cannot read the characters.
export const boxRefusal = (error) =>
  error.why === "illisible"
    ? `${KEPT_AS_IS} L'adresse de la page ${KEEPS_VALUES}`
    : `${STORAGE_DOWN}${colon} les personnages ne peuvent pas y être gardés, mais l'adresse de la page ${KEEPS_VALUES}`;

// What it says when the storage refused a save (unreadable, full or missing).
export const saveStorageRefusal = (error) =>
  error.why === "illisible"
    ? `${KEPT_AS_IS} Le personnage n'est donc pas enregistré, mais l'adresse de la page ${KEEPS_VALUES}`
    : `${storageSays(error)}${colon} le personnage n'est pas enregistré, mais l'adresse de la page ${KEEPS_VALUES}`;

// The start of what the page says when a change is refused (it ends it in its own words).
export const changeRefusal = (error) => storageSays(error, CHARACTERS_UNREADABLE);

// --- a character in a link's address -------------------------------------------------------
// A link of « Mes personnages » names the character it opens by its id, so that the
// calculator works on it (saving again updates it) in this tab or in a new one, and
// from a bookmark: the tab's current character is in its sessionStorage, which a new tab
// does not share. The printed sheet reads the name it shows. Neither is a calculator's field.
export const OPENED_PARAM = "personnage";
export const NAME_PARAM = "nom";

// The query of a link opening `record` in a calculator whose values are `query`; the
// printed sheet's (`sheet`) names it too.
export const openingQuery = (record, query, sheet = false) =>
  new URLSearchParams({ ...query, [OPENED_PARAM]: record.id, ...(sheet ? { [NAME_PARAM]: record.nom } : {}) }).toString();

// The character of `system` that the address's `search` opens, or null (none, or not kept here).
export function openedCharacter(records, search, system) {
  const id = new URLSearchParams(search).get(OPENED_PARAM);
  return (id && records.find((record) => record.id === id && record.systeme === system)) || null;
}
