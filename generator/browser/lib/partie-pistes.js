// The tracks of harm of « Mener la partie », one state each, as the payload declares them
// (pipeline/partie.py `pistes`), with no page and no encounter around them (lib/partie.js
// keeps them on the combatants). Three types:
// - compteur {valeur}: starts at its max (a value of the combatant, or a number); damage
//   lowers it down to `min` (if any), care raises it up to its max; its `seuils` ({au_plus,
//   effet, lien}) are reached at or below `au_plus`;
// - paliers {cumul, pris: [levels taken per tier], depassement}: damage below the first
//   tier's threshold goes to the cumul, which past its max goes back to 0 and gives a level
//   of the first tier; otherwise a level of the highest tier whose threshold the damage
//   reaches; a level of a full tier goes to the next one; beyond the last, the track
//   overflows. Its malus (`malus`: plus-haut, only the highest tier taken counts; somme):
//   levels × per-level malus, a fractional total rounded down. A tier's `gratuit_des` with
//   the track's `gratuit` (a value id): from that value on, one more level, the first taken
//   there, with no malus;
// - niveaux {niveau}: 0 … the number of levels, +1 damage, −1 care, each level's effect.
// Node-tested (tests/js/partie.test.mjs).
import { PARTIE_MAX_INT } from "./contrat.js";
import { NBSP } from "./texte.js";

const MINUS = "\u2212";
const signedMalus = (n) => (n < 0 ? `${MINUS}${-n}` : String(n));

// A track's maximum for the combatant's `valeurs`: a value (by id) or a number.
export const pisteMax = (piste, valeurs) => (typeof piste.max === "string" ? (valeurs[piste.max] ?? 0) : (piste.max ?? 0));

// The state a combatant of `valeurs` starts the track with.
export function freshPiste(piste, valeurs) {
  if (piste.type === "compteur") return { valeur: pisteMax(piste, valeurs) };
  if (piste.type === "paliers") return { cumul: 0, pris: piste.niveaux.map(() => 0), depassement: false };
  return { niveau: 0 };
}

// --- compteur -------------------------------------------------------------------------------------

// The seuil the value has reached (the lowest `au_plus` at or above it), or null.
const reachedSeuil = (piste, valeur) => [...(piste.seuils || [])].sort((a, b) => a.au_plus - b.au_plus).find((s) => valeur <= s.au_plus) || null;

function counterHarmed(piste, state, amount, valeurs) {
  const lowest = piste.min ?? -PARTIE_MAX_INT;
  const moved = state.valeur - amount;
  // Care never lowers a value above its max (a max lowered since), damage never raises one.
  const valeur = amount < 0 ? Math.max(state.valeur, Math.min(pisteMax(piste, valeurs), moved)) : Math.max(Math.min(lowest, state.valeur), moved);
  const reached = (piste.seuils || []).filter((s) => state.valeur > s.au_plus && valeur <= s.au_plus);
  const consequences = [...reached].sort((a, b) => b.au_plus - a.au_plus).map((s) => ({ texte: s.effet, lien: s.lien || null }));
  return { state: { valeur }, consequences };
}

// --- paliers --------------------------------------------------------------------------------------

// Whether tier `i` has a free level for the combatant's `valeurs` (1) or not (0).
const freeLevels = (piste, i, valeurs) => {
  const from = piste.niveaux[i].gratuit_des;
  return piste.gratuit && from !== null && from !== undefined && (valeurs[piste.gratuit] ?? 0) >= from ? 1 : 0;
};

// How many levels tier `i` holds for the combatant.
export const tierCapacity = (piste, i, valeurs) => (piste.niveaux[i].nombre ?? 1) + freeLevels(piste, i, valeurs);

// The malus the levels give now (0 or below).
export function tiersMalus(piste, state, valeurs) {
  const weighed = piste.niveaux.map((level, i) => Math.max(0, state.pris[i] - freeLevels(piste, i, valeurs)) * (level.malus ?? 0));
  if (piste.malus === "somme") return -Math.floor(weighed.reduce((sum, one) => sum + one, 0) + 1e-9);
  const highest = piste.niveaux.map((_, i) => i).filter((i) => state.pris[i] - freeLevels(piste, i, valeurs) > 0).at(-1);
  return highest === undefined ? 0 : -Math.floor(weighed[highest] + 1e-9);
}

// One level taken from tier `tier` up (a full tier passes it on): what it says.
function levelTaken(piste, state, tier, valeurs) {
  let at = tier;
  while (at < piste.niveaux.length && state.pris[at] >= tierCapacity(piste, at, valeurs)) at += 1;
  if (at === piste.niveaux.length) {
    state.depassement = true;
    return { texte: piste.depassement || "Au-delà du dernier niveau.", lien: piste.lien || null };
  }
  state.pris[at] += 1;
  const full = at > tier ? `${piste.niveaux[tier].nom} plein${NBSP}: ` : "";
  return { texte: `${full}niveau de ${piste.niveaux[at].nom}`, lien: piste.niveaux[at].lien || null };
}

