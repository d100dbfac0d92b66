// An encounter of « Mener la partie » with no page around it (partie-page.js binds it): a
// plain object, and pure operations `(encounter, payload, …) -> new encounter` that append
// their log lines and keep the previous state for « Annuler ». The payload is what the
// pipeline writes for a system (pipeline/partie.py): its values, order, tracks, states and
// tables, with the exact laws of its dice; nothing here names a system. Random draws come
// from `draw(n) -> 0 … n − 1` (the page passes lib/hasard.js drawnBelow). Node-tested
// (tests/js/partie.test.mjs).
//
// An encounter: {id, nom, systeme, modifie, round (0: not started), tour (index of the group
// acting in `ordre`), combattants: [{id, nom, origine, valeurs, jet, pistes, etats,
// modificateurs}], ordre: [[ids acting together], …], journal: [{round, texte, genre,
// chances?}], annulables: [previous states, newest last, never stored]}.
import {
  PARTIE_MAX_COMBATANTS,
  PARTIE_MAX_INT,
  PARTIE_MAX_LOG,
  PARTIE_MAX_NAME,
  PARTIE_MAX_STATES,
  PARTIE_MAX_TEXT,
  PARTIE_MAX_UNDO,
} from "./contrat.js";
import { freshPiste, pisteHarmed, pisteView } from "./partie-pistes.js";
import { NBSP, colon, percentText } from "./texte.js";

// --- the encounter and its changes ------------------------------------------------------------

// A name as the format keeps it: trimmed, at most PARTIE_MAX_NAME characters, never empty.
export const nameKept = (name) => String(name ?? "").trim().slice(0, PARTIE_MAX_NAME) || "Sans nom";

// A new empty encounter of the payload's system.
export const newEncounter = (payload, { id, nom, now }) => ({
  id,
  nom: nameKept(nom),
  systeme: payload.systeme,
  modifie: now,
  round: 0,
  tour: 0,
  combattants: [],
  ordre: [],
  journal: [],
  annulables: [],
});

// A whole number within ±PARTIE_MAX_INT (and within [lowest, highest] when given).
const bounded = (n, lowest = -PARTIE_MAX_INT, highest = PARTIE_MAX_INT) =>
  Math.min(Math.min(highest, PARTIE_MAX_INT), Math.max(Math.max(lowest, -PARTIE_MAX_INT), Math.trunc(Number(n) || 0)));

// The encounter without its undo stack: what is stored, exported and shared.
export const withoutUndo = ({ annulables, ...kept }) => kept;

// `change(copy)` made on a deep copy of `encounter`, the previous state kept for undo.
function changed(encounter, change) {
  const before = withoutUndo(encounter);
  const copy = structuredClone(before);
  change(copy);
  copy.annulables = [...(encounter.annulables || []), before].slice(-PARTIE_MAX_UNDO);
  return copy;
}

// The previous state of the encounter (the last change undone), or the same when none is kept.
export function undo(encounter) {
  const kept = encounter.annulables || [];
  if (!kept.length) return encounter;
  return { ...structuredClone(kept.at(-1)), annulables: kept.slice(0, -1) };
}

export const canUndo = (encounter) => Boolean(encounter.annulables?.length);

// Appends a log line to `encounter` (in place): the oldest go beyond PARTIE_MAX_LOG.
function logged(encounter, genre, texte, chances) {
  const line = { round: encounter.round, texte: String(texte).slice(0, PARTIE_MAX_TEXT), genre };
  encounter.journal.push(chances ? { ...line, chances: String(chances).slice(0, PARTIE_MAX_NAME) } : line);
  if (encounter.journal.length > PARTIE_MAX_LOG) encounter.journal.splice(0, encounter.journal.length - PARTIE_MAX_LOG);
}

// The encounter with one more log line {genre, texte, chances?} (a roll from a calculator…).
export const withLogLine = (encounter, { genre, texte, chances }) => changed(encounter, (copy) => logged(copy, genre, texte, chances));

export const combatantOf = (encounter, id) => encounter.combattants.find((one) => one.id === id) || null;

// --- combatants ---------------------------------------------------------------------------------

// The combatant's values: each declared one, given or its default, within its bounds.
function declaredValues(payload, given = {}) {
  const valeurs = {};
  for (const one of payload.valeurs) {
    const value = Object.hasOwn(given, one.id) ? given[one.id] : one.defaut;
    valeurs[one.id] = bounded(value, one.min ?? undefined, one.max ?? undefined);
  }
  return valeurs;
}

