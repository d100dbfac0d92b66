// Calculators in the page: the form's values live in the URL query; each change is
// recomputed by the Python engine running on Pyodide in a Web Worker (moteur.js).
// Material's instant navigation swaps pages without reloading this script, so every
// page is (re)bound through `document$` (onEachPage), and the worker stays alive from page
// to page.
import { handledHere, onEachPage } from "./commun.js";
import {
  ACTION,
  ADD,
  ANNOUNCE,
  BAR,
  CHECK,
  CHECKED,
  DRAWN,
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
import {
  announcement,
  checkedBy,
  keyFigureText,
  queryOfFields,
  stepped,
  toFix,
  valuesFromAddress,
  wholeNumber,
  withMove,
  withPick,
  withoutLastMove,
} from "./lib/calculateur.js";
import { drawnBetween } from "./lib/hasard.js";
import { COMBATANT_PARAM, ENCOUNTER_PARAM, partieOf } from "./lib/partie-actions.js";
import { activeEntries, houseLinks } from "./maison-stock.js";
import { Died, Timeout, compute, engineReady, startWorker, timeoutMs } from "./moteur.js";

const HOUSE_CHANGED = "srd-regles-maison"; // sent on window when they change (maison-stock.js)

const DEBOUNCE_MS = 80; // short: a reader types a digit or two, then expects the answer

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

function queryOf(form) {
  return queryOfFields(fieldsOf(form));
}

function setField(form, name, value) {
  for (const el of fieldsOf(form).filter((field) => field.name === name)) {
    if (el.type === "checkbox") el.checked = checkedBy(value, el.value);
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

// One more or one less in a whole-number field, kept within its bounds.
function stepField(field, step) {
  field.value = stepped(field.value, step, Number(field.dataset.min), Number(field.dataset.max));
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
    button.hidden = wholeNumber(field.value) < Number(button.getAttribute(SHOWN_FROM));
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

// A calculator of the page: its parts, found once, and its state, kept apart from them.
function calculatorOf(root) {
  return {
    root,
    form: root.querySelector("form"),
    status: root.querySelector(STATUS),
    result: root.querySelector(RESULT),
    link: root.querySelector(LINK),
    summary: root.querySelector(SUMMARY),
    announcer: root.querySelector(ANNOUNCE),
    state: {
      firstProblem: null, // the field the bar takes the reader to, if any
      sequence: 0, // the latest computation asked: an older answer is dropped
      tried: null, // {field, before} of the last move appended
      debounce: 0, // the computation waiting for the next key
    },
  };
}

function setState({ root, status }, state, message) {
  root.dataset.state = state;
  status.textContent = message;
}

// The key figure: the one the calculator puts first, else the first probability of the
// result, else its first figure.
function keyFigure(result) {
  const labels = [...result.querySelectorAll(".srd-figures dt")];
  const label =
    result.querySelector(KEY_FIGURE) ||
    labels.find((dt) => dt.nextElementSibling.textContent.includes("%")) ||
    labels[0];
  return keyFigureText(label && { label: label.textContent, value: label.nextElementSibling.firstChild.textContent });
}

// The bar kept in view: the key figure, or how many points to fix and the first one,
// which a tap on the bar goes to.
function showBar({ form, result, summary, state }, problems) {
  state.firstProblem = problems.length ? problems[0].holder : null;
  summary.toggleAttribute("data-a-corriger", Boolean(state.firstProblem));
  if (!state.firstProblem) {
    summary.textContent = keyFigure(result);
    summary.href = `#${result.id}`;
    return;
  }
  const count = document.createElement("strong");
  count.textContent = toFix(problems.length);
  const first = document.createElement("span");
  first.textContent = `${labelOf(form, state.firstProblem)}\u00a0: ${problems[0].message}`;
  summary.replaceChildren(count, " ", first);
  summary.href = `#${state.firstProblem.id}`;
}

// Nothing to go to (the engine is loading, stopped or refused the whole request): the
// bar says so.
function showMessage({ result, summary, state }, message) {
  state.firstProblem = null;
  summary.removeAttribute("data-a-corriger");
  summary.textContent = message;
  summary.href = `#${result.id}`;
}

// Once per computation, for screen readers: the key figure, or the problems with the
// field each one concerns.
function announce({ form, announcer }, problems, otherwise) {
  const named = problems.map(({ holder, message }) => ({ label: labelOf(form, holder), message }));
  announcer.textContent = announcement(named, otherwise);
}

// Until the reader's own result is in, the one on screen is not theirs: hide it, and
// the key figure in view says so instead of showing the default one.
function showPending(calculator, yes) {
  calculator.result.classList.toggle("srd-pending", yes);
  if (yes) showMessage(calculator, "Votre résultat\u00a0: calcul en cours…");
}

// The values the address gives, set in the form: whether it gave any, and whether a value
// was drawn. A field the page
// draws (form.py DRAWN) and the address does not give is drawn at random, within its
// bounds: each reader starts from a shuffle of their own, kept by the address.
function setFromAddress(form) {
  const values = valuesFromAddress(location.search, fieldsOf(form).map((el) => el.name));
  for (const [name, value] of Object.entries(values)) setField(form, name, value);
  const drawn = [...form.querySelectorAll(`[${DRAWN}]`)].filter((field) => !(field.name in values));
  for (const field of drawn) field.value = String(drawnBetween(Number(field.dataset.min), Number(field.dataset.max)));
  return { given: Object.keys(values).length > 0, drawn: drawn.length > 0 };
}

function syncUrl({ form, link }) {
  const query = new URLSearchParams(queryOf(form)).toString();
  link.href = `?${query}`;
  // An encounter's « Lancer » (lancer.js) still knows where to write after a reload; the
  // shared link does not carry it.
  const partie = partieOf(location.search);
  const kept = partie ? `&${new URLSearchParams({ [ENCOUNTER_PARAM]: partie.partie, [COMBATANT_PARAM]: partie.qui })}` : "";
  history.replaceState(history.state, "", `${location.pathname}?${query}${kept}${location.hash}`);
}

function shown(calculator, reply) {
  const { root, form, result, summary } = calculator;
  root.dataset.moteurMs = Math.round(reply.ms); // read by make bench
  replaceChanged(result, reply.html);
  houseLinks(result);
  result.classList.remove("srd-stale");
  showPending(calculator, false);
  const problems = inFormOrder(markChecked(form, result));
  showBar(calculator, problems);
  setState(calculator, "ok", "Résultat à jour.");
  announce(calculator, problems, summary.textContent);
}

function refusedWhole(calculator, reply, errors) {
  const { result, status } = calculator;
  result.classList.add("srd-stale");
  setState(calculator, "invalid", reply.message || "Corrigez le ou les champs signalés\u00a0: le résultat affiché ne correspond plus aux valeurs saisies.");
  if (errors.length) showBar(calculator, errors);
  else showMessage(calculator, status.textContent);
  announce(calculator, errors, status.textContent);
}

function failed(calculator, state, message) {
  calculator.result.classList.add("srd-stale");
  setState(calculator, state, message);
  showMessage(calculator, message);
  announce(calculator, [], message);
}

// The engine gave no answer: what the reader is told, and a new engine if it died.
function failedOn(calculator, error) {
  if (error instanceof Timeout) {
    failed(calculator, "timeout", `Calcul interrompu\u00a0: il dépassait ${timeoutMs() / 1000} s. Le moteur a été relancé\u202f; essayez des valeurs plus petites.`);
  } else if (error instanceof Died) {
    failed(calculator, "error", "Le moteur de calcul s'est arrêté sur ces valeurs\u202f; il a été relancé\u00a0: changez une valeur pour recalculer.");
    console.warn("calculateur\u00a0:", error);
    startWorker().catch(() => {}); // ready for the next value
  } else {
    failed(calculator, "error", "Le moteur de calcul n'a pas pu répondre. Rechargez la page\u202f; si le problème persiste, signalez-le.");
    console.warn("calculateur\u00a0:", error);
  }
}

async function run(calculator) {
  const { root, form, state } = calculator;
  const mine = ++state.sequence;
  setState(calculator, "busy", engineReady() ? "Calcul en cours…" : "Calcul pour vos valeurs\u00a0: chargement du moteur (quelques secondes la première fois)…");
  try {
    const reply = await compute(root.dataset.system, root.dataset.calc, queryOf(form));
    if (mine !== state.sequence) return;
    const errors = inFormOrder(showErrors(form, reply.errors || {}));
    if (!reply.ok && tookBackMove(calculator, reply.errors || {})) return;
    if (reply.ok) shown(calculator, reply);
    else refusedWhole(calculator, reply, errors);
  } catch (error) {
    if (mine === state.sequence) failedOn(calculator, error);
  }
}

// Each change is computed again; the form's values go into the address.
function bindInput(calculator) {
  const { root, form, state } = calculator;
  form.addEventListener("input", (event) => {
    if (event.target.matches(ADD)) return; // a search in a picker is not a value
    showNeededFields(form);
    root.dataset.state = "busy"; // the result on screen no longer matches the fields
    // The engine is still loading (started early, Python not in yet: seconds on a phone):
    // the bar says so, in view, rather than keep a figure that is not the reader's.
    if (!engineReady()) showPending(calculator, true);
    syncUrl(calculator);
    clearTimeout(state.debounce);
    // Typing waits for the next key; a tap (stepper, choice, box, move) is computed at once,
    // sent to the engine before the page redraws (on a slow phone a redraw of a long sheet
    // is some 100 ms the engine can use).
    if (event instanceof InputEvent) state.debounce = setTimeout(() => run(calculator), DEBOUNCE_MS);
    else run(calculator);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run(calculator);
  });
}

// Buttons that append a move to a text field (e.g. a log of moves), or take the last
// one away. A move the engine refuses is taken back at once (tookBackMove): the field
// never stays in a state it cannot read, and the refusal is shown at the field.
function bindMoves({ root, form, state }) {
  root.querySelectorAll(ACTION).forEach((button) =>
    button.addEventListener("click", () => {
      const field = form.elements[button.dataset.champ];
      const before = field.value;
      if (button.dataset.retire) {
        field.value = withoutLastMove(before);
        state.tried = null;
      } else {
        field.value = withMove(before, button.dataset.ajoute);
        state.tried = { field, before };
      }
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }),
  );
}

// Whether the engine refused the move just appended: then it is taken back.
function tookBackMove(calculator, errors) {
  const { result, status, announcer, state } = calculator;
  const { tried } = state;
  if (!tried || !errors[tried.field.name]) return false;
  const why = errors[tried.field.name];
  tried.field.value = tried.before;
  state.tried = null;
  syncUrl(calculator);
  result.classList.remove("srd-stale");
  setState(calculator, "ok", `${why} Coup refusé\u00a0: le journal revient à l'état précédent.`);
  announcer.textContent = status.textContent;
  return true;
}

// The steppers of a whole-number field, and its arrow keys.
function bindSteppers({ root, form }) {
  root.querySelectorAll(STEP).forEach((button) =>
    button.addEventListener("click", () => stepField(button.parentElement.querySelector("input"), Number(button.dataset.pas))),
  );
  form.addEventListener("keydown", (event) => {
    if (!("min" in event.target.dataset) || !["ArrowUp", "ArrowDown"].includes(event.key)) return;
    event.preventDefault();
    stepField(event.target, event.key === "ArrowUp" ? 1 : -1);
  });
}

// Pickers: a suggestion chosen from the list is appended to its field (house entities
// included: the list is read at each choice).
function bindPickers({ root, form }) {
  root.querySelectorAll(ADD).forEach((picker) => {
    picker.addEventListener("input", () => {
      if (![...picker.list.options].some((option) => option.value === picker.value)) return; // still typing
      const field = form.elements[picker.dataset.champ];
      field.value = withPick(field.value, picker.value);
      picker.value = "";
      field.dispatchEvent(new Event("input", { bubbles: true }));
    });
  });
}

// The bar's problem and the result's checks take the reader to their field.
function bindGoTo({ form, result, summary, state }) {
  summary.addEventListener("click", (event) => {
    if (!state.firstProblem) return; // the key figure: the link goes to the result
    handledHere(event);
    goTo(state.firstProblem);
  });
  result.addEventListener("click", (event) => {
    const link = event.target.closest(CHECK);
    const holder = link && holderOf(form, link.dataset.champ);
    if (!holder) return;
    handledHere(event);
    goTo(holder);
  });
}

// The reader's house rules changed (this tab or another): the lists and the result follow.
function followHouseRules(calculator) {
  const { root } = calculator;
  const houseChanged = () => {
    if (!root.isConnected) return removeEventListener(HOUSE_CHANGED, houseChanged); // a page left
    addHouseEntities(root);
    run(calculator);
  };
  addEventListener(HOUSE_CHANGED, houseChanged);
}

function bind(root) {
  if (root.dataset.bound) return;
  root.dataset.bound = "1";
  const calculator = calculatorOf(root);
  const { form, link, result } = calculator;
  bindGoTo(calculator);
  // Before the URL's values are set: a value may name a house entity.
  addHouseEntities(root);
  const fromUrl = setFromAddress(form);
  bindInput(calculator);
  bindMoves(calculator);
  bindSteppers(calculator);
  bindPickers(calculator);
  followHouseRules(calculator);

  link.href = `?${new URLSearchParams(queryOf(form))}`;
  showNeededFields(form);
  showBar(calculator, inFormOrder(markChecked(form, result)));
  if (fromUrl.drawn) syncUrl(calculator); // in the address too: a reload keeps it
  if (fromUrl.given || fromUrl.drawn) {
    showPending(calculator, true);
    run(calculator);
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