function tiersHarmed(piste, before, amount, valeurs) {
  const state = { ...before, pris: [...before.pris] };
  const consequences = [];
  if (amount < 0) {
    tiersCared(state, -amount);
  } else if (amount < (piste.niveaux[0]?.seuil ?? 0)) {
    state.cumul += amount;
    if (state.cumul > (piste.cumul ?? 0)) {
      state.cumul = 0;
      consequences.push({ texte: "Cumul dépassé, remis à 0", lien: null }, levelTaken(piste, state, 0, valeurs));
    }
  } else if (amount > 0) {
    const tier = piste.niveaux.map((level) => level.seuil ?? 0).filter((seuil) => seuil <= amount).length - 1;
    consequences.push(levelTaken(piste, state, tier, valeurs));
  }
  const malus = tiersMalus(piste, state, valeurs);
  if (malus !== tiersMalus(piste, before, valeurs)) consequences.push({ texte: `malus ${signedMalus(malus)}`, lien: piste.lien || null });
  return { state, consequences };
}

// Care of `count` levels: the overflow first, then the highest tier's levels down.
function tiersCared(state, count) {
  let left = count;
  if (state.depassement && left > 0) {
    state.depassement = false;
    left -= 1;
  }
  for (let i = state.pris.length - 1; i >= 0 && left > 0; i--) {
    const healed = Math.min(left, state.pris[i]);
    state.pris[i] -= healed;
    left -= healed;
  }
}

// --- niveaux --------------------------------------------------------------------------------------

function levelsHarmed(piste, state, amount) {
  const niveau = Math.max(0, Math.min(piste.niveaux.length, state.niveau + amount));
  const consequences = piste.niveaux
    .slice(state.niveau, niveau)
    .map((level) => ({ texte: level.effet ? `${level.nom}${NBSP}: ${level.effet}` : level.nom, lien: level.lien || null }));
  return { state: { niveau }, consequences };
}

// --- every type -----------------------------------------------------------------------------------

// The track after `amount` (damage above 0, care below) for a combatant of `valeurs`:
// {state, consequences: [{texte, lien}]} (the seuils or levels newly reached, the malus,
// the overflow).
export function pisteHarmed(piste, state, amount, valeurs) {
  if (piste.type === "compteur") return counterHarmed(piste, state, amount, valeurs);
  if (piste.type === "paliers") return tiersHarmed(piste, state, amount, valeurs);
  return levelsHarmed(piste, state, amount);
}

// What the track shows now: {texte, malus, effet: the consequence in force {texte, lien} or null}.
export function pisteView(piste, state, valeurs) {
  if (piste.type === "compteur") {
    const seuil = reachedSeuil(piste, state.valeur);
    return { texte: `${piste.nom}${NBSP}: ${signedMalus(state.valeur)}/${pisteMax(piste, valeurs)}`, malus: 0, effet: seuil && { texte: seuil.effet, lien: seuil.lien || null } };
  }
  if (piste.type === "niveaux") {
    const level = piste.niveaux[state.niveau - 1];
    const effet = level ? { texte: level.effet ? `${level.nom}${NBSP}: ${level.effet}` : level.nom, lien: level.lien || null } : null;
    return { texte: `${piste.nom}${NBSP}: ${state.niveau}/${piste.niveaux.length}`, malus: 0, effet };
  }
  const malus = tiersMalus(piste, state, valeurs);
  const tiers = piste.niveaux.map((level, i) => `${level.nom} ${state.pris[i]}/${tierCapacity(piste, i, valeurs)}`);
  const parts = [`Cumul ${state.cumul}/${piste.cumul ?? 0}`, ...tiers, `malus ${signedMalus(malus)}`];
  return { texte: `${piste.nom}${NBSP}: ${parts.join("\u202f; ")}`, malus, effet: tiersInForce(piste, state, malus) };
}

// The overflow, else the highest tier taken and the malus it gives, linked to the track's rule.
function tiersInForce(piste, state, malus) {
  const lien = piste.lien || null;
  if (state.depassement) return { texte: piste.depassement || "Au-delà du dernier niveau.", lien };
  const highest = piste.niveaux.findLastIndex((_, i) => state.pris[i] > 0);
  return highest < 0 ? null : { texte: `${piste.niveaux[highest].nom}${NBSP}: malus ${signedMalus(malus)}`, lien };
}
