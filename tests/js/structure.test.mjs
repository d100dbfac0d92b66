// The browser code held to the Python's rules (tests/unit/test_structure-like): no function
// over 100 lines, and no helper defined twice — a name declared at the top of two modules
// is one helper written twice (import it from lib/ or commun.js instead).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import * as espree from "espree";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const FOLDERS = ["generator/browser", "generator/serve/direct"];
const MAX_LINES = 100;
// Names each page module declares for itself by design: its own entry point.
const OWN = new Set(["bind", "bindAll"]);
// Scripts of their own global (the service workers, the live page of `serve`): not modules
// of the site's pages, so a name there is no helper of theirs.
const apart = (name) => name.endsWith("sw.js") || name.startsWith("generator/serve/");

function* scripts(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* scripts(path);
    else if (/\.m?js$/.test(entry.name)) yield path;
  }
}

const modules = FOLDERS.flatMap((folder) => [...scripts(join(ROOT, folder))]).map((path) => {
  const source = readFileSync(path, "utf8");
  const sourceType = /\bimport\b|\bexport\b/.test(source) ? "module" : "script";
  return { name: relative(ROOT, path), tree: espree.parse(source, { ecmaVersion: 2022, sourceType, loc: true }) };
});

function* functions(node) {
  if (!node || typeof node.type !== "string") return;
  if (/Function/.test(node.type)) yield node;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) yield* functions(child);
    else if (value && typeof value === "object" && value.type) yield* functions(value);
  }
}

function topNames(tree) {
  const names = [];
  for (let node of tree.body) {
    if (node.type.startsWith("Export") && node.declaration) node = node.declaration;
    if (node.type === "FunctionDeclaration" || node.type === "ClassDeclaration") names.push(node.id.name);
    if (node.type === "VariableDeclaration") {
      for (const declared of node.declarations) if (declared.id.type === "Identifier") names.push(declared.id.name);
    }
  }
  return names;
}

test("the browser code is found", () => {
  assert.ok(modules.length > 20, modules.length);
});

test("no browser function is over 100 lines", () => {
  const long = modules.flatMap(({ name, tree }) =>
    [...functions(tree)]
      .map((node) => ({
        lines: node.loc.end.line - node.loc.start.line + 1,
        at: `${name}:${node.loc.start.line}`,
      }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ lines, at }) => `${at} (${lines} lignes)`),
  );
  assert.deepEqual(long, []);
});

test("no helper is defined in two modules", () => {
  const where = new Map();
  for (const { name, tree } of modules.filter(({ name }) => !apart(name))) {
    for (const declared of topNames(tree)) {
      if (!OWN.has(declared)) where.set(declared, [...(where.get(declared) || []), name]);
    }
  }
  const twice = [...where]
    .filter(([, files]) => files.length > 1).map(([declared, files]) => `${declared} : ${files.join(", ")}`);
  assert.deepEqual(twice, []);
});
