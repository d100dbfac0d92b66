// The finder's rows without its page (generator/browser/lib/trouveur.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  countText,
  facetChoices,
  hasPrerequisites,
  kindChoices,
  matching,
  meets,
  prepared,
  readOwned,
  requirables,
  searchOf,
  sortedRows,
  stateOf,
  systemChoices,
  treeChoices,
  withHouseRows,
  writeOwned,
} from "../../generator/browser/lib/trouveur.js";

const row = (s, sn, k, kn, n, extra = {}) =>
  prepared({ s, sn, k, kn, n, u: `${s}/${k}/${n}/`, i: `${s}/${k}/${n}`, r: "", c: "", f: {}, ...extra });

const ROWS = [
  row("talon", "Talon", "honneur", "Honneur", "3"),
  row("talon", "Talon", "honneur", "Honneur", "10"),
  row("divin6", "Divin (6)thème", "atout", "Atout", "Éclair", { c: "Dextérité 2", f: { Catégorie: "combat" }, q: [[["divin6/carac/dex", 2]]] }),
  row("divin6", "Divin (6)thème", "atout", "Atout", "Adresse", { r: "Une arme de jet", f: { Catégorie: "aventure" } }),
  row("divin6", "Divin (6)thème", "carac", "Caractéristique", "dex"),
];

test("the default order is the catalogue's: system, kind, then name, numbers in order", () => {
  const names = sortedRows(ROWS, "systeme").map((r) => r.n);
  assert.deepEqual(names, ["Adresse", "Éclair", "dex", "3", "10"]);
  assert.deepEqual(sortedRows(ROWS, "inconnu").map((r) => r.n), names);
  assert.deepEqual(sortedRows(ROWS, "nom").map((r) => r.n), ["3", "10", "Adresse", "dex", "Éclair"]);
  assert.deepEqual(sortedRows(ROWS, "genre").map((r) => r.kn), ["Atout", "Atout", "Caractéristique", "Honneur", "Honneur"]);
});

test("what the reader has is read and written back, a value or none", () => {
  const owned = readOwned("a/b/c,d/e/f:3,g/h/i:");
  assert.deepEqual([...owned], [["a/b/c", null], ["d/e/f", 3], ["g/h/i", null]]);
  assert.equal(writeOwned(owned), "a/b/c,d/e/f:3,g/h/i");
  assert.equal(readOwned("").size, 0);
});

test("a requirement is met by an alternative the reader has, at its minimum", () => {
  const eclair = ROWS[2];
  assert.equal(meets(eclair, new Map([["divin6/carac/dex", 2]])), true);
  assert.equal(meets(eclair, new Map([["divin6/carac/dex", 1]])), false);
  assert.equal(meets(eclair, new Map([["divin6/carac/dex", null]])), false);
  assert.equal(meets(eclair, new Map()), false);
  assert.equal(meets(ROWS[0], new Map()), true);
});

test("the filters keep the rows of every one of them, words accents aside", () => {
  const none = { q: "", s: "", k: "", f: "", c: "" };
  assert.equal(matching(ROWS, none, new Map()).length, 5);
  assert.deepEqual(matching(ROWS, { ...none, q: "eclair" }, new Map()).map((r) => r.n), ["Éclair"]);
  assert.deepEqual(matching(ROWS, { ...none, q: "arme jet" }, new Map()).map((r) => r.n), ["Adresse"]);
  assert.deepEqual(matching(ROWS, { ...none, s: "talon" }, new Map()).map((r) => r.n), ["3", "10"]);
  assert.deepEqual(matching(ROWS, { ...none, f: "Catégorie\u00a0: combat" }, new Map()).map((r) => r.n), ["Éclair"]);
  assert.deepEqual(matching(ROWS, { ...none, c: "DEXTERITE" }, new Map()).map((r) => r.n), ["Éclair"]);
  assert.deepEqual(matching(ROWS, { ...none, k: "atout" }, new Map([["divin6/carac/dex", 1]])).map((r) => r.n), ["Adresse"]);
});

test("« sans prérequis » keeps the rows that require nothing, where some row requires", () => {
  const none = { q: "", s: "", k: "", f: "", c: "", p: "", t: "" };
  assert.deepEqual(matching(ROWS, { ...none, k: "atout", p: "aucun" }, new Map()).map((r) => r.n), ["Adresse"]);
  assert.equal(hasPrerequisites(ROWS, "divin6", "atout"), true);
  assert.equal(hasPrerequisites(ROWS, "talon", ""), false); // no filter offered there
});