// The track `pisteId` as the combatant has it: the payload's, with the levels of its own
// when it comes from a non-player character of data that gives them (`pnj[].pistes`: a
// category of NPCs with fewer levels than a character), else null for an unknown track.
export function pisteOf(payload, combatant, pisteId) {
  const piste = payload.pistes.find((one) => one.id === pisteId);
  const origine = String(combatant?.origine ?? "");
  const npc = origine.startsWith("pnj:") ? (payload.pnj || []).find((one) => one.id === origine.slice("pnj:".length)) : null;
  const own = npc?.pistes?.[pisteId];
  return piste && own ? { ...piste, ...own } : piste || null;
}

// Fresh tracks for a combatant of `origine` and `valeurs`.
const freshPistes = (payload, origine, valeurs) => Object.fromEntries(payload.pistes.map((piste) => [piste.id, freshPiste(pisteOf(payload, { origine }, piste.id), valeurs)]));

// An id no combatant of the encounter has: `wanted`, else `wanted-2`, `wanted-3`…
function freeId(encounter, wanted) {
  const taken = new Set(encounter.combattants.map((one) => one.id));
  let id = wanted;
  for (let n = 2; taken.has(id); n++) id = `${wanted}-${n}`;
  return id;
}

// How many more combatants the encounter may take.
export const roomFor = (encounter) => Math.max(0, PARTIE_MAX_COMBATANTS - encounter.combattants.length);

// Adds a combatant {id, nom, origine ("personnage:<id>" | "pnj:<id>" | "libre"), valeurs}
// (none when the encounter is full: roomFor); in mode jet, once the fight is started, it
// rolls at once when `draw` is given.
export function addCombatant(encounter, payload, { id, nom: given, origine = "libre", valeurs = {} }, draw = null) {
  if (!roomFor(encounter)) return encounter;
  const nom = nameKept(given);
  return changed(encounter, (copy) => {
    const kept = declaredValues(payload, valeurs);
    const pistes = freshPistes(payload, origine, kept);
    const one = { id: freeId(copy, id), nom, origine, valeurs: kept, jet: null, pistes, etats: [], modificateurs: [] };
    copy.combattants.push(one);
    logged(copy, "action", `${nom} rejoint la rencontre.`);
    if (draw && copy.round > 0 && payload.ordre.mode === "jet") rolledFor(copy, payload, one, draw);
    reordered(copy, payload);
  });
}

// « Brute » ×4: the combatant `id` and copies of it, `count` in all, named « Brute 1 » …
// « Brute 4 » (each copy starts fresh: no roll, full tracks, no state).
export function duplicate(encounter, payload, id, count) {
  const source = combatantOf(encounter, id);
  const total = Math.min(Math.trunc(count), roomFor(encounter) + 1);
  if (!source || !(total >= 2)) return encounter;
  return changed(encounter, (copy) => {
    const base = source.nom.slice(0, PARTIE_MAX_NAME - String(total).length - 1);
    combatantOf(copy, id).nom = `${base} 1`;
    for (let n = 2; n <= total; n++) {
      const valeurs = { ...source.valeurs };
      const pistes = freshPistes(payload, source.origine, valeurs);
      const one = { ...structuredClone(source), id: freeId(copy, source.id), nom: `${base} ${n}`, jet: null, pistes, etats: [] };
      copy.combattants.push(one);
    }
    logged(copy, "action", `${base} ×${total}${NBSP}: ${base} 1 à ${base} ${total}.`);
    reordered(copy, payload);
  });
}

// Without the combatant `id`.
export function removeCombatant(encounter, payload, id) {
  const gone = combatantOf(encounter, id);
  if (!gone) return encounter;
  return changed(encounter, (copy) => {
    copy.combattants = copy.combattants.filter((one) => one.id !== id);
    copy.ordre = copy.ordre.map((group) => group.filter((one) => one !== id)).filter((group) => group.length);
    logged(copy, "action", `${gone.nom} quitte la rencontre.`);
    reordered(copy, payload);
  });
}

