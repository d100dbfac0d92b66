// lib/partie.js and lib/partie-pistes.js: an encounter's operations on payloads shaped like
// those pipeline/partie.py writes (design §2), one per way a system runs its order and harm.
import assert from "node:assert/strict";
import { test } from "node:test";

import { PARTIE_MAX_LOG, PARTIE_MAX_UNDO } from "../../generator/browser/lib/contrat.js";
import * as P from "../../generator/browser/lib/partie.js";
import { pisteHarmed, pisteView } from "../../generator/browser/lib/partie-pistes.js";

const D6 = { lowest: 1, counts: [1, 1, 1, 1, 1, 1], outcomes: 6 };
const D2D6 = { lowest: 2, counts: [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1], outcomes: 36 };

const PV = {
  id: "pv",
  nom: "PV",
  type: "compteur",
  max: "pv",
  min: -10,
  seuils: [
    { au_plus: 0, effet: "Inconscient", lien: "/sys/etats/inconscient/" },
    { au_plus: -10, effet: "Mort", lien: null },
  ],
};
const FATIGUE = {
  id: "fatigue",
  nom: "Fatigue",
  type: "niveaux",
  niveaux: [
    { nom: "Fatigue 1", effet: "−1 aux tests", lien: null },
    { nom: "Fatigue 2", effet: "−2 aux tests", lien: null },
    { nom: "Épuisé", effet: "ne peut plus agir", lien: "/sys/etats/epuise/" },
  ],
};
// The numbers of Talon's Vitalité (data/talon/piste.yaml), its free levels by the value vitalite.
const VITALITE = {
  id: "vitalite",
  nom: "Vitalité",
  type: "paliers",
  gratuit: "vitalite",
  cumul: 3,
  malus: "plus-haut",
  depassement: "Le personnage s'écroule et agonise.",
  niveaux: [
    { nom: "Blessure légère", nombre: 4, seuil: 2, malus: 0.5, gratuit_des: 15 },
    { nom: "Blessure grave", nombre: 2, seuil: 5, malus: 3, gratuit_des: 18 },
    { nom: "Blessure mortelle", nombre: 1, seuil: 10, malus: 7, gratuit_des: 20 },
  ],
};

// Divin-like: 1d6 + initiative each round, equal totals act together.
const JET = {
  systeme: "essai-jet",
  valeurs: [
    { id: "initiative", nom: "Initiative", defaut: 0, min: -20, max: 99 },
    { id: "pv", nom: "PV maximum", defaut: 10, min: 1, max: 999 },
  ],
  ordre: { mode: "jet", quand: "chaque-round", des: "1d6", loi: D6, plus: "initiative", cles: [], departage: [], egalite: "ensemble", modificateurs: [] },
  pistes: [PV, FATIGUE],
  etats: { liste: [], genres: ["etat"], fin: "fin-du-round" },
  tables: [],
};
// Talon-like: célérité, then initiative; a remaining tie is the GM's.
const VALEURS = {
  systeme: "essai-valeurs",
  valeurs: [
    { id: "celerite", nom: "Célérité", defaut: 0, min: 0, max: 30 },
    { id: "initiative", nom: "Initiative", defaut: 0, min: 0, max: 30 },
    { id: "vitalite", nom: "Vitalité", defaut: 11, min: 0, max: 30 },
  ],
  ordre: { mode: "valeurs", cles: ["celerite"], departage: ["initiative"], egalite: "mj", modificateurs: [] },
  pistes: [VITALITE],
  etats: { liste: [], genres: [], fin: "fin-du-tour" },
};
// UnDéSix-like: by SENS, equal SENS together, a modern weapon adds 2.
const SENS = {
  systeme: "essai-sens",
  valeurs: [{ id: "sens", nom: "SENS", defaut: 2, min: 0, max: 10 }],
  ordre: {
    mode: "valeurs",
    cles: ["sens"],
    departage: [],
    egalite: "ensemble",
    modificateurs: [{ id: "arme-moderne", nom: "Arme à feu moderne", cle: "sens", valeur: 2 }],
  },
  pistes: [],
  etats: { liste: [], genres: [], fin: "debut-du-tour" },
};
// Réserve-like: no rule, the GM's order.
const LIBRE = { systeme: "essai-libre", valeurs: [], ordre: { mode: "libre", modificateurs: [] }, pistes: [], etats: { fin: "fin-du-round" } };

