// The encounters of « Mener la partie » as kept, exported, imported and shared, with no page
// around them: the store {format: PARTIE_FORMAT, parties: [...]} under PARTIE_STORAGE_KEY,
// the same shape as the exported file (its schema: api/schemas/parties.schema.json, from
// pipeline/partie_fichier.py), a check of an encounter that walks only what the format
// holds and refuses the rest in French naming its place, the read-only share fragment, the
// roll a calculator page appends, and the write that keeps another tab's changes. Pure
// functions: unit-tested under Node (tests/js/partie-fichier.test.mjs).
import { changedElsewhere, printOf } from "./autre-onglet.js";
import {
  PARTIE_FORMAT,
  PARTIE_LOG_KIND,
  PARTIE_MAX_COMBATANTS,
  PARTIE_MAX_FILE_CHARS,
  PARTIE_MAX_ID,
  PARTIE_MAX_INT,
  PARTIE_MAX_KEYS,
  PARTIE_MAX_LOG,
  PARTIE_MAX_NAME,
  PARTIE_MAX_PARTIES,
  PARTIE_MAX_SHARE_CHARS,
  PARTIE_MAX_STATES,
  PARTIE_MAX_TEXT,
  PARTIE_ORIGIN,
  PARTIE_SHARE_PARAM,
  PARTIE_STORAGE_KEY,
} from "./contrat.js";
import { withLogLine, withoutUndo } from "./partie.js";
import { StorageRefused } from "./stockage.js";
import { FINE, colon, freeName, quoted, slug } from "./texte.js";

// What an encounter cannot be, said in French with its place (« Rencontre 2, combattant 3,
// champ « pv » : … »).
export class PartieRefused extends Error {}

const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]);
const ID = /^[\p{L}\p{N}_.:-]+$/u;

const refuse = (where, message) => {
  throw new PartieRefused(`${where.filter(Boolean).join(", ")}${colon} ${message}`);
};
const fieldNamed = (name) => `champ ${quoted(name)}`;
const isObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);

// --- the check, field by field --------------------------------------------------------------------

function checkedObject(value, where, allowed, required = []) {
  if (!isObject(value)) refuse(where, "objet attendu.");
  for (const key of Object.keys(value)) if (!allowed.includes(key)) refuse(where, `champ inconnu ${quoted(key.slice(0, PARTIE_MAX_NAME))}.`);
  for (const key of required) if (!Object.hasOwn(value, key)) refuse(where, `champ ${quoted(key)} manquant.`);
  return value;
}

function checkedText(value, where, most = PARTIE_MAX_NAME, least = 1) {
  if (typeof value !== "string") refuse(where, "texte attendu.");
  if (value.length < least) refuse(where, "texte vide.");
  if (value.length > most) refuse(where, `texte trop long (${value.length} caractères, ${most} au plus).`);
  return value;
}

function checkedId(value, where) {
  checkedText(value, where, PARTIE_MAX_ID);
  if (FORBIDDEN.has(value) || !ID.test(value)) refuse(where, `identifiant refusé ${quoted(value)}.`);
  return value;
}

function checkedInt(value, where, least = -PARTIE_MAX_INT, most = PARTIE_MAX_INT) {
  if (!Number.isInteger(value) || value < least || value > most) refuse(where, `nombre entier attendu, de ${least} à ${most}.`);
  return value;
}

function checkedList(value, where, most) {
  if (!Array.isArray(value)) refuse(where, "liste attendue.");
  if (value.length > most) refuse(where, `liste trop longue (${value.length} éléments, ${most} au plus).`);
  return value;
}

// {id: int} of at most PARTIE_MAX_KEYS ids.
function checkedInts(value, where) {
  checkedObject(value, where, Object.keys(value || {}));
  if (Object.keys(value).length > PARTIE_MAX_KEYS) refuse(where, `trop de valeurs (${PARTIE_MAX_KEYS} au plus).`);
  return Object.fromEntries(Object.entries(value).map(([key, n]) => [checkedId(key, where), checkedInt(n, [...where, `champ ${quoted(key)}`])]));
}

const TRACK_FIELDS = ["valeur", "cumul", "pris", "depassement", "niveau"];

