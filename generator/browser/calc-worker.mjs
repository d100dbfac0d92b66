// Web Worker: boots Pyodide (self-hosted), installs the engine wheel, then answers
// {id, entry, system, calc, query, maison, …} with the engine's JSON reply; `maison`: the
// reader's active house rules (a list of entries, calc.js), which every entry takes last.
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
  // Each system's calculators are imported at their first use (engine/registry.py), and
  // so are the modules of the other entries: a calculator's first answer waits for none.
  const module = (name) => pyodide.pyimport(`generator.${name}`);
  pyodide.pyimport("generator.systems"); // hands the systems down to the engine
  const api = module("engine.api");
  const text = JSON.stringify;
  return {
    calcul: ({ system, calc, query, maison }) => api.run_json(system, calc, text(query), text(maison || [])),
    // A roll: `words` are random, drawn by the page (« Lancer », lancer.js).
    lancer: ({ system, calc, query, words, maison }) =>
      api.roll_json(system, calc, text(query), text(words), text(maison || [])),
    // A character sheet laid out for print (fiche.js).
    fiche: ({ system, calc, query, maison }) =>
      module("engine.printout").sheet_json(system, calc, text(query), text(maison || [])),
    // « Mes personnages » (personnages.js): `calc` is the action, `query` its payload.
    personnages: ({ calc, query, maison }) => module("engine.saved").saved_json(calc, text(query), text(maison || [])),
    // « Règles maison » (maison.js): `calc` is the action, `query` its payload. The
    // official context (maison.json, the finder's rows) is fetched and built once.
    maison: async ({ calc, query }) => {
      houseLoaded ||= loadHouse((maison, rows) => module("house.queries").load(maison, rows));
      await houseLoaded;
      return module("house.queries").house_json(calc, text(query));
    },
  };
}

let houseLoaded = null;

async function loadHouse(load) {
  const read = async (path) => {
    const reply = await fetch(here(path));
    if (!reply.ok) throw new Error(`${path}\u00a0: ${reply.status}`);
    return reply.text();
  };
  try {
    const [maison, rows] = await Promise.all([read("../assets/maison.json"), read("../assets/entites.json")]);
    load(maison, rows);
  } catch (error) {
    houseLoaded = null; // tried again at the next query
    throw error;
  }
}

// The entry a message asks for: named, or told by what it carries.
function entryOf(data) {
  if (data.entry) return data.entry;
  return data.words ? "lancer" : "calcul";
}

const booting = boot();
booting.then(
  () => postMessage({ type: "ready" }),
  (error) => postMessage({ type: "failed", message: String(error) }),
);

onmessage = async ({ data }) => {
  const { id } = data;
  try {
    const entries = await booting;
    const start = performance.now();
    const reply = await entries[entryOf(data)](data);
    // ms: Python's share of the answer (make bench tells it from the rest).
    postMessage({ id, ms: performance.now() - start, ...JSON.parse(reply) });
  } catch (error) {
    postMessage({ id, ok: false, fatal: String(error) });
  }
};
