// What the partie page shows of an encounter (lib/partie.js keeps and changes it): each
// track's state in words and as boxes to tick on paper, the consequences a track has
// reached, the states with their rounds left, the log by round. Pure: no page, no DOM
// (partie-page.js binds them); unit-tested under Node. A combatant's `pistes` holds, by
// track id, what lib/partie.js keeps: a compteur's current value, a niveaux' count of
// levels taken, a paliers' levels taken by tier (an array of counts).
import { NBSP, colon } from "./texte.js";

const BOXES_AT_MOST = 60; // a longer track prints as a line to write on

// A valeur's number of the combatant, or an integer written in the declaration.
export const amountOf = (combatant, value) => (typeof value === "number" ? value : Number(combatant.valeurs?.[value] ?? 0));

const tiersOf = (piste) => (Array.isArray(piste.niveaux) ? piste.niveaux : []);

// Levels taken by tier of a paliers track, as many as its tiers (missing ones: 0).
const takenByTier = (kept, piste) => tiersOf(piste).map((_, at) => Number((Array.isArray(kept) ? kept[at] : 0) || 0));

// {texte, max, valeur}: « Points de vie : 7 / 10 », « Fatigue : 2 / 5 », « Endurance :
// Égratignure 1/3, Blessure 0/2 ».
export function trackState(combatant, piste) {
  const kept = combatant.pistes?.[piste.id];
  if (piste.type === "compteur") {
    const max = amountOf(combatant, piste.max);
    const valeur = typeof kept === "number" ? kept : max;
    return { texte: `${piste.nom}${colon} ${valeur}${NBSP}/${NBSP}${max}`, max, valeur };
  }
  if (piste.type === "niveaux") {
    const max = tiersOf(piste).length;
    const valeur = Number(kept || 0);
    return { texte: `${piste.nom}${colon} ${valeur}${NBSP}/${NBSP}${max}`, max, valeur };
  }
  const taken = takenByTier(kept, piste);
  const parts = tiersOf(piste).map((tier, at) => `${tier.nom} ${taken[at]}/${tier.nombre ?? "∞"}`);
  return { texte: `${piste.nom}${colon} ${parts.join(", ")}`, max: null, valeur: taken };
}

// What the rules say follows the track's state: [{effet, html, lien}] (seuils crossed,
// levels taken), the worst last.
export function reachedOf(combatant, piste) {
  const state = trackState(combatant, piste);
  if (piste.type === "compteur") {
    const crossed = (piste.seuils || []).filter((seuil) => state.valeur <= seuil.au_plus);
    return crossed.sort((a, b) => b.au_plus - a.au_plus);
  }
  if (piste.type === "niveaux") return tiersOf(piste).slice(0, state.valeur).filter((tier) => tier.effet || tier.html);
  return tiersOf(piste).filter((tier, at) => state.valeur[at] > 0 && (tier.effet || tier.html));
}

// The boxes a printed row shows for the track: [{nom, cases}] (cases 0: a line to write on).
export function printedBoxes(combatant, piste) {
  if (piste.type === "paliers") return tiersOf(piste).map((tier) => ({ nom: tier.nom, cases: Math.min(Number(tier.nombre) || 0, BOXES_AT_MOST) }));
  const { max } = trackState(combatant, piste);
  return [{ nom: piste.nom, cases: max > 0 && max <= BOXES_AT_MOST ? max : 0 }];
}

// « Étourdi (2 rounds restants) », « Étourdi (dernier round) », « Étourdi » (no duration).
export function stateText(etat) {
  const left = Number(etat.reste);
  if (!Number.isFinite(left) || left <= 0) return etat.nom;
  return left === 1 ? `${etat.nom} (dernier round)` : `${etat.nom} (${left}${NBSP}rounds restants)`;
}

// The log by round, the newest round first: [{round, lignes: [text]}]. A line is a text, or
// {round, texte} when lib/partie.js dates it.
export function logByRound(journal, current) {
  const rounds = new Map();
  for (const line of journal || []) {
    const round = typeof line === "object" && line ? Number(line.round ?? current) : current;
    const text = typeof line === "object" && line ? String(line.texte ?? "") : String(line);
    if (!rounds.has(round)) rounds.set(round, []);
    rounds.get(round).push(text);
  }
  return [...rounds.entries()].sort((a, b) => b[0] - a[0]).map(([round, lignes]) => ({ round, lignes }));
}

// The house états of the kinds the system declares, from the reader's active entries:
// [{id, nom, cle, genre}] (`cle`: the house rule's key, for its page).
export function houseStates(entries, genres, keyOf) {
  const wanted = new Set(genres || []);
  return entries
    .filter((entry) => wanted.has(entry.genre) && entry.entite && typeof entry.entite.id === "string")
    .map((entry) => ({ id: entry.entite.id, nom: String(entry.entite.nom || entry.entite.id), cle: keyOf(entry), genre: entry.genre }));
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
