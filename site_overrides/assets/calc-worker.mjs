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
  const api = pyodide.pyimport("generator.engine.api");
  // A computation; with `words` (random, from the page), a roll (« Lancer », {@des}).
  return ({ system, calc, query, words, expression }) =>
    expression !== undefined
      ? api.dice_json(expression, JSON.stringify(words))
      : words
        ? api.roll_json(system, calc, JSON.stringify(query), JSON.stringify(words))
        : api.run_json(system, calc, JSON.stringify(query));
}

const booting = boot();
booting.then(
  () => postMessage({ type: "ready" }),
  (error) => postMessage({ type: "failed", message: String(error) }),
);

onmessage = async ({ data }) => {
  const { id } = data;
  try {
    const run = await booting;
    const start = performance.now();
    const reply = run(data);
    // ms: Python's share of the answer (make bench tells it from the rest).
    postMessage({ id, ms: performance.now() - start, ...JSON.parse(reply) });
  } catch (error) {
    postMessage({ id, ok: false, fatal: String(error) });
  }
};
