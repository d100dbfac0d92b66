// What the partie page shows of an encounter (generator/browser/lib/partie-vue.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { checkedValues, houseStates, logByRound, printedBoxes, startingValues, stateText } from "../../generator/browser/lib/partie-vue.js";

const counter = { id: "pv", nom: "PV", type: "compteur", max: "pv", seuils: [] };
const levels = { id: "fatigue", nom: "Fatigue", type: "niveaux", niveaux: [{ nom: "F1" }, { nom: "F2" }, { nom: "F3" }] };
const tiers = { id: "end", nom: "Endurance", type: "paliers", niveaux: [{ nom: "Égratignure", nombre: 3 }, { nom: "Blessure", nombre: 2 }] };

test("the printed boxes: one per point up to 60, one per level, per tier", () => {
  assert.deepEqual(printedBoxes(counter, { pv: 12 }), [{ nom: "PV", cases: 12 }]);
  assert.deepEqual(printedBoxes(counter, { pv: 300 }), [{ nom: "PV", cases: 0 }]);
  assert.deepEqual(printedBoxes(levels, {}), [{ nom: "Fatigue", cases: 3 }]);
  assert.deepEqual(printedBoxes(tiers, {}).map((b) => b.cases), [3, 2]);
});

test("a state says its rounds left", () => {
  const ref = { nom: "Étourdi" };
  assert.equal(stateText({ ref, reste: 2 }), "Étourdi (2\u00a0rounds restants)");
  assert.equal(stateText({ ref, reste: 1 }), "Étourdi (dernier round)");
  assert.equal(stateText({ ref, reste: 0 }), "Étourdi");
});

test("the log by round, the newest first", () => {
  const rounds = logByRound([{ round: 1, texte: "a" }, { round: 2, texte: "b" }, { round: 2, texte: "c", chances: "1/20" }]);
  assert.deepEqual(rounds, [{ round: 2, lignes: ["b", "c (1/20)"] }, { round: 1, lignes: ["a"] }]);
});

test("house états: the entries of the declared kinds only", () => {
  const entries = [{ systeme: "s", genre: "etat", entite: { id: "x", nom: "Brûlé" } }, { systeme: "s", genre: "atout", entite: { id: "y" } }];
  const found = houseStates(entries, ["etat"], (e) => `${e.systeme}/${e.genre}/${e.entite.id}`);
  assert.deepEqual(found, [{ genre: "etat", id: "x", nom: "Brûlé", lien: "/maison/voir/?e=s%2Fetat%2Fx", maison: true }]);
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
