// The finder's rows with no page around them (trouver.js draws them): a row prepared for
// filtering, the house rows it can show, what the reader says they have and the
// requirements it meets, the menus' choices, the filter and the orders, and the state the
// address holds. Pure functions: unit-tested under Node (tests/js/).
import { collator, isText, plain } from "./texte.js";

// The address's fields and their defaults (a default is left out of the address).
// p: « aucun » keeps the rows without prerequisites; t: the key of a tree's root.
export const FIELDS = { q: "", s: "", k: "", f: "", c: "", p: "", t: "", a: "", tri: "systeme" };

// The finder opens in the order of a system's catalogue: by system, then kind, then name
// (by name alone, the Talon's honours « 2 », « 3 »… came first). Each order compares its
// keys in turn, with the same collator as the menus (numbers in their order, accents aside).
const SORT_KEYS = {
  systeme: (r) => [r.sn, r.kn, r.n],
  genre: (r) => [r.kn, r.sn, r.n],
  nom: (r) => [r.n, r.sn, r.kn],
};
const compareKeys = (a, b) => {
  for (let i = 0; i < a.length; i++) {
    const order = collator.compare(a[i], b[i]);
    if (order) return order;
  }
  return 0;
};

// Every row in the order `name` (the default order for a name it does not know).
export function sortedRows(rows, name) {
  const key = SORT_KEYS[name] || SORT_KEYS.systeme;
  const keyed = rows.map((row) => [key(row), row]).sort((a, b) => compareKeys(a[0], b[0]));
  return keyed.map(([, row]) => row);
}

// What the reader has, « système/genre/id » or « système/genre/id:valeur », comma-separated.
export function readOwned(text) {
  const owned = new Map();
  for (const part of text.split(",").filter(Boolean)) {
    const [key, value] = part.split(":");
    owned.set(key, value === undefined || value === "" ? null : Number(value));
  }
  return owned;
}
export const writeOwned = (owned) => [...owned].map(([key, value]) => (value === null ? key : `${key}:${value}`)).join(",");

// Every clause of the row's requirements has an alternative the reader has, at its minimum.
export const meets = (row, owned) =>
  (row.q || []).every((clause) =>
    clause.some(([key, minimum]) => owned.has(key) && (minimum === null || (owned.get(key) ?? 0) >= minimum)),
  );

// A row as the finder filters it: its facets and its searched texts, folded once.
export const prepared = (row) => ({
  ...row,
  facets: Object.entries(row.f).map(([name, value]) => `${name}\u00a0: ${value}`),
  text: plain([row.n, row.r, row.c, row.kn, row.sn, ...Object.values(row.f)].join(" ")),
  condition: plain(row.c),
});

// A house row the finder can show (the store is the reader's: a row that lacks a field
// the cards need is left out rather than break the page).
const showable = (row) =>
  row && ["s", "sn", "k", "kn", "n", "u"].every((name) => isText(row[name])) && row.f && typeof row.f === "object";

// Requirements as the finder reads them: clauses of [key, minimum or null].
const clausesOk = (q) =>
  Array.isArray(q) &&
  q.every((clause) => Array.isArray(clause) && clause.every((pair) => Array.isArray(pair) && isText(pair[0]) && (pair[1] === null || typeof pair[1] === "number")));

// The official rows with the house rules in force (`inForce`: [key, {ligne}] of each, as
// maison-marque.js houseInForce gives them): an amendment replaces its official row, a
// new entity is added; each is marked `m`. An amendment keeps its official row's tree.
export function withHouseRows(official, inForce) {
  const byKey = new Map(official.map((row) => [row.i, row]));
  for (const [key, { ligne }] of inForce) {
    if (!showable(ligne)) continue;
    const row = { ...ligne, r: isText(ligne.r) ? ligne.r : "", c: isText(ligne.c) ? ligne.c : "", i: key, m: 1 };
    if (!Object.values(row.f).every(isText)) continue;
    if (!clausesOk(row.q)) delete row.q;
    // An amendment stays in its official row's tree (trees are found by the build).
    if (byKey.get(key)?.t && !isText(row.t)) row.t = byKey.get(key).t;
    byKey.set(key, prepared(row));
  }
  return [...byKey.values()];
}

