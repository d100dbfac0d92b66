// lib/partie-actions.js: from a combatant to a prefilled calculator, and back.
import assert from "node:assert/strict";
import { test } from "node:test";

import { valuesFromAddress } from "../../generator/browser/lib/calculateur.js";
import { actionLink, backLink, exactWords, partieOf, rollEntry } from "../../generator/browser/lib/partie-actions.js";

const ROOT = new URL("https://srd.example/site/");
const ACTION = { id: "attaque", nom: "Attaque", lien: "/essai/calculateurs/attaque/", champs: { bonus: "init" }, cible: { defense: "pv" } };
const ALDO = { id: "c1", nom: "Aldo", valeurs: { init: 3, pv: 12 } };
const BRUTE = { id: "c2", nom: "Brute", valeurs: { init: -1, pv: 8 } };

const paramsOf = (href) => Object.fromEntries(new URL(href).searchParams);

test("the link prefills the combatant's and the target's values, and names the encounter", () => {
  const href = actionLink(ACTION, ALDO, BRUTE, null, ROOT, "p1");
  assert.equal(new URL(href).pathname, "/site/essai/calculateurs/attaque/");
  assert.deepEqual(paramsOf(href), { bonus: "3", defense: "8", partie: "p1", qui: "c1" });
});

test("without a target, the target's inputs are left to the calculator", () => {
  assert.deepEqual(paramsOf(actionLink(ACTION, ALDO, null, null, ROOT, "p1")), { bonus: "3", partie: "p1", qui: "c1" });
});

test("a saved character starts from its record's query; the combatant's values win", () => {
  const record = { requetes: { attaque: { bonus: "9", arme: "epee" }, autre: { x: "1" } } };
  assert.deepEqual(paramsOf(actionLink(ACTION, ALDO, null, record, ROOT, "p1")), { bonus: "3", arme: "epee", partie: "p1", qui: "c1" });
  const declared = { ...ACTION, calculateur: "autre" };
  assert.equal(paramsOf(actionLink(declared, ALDO, null, record, ROOT, "p1")).x, "1");
});

test("a value the combatant lacks is not written", () => {
  assert.deepEqual(paramsOf(actionLink(ACTION, { id: "c3", valeurs: {} }, null, null, ROOT, "p1")), { partie: "p1", qui: "c3" });
});

test("a calculator reads only its own inputs: partie and qui change no field", () => {
  const search = new URL(actionLink(ACTION, ALDO, BRUTE, null, ROOT, "p1")).search;
  assert.deepEqual(valuesFromAddress(search, ["bonus", "defense", "arme"]), { bonus: "3", defense: "8" });
  assert.deepEqual(partieOf(search), { partie: "p1", qui: "c1" });
  assert.equal(partieOf("?bonus=3&partie=p1"), null);
});

test("the roll's entry and the way back", () => {
  assert.deepEqual(rollEntry("Attaque", "Touché", "7/12"), { genre: "jet", texte: "Attaque\u00a0: Touché", chances: "exactement 7 sur 12" });
  assert.equal(backLink(ROOT, "essai", "p 1"), "https://srd.example/site/essai/partie/?partie=p+1");
});

test("an exact chance reads as words, certain and impossible included", () => {
  assert.equal(exactWords("58/125"), "exactement 58 sur 125");
  assert.equal(exactWords("1"), "certain");
  assert.equal(exactWords("0"), "impossible");
  assert.equal(exactWords("58 %"), "58 %"); // not the engine's form: kept as it came
});

test("a field taken from a counter track gets what is left on it, not the maximum", () => {
  const attack = { ...ACTION, champs: { bonus: "init", phy: "pv" }, restant: { phy: "pv" } };
  const hurt = { ...ALDO, pistes: { pv: { valeur: 5 } } };
  assert.equal(paramsOf(actionLink(attack, hurt, null, null, ROOT, "p1")).phy, "5");
  // A combatant without that track's state (an older record) keeps the declared value.
  assert.equal(paramsOf(actionLink(attack, ALDO, null, null, ROOT, "p1")).phy, "12");
});
