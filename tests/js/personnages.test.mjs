// The saved characters without their page (generator/browser/lib/personnages.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  CHARACTERS_UNREADABLE,
  NAME_PARAM,
  OPENED_PARAM,
  boxRefusal,
  changeRefusal,
  charactersFileTooBig,
  charactersOf,
  exportedText,
  fileName,
  fileOf,
  freeCharacterName,
  imported,
  listRefusal,
  newestFirst,
  openedCharacter,
  openingQuery,
  placed,
  problemLine,
  problemsIntro,
  saveRefusal,
  saveStorageRefusal,
  savedRecord,
  storedCharacters,
} from "../../generator/browser/lib/personnages.js";
import { STORAGE_DOWN, STORAGE_FULL, StorageRefused } from "../../generator/browser/lib/stockage.js";
import { FINE, NBSP } from "../../generator/browser/lib/texte.js";

const q = (text) => `«${FINE}${text}${FINE}»`;
const lyra = { id: "1", nom: "Lyra", systeme: "talon", modifie: "2024-01-02T00:00:00Z", resume: "r", requetes: {}, personnage: { a: 1 } };

test("the stored characters are read back; nothing stored is none", () => {
  assert.deepEqual(charactersOf(storedCharacters([lyra], 1), 1), [lyra]);
  assert.deepEqual(JSON.parse(storedCharacters([], 1)), { format: 1, personnages: [] });
  assert.deepEqual(charactersOf(storedCharacters([], 1), 1), []);
  assert.deepEqual(charactersOf(null, 1), []);
  assert.deepEqual(charactersOf("", 1), []);
});

const unreadable = (error) => error instanceof StorageRefused && error.why === "illisible";

test("a store that is not what this code writes is refused as unreadable, never read as empty", () => {
  for (const text of [
    "{", // invalid JSON
    "null",
    "[]",
    '"texte"',
    '{"format": 1}', // no characters
    '{"format": 1, "personnages": {"x": 1}}', // characters not a list
    '{"format": 99, "personnages": {"x": 1}}',
    storedCharacters([lyra], 2), // a newer format
    '{"personnages": []}', // no format
    '{"format": "1", "personnages": []}',
    storedCharacters([lyra, null], 1), // a record that cannot be listed
    storedCharacters([{ ...lyra, nom: 3 }], 1),
    storedCharacters([{ ...lyra, id: undefined }], 1),
  ]) {
    assert.throws(() => charactersOf(text, 1), unreadable, text);
  }
});

test("an unreadable store is said as such, kept as is, and a save refused without « navigation privée »", () => {
  const refused = new StorageRefused("illisible");
  const kept = `${CHARACTERS_UNREADABLE}${NBSP}: il est gardé tel quel, rien n'est enregistré par-dessus.`;
  assert.equal(CHARACTERS_UNREADABLE, "Ce que ce navigateur garde des personnages est illisible");
  assert.equal(listRefusal(refused), kept);
  assert.ok(boxRefusal(refused).startsWith(`${kept} L'adresse de la page garde vos valeurs`));
  assert.ok(saveStorageRefusal(refused).startsWith(`${kept} Le personnage n'est donc pas enregistré, mais l'adresse`));
  assert.equal(changeRefusal(refused), CHARACTERS_UNREADABLE);
  for (const said of [listRefusal(refused), boxRefusal(refused), saveStorageRefusal(refused)]) {
    assert.doesNotMatch(said, /navigation privée|moteur/);
  }
});

test("a missing or full storage says what it said before", () => {
  const missing = new StorageRefused("indisponible");
  const keeps = `garde vos valeurs${NBSP}: ajoutez-la à vos favoris ou copiez-la.`;
  assert.equal(listRefusal(missing), `${STORAGE_DOWN}${NBSP}: aucun personnage ne peut y être gardé. Les calculateurs gardent leurs valeurs dans l'adresse de la page.`);
  assert.equal(boxRefusal(missing), `${STORAGE_DOWN}${NBSP}: les personnages ne peuvent pas y être gardés, mais l'adresse de la page ${keeps}`);
  assert.equal(saveStorageRefusal(missing), `${STORAGE_DOWN}${NBSP}: le personnage n'est pas enregistré, mais l'adresse de la page ${keeps}`);
  assert.equal(saveStorageRefusal(new StorageRefused("plein")), `${STORAGE_FULL}${NBSP}: le personnage n'est pas enregistré, mais l'adresse de la page ${keeps}`);
  assert.equal(changeRefusal(missing), STORAGE_DOWN);
});

test("a link names the character it opens by its id, the printed sheet's by its name too", () => {
  const query = { archetype: "survivant", nom: "champ ?" };
  const opening = new URLSearchParams(openingQuery(lyra, query));
  assert.deepEqual(Object.fromEntries(opening), { archetype: "survivant", nom: "champ ?", [OPENED_PARAM]: "1" });
  const sheet = new URLSearchParams(openingQuery(lyra, { archetype: "survivant" }, true));
  assert.deepEqual(Object.fromEntries(sheet), { archetype: "survivant", [OPENED_PARAM]: "1", [NAME_PARAM]: "Lyra" });
  assert.equal(new URLSearchParams(openingQuery(lyra, undefined)).get(OPENED_PARAM), "1"); // no query saved
});