test("a tree filter where the rows belong to trees, named by their roots", () => {
  const trees = [
    row("sc", "SC", "talent", "Talent", "Roulade", { t: "sc/talent/Roulade" }),
    row("sc", "SC", "talent", "Talent", "Acrobaties", { t: "sc/talent/Acrobaties" }),
    row("sc", "SC", "talent", "Talent", "Salto", { t: "sc/talent/Acrobaties", q: [[["sc/talent/Acrobaties", null]]] }),
    ...ROWS,
  ];
  assert.deepEqual(treeChoices(trees, "sc", "talent"), [["sc/talent/Acrobaties", "Acrobaties"], ["sc/talent/Roulade", "Roulade"]]);
  assert.deepEqual(treeChoices(trees, "divin6", ""), []); // no tree: no filter
  const none = { q: "", s: "", k: "", f: "", c: "", p: "", t: "" };
  assert.deepEqual(matching(trees, { ...none, t: "sc/talent/Acrobaties" }, new Map()).map((r) => r.n), ["Acrobaties", "Salto"]);
  // A house amendment (its row has no tree of its own) stays in its official row's tree.
  const { t: _tree, ...amended } = { ...trees[2], n: "Salto (maison)" };
  const withHouse = withHouseRows(trees, [[trees[2].i, { ligne: amended }]]);
  assert.equal(withHouse.find((r) => r.m).t, "sc/talent/Acrobaties");
});

test("the menus list each system, each kind of a system, each system's column values", () => {
  const systems = systemChoices(ROWS);
  assert.deepEqual(systems, [["divin6", "Divin (6)thème"], ["talon", "Talon"]]);
  assert.deepEqual(kindChoices(ROWS, ""), [["atout", "Atout"], ["carac", "Caractéristique"], ["honneur", "Honneur"]]);
  assert.deepEqual(kindChoices(ROWS, "talon"), [["honneur", "Honneur"]]);
  const facets = facetChoices(ROWS, systems, "", "");
  assert.deepEqual([...facets], [["divin6", ["Catégorie\u00a0: aventure", "Catégorie\u00a0: combat"]], ["talon", []]]);
  assert.deepEqual(facetChoices(ROWS, systems, "talon", "").get("divin6"), []);
});

test("what the reader can say they have: the entities some row requires, scored or not", () => {
  const [dex] = requirables(ROWS);
  assert.equal(dex.label, "dex (Caractéristique, Divin (6)thème)");
  assert.equal(dex.scored, true);
  assert.equal(requirables(ROWS).length, 1);
});

test("a house row replaces its official one, a new one is added, a broken one is left out", () => {
  const amended = { ...ROWS[3], n: "Adresse (maison)" };
  const added = { s: "talon", sn: "Talon", k: "honneur", kn: "Honneur", n: "Neuf", u: "x/", f: { Rang: "2" }, q: "illisible" };
  const broken = { s: "talon", sn: "Talon", k: "honneur", n: "Sans genre", u: "x/", f: {} };
  const badFacet = { ...added, n: "Mauvaise colonne", f: { Rang: 2 } };
  const rows = withHouseRows(ROWS, [
    [ROWS[3].i, { ligne: amended }],
    ["talon/honneur/neuf", { ligne: added }],
    ["talon/honneur/sans", { ligne: broken }],
    ["talon/honneur/mauvaise", { ligne: badFacet }],
  ]);
  assert.equal(rows.length, 6);
  const house = rows.filter((r) => r.m);
  assert.deepEqual(house.map((r) => [r.i, r.n]), [[ROWS[3].i, "Adresse (maison)"], ["talon/honneur/neuf", "Neuf"]]);
  const neuf = house[1];
  assert.equal(neuf.q, undefined); // unreadable requirements are dropped, not trusted
  assert.equal(neuf.r, "");
  assert.deepEqual(neuf.facets, ["Rang\u00a0: 2"]);
});

test("the address gives the state, defaults aside; only what differs goes back into it", () => {
  const state = stateOf("?q=feu&tri=nom&f=Cat%C3%A9gorie+%3A+combat");
  assert.equal(state.q, "feu");
  assert.equal(state.s, "");
  assert.equal(state.tri, "nom");
  assert.equal(state.f, "Catégorie\u00a0: combat"); // an address written before the no-break space
  assert.equal(stateOf("").tri, "systeme");
  const values = [["q", "feu"], ["s", ""], ["tri", "systeme"], ["", "x"]];
  assert.equal(searchOf(values, new Map()), "q=feu");
  assert.equal(searchOf([["tri", "nom"]], new Map([["a/b/c", 2]])), "tri=nom&a=a%2Fb%2Fc%3A2");
  assert.equal(searchOf([], new Map()), "");
});

test("the count says « résultat » in the plural past one", () => {
  assert.equal(countText(0), "0 résultat");
  assert.equal(countText(1), "1 résultat");
  assert.equal(countText(2), "2 résultats");
});