function checkedTrack(value, where) {
  checkedObject(value, where, TRACK_FIELDS);
  const track = {};
  if (Object.hasOwn(value, "valeur")) track.valeur = checkedInt(value.valeur, [...where, "valeur"]);
  if (Object.hasOwn(value, "cumul")) track.cumul = checkedInt(value.cumul, [...where, "cumul"], 0);
  if (Object.hasOwn(value, "niveau")) track.niveau = checkedInt(value.niveau, [...where, "niveau"], 0);
  if (Object.hasOwn(value, "pris")) track.pris = checkedList(value.pris, [...where, "pris"], PARTIE_MAX_KEYS).map((n) => checkedInt(n, [...where, "pris"], 0));
  if (Object.hasOwn(value, "depassement")) {
    if (typeof value.depassement !== "boolean") refuse([...where, "depassement"], "vrai ou faux attendu.");
    track.depassement = value.depassement;
  }
  return track;
}

function checkedTracks(value, where) {
  checkedObject(value, where, Object.keys(value || {}));
  if (Object.keys(value).length > PARTIE_MAX_KEYS) refuse(where, `trop de pistes (${PARTIE_MAX_KEYS} au plus).`);
  return Object.fromEntries(Object.entries(value).map(([key, track]) => [checkedId(key, where), checkedTrack(track, [...where, `piste ${quoted(key)}`])]));
}

function checkedState(value, where) {
  checkedObject(value, where, ["ref", "reste", "pose"], ["ref", "reste", "pose"]);
  const ref = checkedObject(value.ref, [...where, "ref"], ["genre", "id", "nom", "lien"], ["nom"]);
  const kept = { nom: checkedText(ref.nom, [...where, "nom"]) };
  for (const key of ["genre", "id"]) if (Object.hasOwn(ref, key)) kept[key] = checkedId(ref[key], [...where, key]);
  if (Object.hasOwn(ref, "lien")) kept.lien = checkedLink(ref.lien, [...where, "lien"]);
  return { ref: kept, reste: checkedInt(value.reste, [...where, "reste"], 0), pose: checkedInt(value.pose, [...where, "pose"], 0) };
}

// A state's page: a path of the site from its root, never an address of another site.
function checkedLink(value, where) {
  checkedText(value, where, 1000, 0);
  if (value && (!value.startsWith("/") || value.startsWith("//") || /[\s\\]/.test(value))) refuse(where, "adresse refusée (une page du site attendue).");
  return value;
}

const COMBATANT_FIELDS = ["id", "nom", "origine", "valeurs", "jet", "pistes", "etats", "modificateurs"];

function checkedCombatant(value, where) {
  checkedObject(value, where, COMBATANT_FIELDS, COMBATANT_FIELDS);
  const field = (name) => [...where, fieldNamed(name)];
  const origine = checkedText(value.origine, field("origine"), PARTIE_MAX_ID + 20);
  if (!PARTIE_ORIGIN.test(origine)) refuse(field("origine"), `${quoted("libre")}, ${quoted("personnage:…")} ou ${quoted("pnj:…")} attendu.`);
  const modificateurs = checkedList(value.modificateurs, field("modificateurs"), PARTIE_MAX_KEYS).map((id) => checkedId(id, field("modificateurs")));
  return {
    id: checkedId(value.id, field("id")),
    nom: checkedText(value.nom, field("nom")),
    origine,
    valeurs: checkedInts(value.valeurs, field("valeurs")),
    jet: value.jet === null ? null : checkedInt(value.jet, field("jet")),
    pistes: checkedTracks(value.pistes, field("pistes")),
    etats: checkedList(value.etats, field("etats"), PARTIE_MAX_STATES).map((state, i) => checkedState(state, [...field("etats"), `état ${i + 1}`])),
    modificateurs: [...new Set(modificateurs)],
  };
}

function checkedLine(value, where) {
  checkedObject(value, where, ["round", "texte", "genre", "chances"], ["round", "texte", "genre"]);
  if (typeof value.genre !== "string" || !PARTIE_LOG_KIND.test(value.genre)) refuse([...where, "genre"], `genre inconnu ${quoted(String(value.genre).slice(0, PARTIE_MAX_NAME))}.`);
  const line = { round: checkedInt(value.round, [...where, "round"], 0), texte: checkedText(value.texte, [...where, "texte"], PARTIE_MAX_TEXT), genre: value.genre };
  if (Object.hasOwn(value, "chances")) line.chances = checkedText(value.chances, [...where, "chances"], PARTIE_MAX_NAME, 0);
  return line;
}

// The groups of the order: each id a combatant's, once.
function checkedOrder(value, where, ids) {
  const seen = new Set();
  return checkedList(value, where, PARTIE_MAX_COMBATANTS).map((group, g) =>
    checkedList(group, [...where, `groupe ${g + 1}`], PARTIE_MAX_COMBATANTS).map((id) => {
      if (!ids.has(id) || seen.has(id)) refuse([...where, `groupe ${g + 1}`], `combattant inconnu ou répété ${quoted(String(id).slice(0, PARTIE_MAX_ID))}.`);
      seen.add(id);
      return id;
    }),
  );
}

