// Two tabs of one browser writing the same store (generator/browser/lib/autre-onglet.js):
// each change is made by key on what is kept now, and a key changed elsewhere since the
// page read it is a conflict to ask about, never written over.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  changedElsewhere,
  characterElsewhere,
  listChangedQuestion,
  listDeleted,
  listRenamed,
  listWithout,
  printOf,
  rulesRebased,
  rulesSeen,
} from "../../generator/browser/lib/autre-onglet.js";

const rule = (id, nom = id, systeme = "divin6") => ({ systeme, genre: "atout", entite: { id, nom } });
const keys = (regles) => regles.map((one) => one.entite.id);
const K = (id) => `divin6/atout/${id}`;

test("a key is changed elsewhere when its value now is not the one read, added or removed included", () => {
  const seen = new Map([
    ["a", printOf({ x: 1 })],
    ["b", null],
    ["c", printOf({ x: 3 })],
    ["d", printOf({ x: 4 })],
  ]);
  const now = { a: { x: 1 }, b: { x: 2 }, d: { x: 5 } };
  assert.deepEqual(changedElsewhere(seen, (key) => now[key]), ["b", "c", "d"]);
});

test("an import's rules are added to what is kept now: a rule another tab added meanwhile stays", () => {
  const read = [rule("un")];
  const seen = rulesSeen(read, [K("un"), K("deux")]);
  const latest = [rule("un"), rule("autre-onglet")]; // written by another tab since
  const { regles, conflicts } = rulesRebased(latest, seen, [{ entry: rule("un", "Un bis") }, { entry: rule("deux") }]);
  assert.deepEqual(conflicts, []);
  assert.deepEqual(keys(regles), ["un", "autre-onglet", "deux"]);
  assert.equal(regles[0].entite.nom, "Un bis");
});

test("the very rule written, changed or added elsewhere since it was read, is a conflict", () => {
  const seen = rulesSeen([rule("un")], [K("un"), K("deux")]);
  const latest = [rule("un", "Un de l'autre onglet"), rule("deux")];
  const { conflicts } = rulesRebased(latest, seen, [{ entry: rule("un", "Le mien") }, { entry: rule("deux", "Deux") }]);
  assert.deepEqual(conflicts, ["divin6/atout/un", "divin6/atout/deux"]);
});

test("a rule changed elsewhere into what this page writes, or deleted as it deletes it, is no conflict", () => {
  const seen = rulesSeen([rule("un"), rule("deux")], [K("un"), K("deux")]);
  const latest = [rule("un", "Pareil")];
  const { regles, conflicts } = rulesRebased(latest, seen, [{ entry: rule("un", "Pareil") }, { remove: "divin6/atout/deux" }]);
  assert.deepEqual(conflicts, []);
  assert.deepEqual(keys(regles), ["un"]);
});

test("a rule edited under a new id takes its old key's place, the others kept now untouched", () => {
  const opened = rule("vieux");
  const seen = new Map([["divin6/atout/vieux", printOf(opened)]]);
  const latest = [rule("avant"), opened, rule("apres")];
  const { regles, conflicts } = rulesRebased(latest, seen, [{ entry: rule("neuf"), editing: "divin6/atout/vieux" }]);
  assert.deepEqual(conflicts, []);
  assert.deepEqual(keys(regles), ["avant", "neuf", "apres"]);
  // Deleted elsewhere meanwhile: asked about (the reader may still keep it).
  assert.deepEqual(rulesRebased([rule("avant")], seen, [{ entry: rule("neuf"), editing: "divin6/atout/vieux" }]).conflicts, ["divin6/atout/vieux"]);
});

test("a list is changed by its name on the lists kept now: pins and lists made elsewhere stay", () => {
  const now = [
    { nom: "Scénario", ids: ["a", "b", "pin-ailleurs"] },
    { nom: "Faite ailleurs", ids: ["c"] },
  ];
  assert.deepEqual(listWithout(now, "Scénario", "a").lists, [
    { nom: "Scénario", ids: ["b", "pin-ailleurs"] },
    { nom: "Faite ailleurs", ids: ["c"] },
  ]);
  assert.deepEqual(listRenamed(now, "Scénario", "Acte II").lists[0], { nom: "Acte II", ids: ["a", "b", "pin-ailleurs"] });
  assert.deepEqual(listDeleted(now, "Scénario").lists, [{ nom: "Faite ailleurs", ids: ["c"] }]);
  assert.equal(now[0].ids.length, 3, "the lists read are not changed in place");
});

test("a list gone elsewhere, or a name taken elsewhere, is said and nothing is written", () => {
  const now = [{ nom: "Faite ailleurs", ids: [] }];
  for (const done of [listWithout(now, "Scénario", "a"), listRenamed(now, "Scénario", "X"), listDeleted(now, "Scénario")]) {
    assert.match(done.refused, /«\u00a0Scénario\u00a0» n'est plus dans ce navigateur .*rien n'a été modifié\.$/);
    assert.equal(done.lists, undefined);
  }
  assert.equal(listRenamed([{ nom: "A", ids: [] }, ...now], "A", "Faite ailleurs").refused, "Une liste s'appelle déjà «\u00a0Faite ailleurs\u00a0».");
  assert.match(listChangedQuestion({ nom: "A", ids: ["x", "y"] }), /^La liste «\u00a0A\u00a0» a changé dans un autre onglet \(2\u00a0entités maintenant\)/);
});

test("a character saved in another tab since this one read it is found; the same version, or none known, is not", () => {
  const records = [{ id: "lyra", nom: "Lyra", systeme: "talon", modifie: "2026-12-02T10:00:00.000Z" }];
  assert.equal(characterElsewhere(records, "lyra", "2026-12-01T09:00:00.000Z"), records[0]);
  assert.equal(characterElsewhere(records, "lyra", "2026-12-02T10:00:00.000Z"), null);
  assert.equal(characterElsewhere(records, "lyra", ""), null);
  assert.equal(characterElsewhere(records, undefined, "x"), null);
  assert.deepEqual(characterElsewhere([], "lyra", "2026-12-01T09:00:00.000Z"), { gone: true });
});
