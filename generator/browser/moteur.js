// The Python engine, for every script of the page: one Web Worker running it on Pyodide
// (calc-worker.mjs), started once and kept alive from page to page (Material's instant
// navigation keeps this module), and the request/answer protocol with it. A computation
// longer than the timeout, or an engine that died, stops the worker; the next computation
// starts a new one. The calculators (calc.js), the printed sheet (fiche.js), « Mes
// personnages » (personnages.js) and « Règles maison » (maison-page.js) ask through it.
import { activeEntries } from "./maison-stock.js";

// Sent on the document once Python is up (hors-ligne.js waits for it).
export const ENGINE_READY = "srd:moteur-pret";

// A computation longer than this is stopped (worker terminated, then restarted).
export const timeoutMs = () => Number(globalThis.SRD_CALC_TIMEOUT_MS) || 8000;

export class Timeout extends Error {}
// The engine stopped for good (Pyodide aborted, the worker crashed): a new one is started.
export class Died extends Error {}

let worker = null;
let ready = null;
let up = false; // Python has loaded in the current worker
let nextId = 1;
const pending = new Map();

// Whether Python has loaded in the worker: until then, a first answer takes seconds.
export const engineReady = () => up;

// The answer to one request: its computation's promise settled, unless Python itself failed.
function answered(data) {
  const job = pending.get(data.id);
  if (!job) return;
  pending.delete(data.id);
  clearTimeout(job.timer);
  if (data.fatal) {
    // Python itself failed (a fatally failed Pyodide answers nothing else afterwards):
    // this worker is of no more use, the next computation starts a new one.
    job.reject(new Died(data.fatal));
    stopWorker(new Died(data.fatal));
    return;
  }
  job.resolve(data);
}

export function startWorker() {
  if (ready) return ready;
  // The worker moteur-tot.js started while the page loaded, if any, else a new one.
  const early = globalThis.srdMoteurTot?.();
  worker = early ? early.worker : new Worker(new URL("./calc-worker.mjs", import.meta.url), { type: "module" });
  ready = new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      if (data.type === "ready") return resolve();
      if (data.type === "failed") return reject(new Error(data.message));
      answered(data);
    };
    worker.onerror = (event) => {
      reject(new Error(event.message || "le moteur de calcul s'est arrêté"));
      stopWorker(new Died(event.message)); // computations under way get no answer from it
    };
    // What the early worker said before it was taken over: « ready », or its failure.
    for (const event of early ? early.heard : []) {
      if (worker) (event.type === "error" ? worker.onerror : worker.onmessage)(event);
    }
  });
  ready.then(
    () => {
      up = worker !== null;
      document.dispatchEvent(new Event(ENGINE_READY));
    },
    () => stopWorker(),
  );
  return ready;
}

// `reason`: what the computations still waiting for this worker are told.
function stopWorker(reason = new Timeout()) {
  if (worker) worker.terminate();
  worker = null;
  ready = null;
  up = false;
  for (const job of pending.values()) {
    clearTimeout(job.timer);
    job.reject(reason);
  }
  pending.clear();
}

// `extra`: random words for a roll (lancer.js); or the
// `entry` asked for instead of the calculator's result: « fiche » (fiche.js),
// « personnages » (personnages.js). See calc-worker.mjs. The reader's active house rules
// of `system` (of every system without one) go with each call, never in the URL.
export async function compute(system, calc, query, extra = {}) {
  const maison = activeEntries(system);
  await startWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      stopWorker();
      reject(new Timeout());
    }, timeoutMs());
    pending.set(id, { resolve, reject, timer });
    worker.postMessage({ id, system, calc, query, maison, ...extra });
  });
}
