// Runs Python code under the real Pyodide runtime (npm package, offline), with the wheels
// and the trimmed standard library the built site serves, as the browser does.
// Usage: node generator/testing/pyodide_run.mjs <site dir> [--stdlib-complet]  (Python code on stdin; the
// value of the last expression, a string, is printed). --stdlib-complet: Pyodide's whole
// standard library instead of the site's (to find which modules the engine uses).
// Pyodide is the project's (PYODIDE: its pyodide.mjs), else the one beside this script.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const { loadPyodide } = await import(process.env.PYODIDE ? pathToFileURL(process.env.PYODIDE).href : "pyodide");

const site = process.argv[2];
const full = process.argv.includes("--stdlib-complet");
const pyodide = await loadPyodide(full ? {} : { stdLibURL: join(site, "assets/pyodide/python_stdlib.zip") });
const manifest = JSON.parse(readFileSync(join(site, "assets/wheels/manifest.json"), "utf8"));
for (const name of manifest.wheels) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(join(site, "assets/wheels", name))), "wheel");
}
const code = readFileSync(0, "utf8");
process.stdout.write(String(pyodide.runPython(code)));
