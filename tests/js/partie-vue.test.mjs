// What the partie page shows of an encounter (generator/browser/lib/partie-vue.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { cardView, checkedValues, describedAs, houseStates, logByRound, partsChanged, printedBoxes, startingValues, stateText, valuesText } from "../../generator/browser/lib/partie-vue.js";

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

// --- the parts the page draws (a part described the same keeps its DOM) -----------------------

const valeurs = [{ id: "init", nom: "Initiative" }, { id: "pv", nom: "PV maximum" }];
const aldo = { id: "a", nom: "Aldo", valeurs: { init: 2, pv: 12 }, jet: 4, etats: [{ ref: { nom: "Étourdi", lien: "/s/etats/etourdi/" }, reste: 2 }], modificateurs: [] };
const context = (more = {}) => ({ odds: "Aldo agit avant Brute : 58 %", libre: false, first: true, last: false, readOnly: false, modificateurs: [], pistes: [{ id: "pv", texte: "PV : 12/12", effet: null }], etats: [{ nom: "Étourdi" }], actions: [{ nom: "Attaque", href: "x" }], ...more });
const byKey = (parts) => new Map(parts.map((part) => [part.key, part.texte ?? describedAs(part.description)]));

test("a description is compared by its JSON text", () => {
  assert.equal(describedAs({ a: [1, "b"] }), '{"a":[1,"b"]}');
  assert.equal(describedAs("déjà un texte"), "déjà un texte");
});

test("the parts drawn again: the new ones and those described otherwise", () => {
  const before = new Map([["a", describedAs({ n: 1 })], ["b", describedAs("x")], ["gone", "y"]]);
  const changed = partsChanged(before, [{ key: "a", description: { n: 1 } }, { key: "b", description: "z" }, { key: "c", description: "" }]);
  assert.deepEqual([...changed].sort(), ["b", "c"]);
});

test("the values in words, with the roll of this round when there is one", () => {
  assert.equal(valuesText(aldo, valeurs), "Initiative 2 · PV maximum 12 · jet 4");
  assert.equal(valuesText({ valeurs: { init: 2 } }, valeurs), "Initiative 2 · PV maximum —");
});

test("a card's parts, in order; the values and odds are texts written in place", () => {
  const parts = cardView(aldo, valeurs, context());
  assert.deepEqual(parts.map((part) => part.key), ["nom", "valeurs", "chances", "piste:pv", "etats", "etat-ajout", "actions", "roster"]);
  assert.equal(parts.find((part) => part.key === "valeurs").texte, "Initiative 2 · PV maximum 12 · jet 4");
  assert.deepEqual(parts.find((part) => part.key === "etats").description.etats, [{ texte: "Étourdi (2\u00a0rounds restants)", nom: "Étourdi", lien: "/s/etats/etourdi/" }]);
  const readOnly = cardView(aldo, valeurs, context({ readOnly: true, odds: "" }));
  assert.deepEqual(readOnly.map((part) => part.key), ["nom", "valeurs", "piste:pv", "etats"]);
});

test("a new roll changes the values and odds only; a harm, its track only", () => {
  const before = cardView(aldo, valeurs, context());
  const rolled = cardView({ ...aldo, jet: 6 }, valeurs, context({ odds: "Aldo agit avant Brute : 72 %" }));
  const changed = (next) => [...byKey(next)].filter(([key, text]) => byKey(before).get(key) !== text).map(([key]) => key);
  assert.deepEqual(changed(rolled), ["valeurs", "chances"]);
  const harmed = cardView(aldo, valeurs, context({ pistes: [{ id: "pv", texte: "PV : 9/12", effet: null }] }));
  assert.deepEqual(changed(harmed), ["piste:pv"]);
  const lastOne = cardView(aldo, valeurs, context({ last: true }));
  assert.deepEqual(changed(lastOne), ["roster"]);
  const renamed = cardView({ ...aldo, nom: "Aldo le Brave" }, valeurs, context());
  assert.deepEqual(changed(renamed).sort(), ["etat-ajout", "etats", "nom", "piste:pv", "roster"]);
});
