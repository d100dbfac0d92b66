// Whole numbers drawn at random (generator/browser/lib/hasard.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { drawnBelow, drawnBetween } from "../../generator/browser/lib/hasard.js";

const words = (...list) => () => list.shift();

test("a word of the last, incomplete run is drawn again", () => {
  // 2 ** 32 = 3 × 1431655765 + 1: the word 2 ** 32 − 1 would favour 0.
  assert.equal(drawnBelow(3, words(2 ** 32 - 1, 7)), 1);
  assert.equal(drawnBelow(3, words(2 ** 32 - 2)), (2 ** 32 - 2) % 3);
});

test("a value lies within its bounds, both included", () => {
  assert.equal(drawnBetween(0, 999999, words(0)), 0);
  assert.equal(drawnBetween(0, 999999, words(999999)), 999999);
  assert.equal(drawnBetween(-20, 40, words(60)), 40);
});

test("the browser's source gives different values", () => {
  const seen = new Set(Array.from({ length: 20 }, () => drawnBetween(0, 999999)));
  assert.ok(seen.size > 15);
  for (const value of seen) assert.ok(Number.isInteger(value) && value >= 0 && value <= 999999);
});