// The entities that some row requires: what the reader can say they have, each
// {row, label, scored} (scored: some row asks for a value of it), by label.
export function requirables(rows) {
  const byKey = new Map(rows.map((r) => [r.i, r]));
  const found = new Map();
  for (const row of rows) {
    for (const clause of row.q || []) {
      for (const [key, minimum] of clause) {
        const target = byKey.get(key);
        if (!target) continue;
        const entry = found.get(key) || { row: target, label: `${target.n} (${target.kn}, ${target.sn}${target.m ? ", maison" : ""})`, scored: false };
        entry.scored ||= minimum !== null;
        found.set(key, entry);
      }
    }
  }
  return [...found.values()].sort((a, b) => collator.compare(a.label, b.label));
}

const byName = (a, b) => collator.compare(a[1], b[1]);

// [id, name] of each system of the rows, by name.
export const systemChoices = (rows) => [...new Map(rows.map((r) => [r.s, r.sn])).entries()].sort(byName);

// [id, name] of each kind of the rows of `system` (of every system: ""), by name.
export const kindChoices = (rows, system) => [...new Map(rows.filter((r) => !system || r.s === system).map((r) => [r.k, r.kn]))].sort(byName);

// A column is a system's own (« Tiers : 1 » is SkillCraft's): {system id: its values, in
// order} of the rows of `system` and `kind` ("" for all), every system of `systems` listed.
export function facetChoices(rows, systems, system, kind) {
  const bySystem = new Map(systems.map(([id]) => [id, new Set()]));
  for (const r of rows) {
    if ((!system || r.s === system) && (!kind || r.k === kind)) r.facets.forEach((v) => bySystem.get(r.s).add(v));
  }
  return new Map([...bySystem].map(([id, values]) => [id, [...values].sort(collator.compare)]));
}

const inView = (rows, system, kind) => rows.filter((r) => (!system || r.s === system) && (!kind || r.k === kind));

// Some row of `system` and `kind` ("" for all) has prerequisites: the finder offers to
// keep those without (the index says what each row requires, whatever its system).
export const hasPrerequisites = (rows, system, kind) => inView(rows, system, kind).some((r) => r.q?.length);

// [root key, root name] of each tree the rows of `system` and `kind` belong to (a kind
// whose entities each require at most one of their own kind: generator/pipeline/
// finder.py), by name; none: the finder has no tree filter there.
export function treeChoices(rows, system, kind) {
  const names = new Map(rows.map((r) => [r.i, r.n]));
  const roots = new Set(inView(rows, system, kind).map((r) => r.t).filter(Boolean));
  return [...roots].map((key) => [key, names.get(key) || key]).sort(byName);
}

// The rows (in their order) that every filter keeps: {q: words, s: system, k: kind,
// f: column value, c: what the condition names, p: « aucun » for no prerequisites,
// t: a tree's root} ("" keeps all), and the requirements met by what the reader has
// (`owned`, none: all).
export function matching(rows, { q, s, k, f, c, p, t }, owned) {
  const words = plain(q).split(/\s+/).filter(Boolean);
  const needed = plain(c).trim();
  return rows.filter(
    (r) =>
      (!s || r.s === s) &&
      (!k || r.k === k) &&
      (!f || r.facets.includes(f)) &&
      (!needed || r.condition.includes(needed)) &&
      (p !== "aucun" || !r.q?.length) &&
      (!t || r.t === t) &&
      (!owned.size || meets(r, owned)) &&
      words.every((w) => r.text.includes(w)),
  );
}

export const countText = (count) => `${count} résultat${count > 1 ? "s" : ""}`;

// The state an address's query (`search`) gives, every field at its default otherwise.
export function stateOf(search) {
  const state = { ...FIELDS, ...Object.fromEntries(new URLSearchParams(search)) };
  // An address written before the column's no-break space.
  return { ...state, f: state.f.replace(/ (?=: )/, "\u00a0") };
}

// The address's query of the form's values ([name, value] of each control) and of what
// the reader has: only what differs from the defaults.
export function searchOf(values, owned) {
  const params = new URLSearchParams();
  for (const [name, value] of values) if (name && value && value !== FIELDS[name]) params.set(name, value);
  if (owned.size) params.set("a", writeOwned(owned));
  return params.toString();
}