// The combatant's value `valeurId` set to `value` (within its declared bounds).
export function setValue(encounter, payload, id, valeurId, value) {
  const declared = payload.valeurs.find((one) => one.id === valeurId);
  if (!combatantOf(encounter, id) || !declared) return encounter;
  return changed(encounter, (copy) => {
    combatantOf(copy, id).valeurs[valeurId] = bounded(value, declared.min ?? undefined, declared.max ?? undefined);
    reordered(copy, payload);
  });
}

// The combatant renamed.
export const renamed = (encounter, id, nom) =>
  combatantOf(encounter, id) ? changed(encounter, (copy) => (combatantOf(copy, id).nom = nameKept(nom))) : encounter;

// The order's modifier `modId` turned on or off for the combatant `id`. Modifiers of one
// `groupe` (the entities of one kind: attitudes) exclude each other: turning one on turns
// the others off.
export function toggleModifier(encounter, payload, id, modId) {
  const mods = payload.ordre.modificateurs || [];
  const declared = mods.find((one) => one.id === modId);
  if (!combatantOf(encounter, id) || !declared) return encounter;
  const rivals = new Set(declared.groupe ? mods.filter((m) => m.groupe === declared.groupe && m.id !== modId).map((m) => m.id) : []);
  return changed(encounter, (copy) => {
    const one = combatantOf(copy, id);
    const on = one.modificateurs.includes(modId);
    const others = one.modificateurs.filter((m) => m !== modId && !rivals.has(m));
    one.modificateurs = on ? others : [...others, modId];
    logged(copy, "ordre", `${one.nom}${NBSP}: ${declared.nom} ${on ? "retiré" : "pris en compte"}.`);
    reordered(copy, payload);
  });
}

// --- the order ----------------------------------------------------------------------------------

// The combatant's value `key`, with the order's modifiers it has turned on for that key.
export function effectiveValue(payload, combatant, key) {
  const mods = (payload.ordre.modificateurs || []).filter((m) => m.cle === key && combatant.modificateurs.includes(m.id));
  return (combatant.valeurs[key] ?? 0) + mods.reduce((sum, m) => sum + m.valeur, 0);
}

// What orders a combatant, highest first: [total, …departage] in mode jet (no roll yet:
// after everyone), [cles…, departage…] in mode valeurs; without departage when `tie` is false.
function orderKeys(payload, combatant, tie = true) {
  const { mode, plus, cles = [], departage = [] } = payload.ordre;
  const tied = tie ? departage.map((key) => effectiveValue(payload, combatant, key)) : [];
  if (mode === "jet") {
    if (combatant.jet === null) return [-Infinity, ...tied];
    return [combatant.jet + (plus ? effectiveValue(payload, combatant, plus) : 0), ...tied];
  }
  return [...cles.map((key) => effectiveValue(payload, combatant, key)), ...tied];
}

const highestFirst = (a, b) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return b[i] - a[i];
  return 0;
};

// The groups acting together, in order: [[ids], …]. Mode libre: the GM's order (those not
// in it yet after); otherwise the rules' keys, a remaining tie acting together (egalite
// ensemble) or in the GM's order as last kept (egalite mj, else the roster's order).
export function orderOf(encounter, payload) {
  const ids = encounter.combattants.map((one) => one.id);
  const kept = encounter.ordre.flat().filter((id) => ids.includes(id));
  const rank = (id) => (kept.includes(id) ? kept.indexOf(id) : kept.length + ids.indexOf(id));
  if (payload.ordre.mode === "libre") {
    const groups = encounter.ordre.map((group) => group.filter((id) => ids.includes(id))).filter((group) => group.length);
    return [...groups, ...ids.filter((id) => !kept.includes(id)).map((id) => [id])];
  }
  const keyed = encounter.combattants.map((one) => ({ id: one.id, keys: orderKeys(payload, one) }));
  keyed.sort((a, b) => highestFirst(a.keys, b.keys) || rank(a.id) - rank(b.id));
  const groups = [];
  for (const one of keyed) {
    const last = groups.at(-1);
    const together = payload.ordre.egalite === "ensemble" && last && highestFirst(last.keys, one.keys) === 0;
    if (together) last.ids.push(one.id);
    else groups.push({ keys: one.keys, ids: [one.id] });
  }
  return groups.map((group) => group.ids);
}

// The order recomputed (in place), the acting group's index kept within it.
function reordered(encounter, payload) {
  encounter.ordre = orderOf(encounter, payload);
  encounter.tour = Math.max(0, Math.min(encounter.tour, encounter.ordre.length - 1));
}

