// Calculators in the page: the form's values live in the URL query; each change is
// recomputed by the Python engine running on Pyodide in a Web Worker.
// Material's instant navigation swaps pages without reloading this script, so every
// page is (re)bound through `document$`, and the worker stays alive from page to page.

// The HTML contract, as written by generator/engine/form.py (a test keeps both in step).
const ROOT = ".srd-calc";
const STATUS = ".srd-calc-status";
const RESULT = ".srd-calc-result";
const LINK = ".srd-calc-link";
const ACTION = ".srd-action";
const ERROR = "-erreur";
const SUMMARY = ".srd-calc-resume";
const ADD = ".srd-ajout";
const STEP = ".srd-pas";
const CHECK = ".srd-verifier a[data-champ]"; // a check of the result, pointing at its field
const SHOWN_IF = "data-si"; // a field shown only for some values of a choice
const SHOWN_VALUES = "data-si-valeurs";
const SHOWN_FROM_FIELD = "data-si-champ"; // a button shown only while a whole-number
const SHOWN_FROM = "data-si-au-moins"; // field is at least this value
// Sent on the document once Python is up (hors-ligne.js waits for it).
const ENGINE_READY = "srd:moteur-pret";

// A computation longer than this is stopped (worker terminated, then restarted).
const timeoutMs = () => Number(globalThis.SRD_CALC_TIMEOUT_MS) || 8000;
const DEBOUNCE_MS = 80; // short: a reader types a digit or two, then expects the answer

class Timeout extends Error {}
// The engine stopped for good (Pyodide aborted, the worker crashed): a new one is started.
class Died extends Error {}

let worker = null;
let ready = null;
let nextId = 1;
const pending = new Map();

function startWorker() {
  if (ready) return ready;
  worker = new Worker(new URL("./calc-worker.mjs", import.meta.url), { type: "module" });
  ready = new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      if (data.type === "ready") return resolve();
      if (data.type === "failed") return reject(new Error(data.message));
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
    };
    worker.onerror = (event) => {
      reject(new Error(event.message || "le moteur de calcul s'est arrêté"));
      stopWorker(new Died(event.message)); // computations under way get no answer from it
    };
  });
  ready.then(
    () => document.dispatchEvent(new Event(ENGINE_READY)),
    () => stopWorker(),
  );
  return ready;
}

// `reason`: what the computations still waiting for this worker are told.
function stopWorker(reason = new Timeout()) {
  if (worker) worker.terminate();
  worker = null;
  ready = null;
  for (const job of pending.values()) {
    clearTimeout(job.timer);
    job.reject(reason);
  }
  pending.clear();
}

async function compute(system, calc, query) {
  await startWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      stopWorker();
      reject(new Timeout());
    }, timeoutMs());
    pending.set(id, { resolve, reject, timer });
    worker.postMessage({ id, system, calc, query });
  });
}

function fieldsOf(form) {
  return [...form.elements].filter((el) => el.name);
}

// One value per field name; check boxes sharing a name give their checked values, joined by commas.
function queryOf(form) {
  const query = {};
  for (const el of fieldsOf(form)) {
    if (el.type === "checkbox") {
      query[el.name] = [query[el.name], el.checked ? el.value : ""].filter(Boolean).join(",");
    } else {
      query[el.name] = el.value;
    }
  }
  return query;
}

function setField(form, name, value) {
  for (const el of fieldsOf(form).filter((field) => field.name === name)) {
    if (el.type === "checkbox") el.checked = value.split(",").includes(el.value);
    else el.value = value;
  }
}

function showErrors(form, errors) {
  for (const el of fieldsOf(form)) {
    const message = errors[el.name] || "";
    const holder = el.type === "checkbox" ? el.closest("fieldset") : el;
    const slot = form.querySelector(`#${CSS.escape(holder.id)}${ERROR}`);
    if (slot) slot.textContent = message;
    holder.toggleAttribute("aria-invalid", Boolean(message));
  }
  showNeededFields(form);
}

