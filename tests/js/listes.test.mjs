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
  SHARE_MAX_IDS,
  shareFragment,
  shareTooLong,
  sharedList,
  sharedParams,
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
  const list = sharedList(sharedParams("", `#${shareFragment({ nom: "Partie & co", ids: ["a/b/c", "a/b/d"] })}`));
  assert.deepEqual(list, { nom: "Partie & co", ids: ["a/b/c", "a/b/d"] });
  assert.deepEqual(sharedList(new URLSearchParams("ids=a,,a,b&nom=%20")), { nom: "Liste partagée", ids: ["a", "b"] });
  assert.equal(droppedNote(["a", "b"], new Set(["a", "b"])), "");
  assert.equal(droppedNote(["a", "b"], new Set(["a"])), " Entité inconnue laissée de côté\u00a0: «\u00a0b\u00a0».");
  assert.equal(droppedNote(["a", "b"], new Set()), " Entités inconnues laissées de côté\u00a0: «\u00a0a\u00a0», «\u00a0b\u00a0».");
});

test("a new link carries its list in the fragment, readable; an old link's query still opens", () => {
  assert.equal(shareFragment({ nom: "Scénario du 12", ids: ["a/b/c", "a/b/d"] }), "nom=Sc%C3%A9nario%20du%2012&ids=a/b/c,a/b/d");
  // The old links: `?nom=…&ids=…`, as URLSearchParams wrote them.
  const old = new URLSearchParams({ nom: "Vieux", ids: "a/b/c,a/b/d" }).toString();
  assert.deepEqual(sharedList(sharedParams(`?${old}`, "")), { nom: "Vieux", ids: ["a/b/c", "a/b/d"] });
  // Both: the fragment is the link's (a query may be anything else).
  assert.equal(sharedParams(`?${old}`, "#nom=Neuf&ids=x/y/z").get("nom"), "Neuf");
  assert.equal(sharedParams("?liste=Table", ""), null);
  assert.equal(sharedParams("", "#srd-ancre"), null);
});

test("past SHARE_MAX_IDS no link is made nor opened, and the French message names the bound", () => {
  const ids = (n) => Array.from({ length: n }, (_, i) => `skillcraft/talent/t${i}`);
  assert.equal(shareTooLong({ nom: "Tout", ids: ids(SHARE_MAX_IDS) }), "");
  const bound = SHARE_MAX_IDS.toLocaleString("fr-FR");
  assert.match(shareTooLong({ nom: "Tout", ids: ids(SHARE_MAX_IDS + 1) }), new RegExp(`^Pas de lien de partage\u00a0: .* en porte ${bound} au plus\u00a0; partagez-la plutôt en fichier`));
  const allowed = sharedList(sharedParams("", `#${shareFragment({ nom: "Tout", ids: ids(SHARE_MAX_IDS) })}`));
  assert.equal(allowed.ids.length, SHARE_MAX_IDS);
  const refused = sharedList(sharedParams("", `#${shareFragment({ nom: "Tout", ids: ids(10_000) })}`));
  assert.equal(refused.ids, undefined);
  assert.equal(refused.refused, `Ce lien de partage porte ${(10_000).toLocaleString("fr-FR")}\u00a0entités, pour ${bound} au plus\u00a0: la liste n'est pas ouverte. Demandez-la plutôt en fichier («\u00a0Exporter cette liste\u00a0»).`);
  // The same id twice counts once: a list is each entity once.
  assert.equal(sharedList(new URLSearchParams({ ids: [...ids(SHARE_MAX_IDS), ...ids(SHARE_MAX_IDS)].join(",") })).ids.length, SHARE_MAX_IDS);
});