// A draw that gives `values` in turn (each below its n).
const drawing = (values) => {
  const left = [...values];
  return (n) => {
    const value = left.shift();
    assert.ok(value !== undefined && value < n, `tirage ${value} pour ${n}`);
    return value;
  };
};

const encounter = (payload, ...people) =>
  people.reduce((e, [id, valeurs = {}]) => P.addCombatant(e, payload, { id, nom: id, valeurs }), P.newEncounter(payload, { id: "r", nom: "Rencontre", now: "2026-12-02T08:00:00Z" }));

test("a new encounter is empty and not started", () => {
  const e = P.newEncounter(JET, { id: "r1", nom: "Auberge", now: "t" });
  assert.deepEqual(e, { id: "r1", nom: "Auberge", systeme: "essai-jet", modifie: "t", round: 0, tour: 0, combattants: [], ordre: [], journal: [], annulables: [] });
});

test("a combatant takes the declared values, defaults and bounds, and fresh tracks", () => {
  const e = P.addCombatant(P.newEncounter(JET, { id: "r", nom: "R", now: "t" }), JET, { id: "a", nom: "Aldo", origine: "personnage:x1", valeurs: { initiative: 500, pv: 12, inconnu: 3 } });
  const [aldo] = e.combattants;
  assert.deepEqual(aldo.valeurs, { initiative: 99, pv: 12 });
  assert.deepEqual(aldo.pistes, { pv: { valeur: 12 }, fatigue: { niveau: 0 } });
  assert.equal(aldo.origine, "personnage:x1");
  assert.equal(e.journal.at(-1).texte, "Aldo rejoint la rencontre.");
  const again = P.addCombatant(e, JET, { id: "a", nom: "Aldo bis" });
  assert.deepEqual(again.combattants.map((one) => one.id), ["a", "a-2"]);
});

test("duplicate names « Brute 1 » … « Brute 4 », each fresh; remove takes one out of the order", () => {
  let e = encounter(JET, ["brute", { pv: 8 }]);
  e = P.harm(e, JET, "brute", "pv", 3).partie;
  e = P.duplicate(e, JET, "brute", 4);
  assert.deepEqual(e.combattants.map((one) => one.nom), ["Brute 1", "Brute 2", "Brute 3", "Brute 4"].map((n) => n.replace("Brute", "brute")));
  assert.deepEqual(e.combattants.map((one) => one.pistes.pv.valeur), [5, 8, 8, 8]);
  assert.equal(new Set(e.combattants.map((one) => one.id)).size, 4);
  e = P.removeCombatant(e, JET, e.combattants[1].id);
  assert.equal(e.combattants.length, 3);
  assert.equal(e.ordre.flat().length, 3);
});

test("mode jet, chaque-round: everyone rolls with the law, equal totals act together, a new roll each round", () => {
  let e = encounter(JET, ["aldo", { initiative: 2 }], ["brute", { initiative: 3 }], ["gobelin"]);
  e = P.startRound(e, JET, drawing([3, 2, 4])); // rolls 4, 3, 5: totals 6, 6, 5
  assert.equal(e.round, 1);
  assert.deepEqual(e.combattants.map((one) => one.jet), [4, 3, 5]);
  assert.deepEqual(e.ordre, [["aldo", "brute"], ["gobelin"]]);
  assert.match(e.journal.find((l) => l.genre === "jet").texte, /aldo\u00a0: 1d6 → 4, total 6\./);
  e = P.nextTurn(e, JET, drawing([]));
  assert.equal(e.tour, 1);
  e = P.nextTurn(e, JET, drawing([0, 5, 5])); // round 2: 1, 6, 6 → 3, 9, 6
  assert.equal(e.round, 2);
  assert.equal(e.tour, 0);
  assert.deepEqual(e.ordre, [["brute"], ["gobelin"], ["aldo"]]);
});

