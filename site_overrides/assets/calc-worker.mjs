// Web Worker: boots Pyodide (self-hosted), installs the engine wheel, then
// answers {id, system, calc, query, entry} with the engine's JSON reply.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;

async function boot() {
  // The wheels download while Python boots, not after.
  const wheels = fetch(here("./wheels/manifest.json"))
    .then((reply) => reply.json())
    .then((manifest) =>
      Promise.all(manifest.wheels.map(async (name) => (await fetch(here(`./wheels/${name}`))).arrayBuffer())),
    );
  const pyodide = await loadPyodide({ indexURL: here("./pyodide/") });
  for (const buffer of await wheels) pyodide.unpackArchive(buffer, "wheel");
  // Each system's calculators are imported at their first use (engine/registry.py).
  // Entries by name: a calculator's result, or a character sheet laid out for print.
  return {
    calcul: pyodide.runPython("from generator.engine.api import run_json\nrun_json"),
    fiche: pyodide.runPython("from generator.engine.fiche import sheet_json\nsheet_json"),
  };
}

const booting = boot();
booting.then(
  () => postMessage({ type: "ready" }),
  (error) => postMessage({ type: "failed", message: String(error) }),
);

onmessage = async ({ data }) => {
  const { id, system, calc, query, entry = "calcul" } = data;
  try {
    const run = (await booting)[entry];
    const start = performance.now();
    const reply = run(system, calc, JSON.stringify(query));
    // ms: Python's share of the answer (make bench tells it from the rest).
    postMessage({ id, ms: performance.now() - start, ...JSON.parse(reply) });
  } catch (error) {
    postMessage({ id, ok: false, fatal: String(error) });
  }
};
