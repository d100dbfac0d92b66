// The GM's lists without their page (generator/browser/lib/listes.js): the storage's text,
// the exported file, a chosen file's checks and a shared link.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  FILE_TYPE,
  deeperThan,
  droppedNote,
  fileText,
  fileTooBig,
  fileTooDeep,
  freeListName,
  importEntry,
  listsOf,
  readListsFile,
  shareSearch,
  sharedList,
  storedText,
} from "../../generator/browser/lib/listes.js";
import { StorageRefused } from "../../generator/browser/lib/stockage.js";

const LISTS = [{ nom: "Scénario", ids: ["a/b/c"] }];

test("the stored lists are read back; what cannot be read is refused, never emptied", () => {
  assert.deepEqual(listsOf(storedText(LISTS, 1), 1), LISTS);
  assert.deepEqual(listsOf(null, 1), []);
  for (const text of ["{", storedText(LISTS, 2), JSON.stringify({ format: 1, listes: [{ nom: " ", ids: [] }] }), JSON.stringify({ format: 1, listes: [{ nom: "x", ids: [3] }] })]) {
    assert.throws(() => listsOf(text, 1), (error) => error instanceof StorageRefused && error.why === "illisible", text);
  }
});

test("an exported file is read back whole", () => {
  const text = fileText([{ nom: "Scénario", ids: ["a/b/c"], autre: 1 }], 1);
  assert.deepEqual(JSON.parse(text), { format: 1, type: FILE_TYPE, listes: [{ nom: "Scénario", ids: ["a/b/c"] }] });
  assert.deepEqual(readListsFile("f.json", text, 1), { listes: [{ nom: "Scénario", ids: ["a/b/c"] }] });
});

test("a file that is not a lists file of this format is refused, saying why", () => {
  const refused = (text) => readListsFile("f.json", text, 1).refused?.[0] || "";
  assert.match(refused("pas du JSON"), /n'est pas un fichier JSON lisible/);
  assert.match(refused(JSON.stringify({ format: 1, listes: [] })), /n'est pas un fichier de listes de ce site/);
  assert.match(refused("null"), /n'est pas un fichier de listes de ce site/);
  assert.match(refused(JSON.stringify({ format: 2, type: FILE_TYPE, listes: [] })), /est au format 2, ce site lit le format 1/);
  const many = Array.from({ length: 201 }, (_, i) => ({ nom: `L${i}`, ids: [] }));
  assert.match(refused(JSON.stringify({ format: 1, type: FILE_TYPE, listes: many })), /contient 201\u00a0listes, pour 200 au plus/);
  const long = [{ nom: "L", ids: Array.from({ length: 5001 }, (_, i) => `x/${i}`) }];
  assert.match(refused(JSON.stringify({ format: 1, type: FILE_TYPE, listes: long })), /une liste de 5\u202f001\u00a0entités, pour 5\u202f000 au plus/);
  assert.ok(refused(JSON.stringify({ format: 1, type: FILE_TYPE, listes: [] })) === "");
});

test("a chosen file too big, or nested too deep, is refused before it is read", () => {
  assert.deepEqual(fileTooBig("f.json", 10, 10), null);
  assert.match(fileTooBig("f.json", 1_000_001, 1_000_000)[0], /^«\u00a0f\.json\u00a0» est trop gros \(1\u202f000\u202f001\u00a0octets, pour 1\u202f000\u202f000 au plus\)\u00a0: rien n'a été importé\.$/);
  assert.equal(deeperThan("[[[]]]", 3), false);
  assert.equal(deeperThan("[[[[]]]]", 3), true);
  assert.equal(deeperThan('["[[[[", "\\"[[[["]', 3), false); // brackets in strings do not count
  assert.equal(fileTooDeep("f.json", "[[]]", 8), null);
  assert.match(fileTooDeep("f.json", "[".repeat(9), 8)[0], /imbrique plus de 8 niveaux/);
});

test("an entry is added under a free name, its known entities only, with its messages", () => {
  const lists = [{ nom: "Scénario", ids: [] }];
  const known = new Set(["a/b/c", "a/b/d"]);
  const unknown = Array.from({ length: 7 }, (_, i) => `x/${i}`);
  const messages = importEntry({ nom: "Scénario", ids: ["a/b/c", "a/b/c", 4, ...unknown] }, 0, lists, known);
  assert.deepEqual(lists[1], { nom: "Scénario (2)", ids: ["a/b/c"] });
  assert.match(messages[0], /^«\u00a0Scénario\u00a0» importée sous le nom «\u00a0Scénario \(2\)\u00a0» \(le nom était déjà pris\)\u00a0: 1\u00a0entité\.$/);
  assert.equal(messages.length, 1 + 5 + 1); // five named, the others counted
  assert.match(messages[1], /entité inconnue «\u00a04\u00a0»/);
  assert.match(messages.at(-1), /et 3\u00a0autres entités inconnues/);
  assert.match(importEntry({ nom: "" }, 1, lists, known)[0], /^Liste n°\u00a02\u00a0: il lui manque un nom/);
  assert.match(importEntry({ nom: "Z", ids: "a" }, 2, lists, known)[0], /«\u00a0ids\u00a0» n'est pas une liste d'entités/);
  assert.equal(lists.length, 2);
  assert.equal(freeListName("Scénario", lists), "Scénario (3)");
});

test("a shared link gives its list, each entity once, and names what the site does not know", () => {
  const list = sharedList(new URLSearchParams(shareSearch({ nom: "Partie", ids: ["a/b/c", "a/b/d"] })));
  assert.deepEqual(list, { nom: "Partie", ids: ["a/b/c", "a/b/d"] });
  assert.deepEqual(sharedList(new URLSearchParams("ids=a,,a,b&nom=%20")), { nom: "Liste partagée", ids: ["a", "b"] });
  assert.equal(droppedNote(["a", "b"], new Set(["a", "b"])), "");
  assert.equal(droppedNote(["a", "b"], new Set(["a"])), " Entité inconnue laissée de côté\u00a0: «\u00a0b\u00a0».");
  assert.equal(droppedNote(["a", "b"], new Set()), " Entités inconnues laissées de côté\u00a0: «\u00a0a\u00a0», «\u00a0b\u00a0».");
});