test("mode jet, debut-du-combat: one roll for the whole fight; a latecomer rolls when it joins", () => {
  const once = { ...JET, ordre: { ...JET.ordre, quand: "debut-du-combat" } };
  let e = encounter(once, ["aldo"], ["brute"]);
  e = P.startRound(e, once, drawing([0, 5]));
  e = P.addCombatant(e, once, { id: "tard", nom: "Tard" }, drawing([2]));
  assert.equal(P.combatantOf(e, "tard").jet, 3);
  e = P.endRound(e, once, drawing([]));
  assert.equal(e.round, 2);
  assert.deepEqual(e.ordre, [["brute"], ["tard"], ["aldo"]]);
});

test("mode valeurs: cles first, then departage; a remaining tie keeps the GM's order, which moveInOrder sets", () => {
  let e = encounter(VALEURS, ["a", { celerite: 10, initiative: 3 }], ["b", { celerite: 12, initiative: 1 }], ["c", { celerite: 10, initiative: 5 }], ["d", { celerite: 10, initiative: 3 }]);
  assert.deepEqual(P.orderOf(e, VALEURS), [["b"], ["c"], ["a"], ["d"]]);
  e = P.moveInOrder(e, VALEURS, "d", 2);
  assert.deepEqual(e.ordre, [["b"], ["c"], ["d"], ["a"]]);
  e = P.moveInOrder(e, VALEURS, "d", 0); // the rules still come first: only the tie moves
  assert.deepEqual(e.ordre, [["b"], ["c"], ["d"], ["a"]]);
  e = P.setValue(e, VALEURS, "a", "celerite", 20);
  assert.deepEqual(e.ordre, [["a"], ["b"], ["c"], ["d"]]);
});

test("modifiers toggled per combatant add to their key: equal SENS act together until a modern weapon", () => {
  let e = encounter(SENS, ["tireur", { sens: 3 }], ["brute", { sens: 3 }], ["lent", { sens: 1 }]);
  assert.deepEqual(e.ordre, [["tireur", "brute"], ["lent"]]);
  e = P.toggleModifier(e, SENS, "tireur", "arme-moderne");
  assert.deepEqual(e.ordre, [["tireur"], ["brute"], ["lent"]]);
  assert.equal(P.effectiveValue(SENS, P.combatantOf(e, "tireur"), "sens"), 5);
  e = P.toggleModifier(e, SENS, "tireur", "arme-moderne");
  assert.deepEqual(e.ordre, [["tireur", "brute"], ["lent"]]);
});

// UnDéSix-like: attitudes read from data, one group, at most one at a time.
const ATTITUDES = {
  ...SENS,
  ordre: {
    ...SENS.ordre,
    modificateurs: [
      ...SENS.ordre.modificateurs,
      { id: "tres-agressive", nom: "Très agressive", cle: "sens", valeur: 1, groupe: "attitude" },
      { id: "defensive", nom: "Défensive", cle: "sens", valeur: -1, groupe: "attitude" },
    ],
  },
};

