// ESLint for the browser code (generator/browser/, the live page of `serve`) and its unit
// tests (tests/js/), run by `make lint`. Functions stay under 100 lines, as in the Python.
import js from "@eslint/js";
import globals from "globals";

const shared = {
  ...js.configs.recommended.rules,
  "max-lines-per-function": ["error", { max: 100, skipBlankLines: false, skipComments: false, IIFEs: true }],
  "no-var": "error",
  "prefer-const": "error",
  eqeqeq: ["error", "always", { null: "ignore" }],
  // A rest sibling drops a key on purpose (`const { $ref, ...own } = spec`).
  "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none", ignoreRestSiblings: true }],
  // French comments keep their non-breaking spaces (« Fatigue » : …).
  "no-irregular-whitespace": ["error", { skipComments: true, skipStrings: true, skipTemplates: true }],
};

export default [
  { ignores: ["node_modules/", "site/", "build/", ".venv/", "**/.site-*/"] },
  {
    files: ["generator/browser/**/*.js", "generator/browser/**/*.mjs", "generator/serve/direct/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
    rules: shared,
  },
  {
    files: ["generator/browser/sw.js", "generator/serve/direct/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },
  {
    files: ["generator/browser/calc-worker.mjs"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ["tests/js/**/*.mjs", "tests/js/**/*.js", "generator/testing/*.mjs", "eslint.config.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
    rules: shared,
  },
];
