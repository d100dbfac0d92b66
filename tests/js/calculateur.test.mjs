// A calculator's values without its page (generator/browser/lib/calculateur.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  announcement,
  checkedBy,
  keyFigureText,
  queryOfFields,
  rollWords,
  stepped,
  toFix,
  valuesFromAddress,
  wholeNumber,
  withMove,
  withPick,
  withoutLastMove,
} from "../../generator/browser/lib/calculateur.js";
import { NBSP } from "../../generator/browser/lib/texte.js";

const box = (name, value, checked) => ({ name, type: "checkbox", value, checked });

test("the query has one value per field, the checked boxes of a name joined by commas", () => {
  const fields = [
    { name: "niveau", type: "text", value: "3" },
    box("dons", "robuste", true),
    box("dons", "agile", false),
    box("dons", "vif", true),
    box("armes", "epee", false),
    { name: "race", type: "select-one", value: "elfe" },
  ];
  assert.deepEqual(queryOfFields(fields), { niveau: "3", dons: "robuste,vif", armes: "", race: "elfe" });
});

test("a box is checked by the query's value that names it, not by a longer one", () => {
  assert.equal(checkedBy("robuste,vif", "vif"), true);
  assert.equal(checkedBy("robuste,vif", "rob"), false);
  assert.equal(checkedBy("", "vif"), false);
});

test("the address gives the values of the form's fields only, each name once", () => {
  const search = "?niveau=4&inconnu=1&dons=a%2Cb&vide=";
  assert.deepEqual(valuesFromAddress(search, ["niveau", "dons", "dons", "vide", "race"]), { niveau: "4", dons: "a,b", vide: "" });
  assert.deepEqual(valuesFromAddress("", ["niveau"]), {});
});

test("a whole-number field steps within its bounds and starts again from the lowest", () => {
  assert.equal(wholeNumber("\u22123"), -3);
  assert.ok(Number.isNaN(wholeNumber("abc")));
  assert.equal(stepped("4", 1, 0, 5), "5");
  assert.equal(stepped("5", 1, 0, 5), "5");
  assert.equal(stepped("\u22121", -1, -2, 5), "-2");
  assert.equal(stepped("-2", -1, -2, 5), "-2");
  assert.equal(stepped("", 1, 1, 5), "1");
  assert.equal(stepped("douze", -1, 1, 5), "1");
});

test("a log of moves gets a move appended, or its last one taken away", () => {
  assert.equal(withMove("", "e4"), "e4");
  assert.equal(withMove("e4", "e5"), "e4 e5");
  assert.equal(withoutLastMove(" e4  e5 "), "e4");
  assert.equal(withoutLastMove("e4"), "");
});

test("a picker's choice is appended to the names already there, after one comma", () => {
  assert.equal(withPick("", "Robuste"), "Robuste");
  assert.equal(withPick("Agile, ", "Robuste"), "Agile, Robuste");
  assert.equal(withPick(" Agile ", "Robuste"), "Agile, Robuste");
});

test("the bar shows the key figure, or says where the result is", () => {
  assert.equal(keyFigureText({ label: "Réussite", value: "42 %" }), `Réussite${NBSP}: 42 %`);
  assert.equal(keyFigureText(null), "Voir le résultat");
  assert.equal(toFix(1), `1${NBSP}point à corriger`);
});

test("the screen reader hears the count and the first three problems, or the key figure", () => {
  const problems = ["A", "B", "C", "D"].map((label) => ({ label, message: `${label} manque.` }));
  const said = announcement(problems, "Réussite : 42 %");
  assert.ok(said.startsWith(`4${NBSP}points à corriger. Champ «${NBSP}A${NBSP}»${NBSP}: A manque.`), said);
  assert.ok(said.includes("C manque.") && !said.includes("D manque."), said);
  assert.equal(announcement([], "Réussite : 42 %"), "Réussite : 42 %");
});

test("a roll says its outcome in words as the key figure does, and names its other figure", () => {
  const reply = {
    issue: "L'attaquant inflige 3 dégâts",
    probabilite: "9,8 %",
    groupe: "L'attaquant l'emporte",
    probabilite_groupe: "55,7 %",
  };
  const { outcome, precise } = rollWords(reply);
  assert.equal(outcome, keyFigureText({ label: "L'attaquant l'emporte", value: "55,7 %" }));
  assert.equal(precise, `L'attaquant inflige 3 dégâts (ce résultat précis${NBSP}: 9,8 %)`);
  // An outcome that is no class of others: its own chance, nothing else.
  const alone = rollWords({ issue: "Le défenseur l'emporte", probabilite: "33,1 %", groupe: "" });
  assert.deepEqual(alone, { outcome: `Le défenseur l'emporte${NBSP}: 33,1 %`, precise: "" });
});