test("the character an address opens is the one of its id, in the calculator's system only", () => {
  const tom = { ...lyra, id: "2", nom: "Tom", systeme: "divin6" };
  const records = [lyra, tom];
  assert.equal(openedCharacter(records, `?${openingQuery(lyra, {})}`, "talon"), lyra);
  assert.equal(openedCharacter(records, `?${openingQuery(tom, {})}`, "talon"), null); // another system's
  assert.equal(openedCharacter(records, "?personnage=3", "talon"), null); // not kept here
  assert.equal(openedCharacter(records, "?archetype=survivant", "talon"), null);
  assert.equal(openedCharacter(records, "", "talon"), null);
});

test("a name already taken in the same system gets a number; another system's does not count", () => {
  const list = [lyra, { ...lyra, id: "2", nom: "Lyra (2)" }, { ...lyra, id: "3", systeme: "divin6", nom: "Tom" }];
  assert.equal(freeCharacterName(list, "talon", "Lyra"), "Lyra (3)");
  assert.equal(freeCharacterName(list, "talon", "Tom"), "Tom");
  assert.equal(freeCharacterName(list, "talon", "Lyra", "1"), "Lyra"); // its own name, when renamed
});

test("a refused save names the engine's message and each field by its label", () => {
  const said = saveRefusal({ message: "Trop de points.", errors: { niveau: "hors bornes" } }, (field) => `Le ${field}`);
  assert.equal(said, `Personnage non enregistré${NBSP}: Trop de points.\u202f; champ ${q("Le niveau")}${NBSP}: hors bornes`);
  assert.equal(saveRefusal({}, String), `Personnage non enregistré${NBSP}: valeurs illisibles.`);
});

test("a saved record holds the engine's answer, its house rules only when it names some", () => {
  const reply = { resume: "Niveau 3", requetes: { a: { n: "3" } }, personnage: { n: 3 }, ok: true };
  const record = savedRecord(reply, { id: "9", nom: "Lyra", modifie: "now", systeme: "talon" });
  assert.deepEqual(record, { id: "9", nom: "Lyra", modifie: "now", systeme: "talon", resume: "Niveau 3", requetes: { a: { n: "3" } }, personnage: { n: 3 } });
  assert.deepEqual(savedRecord({ ...reply, maison: { dons: ["x"] } }, record).maison, { dons: ["x"] });
  // What a fight takes of the sheet (engine/saved.py `combat`) is kept, never in the file.
  const fighter = savedRecord({ ...reply, combat: { initiative: 3 } }, record);
  assert.deepEqual(fighter.combat, { initiative: 3 });
  assert.equal("combat" in fileOf([fighter], 1).personnages[0], false);
  const list = [lyra];
  assert.deepEqual(placed(list, { ...lyra, nom: "Lyra bis" }), [{ ...lyra, nom: "Lyra bis" }]);
  assert.equal(placed(list, record).length, 2);
});

test("the file keeps what the engine reads back, and the house rules a character names", () => {
  const file = fileOf([lyra, { ...lyra, maison: { dons: ["x"] } }], 1);
  assert.deepEqual(file, {
    format: 1,
    personnages: [
      { nom: "Lyra", modifie: lyra.modifie, personnage: { a: 1 } },
      { nom: "Lyra", modifie: lyra.modifie, personnage: { a: 1 }, maison: { dons: ["x"] } },
    ],
  });
  assert.equal(fileName("Éléa l'Ancienne"), "personnage-elea-l-ancienne.json");
  assert.equal(fileName("!!"), "personnage-sans-nom.json");
  assert.equal(exportedText(1), "1 personnage exporté (fichier JSON).");
  assert.equal(exportedText(3), "3 personnages exportés (fichier JSON).");
});

test("a file too big is refused before the engine reads it", () => {
  assert.equal(charactersFileTooBig(2_000_000, 2_000_000), "");
  assert.equal(charactersFileTooBig(2_000_001, 2_000_000), `Import refusé${NBSP}: fichier trop gros (2000001 octets, 2000000 au plus). Rien n'a été importé.`);
});

test("the characters read from a file are added under free names, and said", () => {
  const records = [lyra];
  let next = 10;
  const found = [{ nom: "Lyra", systeme: "talon", personnage: {} }, { nom: "Tom", systeme: "talon", modifie: "hier", personnage: {} }];
  const said = imported(records, found, () => String(next++), "maintenant");
  assert.deepEqual(records.slice(1).map(({ id, nom, modifie }) => [id, nom, modifie]), [["10", "Lyra (2)", "maintenant"], ["11", "Tom", "hier"]]);
  assert.equal(said, `2 personnages importés${NBSP}: ${q("Lyra (2)")}, ${q("Tom")}.`);
  assert.equal(imported(records, [], () => "x", "maintenant"), "Aucun personnage importé.");
});

test("each problem of a file is one line: the character, its system, its field", () => {
  const names = (id) => ({ talon: "Talon" })[id];
  const line = problemLine({ numero: 2, nom: "Lyra", systeme: "talon", champ: "Dons", message: "inconnu." }, names);
  assert.equal(line, `Personnage 2 ${q("Lyra")} (Talon), champ ${q("Dons")}${NBSP}: inconnu.`);
  assert.equal(problemLine({ numero: 1, systeme: "autre", message: "illisible." }, names), `Personnage 1${NBSP}: illisible.`);
  assert.equal(problemsIntro(1), `Non importé, à corriger dans le fichier${NBSP}:`);
  assert.equal(problemsIntro(2), `Non importés, à corriger dans le fichier${NBSP}:`);
});

test("the newest character comes first", () => {
  const older = { ...lyra, id: "2", modifie: "2023-01-01T00:00:00Z" };
  assert.deepEqual(newestFirst([older, lyra]).map((r) => r.id), ["1", "2"]);
});