const ENCOUNTER_FIELDS = ["id", "nom", "systeme", "modifie", "round", "tour", "combattants", "ordre", "journal"];

// A clean copy of the encounter `value` (only what the format holds), or PartieRefused
// naming its place; `place`: « Rencontre 2 » or "".
export function checkedPartie(value, place = "") {
  const where = [place];
  checkedObject(value, where, ENCOUNTER_FIELDS, ENCOUNTER_FIELDS.filter((key) => key !== "modifie"));
  const combattants = checkedList(value.combattants, [place, "combattants"], PARTIE_MAX_COMBATANTS).map((one, i) => checkedCombatant(one, [place, `combattant ${i + 1}`]));
  const ids = new Set(combattants.map((one) => one.id));
  if (ids.size < combattants.length) refuse([place, "combattants"], "deux combattants ont le même identifiant.");
  const partie = {
    id: checkedId(value.id, [place, fieldNamed("id")]),
    nom: checkedText(value.nom, [place, fieldNamed("nom")]),
    systeme: checkedId(value.systeme, [place, fieldNamed("systeme")]),
    round: checkedInt(value.round, [place, fieldNamed("round")], 0),
    tour: checkedInt(value.tour, [place, fieldNamed("tour")], 0, PARTIE_MAX_COMBATANTS),
    combattants,
    ordre: checkedOrder(value.ordre, [place, "ordre"], ids),
    journal: checkedList(value.journal, [place, "journal"], PARTIE_MAX_LOG).map((line, i) => checkedLine(line, [place, `journal, ligne ${i + 1}`])),
  };
  if (Object.hasOwn(value, "modifie")) partie.modifie = checkedText(value.modifie, [place, fieldNamed("modifie")], 40);
  return partie;
}

// --- the store -------------------------------------------------------------------------------------

// The encounters the storage's `text` holds (none: null or ""), or StorageRefused
// « illisible » when it is not what storedParties writes: what cannot be read is never
// overwritten.
export function partiesOf(text) {
  if (!text) return [];
  try {
    const data = JSON.parse(text);
    if (!isObject(data) || data.format !== PARTIE_FORMAT) throw new PartieRefused("format");
    return checkedList(data.parties, ["parties"], PARTIE_MAX_PARTIES).map((one, i) => checkedPartie(one, `Rencontre ${i + 1}`));
  } catch {
    throw new StorageRefused("illisible");
  }
}

// The file (and the store) of `parties`, without their undo stacks.
export const partiesFile = (parties) => ({ format: PARTIE_FORMAT, parties: parties.map(withoutUndo) });
export const storedParties = (parties) => JSON.stringify(partiesFile(parties));
export const partiesFileName = (name) => `rencontre-${slug(name) || "sans-nom"}.json`;

// The encounters `storage` keeps (lib/stockage.js store, or a test's), or StorageRefused.
export const keptParties = (storage) => partiesOf(storage.read(PARTIE_STORAGE_KEY));
// Keeps `parties` whole in `storage`, or throws StorageRefused (full, missing).
export const keepParties = (storage, parties) => storage.write(PARTIE_STORAGE_KEY, storedParties(parties));

// A name no other encounter of the system has: « Nom », else « Nom (2) »…
export const freePartieName = (parties, system, name, except = null) =>
  freeName(name, parties.filter((one) => one.systeme === system && one.id !== except).map((one) => one.nom));

// The parsed JSON of a file or a link of at most `most` characters, or PartieRefused.
function parsedBounded(text, most, what) {
  if (typeof text !== "string") throw new PartieRefused(`${what} illisible.`);
  if (text.length > most) throw new PartieRefused(`${what} trop gros (${text.length} caractères, ${most} au plus).`);
  try {
    return JSON.parse(text);
  } catch {
    throw new PartieRefused(`${what} illisible (JSON invalide).`);
  }
}

function formatChecked(data, what) {
  if (!isObject(data)) throw new PartieRefused(`${what} illisible (objet attendu).`);
  if (Number.isInteger(data.format) && data.format > PARTIE_FORMAT) {
    throw new PartieRefused(`${what} d'un format plus récent (${data.format}) que celui de cette page (${PARTIE_FORMAT})${colon} rechargez la page.`);
  }
  if (data.format !== PARTIE_FORMAT) throw new PartieRefused(`${what} illisible (format ${PARTIE_FORMAT} attendu).`);
}

