// Runs Python code under the real Pyodide runtime (npm package, offline), with the wheels
// the built site serves. Usage: node pyodide_run.mjs <site dir>  (Python code on stdin;
// the value of the last expression, a string, is printed).
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const site = process.argv[2];
const pyodide = await loadPyodide();
const manifest = JSON.parse(readFileSync(join(site, "assets/wheels/manifest.json"), "utf8"));
for (const name of manifest.wheels) {
  pyodide.unpackArchive(new Uint8Array(readFileSync(join(site, "assets/wheels", name))), "wheel");
}
const code = readFileSync(0, "utf8");
process.stdout.write(String(pyodide.runPython(code)));
