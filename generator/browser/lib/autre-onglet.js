// Two tabs of one browser share its localStorage: what a page read may have been changed
// by another tab since. Each page therefore re-reads its store right before it writes,
// changes only what it means to, by key (a rule's, a list's name, a character's id), and
// when the very thing it writes was changed elsewhere since it read it, asks instead of
// writing over it. These are the pure parts: which keys changed elsewhere, a rule, a list
// or a character put in place by key, and what the pages say of it, in French.
// Unit-tested under Node (tests/js/autre-onglet.test.mjs).
import { entryKey } from "./maison-cle.js";
import { withWritten } from "./maison-regles.js";
import { FINE, NBSP, plural, quoted } from "./texte.js";

// What a value was, to compare with what it is now: its JSON, or null when there was none.
export const printOf = (value) => (value === undefined || value === null ? null : JSON.stringify(value));

// The keys of `seen` (Map key → printOf what the page read) whose value now (`valueAt(key)`)
// is another one: changed, added or removed elsewhere.
export const changedElsewhere = (seen, valueAt) => [...seen].filter(([key, print]) => printOf(valueAt(key)) !== print).map(([key]) => key);

// --- house rules ----------------------------------------------------------------------------

export const ruleAt = (regles, key) => regles.find((one) => entryKey(one) === key);

// key → printOf the rule of that key in `regles` (null when there is none).
export const rulesSeen = (regles, keys) => new Map(keys.map((key) => [key, printOf(ruleAt(regles, key))]));

// The kept rules `latest` with each change of `changes` made by key: {entry, editing}
// writes `entry` (in place of the rule `editing`, whose key may differ), {remove: key}
// deletes. `conflicts`: the keys `seen` (as the page read them) that another tab changed
// since, left out of those it changed to what this page writes (nothing would be lost).
export function rulesRebased(latest, seen, changes) {
  const writes = new Map(changes.map((one) => (one.entry ? [entryKey(one.entry), printOf(one.entry)] : [one.remove, null])));
  const conflicts = changedElsewhere(seen, (key) => ruleAt(latest, key)).filter((key) => writes.get(key) !== printOf(ruleAt(latest, key)));
  let regles = [...latest];
  for (const change of changes) {
    regles = change.entry ? withWritten(regles, change.entry, change.editing) : regles.filter((one) => entryKey(one) !== change.remove);
  }
  return { regles, conflicts };
}

export const ruleChangedQuestion = (name) =>
  `La règle maison ${name} a changé dans un autre onglet depuis que cette page l'a lue${NBSP}: garder la vôtre, ou prendre celle de l'autre onglet${FINE}?`;
export const ruleGoneQuestion = (name) =>
  `La règle maison ${name} a été supprimée dans un autre onglet depuis que cette page l'a lue${NBSP}: l'enregistrer quand même${FINE}?`;
export const ruleDeletedQuestion = (name) =>
  `La règle maison ${name} a changé dans un autre onglet depuis que cette page l'a lue${NBSP}: la supprimer quand même${FINE}?`;
export const ruleTakenFromThere = (name) =>
  `Rien n'a été enregistré${NBSP}: la règle ${name} de l'autre onglet est gardée, et ouverte dans le formulaire.`;
export const importTakenFromThere = (name) => `Règle ${name} non importée${NBSP}: celle de l'autre onglet est gardée.`;
export const RULES_KEPT_ALONGSIDE = `Les règles maison ont changé dans un autre onglet pendant ce temps${NBSP}: ses changements sont gardés avec les vôtres.`;
export const KEEP_MINE = "Garder la mienne";
export const TAKE_THEIRS = "Prendre l'autre";

// --- the GM's lists (a list's key is its name) ------------------------------------------------

export const listNamed = (lists, name) => lists.find((list) => list.nom === name) || null;

const named = (name) => `«${NBSP}${name}${NBSP}»`; // as « Mes listes » quotes a list
const gone = (name) => `La liste ${named(name)} n'est plus dans ce navigateur (supprimée ou renommée dans un autre onglet)${NBSP}: rien n'a été modifié.`;

// `lists` (as kept now) without `id` in the list `name`: {lists}, or {refused} when it is gone.
export function listWithout(lists, name, id) {
  if (!listNamed(lists, name)) return { refused: gone(name) };
  return { lists: lists.map((list) => (list.nom === name ? { ...list, ids: list.ids.filter((one) => one !== id) } : list)) };
}

// `lists` with the list `name` renamed `wanted`: {lists}, or {refused} (gone, or the name taken).
export function listRenamed(lists, name, wanted) {
  if (!listNamed(lists, name)) return { refused: gone(name) };
  if (wanted !== name && listNamed(lists, wanted)) return { refused: `Une liste s'appelle déjà ${named(wanted)}.` };
  return { lists: lists.map((list) => (list.nom === name ? { ...list, nom: wanted } : list)) };
}

// `lists` without the list `name`: {lists}, or {refused} when it is gone already.
export const listDeleted = (lists, name) =>
  listNamed(lists, name) ? { lists: lists.filter((list) => list.nom !== name) } : { refused: gone(name) };

// The question before deleting `now`, a list that changed elsewhere since the page showed it.
export const listChangedQuestion = (now) =>
  `La liste ${named(now.nom)} a changé dans un autre onglet (${plural(now.ids.length, "entité")} maintenant)${NBSP}: la supprimer quand même${FINE}?`;

export const LISTS_FOLLOWED = `Vos listes ont changé dans un autre onglet${NBSP}: cette page les montre telles qu'elles sont maintenant.`;

// --- saved characters (a character's key is its id, its version its date « modifie ») -----------

// The character `id` as kept now when it is no longer the version `seenStamp` this tab read
// or saved (another tab saved it since), or {gone: true} when it was deleted; null when it is
// the same, or when this tab never read it (nothing to compare with).
export function characterElsewhere(records, id, seenStamp) {
  if (!id || !seenStamp) return null;
  const now = records.find((record) => record.id === id);
  if (!now) return { gone: true };
  return now.modifie === seenStamp ? null : now;
}

export const characterChangedQuestion = (name, when) =>
  `Le personnage ${quoted(name)} a été enregistré dans un autre onglet (${when}) depuis que cette page l'a ouvert${NBSP}: le remplacer par celui-ci${FINE}?`;
export const characterTakenFromThere = (name) =>
  `Rien n'a été enregistré${NBSP}: le personnage ${quoted(name)} de l'autre onglet est gardé${FINE}; «${FINE}Mes personnages${FINE}» l'ouvre.`;

export const CHARACTERS_FOLLOWED = `Vos personnages ont changé dans un autre onglet${NBSP}: la liste est à jour.`;