// One more or one less in a whole-number field, kept within its bounds; a value that is
// not a number yet starts again from the lowest one.
function stepField(field, step) {
  const current = Number.parseInt(field.value.replace("\u2212", "-"), 10);
  const lowest = Number(field.dataset.min);
  const highest = Number(field.dataset.max);
  field.value = String(Number.isNaN(current) ? lowest : Math.min(highest, Math.max(lowest, current + step)));
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

// The fields the result's checks point at are marked; a click on a check goes to its field.
function markChecked(form, result) {
  for (const el of form.querySelectorAll("[data-a-verifier]")) el.removeAttribute("data-a-verifier");
  for (const link of result.querySelectorAll(CHECK)) {
    const field = form.elements[link.dataset.champ];
    if (field && field.setAttribute) field.setAttribute("data-a-verifier", "");
  }
}

// A field that the current choice does not need is hidden, unless it holds an error the
// reader must see.
function showNeededFields(form) {
  for (const wrapper of form.querySelectorAll(`[${SHOWN_IF}]`)) {
    const choice = form.elements[wrapper.getAttribute(SHOWN_IF)];
    const needed = wrapper.getAttribute(SHOWN_VALUES).split(" ").includes(choice.value);
    wrapper.hidden = !needed && !wrapper.querySelector("[aria-invalid]");
  }
  // A button for player 5 is hidden while the form says 4 players (kept while the count is
  // not a number yet).
  for (const button of form.querySelectorAll(`[${SHOWN_FROM}]`)) {
    const field = form.elements[button.getAttribute(SHOWN_FROM_FIELD)];
    const value = Number.parseInt(field.value.replace("\u2212", "-"), 10);
    button.hidden = value < Number(button.getAttribute(SHOWN_FROM));
  }
}

function bind(root) {
  if (root.dataset.bound) return;
  root.dataset.bound = "1";
  const form = root.querySelector("form");
  const status = root.querySelector(STATUS);
  const result = root.querySelector(RESULT);
  const link = root.querySelector(LINK);
  const summary = root.querySelector(SUMMARY);
  const setState = (state, message) => {
    root.dataset.state = state;
    status.textContent = message;
  };
  // The key figure, kept in view on a phone: the first probability of the result, or
  // its first figure when it has none.
  const summarize = () => {
    const labels = [...result.querySelectorAll(".srd-figures dt")];
    const label = labels.find((dt) => dt.nextElementSibling.textContent.includes("%")) || labels[0];
    summary.textContent = label
      ? `${label.textContent} : ${label.nextElementSibling.firstChild.textContent}`
      : "Voir le résultat";
  };
  // Until the reader's own result is in, the one on screen is not theirs: hide it, and
  // the key figure in view says so instead of showing the default one.
  const pending = (yes) => {
    result.classList.toggle("srd-pending", yes);
    if (yes) summary.textContent = "Votre résultat : calcul en cours…";
  };

  const params = new URLSearchParams(location.search);
  let fromUrl = false;
  for (const name of new Set(fieldsOf(form).map((el) => el.name))) {
    if (params.has(name)) {
      setField(form, name, params.get(name));
      fromUrl = true;
    }
  }

  const syncUrl = () => {
    const query = new URLSearchParams(queryOf(form)).toString();
    link.href = `?${query}`;
    history.replaceState(history.state, "", `${location.pathname}?${query}${location.hash}`);
  };

  let refused = () => false; // set below when the calculator has move buttons
  let sequence = 0;
  const run = async () => {
    const mine = ++sequence;
    setState("busy", worker ? "Calcul en cours…" : "Calcul pour vos valeurs : chargement du moteur (quelques secondes la première fois)…");
    try {
      const reply = await compute(root.dataset.system, root.dataset.calc, queryOf(form));
      if (mine !== sequence) return;
      showErrors(form, reply.errors || {});
      if (!reply.ok && refused(reply.errors || {})) return;
      if (reply.ok) {
        result.innerHTML = reply.html;
        markChecked(form, result);
        result.classList.remove("srd-stale");
        pending(false);
        summarize();
        setState("ok", "Résultat à jour.");
      } else {
        result.classList.add("srd-stale");
        setState("invalid", reply.message || "Corrigez le ou les champs signalés : le résultat affiché ne correspond plus aux valeurs saisies.");
      }
    } catch (error) {
      if (mine !== sequence) return;
      result.classList.add("srd-stale");
      if (error instanceof Timeout) {
        setState("timeout", `Calcul interrompu : il dépassait ${timeoutMs() / 1000} s. Le moteur a été relancé ; essayez des valeurs plus petites.`);
      } else if (error instanceof Died) {
        setState("error", "Le moteur de calcul s'est arrêté sur ces valeurs ; il a été relancé : changez une valeur pour recalculer.");
        console.warn("calculateur :", error);
        startWorker().catch(() => {}); // ready for the next value
      } else {
        setState("error", "Le moteur de calcul n'a pas pu répondre. Rechargez la page ; si le problème persiste, signalez-le.");
        console.warn("calculateur :", error);
      }
    }
  };

  let debounce = 0;
  form.addEventListener("input", (event) => {
    if (event.target.matches(ADD)) return; // a search in a picker is not a value
    showNeededFields(form);
    root.dataset.state = "busy"; // the result on screen no longer matches the fields
    if (!worker) pending(true); // the engine is still loading: no stale figure meanwhile
    syncUrl();
    clearTimeout(debounce);
    debounce = setTimeout(run, DEBOUNCE_MS);
  });
  // Buttons that append a move to a text field (e.g. a log of moves), or take the last
  // one away. A move the engine refuses is taken back at once: the field never stays in a
  // state it cannot read, and the refusal is shown at the field.
  let tried = null; // {field, before} of the last move appended
  root.querySelectorAll(ACTION).forEach((button) =>
    button.addEventListener("click", () => {
      const field = form.elements[button.dataset.champ];
      const before = field.value;
      if (button.dataset.retire) {
        field.value = before.trim().split(/\s+/).slice(0, -1).join(" ");
        tried = null;
      } else {
        field.value = `${before} ${button.dataset.ajoute}`.trim();
        tried = { field, before };
      }
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }),
  );
  refused = (errors) => {
    if (!tried || !errors[tried.field.name]) return false;
    const why = errors[tried.field.name];
    tried.field.value = tried.before;
    tried = null;
    syncUrl();
    result.classList.remove("srd-stale");
    setState("ok", `${why} Coup refusé : le journal revient à l'état précédent.`);
    return true;
  };
  root.querySelectorAll(STEP).forEach((button) =>
    button.addEventListener("click", () => stepField(button.parentElement.querySelector("input"), Number(button.dataset.pas))),
  );
  form.addEventListener("keydown", (event) => {
    if (!("min" in event.target.dataset) || !["ArrowUp", "ArrowDown"].includes(event.key)) return;
    event.preventDefault();
    stepField(event.target, event.key === "ArrowUp" ? 1 : -1);
  });
  // Pickers: a suggestion chosen from the list is appended to its field.
  root.querySelectorAll(ADD).forEach((picker) => {
    const options = new Set([...picker.list.options].map((option) => option.value));
    picker.addEventListener("input", () => {
      if (!options.has(picker.value)) return; // still typing
      const field = form.elements[picker.dataset.champ];
      const kept = field.value.trim().replace(/,$/, "");
      field.value = kept ? `${kept}, ${picker.value}` : picker.value;
      picker.value = "";
      field.dispatchEvent(new Event("input", { bubbles: true }));
    });
  });
  result.addEventListener("click", (event) => {
    const link = event.target.closest(CHECK);
    const field = link && form.elements[link.dataset.champ];
    if (!field || !field.focus) return;
    event.preventDefault();
    field.scrollIntoView({ block: "center" });
    field.focus({ preventScroll: true });
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run();
  });

  link.href = `?${new URLSearchParams(queryOf(form))}`;
  showNeededFields(form);
  markChecked(form, result);
  summarize();
  if (fromUrl) {
    pending(true);
    run();
  } else {
    // Warm the engine up while the reader looks at the default result.
    startWorker().catch(() => {});
  }
}

function bindAll() {
  document.querySelectorAll(ROOT).forEach(bind);
}

if (globalThis.document$) {
  globalThis.document$.subscribe(bindAll);
} else {
  bindAll();
}
