// Web Worker: boots Pyodide (self-hosted), installs the engine wheel, then
// answers {id, system, calc, query} with the engine's JSON reply.
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
  const run = pyodide.runPython("from generator.engine.api import run_json\nrun_json");
  // « Mes personnages » (personnages.js): saving and importing characters.
  const saved = pyodide.runPython("from generator.engine.saved import saved_json\nsaved_json");
  return { run, saved };
}

const booting = boot();
booting.then(
  () => postMessage({ type: "ready" }),
  (error) => postMessage({ type: "failed", message: String(error) }),
);

onmessage = async ({ data }) => {
  const { id, system, calc, query, entry } = data;
  try {
    const { run, saved } = await booting;
    const start = performance.now();
    // entry « personnages »: calc is the action, query its payload (engine/saved.py).
    const reply = entry === "personnages" ? saved(calc, JSON.stringify(query)) : run(system, calc, JSON.stringify(query));
    // ms: Python's share of the answer (make bench tells it from the rest).
    postMessage({ id, ms: performance.now() - start, ...JSON.parse(reply) });
  } catch (error) {
    postMessage({ id, ok: false, fatal: String(error) });
  }
};
