// Runs Python code under the real Pyodide runtime (npm package, offline), with the wheels
// and the trimmed standard library the built site serves, as the browser does.
// Usage: node pyodide_run.mjs <site dir> [--stdlib-complet]  (Python code on stdin; the
// value of the last expression, a string, is printed). --stdlib-complet: Pyodide's whole
// standard library instead of the site's (to find which modules the engine uses).
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const site = process.argv[2];
const full = process.argv.includes("--stdlib-complet");
const pyodide = await loadPyodide(full ? {} : { stdLibURL: join(site, "assets/pyodide/python_stdlib.zip") });
const manifest = JSON.parse(readFileSync(join(site, "assets/wheels/manifest.json"), "utf8"));
for (const name of manifest.wheels) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(join(site, "assets/wheels", name))), "wheel");
}
const code = readFileSync(0, "utf8");
process.stdout.write(String(pyodide.runPython(code)));
