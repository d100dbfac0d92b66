// What the partie page shows of an encounter (generator/browser/lib/partie-vue.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { checkedValues, houseStates, logByRound, printedBoxes, reachedOf, startingValues, stateText, trackState } from "../../generator/browser/lib/partie-vue.js";

const counter = { id: "pv", nom: "PV", type: "compteur", max: "pv", seuils: [{ au_plus: 0, effet: "Inconscient" }, { au_plus: -5, effet: "Mort" }] };
const levels = { id: "fatigue", nom: "Fatigue", type: "niveaux", niveaux: [{ nom: "F1", effet: "Las" }, { nom: "F2", effet: "Épuisé" }, { nom: "F3" }] };
const tiers = { id: "end", nom: "Endurance", type: "paliers", niveaux: [{ nom: "Égratignure", nombre: 3, effet: "−1" }, { nom: "Blessure", nombre: 2, effet: "−2" }] };

test("a counter starts at its max, a valeur of the combatant", () => {
  assert.deepEqual(trackState({ valeurs: { pv: 12 } }, counter), { texte: "PV\u00a0: 12\u00a0/\u00a012", max: 12, valeur: 12 });
  assert.equal(trackState({ valeurs: { pv: 12 }, pistes: { pv: 4 } }, counter).valeur, 4);
});

test("the seuils reached are the ones at or under the value, the worst last", () => {
  assert.deepEqual(reachedOf({ valeurs: { pv: 10 }, pistes: { pv: 1 } }, counter), []);
  assert.deepEqual(reachedOf({ valeurs: { pv: 10 }, pistes: { pv: 0 } }, counter).map((s) => s.effet), ["Inconscient"]);
  assert.deepEqual(reachedOf({ valeurs: { pv: 10 }, pistes: { pv: -7 } }, counter).map((s) => s.effet), ["Inconscient", "Mort"]);
});

test("levels taken give their effects; tiers with levels taken give theirs", () => {
  assert.deepEqual(reachedOf({ pistes: { fatigue: 2 } }, levels).map((l) => l.effet), ["Las", "Épuisé"]);
  assert.equal(trackState({}, levels).texte, "Fatigue\u00a0: 0\u00a0/\u00a03");
  assert.deepEqual(reachedOf({ pistes: { end: [0, 1] } }, tiers).map((l) => l.nom), ["Blessure"]);
  assert.equal(trackState({ pistes: { end: [2] } }, tiers).texte, "Endurance\u00a0: Égratignure 2/3, Blessure 0/2");
});

test("the printed boxes: one per point up to 60, one per level of each tier", () => {
  assert.deepEqual(printedBoxes({ valeurs: { pv: 12 } }, counter), [{ nom: "PV", cases: 12 }]);
  assert.deepEqual(printedBoxes({ valeurs: { pv: 300 } }, counter), [{ nom: "PV", cases: 0 }]);
  assert.deepEqual(printedBoxes({}, tiers).map((b) => b.cases), [3, 2]);
});

test("a state says its rounds left", () => {
  assert.equal(stateText({ nom: "Étourdi", reste: 2 }), "Étourdi (2\u00a0rounds restants)");
  assert.equal(stateText({ nom: "Étourdi", reste: 1 }), "Étourdi (dernier round)");
  assert.equal(stateText({ nom: "Étourdi" }), "Étourdi");
});

test("the log by round, the newest first", () => {
  const rounds = logByRound([{ round: 1, texte: "a" }, { round: 2, texte: "b" }, { round: 2, texte: "c" }], 2);
  assert.deepEqual(rounds, [{ round: 2, lignes: ["b", "c"] }, { round: 1, lignes: ["a"] }]);
});

test("house états: the entries of the declared kinds only", () => {
  const entries = [{ systeme: "s", genre: "etat", entite: { id: "x", nom: "Brûlé" } }, { systeme: "s", genre: "atout", entite: { id: "y" } }];
  assert.deepEqual(houseStates(entries, ["etat"], (e) => `${e.systeme}/${e.genre}/${e.entite.id}`), [{ id: "x", nom: "Brûlé", cle: "s/etat/x", genre: "etat" }]);
  assert.deepEqual(houseStates(entries, [], () => ""), []);
});

test("the values form: defaults, a character's values, whole numbers within bounds", () => {
  const valeurs = [{ id: "init", nom: "Initiative", defaut: 0, min: -5, max: 20 }];
  assert.deepEqual(startingValues(valeurs), { init: 0 });
  assert.deepEqual(startingValues(valeurs, { init: 7 }), { init: 7 });
  assert.deepEqual(checkedValues(valeurs, { init: "\u22123" }), { valeurs: { init: -3 } });
  assert.equal(checkedValues(valeurs, { init: "21" }).erreur, "Initiative\u00a0: un nombre entier (de −5 à 20).".replace("−", "-"));
  assert.ok(checkedValues(valeurs, { init: "2.5" }).erreur);
});
