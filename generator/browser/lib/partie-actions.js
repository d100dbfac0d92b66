// One tap from a combatant of « Mener la partie » to a calculator: the calculator's address
// with its fields prefilled from the combatant (and its target), and the two parameters
// telling the calculator page which encounter and which combatant its « Lancer » writes to.
// Pure: no DOM. A calculator reads only its own input names from its address
// (lib/calculateur.js valuesFromAddress), so these two extra parameters change no field.

import { PARTIE_SHARE_PARAM } from "./contrat.js";

// The encounter is named by the same word in a calculator's query as in the share fragment.
export const ENCOUNTER_PARAM = PARTIE_SHARE_PARAM;
export const COMBATANT_PARAM = "qui";

// The calculator id of an action: declared, else the last segment of its link.
const actionCalculator = (action) => action.calculateur || String(action.lien).split("/").filter(Boolean).pop();

// calculator input -> the combatant's value, for the inputs whose value it has.
function valuesFor(fields, combatant) {
  const values = {};
  for (const [input, valeur] of Object.entries(fields || {})) {
    const value = combatant?.valeurs?.[valeur];
    if (Number.isFinite(value)) values[input] = String(value);
  }
  return values;
}

// calculator input -> what is left on the combatant's counter track, for the inputs whose
// track it keeps (the action's `restant`: a roll under a score uses what damage left of it).
function remainingFor(tracks, combatant) {
  const values = {};
  for (const [input, piste] of Object.entries(tracks || {})) {
    const value = combatant?.pistes?.[piste]?.valeur;
    if (Number.isFinite(value)) values[input] = String(value);
  }
  return values;
}

// The calculator address (a string) of `action` (the page payload's `actions` entry) for
// `combatant`, against `target` (or null), starting from `record.requetes[calculator]` for a
// saved character (or null), links resolved against `siteRoot` (a URL), in encounter
// `encounterId`. The combatant's declared values win over the record's query: they are what
// the GM sees on the partie page.
export function actionLink(action, combatant, target, record, siteRoot, encounterId) {
  const query = {
    ...(record?.requetes?.[actionCalculator(action)] || {}),
    ...valuesFor(action.champs, combatant),
    ...remainingFor(action.restant, combatant),
    ...(target ? valuesFor(action.cible, target) : {}),
    [ENCOUNTER_PARAM]: encounterId,
    [COMBATANT_PARAM]: combatant.id,
  };
  const url = new URL(String(action.lien).replace(/^\/+/, ""), siteRoot);
  url.search = new URLSearchParams(query).toString();
  return url.href;
}

// The encounter and combatant a calculator address names, or null when it names none.
export function partieOf(search) {
  const params = new URLSearchParams(search);
  const partie = params.get(ENCOUNTER_PARAM);
  const qui = params.get(COMBATANT_PARAM);
  return partie && qui ? { partie, qui } : null;
}

// An exact probability as the engine writes it (« 7/12 », « 1 », « 0 ») in words a reader
// takes in at a glance: « exactement 7 sur 12 ». Anything else is kept as it came.
export function exactWords(exact) {
  const text = String(exact);
  if (text === "1") return "certain";
  if (text === "0") return "impossible";
  const parts = /^(\d+)\/(\d+)$/.exec(text);
  return parts ? `exactement ${parts[1]} sur ${parts[2]}` : text;
}

// The log entry of a calculator's roll (lib/partie-fichier.js withRoll): the calculator's
// title, the outcome with its percentage, and that same probability exactly.
export const rollEntry = (title, outcome, exact) => ({
  genre: "jet",
  texte: `${title}\u00a0: ${outcome}`,
  chances: exactWords(exact),
});

// Where « Retour à la partie » goes: the system's partie page with the encounter chosen.
export function backLink(siteRoot, system, encounterId) {
  const url = new URL(`${system}/partie/`, siteRoot);
  url.search = new URLSearchParams({ [ENCOUNTER_PARAM]: encounterId }).toString();
  return url.href;
}
