// The reader's storage (generator/browser/lib/stockage.js), on a Storage of the test's own.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { STORAGE_DOWN, STORAGE_FULL, StorageRefused, storageSays, store } from "../../generator/browser/lib/stockage.js";

// A Web Storage holding at most `room` characters, as a browser's quota does.
function storage(room = Infinity) {
  const kept = new Map();
  const used = () => [...kept.values()].reduce((sum, text) => sum + text.length, 0);
  return {
    getItem: (key) => (kept.has(key) ? kept.get(key) : null),
    setItem(key, text) {
      if (used() - (kept.get(key)?.length || 0) + text.length > room) {
        throw Object.assign(new Error("quota"), { name: "QuotaExceededError" });
      }
      kept.set(key, String(text));
    },
  };
}

afterEach(() => {
  delete globalThis.localStorage;
  delete globalThis.sessionStorage;
});

test("a text written is read back, in the area asked for", () => {
  globalThis.localStorage = storage();
  globalThis.sessionStorage = storage();
  store.write("cle", "valeur");
  store.write("cle", "onglet", "sessionStorage");
  assert.equal(store.read("cle"), "valeur");
  assert.equal(store.read("cle", "sessionStorage"), "onglet");
  assert.equal(store.read("absente"), null);
});

test("a full storage refuses the write as « plein » and keeps what it had", () => {
  globalThis.localStorage = storage(10);
  store.write("cle", "court");
  assert.throws(() => store.write("cle", "bien trop long"), (error) => error instanceof StorageRefused && error.why === "plein");
  assert.equal(store.read("cle"), "court");
});

test("no storage at all is « indisponible », to read as to write", () => {
  for (const act of [() => store.read("cle"), () => store.write("cle", "x")]) {
    assert.throws(act, (error) => error instanceof StorageRefused && error.why === "indisponible");
  }
});

test("storageSays names why, in the page's words for what is unreadable", () => {
  assert.equal(storageSays(new StorageRefused("plein")), STORAGE_FULL);
  assert.equal(storageSays(new StorageRefused("indisponible")), STORAGE_DOWN);
  assert.equal(storageSays(new StorageRefused("illisible"), "Les règles sont illisibles"), "Les règles sont illisibles");
});