// The combatant `id` moved to place `index` of the order, alone in its group (mode libre,
// or a tie the GM decides: the rules' keys still come first).
export function moveInOrder(encounter, payload, id, index) {
  if (!combatantOf(encounter, id)) return encounter;
  return changed(encounter, (copy) => {
    const groups = orderOf(copy, payload)
      .map((group) => group.filter((one) => one !== id))
      .filter((group) => group.length);
    groups.splice(Math.max(0, Math.min(index, groups.length)), 0, [id]);
    copy.ordre = groups;
    reordered(copy, payload);
    logged(copy, "ordre", `${combatantOf(copy, id).nom} déplacé dans l'ordre.`);
  });
}

// A total drawn with the law's weights: `lowest + i` comes `counts[i]` times in `outcomes`.
export function drawnFromLaw(law, draw) {
  let left = draw(law.outcomes);
  for (let i = 0; i < law.counts.length; i++) {
    if (left < law.counts[i]) return law.lowest + i;
    left -= law.counts[i];
  }
  throw new RangeError("tirage hors de la loi");
}

// Rolls the order's dice for `one` (in place) and logs it with its total.
function rolledFor(encounter, payload, one, draw) {
  const { loi, des, plus } = payload.ordre;
  one.jet = drawnFromLaw(loi, draw);
  const total = one.jet + (plus ? effectiveValue(payload, one, plus) : 0);
  logged(encounter, "jet", `${one.nom}${NBSP}: ${des} → ${one.jet}${plus ? `, total ${total}` : ""}.`);
}

// --- rounds and turns -----------------------------------------------------------------------------

// The next round begins (the first one too): in mode jet, everyone rolls (each round with
// quand chaque-round, else only those who have no roll yet); the order is computed, and
// the first group's turn begins.
export function startRound(encounter, payload, draw) {
  return changed(encounter, (copy) => roundStarted(copy, payload, draw));
}

function roundStarted(encounter, payload, draw) {
  encounter.round += 1;
  encounter.tour = 0;
  logged(encounter, "round", `Round ${encounter.round}.`);
  if (payload.ordre.mode === "jet") {
    const again = payload.ordre.quand === "chaque-round";
    for (const one of encounter.combattants) if (again || one.jet === null) rolledFor(encounter, payload, one, draw);
  }
  encounter.ordre = orderOf(encounter, payload);
  if (encounter.ordre.length) turnMoment(encounter, payload, "debut-du-tour");
}

// The acting group's turn ends and the next one's begins; after the last group, the round
// ends and the next one starts. Not started yet: the first round starts.
export function nextTurn(encounter, payload, draw) {
  return changed(encounter, (copy) => turnPassed(copy, payload, draw));
}

function turnPassed(encounter, payload, draw) {
  if (encounter.round === 0) return roundStarted(encounter, payload, draw);
  if (encounter.ordre.length) turnMoment(encounter, payload, "fin-du-tour");
  encounter.tour += 1;
  if (encounter.tour < encounter.ordre.length) return turnMoment(encounter, payload, "debut-du-tour");
  roundMoment(encounter, payload);
  return roundStarted(encounter, payload, draw);
}

// The rest of the round passes (each remaining group's turn ends, and begins first if it
// was not begun), then the next round starts.
export function endRound(encounter, payload, draw) {
  return changed(encounter, (copy) => {
    if (copy.round === 0) return roundStarted(copy, payload, draw);
    const round = copy.round;
    while (copy.round === round) turnPassed(copy, payload, draw);
  });
}

// The moment `moment` for the acting group's members: the states that end then lose a round.
function turnMoment(encounter, payload, moment) {
  if (payload.etats?.fin !== moment) return;
  for (const id of encounter.ordre[encounter.tour] || []) statesAged(encounter, combatantOf(encounter, id), moment);
}

function roundMoment(encounter, payload) {
  if (payload.etats?.fin !== "fin-du-round") return;
  for (const one of encounter.combattants) statesAged(encounter, one, "fin-du-round");
}

// Each state of `one` loses a round; those at 0 end, each said in the log. At the start of
// a turn, a state ends when its rounds are spent already (the turn it was put for counts).
function statesAged(encounter, one, moment) {
  if (!one) return;
  const kept = [];
  for (const state of one.etats) {
    const spent = moment === "debut-du-tour" ? state.reste === 0 : state.reste <= 1;
    if (spent) logged(encounter, "etat", `${one.nom}${NBSP}: fin de ${state.ref.nom}.`);
    else kept.push({ ...state, reste: state.reste - 1 });
  }
  one.etats = kept;
}

