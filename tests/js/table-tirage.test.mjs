// A rollable table's roll (the table page and the partie page): the total drawn with the
// law's weights gives the row whose faces hold it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { newEncounter, rollTable, withTableRoll } from "../../generator/browser/lib/partie.js";

// « Lecture d'un dé »: 1–4, 5, 6 with one d6.
const FACES = {
  loi: { lowest: 1, counts: [1, 1, 1, 1, 1, 1], outcomes: 6 },
  lignes: [
    { de: 1, a: 4 },
    { de: 5, a: 5 },
    { de: 6, a: 6 },
  ],
};

test("each draw of the die gives the row holding its face", () => {
  const rows = [0, 1, 2, 3, 4, 5].map((drawn) => rollTable(FACES, () => drawn));
  assert.deepEqual(
    rows.map((r) => [r.total, FACES.lignes.indexOf(r.row)]),
    [[1, 0], [2, 0], [3, 0], [4, 0], [5, 1], [6, 2]],
  );
});

test("a weighted law draws with its counts (2d6: 7 is 6 ways in 36)", () => {
  const table = { loi: { lowest: 2, counts: [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1], outcomes: 36 }, lignes: [{ de: 2, a: 6 }, { de: 7, a: 7 }, { de: 8, a: 12 }] };
  assert.equal(rollTable(table, () => 15).total, 7);
  assert.equal(rollTable(table, () => 15).row, table.lignes[1]);
  assert.equal(rollTable(table, () => 14).total, 6);
});

test("a table rolled from the partie page lands in the log with its row and chance", () => {
  const table = { id: "faces-du-de", nom: "Lecture d'un dé", ...FACES, lignes: FACES.lignes.map((l, i) => ({ ...l, texte: ["Échec", "1 succès", "2 succès"][i], chances: ["66,7 %", "16,7 %", "16,7 %"][i] })) };
  const start = newEncounter({ systeme: "x", ordre: { mode: "libre" }, pistes: [], valeurs: [] }, { id: "r", nom: "R", now: "t" });
  const after = withTableRoll(start, table, rollTable(table, () => 4));
  assert.equal(start.journal.length, 0);
  assert.deepEqual(after.journal.at(-1), { round: start.round, genre: "jet", texte: "Lecture d'un dé\u00a0: 5 — 1 succès", chances: "16,7 %" });
});
