// Calculators in the page: the form's values live in the URL query; each change is
// recomputed by the Python engine running on Pyodide in a Web Worker.
// Material's instant navigation swaps pages without reloading this script, so every
// page is (re)bound through `document$` (onEachPage), and the worker stays alive from page
// to page.
import { handledHere, onEachPage } from "./commun.js";
import { plural } from "./lib/texte.js";
import {
  ACTION,
  ADD,
  ANNOUNCE,
  BAR,
  CHECK,
  CHECKED,
  ENTITY,
  ERROR,
  HOUSE,
  KEY_FIGURE,
  KIND,
  LINK,
  RESULT,
  ROOT,
  SECTION,
  SHOWN_FROM,
  SHOWN_FROM_FIELD,
  SHOWN_IF,
  SHOWN_VALUES,
  STATUS,
  STEP,
  SUMMARY,
} from "./lib/contrat.js"; // the HTML contract of the form and the result, from the Python
import { activeEntries, houseLinks } from "./maison-stock.js";

const HOUSE_CHANGED = "srd-regles-maison"; // sent on window when they change (maison-stock.js)
// Sent on the document once Python is up (hors-ligne.js waits for it).
export const ENGINE_READY = "srd:moteur-pret";

// A computation longer than this is stopped (worker terminated, then restarted).
const timeoutMs = () => Number(globalThis.SRD_CALC_TIMEOUT_MS) || 8000;
const DEBOUNCE_MS = 80; // short: a reader types a digit or two, then expects the answer
const MAX_ANNOUNCED = 3; // problems read out after one computation; the bar counts them all

class Timeout extends Error {}
// The engine stopped for good (Pyodide aborted, the worker crashed): a new one is started.
class Died extends Error {}

let worker = null;
let ready = null;
let nextId = 1;
const pending = new Map();