test("modifiers of one group exclude each other; other modifiers stay on", () => {
  let e = encounter(ATTITUDES, ["aldo", { sens: 3 }], ["brute", { sens: 3 }]);
  e = P.toggleModifier(e, ATTITUDES, "aldo", "arme-moderne");
  e = P.toggleModifier(e, ATTITUDES, "aldo", "tres-agressive");
  assert.equal(P.effectiveValue(ATTITUDES, P.combatantOf(e, "aldo"), "sens"), 6);
  e = P.toggleModifier(e, ATTITUDES, "aldo", "defensive");
  assert.deepEqual(P.combatantOf(e, "aldo").modificateurs, ["arme-moderne", "defensive"]);
  assert.equal(P.effectiveValue(ATTITUDES, P.combatantOf(e, "aldo"), "sens"), 4);
  e = P.toggleModifier(e, ATTITUDES, "brute", "defensive");
  e = P.toggleModifier(e, ATTITUDES, "brute", "defensive");
  assert.deepEqual(P.combatantOf(e, "brute").modificateurs, []);
  assert.deepEqual(e.ordre, [["aldo"], ["brute"]]);
});

test("mode libre: the GM's order, newcomers last, moved at will", () => {
  let e = encounter(LIBRE, ["a"], ["b"], ["c"]);
  assert.deepEqual(e.ordre, [["a"], ["b"], ["c"]]);
  e = P.moveInOrder(e, LIBRE, "c", 0);
  assert.deepEqual(e.ordre, [["c"], ["a"], ["b"]]);
  e = P.addCombatant(e, LIBRE, { id: "d", nom: "d" });
  e = P.startRound(e, LIBRE, drawing([]));
  assert.deepEqual(e.ordre, [["c"], ["a"], ["b"], ["d"]]);
  assert.equal(P.combatantOf(e, "a").jet, null);
});

test("beforeOdds counts the law exactly: 1d6+1 against 1d6 is 7/12 before, 5/36 together", () => {
  const e = encounter(JET, ["Aldo", { initiative: 1 }], ["la Brute"]);
  const [a, b] = e.combattants;
  assert.deepEqual(P.beforeOdds(JET, a, b), { avant: [7, 12], ensemble: [5, 36], apres: [5, 18], mj: [0, 1] });
  assert.equal(P.oddsText(JET, a, b), "Aldo agit avant la Brute\u00a0: 58,3\u202f%\u202f; ensemble\u00a0: 13,9\u202f%.");
  assert.deepEqual(P.beforeOdds(JET, b, b), { avant: [5, 12], ensemble: [1, 6], apres: [5, 12], mj: [0, 1] });
});

test("beforeOdds: departage decides a tie of totals, and a GM's tie is said as such", () => {
  const payload = { ...JET, ordre: { ...JET.ordre, loi: D2D6, departage: ["pv"], egalite: "mj" } };
  const e = encounter(payload, ["a", { pv: 12 }], ["b", { pv: 10 }], ["c", { pv: 12 }]);
  const [a, b, c] = e.combattants;
  // Equal totals (146 of 1296) go to the higher PV: a.
  assert.deepEqual(P.beforeOdds(payload, a, b), { avant: [721, 1296], ensemble: [0, 1], apres: [575, 1296], mj: [0, 1] });
  const tie = P.beforeOdds(payload, a, c);
  assert.deepEqual(tie.mj, [73, 648]); // Σ counts² / 36² = 146 / 1296
  assert.match(P.oddsText(payload, a, c), /égalité, au MJ de décider\u00a0: 11,3\u202f%/);
});