// The file's encounters added to `parties` under free names, each with a new id from
// `newId()` and dated `now` unless it says when it was changed: {parties, message}, or
// {refused} (a French message; nothing is imported then).
export function importedParties(text, parties, newId, now) {
  try {
    const data = parsedBounded(text, PARTIE_MAX_FILE_CHARS, "Fichier");
    formatChecked(data, "Fichier");
    const found = checkedList(data.parties, ["Fichier", fieldNamed("parties")], PARTIE_MAX_PARTIES).map((one, i) => checkedPartie(one, `Rencontre ${i + 1}`));
    if (parties.length + found.length > PARTIE_MAX_PARTIES) throw new PartieRefused(`trop de rencontres (${PARTIE_MAX_PARTIES} au plus dans ce navigateur).`);
    const kept = [...parties];
    for (const one of found) kept.push({ ...one, id: newId(), nom: freePartieName(kept, one.systeme, one.nom), modifie: one.modifie || now });
    const names = kept.slice(parties.length).map((one) => quoted(one.nom));
    const message = names.length ? `${names.length} rencontre${names.length > 1 ? "s" : ""} importée${names.length > 1 ? "s" : ""}${colon} ${names.join(", ")}.` : "Aucune rencontre importée.";
    return { parties: kept, message };
  } catch (error) {
    if (!(error instanceof PartieRefused)) throw error;
    return { refused: `Import refusé${colon} ${error.message} Rien n'a été importé.` };
  }
}

// --- the share link ------------------------------------------------------------------------------

