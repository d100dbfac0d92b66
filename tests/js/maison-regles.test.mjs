// The house rules as a list (generator/browser/lib/maison-regles.js, lib/maison-cle.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { entryKey } from "../../generator/browser/lib/maison-cle.js";
import {
  bySystem,
  clashOf,
  meeting,
  nameOf,
  officialFields,
  officialNames,
  othersThan,
  pastedEntry,
  referencesOf,
  switched,
  switchesKept,
  withWritten,
} from "../../generator/browser/lib/maison-regles.js";

const rule = (systeme, genre, id, more = {}) => ({ systeme, genre, entite: { id, nom: `Nom ${id}` }, ...more });
const POIGNE = rule("sw", "atouts", "poigne");
const ROBUSTE = rule("sw", "atouts", "robuste", { base: "robuste" });
const SORT = rule("dd", "sorts", "eclair");

test("a rule's key and name", () => {
  assert.equal(entryKey(POIGNE), "sw/atouts/poigne");
  assert.equal(nameOf(POIGNE), "Nom poigne");
  assert.equal(nameOf({ entite: { id: "seul-id" } }), "seul-id");
  assert.equal(nameOf({}), "sans nom");
});

test("the list is grouped by system then kind, in the order kept", () => {
  const grouped = bySystem([POIGNE, SORT, ROBUSTE, rule("sw", "handicaps", "lent")]);
  assert.deepEqual([...grouped.keys()], ["sw", "dd"]);
  assert.deepEqual([...grouped.get("sw").keys()], ["atouts", "handicaps"]);
  assert.deepEqual(grouped.get("sw").get("atouts"), [POIGNE, ROBUSTE]);
});

test("a switch moved, and the switches of rules no longer kept dropped", () => {
  assert.deepEqual(switched(["a"], "b", false), ["a", "b"]);
  assert.deepEqual(switched(["a", "b"], "a", true), ["b"]);
  assert.deepEqual(switched(undefined, "a", true), []);
  assert.deepEqual(switchesKept(["sw/atouts/robuste", "sw/atouts/parti"], [ROBUSTE]), ["sw/atouts/robuste"]);
});

test("what a rule imported meets: nothing, the same rule, or another of its key", () => {
  assert.deepEqual(meeting([SORT], POIGNE), { kind: "nouvelle", at: -1 });
  assert.deepEqual(meeting([SORT, POIGNE], { ...POIGNE }), { kind: "identique", at: 1 });
  assert.deepEqual(meeting([SORT, POIGNE], rule("sw", "atouts", "poigne", { modifie: "hier" })), { kind: "autre", at: 1 });
});

test("a rule written is checked against the others, and takes the place of the one edited", () => {
  const kept = [POIGNE, SORT, ROBUSTE];
  assert.deepEqual(othersThan(kept, "sw/atouts/poigne", "dd/sorts/eclair"), [ROBUSTE]);
  assert.equal(clashOf(kept, "sw/atouts/poigne", null), POIGNE);
  assert.equal(clashOf(kept, "sw/atouts/poigne", "sw/atouts/poigne"), undefined);
  const renamed = rule("dd", "sorts", "foudre");
  assert.deepEqual(withWritten(kept, renamed, "dd/sorts/eclair"), [POIGNE, renamed, ROBUSTE]);
  const fresh = rule("dd", "sorts", "givre");
  assert.deepEqual(withWritten(kept, fresh, null), [...kept, fresh]);
  // Edited under the key of another kept rule (the reader said « Remplacer »): that one goes.
  const over = rule("sw", "atouts", "poigne", { modifie: "hier" });
  assert.deepEqual(withWritten(kept, over, "dd/sorts/eclair"), [over, ROBUSTE]);
  assert.equal(kept.length, 3, "the kept list is not changed in place");
});

test("a reference names the official entities and the new house ones, by name", () => {
  const names = officialNames([
    { i: "sw/atouts/vif", n: "Vif" },
    { i: "sw/atouts/agile", n: "Agile" },
    { i: "dd/sorts/eclair", n: "Éclair" },
  ]);
  assert.deepEqual(names.get("dd/sorts"), [{ id: "eclair", nom: "Éclair" }]);
  const refs = referencesOf(names, [POIGNE, ROBUSTE, SORT], "sw");
  assert.deepEqual(refs("atouts"), [
    { id: "agile", nom: "Agile" },
    { id: "poigne", nom: "Nom poigne (règle maison)" },
    { id: "vif", nom: "Vif" },
  ]);
  assert.deepEqual(refs("handicaps"), []);
});

test("an official entity keeps only the fields of its house schema", () => {
  const schema = { properties: { id: {}, nom: {} } };
  const entities = [{ id: "vif", nom: "Vif", url: "sw/atouts/vif/" }];
  assert.deepEqual(officialFields(entities, "vif", schema), { id: "vif", nom: "Vif" });
  assert.equal(officialFields(entities, "absent", schema), null);
  assert.equal(officialFields({ pas: "une liste" }, "vif", schema), null);
});

test("an amendment starts from the official text without its source and editorial notes", () => {
  const schema = {
    properties: { id: {}, nom: {}, source: { "x-transcription": true }, notes_editoriales: { "x-transcription": true }, fiche: { "x-transcription": true } },
  };
  const entities = [{ id: "vif", nom: "Vif", source: "Fiche 6, l. 12", notes_editoriales: [{ titre: "t" }], fiche: 6 }];
  assert.deepEqual(officialFields(entities, "vif", schema), { id: "vif", nom: "Vif" });
});

test("a pasted value fills the form with one entity, and an exported rule names its system and kind", () => {
  const systems = { sw: { genres: { atouts: {} } }, dd: { genres: { sorts: {} } } };
  assert.deepEqual(pastedEntry([{ id: "a" }], systems, "sw", null), { entity: { id: "a" }, system: null, kind: null });
  assert.ok(pastedEntry([{}, {}], systems, "sw", null).refused.startsWith("Une seule entité"));
  assert.ok(pastedEntry("texte", systems, "sw", null).refused);
  assert.deepEqual(pastedEntry(SORT, systems, "sw", null), { entity: SORT.entite, system: "dd", kind: "sorts" });
  // A kind the chosen system lacks is not chosen; an amendment keeps its system, kind and id.
  assert.deepEqual(pastedEntry({ genre: "sorts", entite: { id: "x" } }, systems, "sw", null), { entity: { id: "x" }, system: null, kind: null });
  assert.deepEqual(pastedEntry(SORT, systems, "sw", "vif"), { entity: { ...SORT.entite, id: "vif" }, system: null, kind: null });
});