test("beforeOdds is certain in mode valeurs and the GM's in mode libre", () => {
  const e = encounter(VALEURS, ["a", { celerite: 12 }], ["b", { celerite: 10, initiative: 9 }], ["c", { celerite: 12 }]);
  const [a, b, c] = e.combattants;
  assert.deepEqual(P.beforeOdds(VALEURS, a, b).avant, [1, 1]);
  assert.deepEqual(P.beforeOdds(VALEURS, b, a).apres, [1, 1]);
  assert.deepEqual(P.beforeOdds(VALEURS, a, c).mj, [1, 1]);
  assert.equal(P.oddsText(VALEURS, a, b), "a agit avant b\u00a0: 100\u202f%.");
  const free = encounter(LIBRE, ["x"], ["y"]);
  assert.deepEqual(P.beforeOdds(LIBRE, ...free.combattants).mj, [1, 1]);
  assert.match(P.oddsText(LIBRE, ...free.combattants), /^L'ordre est celui du MJ/);
});

test("compteur: damage lowers to its floor, the seuils newly reached are said, care raises up to its max", () => {
  let e = encounter(JET, ["aldo", { pv: 10 }]);
  let hit = P.harm(e, JET, "aldo", "pv", 4);
  assert.deepEqual(hit.consequences, []);
  hit = P.harm(hit.partie, JET, "aldo", "pv", 7);
  assert.deepEqual(hit.consequences, [{ texte: "Inconscient", lien: "/sys/etats/inconscient/" }]);
  assert.equal(P.trackView(JET, P.combatantOf(hit.partie, "aldo"), "pv").effet.texte, "Inconscient");
  assert.match(hit.partie.journal.at(-1).texte, /aldo\u00a0: 7 de dommages \(PV\)\u00a0: Inconscient\. PV\u00a0: −1\/10\./);
  hit = P.harm(hit.partie, JET, "aldo", "pv", 50);
  assert.deepEqual(hit.consequences.map((c) => c.texte), ["Mort"]);
  assert.equal(P.combatantOf(hit.partie, "aldo").pistes.pv.valeur, -10);
  e = P.harm(hit.partie, JET, "aldo", "pv", -100).partie;
  assert.equal(P.combatantOf(e, "aldo").pistes.pv.valeur, 10);
  assert.equal(P.trackView(JET, P.combatantOf(e, "aldo"), "pv").effet, null);
  const both = pisteHarmed(PV, { valeur: 3 }, 20, { pv: 10 });
  assert.deepEqual(both.consequences.map((c) => c.texte), ["Inconscient", "Mort"]);
});

test("niveaux: +1 / −1 within 0 … n, each level's effect", () => {
  let e = encounter(JET, ["aldo"]);
  const up = P.harm(e, JET, "aldo", "fatigue", 1);
  assert.deepEqual(up.consequences, [{ texte: "Fatigue 1\u00a0: −1 aux tests", lien: null }]);
  e = P.harm(up.partie, JET, "aldo", "fatigue", 5).partie;
  assert.equal(P.combatantOf(e, "aldo").pistes.fatigue.niveau, 3);
  assert.equal(P.trackView(JET, P.combatantOf(e, "aldo"), "fatigue").effet.texte, "Épuisé\u00a0: ne peut plus agir");
  e = P.harm(e, JET, "aldo", "fatigue", -1).partie;
  assert.equal(P.trackView(JET, P.combatantOf(e, "aldo"), "fatigue").texte, "Fatigue\u00a0: 2/3");
  e = P.harm(e, JET, "aldo", "fatigue", -9).partie;
  assert.equal(P.combatantOf(e, "aldo").pistes.fatigue.niveau, 0);
});

// What tests/unit/test_engine_talon.py `hits` gives: the malus after each damage, or
// « agonise » once the track overflows.
function hits(valeurs, damages) {
  let state = { cumul: 0, pris: [0, 0, 0], depassement: false };
  return damages.map((damage) => {
    state = pisteHarmed(VITALITE, state, damage, valeurs).state;
    return state.depassement ? "agonise" : pisteView(VITALITE, state, valeurs).malus + 0;
  });
}

test("paliers: the cases of Talon's health track in Python (test_t9_health_track)", () => {
  assert.deepEqual(hits({ vitalite: 11 }, [1, 1, 1, 1, 3, 4, 2, 2, 6, 12, 1, 10]), [0, 0, 0, 0, -1, -1, -2, -3, -6, -7, -7, "agonise"]);
});

test("paliers: a free level from the value on (test_t10_free_level)", () => {
  assert.deepEqual(hits({ vitalite: 15 }, [3, 3, 3, 3, 4]), [0, 0, -1, -1, -2]);
});

test("paliers: cumul, a full tier passing on, the overflow and care, said in the log", () => {
  let e = encounter(VALEURS, ["aldo"]);
  let hit = P.harm(e, VALEURS, "aldo", "vitalite", 1);
  assert.deepEqual(hit.consequences, []);
  assert.equal(P.combatantOf(hit.partie, "aldo").pistes.vitalite.cumul, 1);
  for (const damage of [1, 1, 1]) hit = P.harm(hit.partie, VALEURS, "aldo", "vitalite", damage);
  assert.deepEqual(hit.consequences.map((c) => c.texte), ["Cumul dépassé, remis à 0", "niveau de Blessure légère"]);
  for (const damage of [12, 12]) hit = P.harm(hit.partie, VALEURS, "aldo", "vitalite", damage);
  assert.deepEqual(hit.consequences.map((c) => c.texte), ["Le personnage s'écroule et agonise."]);
  assert.match(hit.partie.journal.at(-1).texte, /^aldo\u00a0: 12 de dommages \(Vitalité\)\u00a0: Le personnage s'écroule et agonise\. Vitalité\u00a0: Cumul 0\/3/);
  e = P.harm(hit.partie, VALEURS, "aldo", "vitalite", -2).partie;
  assert.deepEqual(P.combatantOf(e, "aldo").pistes.vitalite, { cumul: 0, pris: [1, 0, 0], depassement: false });
  const passed = pisteHarmed(VITALITE, { cumul: 0, pris: [4, 0, 0], depassement: false }, 2, { vitalite: 11 });
  assert.deepEqual(passed.consequences.map((c) => c.texte), ["Blessure légère plein\u00a0: niveau de Blessure grave", "malus −3"]);
  assert.match(pisteView(VITALITE, passed.state, { vitalite: 11 }).texte, /Cumul 0\/3\u202f; Blessure légère 4\/4\u202f; Blessure grave 1\/2\u202f; Blessure mortelle 0\/1\u202f; malus −3/);
});

test("paliers: the consequence in force is the highest tier taken and its malus, else the overflow", () => {
  const fresh = { cumul: 0, pris: [0, 0, 0], depassement: false };
  assert.equal(pisteView(VITALITE, fresh, {}).effet, null);
  assert.deepEqual(pisteView(VITALITE, { ...fresh, pris: [2, 1, 0] }, {}).effet, { texte: "Blessure grave\u00a0: malus −3", lien: VITALITE.lien || null });
  assert.equal(pisteView(VITALITE, { ...fresh, pris: [4, 2, 1], depassement: true }, {}).effet.texte, VITALITE.depassement);
});

test("paliers with malus somme: every tier counts, the total rounded down", () => {
  const summed = { ...VITALITE, malus: "somme", gratuit: undefined };
  assert.equal(pisteView(summed, { cumul: 0, pris: [3, 1, 0], depassement: false }, {}).malus, -4); // 1,5 + 3
  assert.equal(pisteView(VITALITE, { cumul: 0, pris: [3, 1, 0], depassement: false }, {}).malus, -3);
});

// A fight of three rounds with one state of 2 rounds put on `bearer` (acting second) in round 1
// before anyone acts: the round and the place in the log where it ends.
function stateEnds(fin, bearer = "second") {
  const payload = { ...VALEURS, etats: { ...VALEURS.etats, fin } };
  let e = encounter(payload, ["premier", { celerite: 9 }], ["second", { celerite: 5 }]);
  e = P.startRound(e, payload, drawing([]));
  e = P.putState(e, payload, bearer, { genre: "etat", id: "etourdi", nom: "Étourdi", lien: "/sys/etats/etourdi/" }, 2);
  assert.equal(P.combatantOf(e, bearer).etats[0].pose, 1);
  const moments = [];
  while (e.round <= 3) {
    const before = e.journal.length;
    const where = `round ${e.round}, tour ${e.tour}`;
    e = P.nextTurn(e, payload, drawing([]));
    if (e.journal.slice(before).some((l) => l.texte === `${bearer}\u00a0: fin de Étourdi.`)) moments.push(`${where} → round ${e.round}, tour ${e.tour}`);
  }
  return moments;
}

test("a state of 2 rounds put in round 1 ends at the declared moment", () => {
  // fin-du-tour: at the end of its bearer's turn in round 2 (the turn passing to round 3).
  assert.deepEqual(stateEnds("fin-du-tour"), ["round 2, tour 1 → round 3, tour 0"]);
  // fin-du-round: at the end of round 2.
  assert.deepEqual(stateEnds("fin-du-round"), ["round 2, tour 1 → round 3, tour 0"]);
  // debut-du-tour: it covers its bearer's turns of rounds 1 and 2, ends as its turn of round 3 begins.
  assert.deepEqual(stateEnds("debut-du-tour"), ["round 3, tour 0 → round 3, tour 1"]);
});

test("debut-du-tour: a state put during its bearer's own turn ends as her turn of round 3 begins too", () => {
  // « premier » acts first: its turn of round 1 has begun when the state is put.
  assert.deepEqual(stateEnds("debut-du-tour", "premier"), ["round 2, tour 1 → round 3, tour 0"]);
});

test("fin-du-tour and fin-du-round differ for a bearer acting first", () => {
  const ends = (fin) => {
    const payload = { ...VALEURS, etats: { ...VALEURS.etats, fin } };
    let e = encounter(payload, ["premier", { celerite: 9 }], ["second", { celerite: 5 }]);
    e = P.putState(P.startRound(e, payload, drawing([])), payload, "premier", { nom: "Aveuglé" }, 1);
    e = P.nextTurn(e, payload, drawing([]));
    return P.combatantOf(e, "premier").etats.length;
  };
  assert.equal(ends("fin-du-tour"), 0); // its turn ended
  assert.equal(ends("fin-du-round"), 1); // the round goes on
});

test("a state put and removed by hand is said in the log", () => {
  let e = P.putState(encounter(LIBRE, ["a"]), LIBRE, "a", { nom: "Caché" }, 3);
  assert.deepEqual(P.combatantOf(e, "a").etats, [{ ref: { nom: "Caché" }, reste: 3, pose: 0 }]);
  assert.equal(e.journal.at(-1).texte, "a\u00a0: Caché pour 3\u00a0rounds.");
  e = P.removeState(e, "a", 0);
  assert.deepEqual(P.combatantOf(e, "a").etats, []);
  assert.equal(e.journal.at(-1).genre, "etat");
});

test("undo restores the previous state, a change at a time, and keeps at most PARTIE_MAX_UNDO", () => {
  let e = encounter(JET, ["aldo"]);
  const before = structuredClone(e);
  e = P.harm(e, JET, "aldo", "pv", 3).partie;
  assert.ok(P.canUndo(e));
  const back = P.undo(e);
  assert.deepEqual(P.withoutUndo(back), P.withoutUndo(before));
  for (let i = 0; i < PARTIE_MAX_UNDO + 10; i++) e = P.harm(e, JET, "aldo", "pv", i % 2 ? 1 : -1).partie;
  assert.equal(e.annulables.length, PARTIE_MAX_UNDO);
  let undone = e;
  for (let i = 0; i < PARTIE_MAX_UNDO; i++) undone = P.undo(undone);
  assert.equal(P.canUndo(undone), false);
  assert.equal(P.undo(undone), undone);
  assert.ok(e.annulables.every((kept) => !("annulables" in kept)), "a kept state holds no stack");
});

test("the log keeps the last PARTIE_MAX_LOG lines, and takes a calculator's roll", () => {
  let e = encounter(JET, ["aldo"]);
  for (let i = 0; i < PARTIE_MAX_LOG + 5; i++) e = P.withLogLine(e, { genre: "action", texte: `ligne ${i}` });
  assert.equal(e.journal.length, PARTIE_MAX_LOG);
  assert.equal(e.journal.at(-1).texte, `ligne ${PARTIE_MAX_LOG + 4}`);
  e = P.withLogLine(e, { genre: "jet", texte: "Attaque : touché", chances: "58 %" });
  assert.deepEqual(e.journal.at(-1), { round: 0, texte: "Attaque : touché", genre: "jet", chances: "58 %" });
});

test("operations never change the encounter they are given", () => {
  const e = encounter(JET, ["aldo"], ["brute"]);
  const frozen = structuredClone(e);
  P.startRound(e, JET, drawing([0, 1]));
  P.harm(e, JET, "aldo", "pv", 5);
  P.putState(e, JET, "aldo", { nom: "X" }, 2);
  P.duplicate(e, JET, "brute", 3);
  assert.deepEqual(e, frozen);
});

test("rollTable draws a total with the law's weights and gives its row", () => {
  const table = {
    id: "t",
    loi: D2D6,
    lignes: [
      { de: 2, a: 6, texte: "Rien" },
      { de: 7, a: 7, texte: "Sept" },
      { de: 8, a: 12, texte: "Trésor" },
    ],
  };
  assert.deepEqual(P.rollTable(table, () => 0), { total: 2, row: table.lignes[0] });
  assert.deepEqual(P.rollTable(table, () => 15), { total: 7, row: table.lignes[1] }); // 1+2+3+4+5 = 15 before 7
  assert.deepEqual(P.rollTable(table, () => 20), { total: 7, row: table.lignes[1] });
  assert.deepEqual(P.rollTable(table, () => 21), { total: 8, row: table.lignes[2] });
  assert.deepEqual(P.rollTable(table, () => 35), { total: 12, row: table.lignes[2] });
  assert.throws(() => P.drawnFromLaw(D6, () => 6), RangeError);
});

// Talon-like: a category of NPCs (Troisième Zone, T:265–267) has its own Vitalité levels.
const CATEGORIES = {
  ...SENS,
  valeurs: [...SENS.valeurs, { id: "vitalite", nom: "Vitalité", defaut: 10, min: 0, max: 99 }],
  pistes: [VITALITE],
  pnj: [{ id: "troisieme-zone", nom: "Troisième Zone", valeurs: {}, pistes: { vitalite: { niveaux: [{ nom: "Blessure Mortelle", nombre: 1, seuil: 4 }] } } }],
};

test("a non-player character of a category takes its own levels; a character keeps the track's", () => {
  let e = P.addCombatant(P.newEncounter(CATEGORIES, { id: "r", nom: "R", now: "t" }), CATEGORIES, { id: "sbire", nom: "Sbire", origine: "pnj:troisieme-zone" });
  e = P.addCombatant(e, CATEGORIES, { id: "aldo", nom: "Aldo" });
  assert.deepEqual(P.combatantOf(e, "sbire").pistes.vitalite.pris, [0]);
  assert.deepEqual(P.combatantOf(e, "aldo").pistes.vitalite.pris, [0, 0, 0]);
  assert.match(P.trackView(CATEGORIES, P.combatantOf(e, "sbire"), "vitalite").texte, /Blessure Mortelle 0\/1/);
  let hit = P.harm(e, CATEGORIES, "sbire", "vitalite", 4);
  assert.deepEqual(hit.consequences[0].texte, "niveau de Blessure Mortelle");
  hit = P.harm(hit.partie, CATEGORIES, "sbire", "vitalite", 4);
  assert.equal(hit.consequences[0].texte, VITALITE.depassement);
  const twice = P.duplicate(hit.partie, CATEGORIES, "sbire", 2);
  const copy = twice.combattants.find((one) => one.nom === "Sbire 2");
  assert.deepEqual(copy.pistes.vitalite, { cumul: 0, pris: [0], depassement: false });
  assert.equal(P.pisteOf(CATEGORIES, P.combatantOf(e, "aldo"), "vitalite"), VITALITE);
  assert.equal(P.pisteOf(CATEGORIES, P.combatantOf(e, "aldo"), "absente"), null);
});