// --- harm ---------------------------------------------------------------------------------------

// The combatant's track `pisteId` after `amount` (damage above 0, care below):
// {partie, consequences: [{texte, lien}]}, the log saying both.
export function harm(encounter, payload, id, pisteId, amount) {
  const one = combatantOf(encounter, id);
  const piste = pisteOf(payload, one, pisteId);
  const hurt = Math.trunc(Number(amount) || 0);
  if (!piste || !one || !hurt) return { partie: encounter, consequences: [] };
  const before = one.pistes[pisteId] || freshPiste(piste, one.valeurs);
  const { state, consequences } = pisteHarmed(piste, before, hurt, one.valeurs);
  const partie = changed(encounter, (copy) => {
    const bearer = combatantOf(copy, id);
    bearer.pistes[pisteId] = state;
    const what = hurt > 0 ? `${hurt} de dommages` : `${-hurt} de soins`;
    const said = consequences.map((c) => c.texte.replace(/\.$/, "")).join(", ");
    logged(copy, "degats", `${bearer.nom}${NBSP}: ${what} (${piste.nom})${said ? `${NBSP}: ${said}` : ""}. ${pisteView(piste, state, bearer.valeurs).texte}.`);
  });
  return { partie, consequences };
}

// The combatant's track `pisteId` set to `state` as the GM ticks it (its type's fields).
export function setTrack(encounter, payload, id, pisteId, state) {
  const piste = payload.pistes.find((one) => one.id === pisteId);
  if (!piste || !combatantOf(encounter, id)) return encounter;
  return changed(encounter, (copy) => (combatantOf(copy, id).pistes[pisteId] = structuredClone(state)));
}

// What the combatant's track shows now: {texte, malus, effet} (lib/partie-pistes.js pisteView).
export function trackView(payload, combatant, pisteId) {
  const piste = pisteOf(payload, combatant, pisteId);
  return pisteView(piste, combatant.pistes[pisteId] || freshPiste(piste, combatant.valeurs), combatant.valeurs);
}

// --- states ---------------------------------------------------------------------------------------

// The state `ref` ({genre, id, nom, lien} of the payload's states, or {nom} for a free one)
// put on the combatant `id` for `rounds` rounds (at least 1); none beyond PARTIE_MAX_STATES.
export function putState(encounter, payload, id, ref, rounds) {
  if (!combatantOf(encounter, id) || combatantOf(encounter, id).etats.length >= PARTIE_MAX_STATES) return encounter;
  return changed(encounter, (copy) => {
    const one = combatantOf(copy, id);
    const reste = bounded(rounds, 1);
    const kept = { nom: nameKept(ref.nom) };
    for (const key of ["genre", "id", "lien"]) if (typeof ref[key] === "string") kept[key] = ref[key];
    // Ending as a turn begins: a state put once its bearer's turn of this round has begun
    // counts that turn as one of its rounds, so that it ends as the bearer's turn of round
    // `pose + rounds` begins, whatever the place of the bearer in the order.
    const at = copy.ordre.findIndex((group) => group.includes(id));
    const begun = payload.etats?.fin === "debut-du-tour" && copy.round > 0 && at >= 0 && at <= copy.tour;
    one.etats.push({ ref: kept, reste: begun ? reste - 1 : reste, pose: copy.round });
    logged(copy, "etat", `${one.nom}${NBSP}: ${kept.nom} pour ${reste}${NBSP}round${reste > 1 ? "s" : ""}.`);
  });
}

// Without the combatant's state at `index` (the GM ends it before its time).
export function removeState(encounter, id, index) {
  const one = combatantOf(encounter, id);
  if (!one || !one.etats[index]) return encounter;
  return changed(encounter, (copy) => {
    const bearer = combatantOf(copy, id);
    const [gone] = bearer.etats.splice(index, 1);
    logged(copy, "etat", `${bearer.nom}${NBSP}: fin de ${gone.ref.nom}.`);
  });
}

// --- odds of the order ----------------------------------------------------------------------------

