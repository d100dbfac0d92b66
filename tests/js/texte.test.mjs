// The text helpers of the browser code (generator/browser/lib/texte.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { FINE, NBSP, freeName, isText, plain, plural, quoted, slug, typo } from "../../generator/browser/lib/texte.js";

test("typo puts the no-break spaces the French typography wants", () => {
  assert.equal(typo("Erreur : champ vide ; recommencez ! Vraiment ?"), `Erreur${NBSP}: champ vide${FINE}; recommencez${FINE}! Vraiment${FINE}?`);
  assert.equal(typo("rien à changer"), "rien à changer");
});

test("quoted frames a text in French quotes with thin no-break spaces", () => {
  assert.equal(quoted("Lyra"), `«${FINE}Lyra${FINE}»`);
});

test("plural adds an s past one, with a no-break space", () => {
  assert.equal(plural(1, "atout"), `1${NBSP}atout`);
  assert.equal(plural(0, "atout"), `0${NBSP}atout`);
  assert.equal(plural(2, "atout"), `2${NBSP}atouts`);
});

test("plain folds accents and case; slug makes a file name or nothing", () => {
  assert.equal(plain("Éclair Ÿ"), "eclair y");
  assert.equal(slug("Scénario du 12 !"), "scenario-du-12");
  assert.equal(slug("« ! »"), "");
});

test("freeName finds the first name not taken", () => {
  assert.equal(freeName("Scénario", []), "Scénario");
  assert.equal(freeName("Scénario", ["Scénario", "Scénario (2)"]), "Scénario (3)");
});

test("isText is true of strings only", () => {
  assert.equal(isText(""), true);
  assert.equal(isText(null), false);
  assert.equal(isText(["a"]), false);
});
