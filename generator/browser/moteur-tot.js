// Calculator pages: the engine (Pyodide in a Web Worker, calc-worker.mjs) starts as soon
// as the page's head is read, not once the whole page and its scripts are in. On a phone
// that is some 2.5 s of the page's own loading during which Python is already booting;
// moteur.js takes this worker over (its startWorker) and hears what it said meanwhile.
// Loaded `async` in <head> by main.html, on calculator pages only.
(() => {
  if (globalThis.srdMoteur) return; // calc.js already runs: it starts the engine itself
  const worker = new Worker(new URL("calc-worker.mjs", document.currentScript.src), {
    type: "module",
  });
  const heard = []; // the worker's messages and errors before moteur.js takes it
  worker.onmessage = (event) => heard.push(event);
  worker.onerror = (event) => heard.push(event);
  // For moteur.js, once: the worker, and what it said so far.
  globalThis.srdMoteurTot = () => {
    delete globalThis.srdMoteurTot;
    return { worker, heard };
  };
})();