// BigInt(…) rather than literals such as 0n, which the syntax trees of
// tests/unit/test_shipped_scripts.py cannot write as JSON.
const ZERO = BigInt(0);
const ONE = BigInt(1);
const gcd = (a, b) => (b === ZERO ? a : gcd(b, a % b));
// An exact fraction [num, den] of BigInts, reduced, as numbers.
function fraction(num, den) {
  const d = gcd(num, den) || ONE;
  return [Number(num / d), Number(den / d)];
}

// Ways (of outcomes²) that X − Y is above, equal to and below `gap`, X and Y of `law`.
function differenceWays(law, gap) {
  let above = ZERO;
  let equal = ZERO;
  let below = ZERO;
  law.counts.forEach((cx, x) => {
    law.counts.forEach((cy, y) => {
      const ways = BigInt(cx) * BigInt(cy);
      if (x - y > gap) above += ways;
      else if (x - y === gap) equal += ways;
      else below += ways;
    });
  });
  return { above, equal, below };
}

// Whether a's tie-breaking values beat b's: 1, −1, or 0 (still tied).
function tieBreak(payload, a, b) {
  for (const key of payload.ordre.departage || []) {
    const gap = effectiveValue(payload, a, key) - effectiveValue(payload, b, key);
    if (gap) return Math.sign(gap);
  }
  return 0;
}

// The chances that combatant `a` acts before `b`, with them (egalite ensemble), after them,
// and that the GM decides ({avant, ensemble, apres, mj}, exact fractions [num, den]). Mode
// jet: from the law of the dice (a roll to come); mode valeurs: certain, from the values;
// mode libre: the GM decides.
export function beforeOdds(payload, a, b) {
  const { mode, egalite, loi, plus } = payload.ordre;
  const none = [0, 1];
  if (mode === "libre") return { avant: none, ensemble: none, apres: none, mj: [1, 1] };
  let ways;
  if (mode === "jet") {
    const gap = plus ? effectiveValue(payload, b, plus) - effectiveValue(payload, a, plus) : 0;
    ways = differenceWays(loi, gap);
  } else {
    const order = highestFirst(orderKeys(payload, a, false), orderKeys(payload, b, false));
    ways = { above: order < 0 ? ONE : ZERO, equal: order === 0 ? ONE : ZERO, below: order > 0 ? ONE : ZERO };
  }
  const total = ways.above + ways.equal + ways.below;
  const broken = tieBreak(payload, a, b);
  const avant = ways.above + (broken > 0 ? ways.equal : ZERO);
  const apres = ways.below + (broken < 0 ? ways.equal : ZERO);
  const tied = broken === 0 ? ways.equal : ZERO;
  const ensemble = egalite === "ensemble" ? tied : ZERO;
  return { avant: fraction(avant, total), ensemble: fraction(ensemble, total), apres: fraction(apres, total), mj: fraction(tied - ensemble, total) };
}

// « Aldo agit avant la Brute : 58 % » (« ; ensemble : 14 % », « ; égalité, au MJ de
// décider : 14 % » when it may happen); mode libre: the GM decides.
export function oddsText(payload, a, b) {
  const odds = beforeOdds(payload, a, b);
  if (payload.ordre.mode === "libre") return `L'ordre est celui du MJ${NBSP}: ${a.nom} et ${b.nom} agissent quand il le dit.`;
  const parts = [`${a.nom} agit avant ${b.nom}${colon} ${percentText(...odds.avant)}`];
  if (odds.ensemble[0]) parts.push(`ensemble${NBSP}: ${percentText(...odds.ensemble)}`);
  if (odds.mj[0]) parts.push(`égalité, au MJ de décider${NBSP}: ${percentText(...odds.mj)}`);
  return `${parts.join(`\u202f; `)}.`;
}

// --- tables ---------------------------------------------------------------------------------------

// A roll of the table: a total drawn with its law's weights, and the row holding it.
export function rollTable(table, draw) {
  const total = drawnFromLaw(table.loi, draw);
  return { total, row: table.lignes.find((row) => row.de <= total && total <= row.a) || null };
}

// A table rolled from the partie page, written to the encounter's log with the row's chance.
export function withTableRoll(encounter, table, { total, row }) {
  const texte = `${table.nom}\u00a0: ${total} — ${row ? row.texte : "aucune ligne"}`;
  return withLogLine(encounter, { genre: "jet", texte, ...(row?.chances ? { chances: row.chances } : {}) });
}