// UTF-8 bytes as base64url (no padding), in slices so that no call takes too many arguments.
function base64url(bytes) {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 8192) binary += String.fromCharCode(...bytes.subarray(at, at + 8192));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function bytesOf(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

// The fragment « #partie=… » (the file of this one encounter) that shows `partie` read-only: {fragment}, or {refused} when
// it is longer than a link may carry.
export function partieShareFragment(partie) {
  const bytes = new TextEncoder().encode(storedParties([partie]));
  const text = base64url(bytes);
  if (text.length > PARTIE_MAX_SHARE_CHARS) {
    return { refused: `Rencontre trop longue pour un lien (${text.length} caractères, ${PARTIE_MAX_SHARE_CHARS} au plus)${colon} exportez-la en fichier.` };
  }
  return { fragment: `#${PARTIE_SHARE_PARAM}=${text}` };
}

// The encounter a page's `hash` shares: {partie} (checked as an import), {refused} (why, in
// French), or null when the address shares none.
export function sharedPartie(hash) {
  const prefix = `#${PARTIE_SHARE_PARAM}=`;
  if (typeof hash !== "string" || !hash.startsWith(prefix)) return null;
  const text = hash.slice(prefix.length);
  try {
    if (text.length > PARTIE_MAX_SHARE_CHARS) throw new PartieRefused(`lien trop long (${text.length} caractères, ${PARTIE_MAX_SHARE_CHARS} au plus).`);
    if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new PartieRefused("lien illisible (caractères inattendus).");
    let json;
    try {
      json = new TextDecoder("utf-8", { fatal: true }).decode(bytesOf(text));
    } catch {
      throw new PartieRefused("lien illisible (texte mal codé).");
    }
    const data = parsedBounded(json, PARTIE_MAX_SHARE_CHARS, "Lien");
    formatChecked(data, "Lien");
    checkedObject(data, ["Lien"], ["format", "parties"], ["format", "parties"]);
    if (!Array.isArray(data.parties) || data.parties.length !== 1) throw new PartieRefused("lien illisible (une rencontre attendue).");
    return { partie: checkedPartie(data.parties[0], "Rencontre partagée") };
  } catch (error) {
    if (!(error instanceof PartieRefused)) throw error;
    return { refused: `Lien de rencontre refusé${colon} ${error.message} Rien n'est affiché.` };
  }
}

// --- a roll from a calculator page --------------------------------------------------------------

// The store's text with `entry` ({texte, chances?, genre?: "action"}) appended to the log of
// the encounter `partieId`, said of the combatant `combatantId`: {text}, or {refused}.
export function withRoll(storeText, partieId, combatantId, entry, now = null) {
  let parties;
  try {
    parties = partiesOf(storeText);
  } catch {
    return { refused: `Jet non noté${colon} les rencontres gardées dans ce navigateur sont illisibles.` };
  }
  const partie = parties.find((one) => one.id === partieId);
  const one = partie?.combattants.find((c) => c.id === combatantId);
  if (!partie || !one) return { refused: `Jet non noté${colon} la rencontre ou le combattant n'est plus dans ce navigateur.` };
  const genre = entry.genre || "action";
  const texte = `${one.nom}${colon} ${String(entry.texte)}`.slice(0, PARTIE_MAX_TEXT);
  const chances = entry.chances ? String(entry.chances).slice(0, PARTIE_MAX_NAME) : undefined;
  if (typeof genre !== "string" || !PARTIE_LOG_KIND.test(genre)) return { refused: `Jet non noté${colon} genre inconnu.` };
  const written = { ...withoutUndo(withLogLine(partie, { genre, texte, chances })), ...(now ? { modifie: now } : {}) };
  return { text: storedParties(parties.map((p) => (p.id === partieId ? written : p))) };
}

// --- two tabs ----------------------------------------------------------------------------------

export const partieAt = (parties, id) => parties.find((one) => one.id === id);

// id → printOf the encounter of that id as this page read it (null when there is none).
export const partiesSeen = (parties, ids) => new Map(ids.map((id) => [id, printOf(stored(partieAt(parties, id)))]));
const stored = (partie) => (partie ? withoutUndo(partie) : partie);

// The kept encounters `latest` (re-read right before writing) with `partie` in place by its
// id (else added), or without the encounter `remove` when it is given: {parties, conflict}:
// conflict when another tab changed that encounter since `seen` (then nothing is written
// until the GM chooses: mine, with `force`, or theirs).
export function partieWritten(latest, seen, { partie = null, remove = null, force = false }) {
  const id = partie ? partie.id : remove;
  const mine = partie ? printOf(stored(partie)) : null;
  const elsewhere = changedElsewhere(new Map([[id, seen.get(id) ?? null]]), (key) => stored(partieAt(latest, key)));
  const conflict = !force && elsewhere.length > 0 && printOf(stored(partieAt(latest, id))) !== mine;
  if (conflict) return { parties: latest, conflict: true };
  const others = latest.filter((one) => one.id !== id);
  if (!partie) return { parties: others, conflict: false };
  const at = latest.findIndex((one) => one.id === id);
  const parties = at < 0 ? [...latest, stored(partie)] : latest.map((one) => (one.id === id ? stored(partie) : one));
  return { parties, conflict: false };
}

export const partieChangedQuestion = (name) =>
  `La rencontre ${quoted(name)} a changé dans un autre onglet depuis que cette page l'a lue${colon} garder la vôtre, ou prendre celle de l'autre onglet${FINE}?`;
export const partieGoneQuestion = (name) =>
  `La rencontre ${quoted(name)} a été supprimée dans un autre onglet depuis que cette page l'a lue${colon} l'enregistrer quand même${FINE}?`;

// What this tab changed since `seen` (the store as it last read or wrote it), written over
// `latest` (re-read right before writing): each encounter of `mine` (its list, the open one
// in place) whose stored form differs from what it saw, and the removal of each one it saw
// and no longer holds. One that another tab changed meanwhile is not overwritten: it stays
// as there and its id is in `conflicts` (the page asks about the open one).
export function partiesMerged(latest, seen, mine) {
  let parties = latest;
  const conflicts = [];
  const write = (change, id) => {
    const out = partieWritten(parties, seen, change);
    if (out.conflict) conflicts.push(id);
    else parties = out.parties;
  };
  for (const partie of mine) if (printOf(stored(partie)) !== (seen.get(partie.id) ?? null)) write({ partie }, partie.id);
  const held = new Set(mine.map((one) => one.id));
  for (const [id, print] of seen) if (print !== null && !held.has(id)) write({ remove: id }, id);
  return { parties, conflicts };
}

// On another tab's write: what became of the open encounter `id` in `latest` since this
// tab saw it: {changed, gone, partie} (partie: as it is there now, or null).
export function partieFollowed(latest, seen, id) {
  const partie = partieAt(latest, id) || null;
  const before = seen.get(id) ?? null;
  return { changed: Boolean(partie) && before !== null && printOf(stored(partie)) !== before, gone: !partie && before !== null, partie };
}

export const PARTIE_FOLLOWED = `Cette rencontre a changé dans un autre onglet${colon} la page la montre telle qu'elle est maintenant.`;
export const PARTIE_GONE_HERE = `Cette rencontre a été supprimée dans un autre onglet${colon} elle reste affichée ici et votre prochain changement l'enregistre de nouveau.`;