function startWorker() {
  if (ready) return ready;
  // The worker moteur-tot.js started while the page loaded, if any, else a new one.
  const early = globalThis.srdMoteurTot?.();
  worker = early ? early.worker : new Worker(new URL("./calc-worker.mjs", import.meta.url), { type: "module" });
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
    // What the early worker said before it was taken over: « ready », or its failure.
    for (const event of early ? early.heard : []) {
      if (worker) (event.type === "error" ? worker.onerror : worker.onmessage)(event);
    }
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

// An official entity's element taken out of its list while its amendment stands in its
// place: house element -> official one, put back when the amendment goes or is switched off.
const officialOf = new WeakMap();

// What stands for a house entity in a list of its kind: a choice by its id, a picker's
// suggestion by its name (the engine reads it so), a box by its id; marked « (maison) ».
function houseElement(list, entite) {
  const id = String(entite.id);
  const name = String(entite.nom || id);
  let added;
  if (list.matches("select")) {
    added = new Option(`${name} (maison)`, id);
  } else if (list.matches("datalist")) {
    added = new Option(`(maison)${entite.resume ? ` — ${entite.resume}` : ""}`, name);
    added.setAttribute(ENTITY, id);
  } else {
    const { name: field } = list.querySelector('input[type="checkbox"]');
    added = document.createElement("label");
    added.className = "srd-box";
    added.append(Object.assign(document.createElement("input"), { type: "checkbox", name: field, value: id }), `${name} (maison)`);
  }
  added.setAttribute(HOUSE, "");
  return added;
}

// The element of the official entity `id` in a list: a choice or a box by its value, a
// suggestion by the id the engine wrote on it (form.py ENTITY); null if it is not listed.
function officialElement(list, id) {
  if (list.matches("datalist")) return list.querySelector(`[${ENTITY}="${CSS.escape(id)}"]`);
  const found = list.querySelector(`[value="${CSS.escape(id)}"]`);
  return found && list.matches("fieldset") ? found.closest("label") : found; // a box: its label
}

// The reader's house entities in each list of entities of their kind (form.py KIND): a new
// one added, an amendment in its official entity's place under its house name (it may
// rename it, and the official words may no longer hold), the official one back once the
// amendment is switched off. What was chosen stays chosen. Written again at each change.
function addHouseEntities(root) {
  const entries = activeEntries(root.dataset.system).filter((entry) => entry.entite?.id);
  for (const list of root.querySelectorAll(`[${KIND}]`)) {
    if (list.matches("fieldset") && !list.querySelector('input[type="checkbox"]')) continue;
    const chosen = list.matches("select") ? list.value : null;
    const checked = new Set([...list.querySelectorAll("input:checked")].map((box) => box.value));
    for (const added of list.querySelectorAll(`[${HOUSE}]`)) {
      if (officialOf.has(added)) added.replaceWith(officialOf.get(added));
      else added.remove();
    }
    for (const entry of entries.filter((one) => one.genre === list.getAttribute(KIND))) {
      const added = houseElement(list, entry.entite);
      if ("base" in entry) {
        const official = officialElement(list, String(entry.entite.id));
        if (!official) continue;
        official.replaceWith(added);
        officialOf.set(added, official);
      } else if (list.matches("fieldset")) {
        list.querySelector(".srd-box:last-of-type").after(added);
      } else {
        list.append(added);
      }
    }
    if (chosen !== null && [...list.options].some((option) => option.value === chosen)) list.value = chosen;
    for (const box of list.querySelectorAll("input")) box.checked = checked.has(box.value);
  }
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

// The element that carries a field's id, label and messages: the field itself, or the
// group of its check boxes.
function holderOf(form, name) {
  const field = fieldsOf(form).find((el) => el.name === name);
  return field && (field.type === "checkbox" ? field.closest("fieldset") : field);
}

// The name the reader knows a field by: its label, or its group's legend.
function labelOf(form, holder) {
  const legend = holder.matches("fieldset") && holder.querySelector("legend");
  const label = legend || form.querySelector(`label[for="${CSS.escape(holder.id)}"]`);
  return (label ? label.textContent : holder.name).trim();
}

function slotOf(form, holder, suffix) {
  return form.querySelector(`#${CSS.escape(holder.id)}${suffix}`);
}

// The engine's refusals, each at its field; returns them as problems {holder, message}.
function showErrors(form, errors) {
  const problems = [];
  for (const name of new Set(fieldsOf(form).map((el) => el.name))) {
    const holder = holderOf(form, name);
    const message = errors[name] || "";
    const slot = slotOf(form, holder, ERROR);
    if (slot) slot.textContent = message;
    holder.toggleAttribute("aria-invalid", Boolean(message));
    if (message) problems.push({ holder, message });
  }
  showNeededFields(form);
  return problems;
}

// In the order of the form, so that « the first one » is the first the reader meets.
function inFormOrder(problems) {
  return problems.sort((a, b) =>
    a.holder === b.holder ? 0 : a.holder.compareDocumentPosition(b.holder) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
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

// An element's text without its source markers (their sign and bubble are not words).
function textWithoutMarkers(element) {
  const copy = element.cloneNode(true);
  // The sign and its bubble go; the punctuation kept on the sign's line stays.
  copy.querySelectorAll(".srd-src, .srd-src-bulle").forEach((part) => part.remove());
  return copy.textContent;
}

// The fields the result's checks point at are marked, and each check is written at its
// field as well as in the result's list; returns them as problems {holder, message}.
function markChecked(form, result) {
  for (const el of form.querySelectorAll("[data-a-verifier]")) el.removeAttribute("data-a-verifier");
  for (const slot of form.querySelectorAll(`[id$="${CHECKED}"]`)) slot.textContent = "";
  const problems = [];
  for (const link of result.querySelectorAll(CHECK)) {
    const holder = holderOf(form, link.dataset.champ);
    if (!holder) continue;
    // The list item reads « Label : message »; the field already shows its label.
    const message = textWithoutMarkers(link.parentElement).slice(link.textContent.length).replace(/^\s*:\s*/, "");
    holder.setAttribute("data-a-verifier", "");
    const slot = slotOf(form, holder, CHECKED);
    if (slot) slot.textContent = [slot.textContent, message].filter(Boolean).join(" ");
    problems.push({ holder, message });
  }
  return problems;
}

// Takes the reader to a field: in view, and focused (a group: its first box).
function goTo(holder) {
  holder.closest("[hidden]")?.removeAttribute("hidden");
  const section = holder.closest(SECTION);
  if (section) section.open = true;
  const target = holder.matches("fieldset") ? holder.querySelector("input") : holder;
  target.scrollIntoView({ block: "center" });
  target.focus({ preventScroll: true });
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

// The result's new HTML, put in place of the parts that changed only: a tap changes a
// few lines of a long sheet, and the page then redraws those alone.
function replaceChanged(container, html) {
  const fresh = document.createElement("template");
  fresh.innerHTML = html;
  const next = [...fresh.content.childNodes];
  const old = [...container.childNodes];
  if (next.length !== old.length) {
    container.replaceChildren(...next);
    return;
  }
  next.forEach((node, i) => {
    if (!node.isEqualNode(old[i])) old[i].replaceWith(node);
  });
}

function bind(root) {
  if (root.dataset.bound) return;
  root.dataset.bound = "1";
  const form = root.querySelector("form");
  const status = root.querySelector(STATUS);
  const result = root.querySelector(RESULT);
  const link = root.querySelector(LINK);
  const summary = root.querySelector(SUMMARY);
  const announcer = root.querySelector(ANNOUNCE);
  let firstProblem = null; // the field the bar takes the reader to, if any
  const setState = (state, message) => {
    root.dataset.state = state;
    status.textContent = message;
  };
  // The key figure: the one the calculator puts first, else the first probability of the
  // result, else its first figure.
  const keyFigure = () => {
    const labels = [...result.querySelectorAll(".srd-figures dt")];
    const label =
      result.querySelector(KEY_FIGURE) ||
      labels.find((dt) => dt.nextElementSibling.textContent.includes("%")) ||
      labels[0];
    return label ? `${label.textContent}\u00a0: ${label.nextElementSibling.firstChild.textContent}` : "Voir le résultat";
  };
  // The bar kept in view: the key figure, or how many points to fix and the first one,
  // which a tap on the bar goes to.
  const showBar = (problems) => {
    firstProblem = problems.length ? problems[0].holder : null;
    summary.toggleAttribute("data-a-corriger", Boolean(firstProblem));
    if (!firstProblem) {
      summary.textContent = keyFigure();
      summary.href = `#${result.id}`;
      return;
    }
    const count = document.createElement("strong");
    count.textContent = `${plural(problems.length, "point")} à corriger`;
    const first = document.createElement("span");
    first.textContent = `${labelOf(form, firstProblem)}\u00a0: ${problems[0].message}`;
    summary.replaceChildren(count, " ", first);
    summary.href = `#${firstProblem.id}`;
  };
  // Nothing to go to (the engine is loading, stopped or refused the whole request): the
  // bar says so.
  const showMessage = (message) => {
    firstProblem = null;
    summary.removeAttribute("data-a-corriger");
    summary.textContent = message;
    summary.href = `#${result.id}`;
  };
  // Once per computation, for screen readers: the key figure, or the problems with the
  // field each one concerns.
  const announce = (problems, otherwise) => {
    const said = problems
      .slice(0, MAX_ANNOUNCED)
      .map(({ holder, message }) => `Champ «\u00a0${labelOf(form, holder)}\u00a0»\u00a0: ${message}`);
    announcer.textContent = problems.length
      ? [`${plural(problems.length, "point")} à corriger.`, ...said].join(" ")
      : otherwise;
  };
  summary.addEventListener("click", (event) => {
    if (!firstProblem) return; // the key figure: the link goes to the result
    handledHere(event);
    goTo(firstProblem);
  });
  // Until the reader's own result is in, the one on screen is not theirs: hide it, and
  // the key figure in view says so instead of showing the default one.
  const pending = (yes) => {
    result.classList.toggle("srd-pending", yes);
    if (yes) showMessage("Votre résultat\u00a0: calcul en cours…");
  };

  // Before the URL's values are set: a value may name a house entity.
  addHouseEntities(root);
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
  const shown = (reply) => {
    root.dataset.moteurMs = Math.round(reply.ms); // read by make bench
    replaceChanged(result, reply.html);
    houseLinks(result);
    result.classList.remove("srd-stale");
    pending(false);
    const problems = inFormOrder(markChecked(form, result));
    showBar(problems);
    setState("ok", "Résultat à jour.");
    announce(problems, summary.textContent);
  };
  const refusedWhole = (reply, errors) => {
    result.classList.add("srd-stale");
    setState("invalid", reply.message || "Corrigez le ou les champs signalés\u00a0: le résultat affiché ne correspond plus aux valeurs saisies.");
    if (errors.length) showBar(errors);
    else showMessage(status.textContent);
    announce(errors, status.textContent);
  };
  const failed = (state, message) => {
    result.classList.add("srd-stale");
    setState(state, message);
    showMessage(message);
    announce([], message);
  };
  const run = async () => {
    const mine = ++sequence;
    setState("busy", worker ? "Calcul en cours…" : "Calcul pour vos valeurs\u00a0: chargement du moteur (quelques secondes la première fois)…");
    try {
      const reply = await compute(root.dataset.system, root.dataset.calc, queryOf(form));
      if (mine !== sequence) return;
      const errors = inFormOrder(showErrors(form, reply.errors || {}));
      if (!reply.ok && refused(reply.errors || {})) return;
      if (reply.ok) shown(reply);
      else refusedWhole(reply, errors);
    } catch (error) {
      if (mine !== sequence) return;
      if (error instanceof Timeout) {
        failed("timeout", `Calcul interrompu\u00a0: il dépassait ${timeoutMs() / 1000} s. Le moteur a été relancé\u202f; essayez des valeurs plus petites.`);
      } else if (error instanceof Died) {
        failed("error", "Le moteur de calcul s'est arrêté sur ces valeurs\u202f; il a été relancé\u00a0: changez une valeur pour recalculer.");
        console.warn("calculateur\u00a0:", error);
        startWorker().catch(() => {}); // ready for the next value
      } else {
        failed("error", "Le moteur de calcul n'a pas pu répondre. Rechargez la page\u202f; si le problème persiste, signalez-le.");
        console.warn("calculateur\u00a0:", error);
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
    // Typing waits for the next key; a tap (stepper, choice, box, move) is computed at once,
    // sent to the engine before the page redraws (on a slow phone a redraw of a long sheet
    // is some 100 ms the engine can use).
    if (event instanceof InputEvent) debounce = setTimeout(run, DEBOUNCE_MS);
    else run();
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
    setState("ok", `${why} Coup refusé\u00a0: le journal revient à l'état précédent.`);
    announcer.textContent = status.textContent;
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
  // Pickers: a suggestion chosen from the list is appended to its field (house entities
  // included: the list is read at each choice).
  root.querySelectorAll(ADD).forEach((picker) => {
    picker.addEventListener("input", () => {
      if (![...picker.list.options].some((option) => option.value === picker.value)) return; // still typing
      const field = form.elements[picker.dataset.champ];
      const kept = field.value.trim().replace(/,$/, "");
      field.value = kept ? `${kept}, ${picker.value}` : picker.value;
      picker.value = "";
      field.dispatchEvent(new Event("input", { bubbles: true }));
    });
  });
  result.addEventListener("click", (event) => {
    const link = event.target.closest(CHECK);
    const holder = link && holderOf(form, link.dataset.champ);
    if (!holder) return;
    handledHere(event);
    goTo(holder);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run();
  });

  // The reader's house rules changed (this tab or another): the lists and the result follow.
  const houseChanged = () => {
    if (!root.isConnected) return removeEventListener(HOUSE_CHANGED, houseChanged); // a page left
    addHouseEntities(root);
    run();
  };
  addEventListener(HOUSE_CHANGED, houseChanged);

  link.href = `?${new URLSearchParams(queryOf(form))}`;
  showNeededFields(form);
  showBar(inFormOrder(markChecked(form, result)));
  if (fromUrl) {
    pending(true);
    run();
  } else {
    // Warm the engine up while the reader looks at the default result.
    startWorker().catch(() => {});
  }
}

// The bar beside a calculator's key figure (kept in view on a phone), where « Lancer » and
// « Enregistrer » go.
export function barOf(system, calc) {
  return document.querySelector(`${ROOT}[data-system="${CSS.escape(system)}"][data-calc="${CSS.escape(calc)}"] ${BAR}`);
}

// The engine, for the other scripts of the page (lancer.js): one worker for all.
globalThis.srdMoteur = { compute, queryOf };

function bindAll() {
  document.querySelectorAll(ROOT).forEach(bind);
}

onEachPage(bindAll);
