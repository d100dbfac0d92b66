// What the partie page shows of an encounter that lib/partie.js does not already say (its
// trackView gives a track in words): each track as boxes to tick on paper, the states with
// their rounds left, the log by round, the house états, the values form, and the parts the
// page draws with what each shows (a part shown the same is not drawn again). Pure: no
// page, no DOM (partie-page.js binds them); unit-tested under Node.
import { HOUSE_ENTITY_PAGE } from "./contrat.js";
import { pisteMax, tierCapacity } from "./partie-pistes.js";
import { NBSP, colon } from "./texte.js";

const BOXES_AT_MOST = 60; // a longer track prints as a line to write on

// The boxes a printed row shows for the track: [{nom, cases}] (cases 0: a line to write on):
// one per point of a counter, one per level (of each tier of a paliers track).
export function printedBoxes(piste, valeurs) {
  const fit = (n) => (n > 0 && n <= BOXES_AT_MOST ? n : 0);
  if (piste.type === "paliers") return piste.niveaux.map((tier, i) => ({ nom: tier.nom, cases: fit(tierCapacity(piste, i, valeurs)) }));
  if (piste.type === "niveaux") return [{ nom: piste.nom, cases: fit(piste.niveaux.length) }];
  return [{ nom: piste.nom, cases: fit(pisteMax(piste, valeurs)) }];
}

// « Étourdi (2 rounds restants) », « Étourdi (dernier round) », « Étourdi » (no duration).
// A state is {ref: {nom, lien?…}, reste} (lib/partie.js putState).
export function stateText(etat) {
  const left = Number(etat.reste);
  const nom = etat.ref.nom;
  if (!Number.isFinite(left) || left <= 0) return nom;
  return left === 1 ? `${nom} (dernier round)` : `${nom} (${left}${NBSP}rounds restants)`;
}

// The log by round, the newest round first: [{round, lignes: [text]}], a line's chances
// after it (lib/partie.js: {round, texte, genre, chances?}).
export function logByRound(journal) {
  const rounds = new Map();
  for (const line of journal || []) {
    const round = Number(line.round);
    const text = line.chances ? `${line.texte} (${line.chances})` : line.texte;
    if (!rounds.has(round)) rounds.set(round, []);
    rounds.get(round).push(text);
  }
  return [...rounds.entries()].sort((a, b) => b[0] - a[0]).map(([round, lignes]) => ({ round, lignes }));
}

// The house états of the kinds the system declares, from the reader's active entries:
// [{genre, id, nom, lien, maison: true}] (`lien`: the house rule's page, from the site's root).
export function houseStates(entries, genres, keyOf) {
  const wanted = new Set(genres || []);
  return entries
    .filter((entry) => wanted.has(entry.genre) && entry.entite && typeof entry.entite.id === "string")
    .map((entry) => ({
      genre: entry.genre,
      id: entry.entite.id,
      nom: String(entry.entite.nom || entry.entite.id),
      lien: `/${HOUSE_ENTITY_PAGE}${encodeURIComponent(keyOf(entry))}`,
      maison: true,
    }));
}

// The values a form starts with: a saved character's `combat`, else each valeur's default.
export const startingValues = (valeurs, given = {}) =>
  Object.fromEntries(valeurs.map((valeur) => [valeur.id, Number.isFinite(given?.[valeur.id]) ? given[valeur.id] : valeur.defaut]));

// The values typed in a form, each whole and within its bounds, or the French reason of the
// first that is not.
export function checkedValues(valeurs, typed) {
  const values = {};
  for (const valeur of valeurs) {
    const text = String(typed[valeur.id] ?? "").trim().replace("\u2212", "-");
    const number = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
    const low = valeur.min ?? -Infinity;
    const high = valeur.max ?? Infinity;
    if (!Number.isInteger(number) || number < low || number > high) {
      const bounds = Number.isFinite(low) && Number.isFinite(high) ? ` (de ${low} à ${high})` : "";
      return { erreur: `${valeur.nom}${colon} un nombre entier${bounds}.` };
    }
    values[valeur.id] = number;
  }
  return { valeurs: values };
}

// --- what the page draws, part by part ------------------------------------------------------
// The page draws each part of its view from a small description (plain data, compared as
// JSON): a part described as at the last draw keeps its DOM as it is (what the reader opened
// or typed there stays, and the browser styles and lays out only what changed).

// The text a description is compared by: the same text for the same description.
export const describedAs = (description) => (typeof description === "string" ? description : JSON.stringify(description));

// The parts of `next` ([{key, description}]) drawn again: those new, or described otherwise
// than in `before` (a Map key -> text, from describedAs).
export function partsChanged(before, next) {
  return new Set(next.filter((part) => before.get(part.key) !== describedAs(part.description)).map((part) => part.key));
}

// The values in words: « Initiative 3 · PV maximum 12 » (and the roll of this round: the
// dice alone, the order adds its value).
export function valuesText(combatant, valeurs) {
  const parts = valeurs.map((valeur) => `${valeur.nom} ${combatant.valeurs?.[valeur.id] ?? "—"}`);
  if (Number.isFinite(combatant.jet)) parts.push(`jet ${combatant.jet}`);
  return parts.join(" · ");
}

// What the card of `combatant` shows, in its order, part by part: [{part, key, description}]
// (partie-combattant.js draws each part from its description alone), or [{part, key,
// texte}] for a text that changes in place (its node kept). `context`: {odds (its
// text against the next one, or ""), libre, first, last, readOnly, modificateurs (the order's,
// or none), pistes ([{id, texte, effet}], lib/partie.js trackView), etats (the names offered
// to add: [{nom, maison}]), actions ([{nom, href}], or none)}.
export function cardView(combatant, valeurs, context) {
  const { readOnly } = context;
  const who = { id: combatant.id, nom: combatant.nom };
  const etats = (combatant.etats || []).map((etat) => ({ texte: stateText(etat), nom: etat.ref.nom, lien: etat.ref.lien || "" }));
  // The values and odds change with each roll: texts written in place (`texte`).
  const parts = [{ part: "nom", key: "nom", description: who }, { part: "valeurs", key: "valeurs", texte: valuesText(combatant, valeurs) }];
  if (context.odds) parts.push({ part: "chances", key: "chances", texte: context.odds });
  if (!readOnly && context.modificateurs?.length) parts.push({ part: "modificateurs", key: "modificateurs", description: { ...who, on: [...(combatant.modificateurs || [])] } });
  for (const { id, texte, effet } of context.pistes) parts.push({ part: "piste", key: `piste:${id}`, description: { ...who, readOnly, piste: id, texte, effet: effet || null } });
  if (etats.length) parts.push({ part: "etats", key: "etats", description: { ...who, readOnly, etats } });
  if (!readOnly && context.etats.length) parts.push({ part: "etat-ajout", key: "etat-ajout", description: { ...who, etats: context.etats.map(({ nom, maison }) => ({ nom, maison: Boolean(maison) })) } });
  if (!readOnly && context.actions?.length) parts.push({ part: "actions", key: "actions", description: context.actions });
  if (!readOnly) parts.push({ part: "roster", key: "roster", description: { ...who, libre: Boolean(context.libre), first: Boolean(context.first), last: Boolean(context.last) } });
  return parts;
}
