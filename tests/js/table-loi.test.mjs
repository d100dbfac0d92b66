// A house table's roll and rows (lib/table-loi.js): the law of a dice expression, the faces
// of a first cell, the rows checked against the law with French messages naming the row,
// hostile values refused quickly, and the table as the partie page rolls it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { diceTerms, facesOf, lawField, lawOf, rollableTable, tableProblems, lawFieldsOf, withHouseTables, withTableProblems } from "../../generator/browser/lib/table-loi.js";
import { rollTable } from "../../generator/browser/lib/partie.js";

const table = (jet, ...cells) => ({ id: "t", nom: "T", colonnes: ["d", "x"], jet, lignes: cells.map((c, i) => [c, `r${i + 1}`]) });

test("the law of 2d6+1 counts each total's ways out of 36", () => {
  const law = lawOf(diceTerms("2d6+1").terms);
  assert.equal(law.lowest, 3);
  assert.deepEqual(law.counts.map(Number), [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
  assert.equal(law.outcomes, 36n);
});

test("a die taken away shifts the law down: 1d6−1d4 goes from −3 to 5", () => {
  const law = lawOf(diceTerms("1d6 \u2212 1d4").terms);
  assert.equal(law.lowest, -3);
  assert.equal(law.counts.length, 9);
  assert.equal(law.outcomes, 24n);
});

test("a roll beyond the bounds is refused in French, before any law is computed", () => {
  assert.match(diceTerms("1000d1000").refused, /50 dés au plus/);
  assert.match(diceTerms("1d1").refused, /de 2 à 1000 faces/);
  assert.match(diceTerms("2d6 3").refused, /invalide/);
  assert.match(diceTerms("x".repeat(300)).refused, /200 caractères au plus/);
  assert.match(diceTerms("1d6+1000001").refused, /1000000 au plus/);
});

test("a cell names a face, a range or a list of them", () => {
  assert.deepEqual(facesOf(5).parts, [[5, 5]]);
  assert.deepEqual(facesOf("01\u201305").parts, [[1, 5]]);
  assert.deepEqual(facesOf("1, 2 ou 3").parts, [[1, 1], [2, 2], [3, 3]]);
  assert.match(facesOf("5-2").refused, /de la plus petite face à la plus grande/);
  assert.match(facesOf("deux").refused, /ne donne pas de faces/);
});

test("rows that give each total once have no problem", () => {
  assert.deepEqual(tableProblems(table("1d6", "1\u20132", "3, 4", "5 ou 6"), "jet"), {});
});

test("an overlap is said at its row, naming the row that already draws the face", () => {
  const said = tableProblems(table("1d6", "1\u20134", "4\u20136"), "jet");
  assert.deepEqual(said, { "entite.lignes.1": "Ligne 2\u00a0: le 4 est déjà tiré par la ligne 1" });
});

test("a gap is said on the rows, a run of missing totals at once", () => {
  assert.deepEqual(tableProblems(table("1d8", "1\u20133", "7\u20138"), "jet"), { "entite.lignes": "Aucune ligne pour 4 à 6" });
  assert.deepEqual(tableProblems(table("1d6", "1\u20133", "5\u20136"), "jet"), { "entite.lignes": "Aucune ligne pour 4" });
});

test("a face beyond the roll is said, the faces within it still counted", () => {
  const said = tableProblems(table("1d6", "1\u20133", "4\u20138"), "jet");
  assert.deepEqual(said, { "entite.lignes.1": "Ligne 2\u00a0: 8 n'est pas un résultat de 1d6 (de 1 à 6)" });
});

test("a roll refused is said at the roll's field", () => {
  const said = tableProblems(table("1000d1000", "1"), "jet");
  assert.deepEqual(Object.keys(said), ["entite.jet"]);
  assert.match(said["entite.jet"], /50 dés au plus/);
});

test("a table of 10 000 rows is refused at once, in one message", () => {
  const rows = Array.from({ length: 10_000 }, (_, i) => i + 1);
  const started = performance.now();
  const said = tableProblems(table("1d100", ...rows), "jet");
  assert.ok(performance.now() - started < 200);
  assert.deepEqual(said, { "entite.lignes": "10000 lignes pour 100 résultats de 1d100\u00a0: une ligne par résultat au plus" });
});

test("many problems: the first ones said, the rest counted", () => {
  const said = tableProblems(table("1d100", ...Array.from({ length: 50 }, () => "1")), "jet");
  assert.match(said["entite.lignes"], /et \d+ autres problèmes de lignes/);
  assert.ok(Object.keys(said).length <= 13);
});

test("no roll, no check: a table that is not rolled", () => {
  assert.deepEqual(tableProblems(table(undefined, "a"), "jet"), {});
});

test("the rollable table carries each row's faces, text and chance, and rolls", () => {
  const made = rollableTable(table("2d6", "2\u20136", "7", "8\u201312"), "jet", { id: "maison:x", nom: "Rencontres", lien: "/maison/voir/?e=x" });
  assert.equal(made.maison, true);
  assert.deepEqual(made.lignes.map((r) => [r.de, r.a, r.texte, r.chances]), [
    [2, 6, "r1", "41,7\u202f%"],
    [7, 7, "r2", "16,7\u202f%"],
    [8, 12, "r3", "41,7\u202f%"],
  ]);
  assert.deepEqual(made.loi, { lowest: 2, counts: [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1], outcomes: 36 });
  const { total, row } = rollTable(made, () => 21); // outcomes 0–14 give 2 to 6, 15–20 give 7
  assert.equal(total, 8);
  assert.equal(row.texte, "r3");
});

test("a table with a problem, or beyond what the page can draw, is not rolled", () => {
  assert.equal(rollableTable(table("1d6", "1\u20133"), "jet", {}), null);
  assert.equal(rollableTable(table("8d20", "8\u2013160"), "jet", {}), null); // 20 ** 8 outcomes
});

test("the roll's field is found by « x-loi »", () => {
  assert.equal(lawField({ properties: { lignes: {}, jet: { type: "string", "x-loi": true } } }), "jet");
  assert.equal(lawField({ properties: { lignes: {} } }), null);
});

test("a house rule's messages gain its rows' problems, only for a kind with a roll", () => {
  const schema = { properties: { jet: { "x-loi": true } } };
  const entity = table("1d6", "1\u20134", "4\u20136");
  const merged = withTableProblems({ "entite.lignes.1": "autre" }, entity, schema);
  assert.equal(merged["entite.lignes.1"], "autre\u202f; Ligne 2\u00a0: le 4 est déjà tiré par la ligne 1");
  assert.deepEqual(withTableProblems({}, entity, { properties: { jet: {} } }), {});
});

test("the partie page's tables: the official ones, then the house ones that can be rolled", () => {
  const official = [{ id: "rencontres", nom: "Rencontres" }, { id: "butin", nom: "Butin" }];
  const entries = [
    { systeme: "s", genre: "table", entite: table("1d6", "1\u20136") },
    { systeme: "s", genre: "table", base: "butin", entite: { ...table("1d4", "1\u20134"), id: "butin", nom: "Butin" } },
    { systeme: "s", genre: "table", entite: { ...table("1d6", "1\u20133"), id: "trou" } },
    { systeme: "s", genre: "atout", entite: { id: "a", nom: "A" } },
  ];
  const tables = withHouseTables(official, entries, lawFieldsOf({ table: { schema: { properties: { jet: { "x-loi": true } } } }, atout: { schema: {} } }), (e) => `/maison/voir/?e=${e.entite.id}`);
  assert.deepEqual(tables.map((t) => [t.id, t.nom, t.maison || false]), [
    ["rencontres", "Rencontres", false],
    ["maison:table/t", "T (maison)", true],
    ["maison:table/butin", "Butin (maison)", true],
  ]);
  assert.equal(tables[1].lien, "/maison/voir/?e=t");
});
