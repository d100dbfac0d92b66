// Real rolls, with their odds.
// « Lancer » on a resolution calculator (templates/lancer.md.j2, its button moved beside the
// key figure) and the dice buttons of
// the rules text ({@des 2d6}, generator/pipeline/links.py). The randomness comes from
// crypto.getRandomValues. A calculator's outcome drawn and its exact chance come from the
// Python engine (engine/tirage.py) through the calculators' worker (calc.js); a dice
// button carries its terms and exact law, written by the build (engine/roll_tags.py), and is
// rolled here, without Python. Nothing is stored or sent: the history lives in the page.

import { barOf } from "./calc.js";
import { SITE_ROOT, closeButton, dialog, element, onEachPage } from "./commun.js";
import { rollWords } from "./lib/calculateur.js";
import { PARTIE_STORAGE_KEY, ROOT, WORDS_PER_ROLL } from "./lib/contrat.js";
import { drawnBelow } from "./lib/hasard.js";
import { backLink, partieOf, rollEntry } from "./lib/partie-actions.js";
import { withRoll } from "./lib/partie-fichier.js";

// « Lancer » (templates/lancer.md.j2) and a dice button (pipeline/links.py dice_button).
const ROLLER = ".srd-lancer";
const ROLL_BUTTON = ".srd-lancer-bouton";
const ROLL_RESULT = ".srd-lancer-resultat";
const ROLL_HISTORY = ".srd-lancer-historique";
const DICE = "button.srd-des";
const KEPT = 10; // rolls kept in the history
const LOADING = "Chargement du moteur (quelques secondes la première fois)…";

function randomWords() {
  return [...crypto.getRandomValues(new Uint32Array(WORDS_PER_ROLL))];
}

async function engine(system, calc, query, extra) {
  const moteur = globalThis.srdMoteur;
  if (!moteur) throw new Error("moteur absent");
  return moteur.compute(system, calc, query, extra);
}

// The reply's problems, as one French sentence.
function problems(reply) {
  const fields = Object.values(reply.errors || {});
  return [reply.message, ...fields].filter(Boolean).join(" ") || "Le jet n'a pas pu se faire.";
}

// The outcome in words with its chance, as the key figure is worded; the result drawn
// within it, named; what the rules played.
function outcomeLine(reply) {
  const { outcome, precise } = rollWords(reply);
  const strong = document.createElement("strong");
  strong.textContent = outcome;
  const parts = [strong];
  const exact = `Probabilité exacte\u00a0: ${reply.exacte}`;
  if (precise) {
    const chance = document.createElement("span");
    chance.className = "srd-lancer-chance";
    chance.title = exact;
    chance.textContent = ` — ${precise}`;
    parts.push(chance);
  } else {
    strong.title = exact;
  }
  if (reply.detail) {
    // What the rules played: the lames turned, the dice and their reroll.
    const detail = document.createElement("span");
    detail.className = "srd-lancer-detail";
    detail.textContent = reply.detail;
    parts.push(detail);
  }
  return parts;
}

// --- a roll from « Mener la partie » (lib/partie-actions.js): noted in its encounter's log --

// The line under « Lancer » when the page was opened from an encounter: what became of the
// last roll, and the way back to the encounter.
function partieNote(section, where) {
  const back = element("a", { href: backLink(SITE_ROOT, section.dataset.system, where.partie) }, "Retour à la partie");
  const note = element("p", { class: "srd-lancer-partie" }, element("span", { role: "status" }), " ", back);
  section.querySelector(ROLL_HISTORY).before(note);
  return note.querySelector("span");
}

// A heading's words, without the « ¶ » of its permanent link.
function headingText(heading) {
  if (!heading) return "";
  const words = [...heading.childNodes].filter((node) => !node.classList?.contains("headerlink"));
  return words.map((node) => node.textContent).join("").trim();
}

// The roll appended to the encounter's log in the encounters store; a refusal (encounter
// gone, store unreadable or full) said in French: the roll itself stands.
function noteRoll(status, section, where, reply) {
  const title = headingText(document.querySelector("h1")) || section.dataset.calc;
  // The exact chance of what the outcome names: its group's when it names the group.
  const exact = reply.probabilite_groupe ? reply.exacte_groupe : reply.exacte;
  const entry = rollEntry(title, rollWords(reply).outcome, exact);
  try {
    const written = withRoll(localStorage.getItem(PARTIE_STORAGE_KEY), where.partie, where.qui, entry, new Date().toISOString());
    if (written.refused) {
      status.textContent = written.refused;
      return;
    }
    localStorage.setItem(PARTIE_STORAGE_KEY, written.text);
    status.textContent = "Jet noté dans le journal de la rencontre.";
  } catch {
    status.textContent = "Jet non noté\u00a0: le stockage de ce navigateur est plein ou fermé.";
  }
}

function bindRoll(section) {
  if (section.dataset.bound) return;
  section.dataset.bound = "1";
  const root = document.querySelector(
    `${ROOT}[data-system="${section.dataset.system}"][data-calc="${section.dataset.calc}"]`,
  );
  const form = root && root.querySelector("form");
  if (!form) return;
  const button = section.querySelector(ROLL_BUTTON);
  const result = section.querySelector(ROLL_RESULT);
  const history = section.querySelector(ROLL_HISTORY);
  const list = history.querySelector("ol");
  section.hidden = false;
  const where = partieOf(location.search);
  const status = where && partieNote(section, where);
  // « Lancer » and its outcome sit beside the key figure, in view on a phone while the
  // fields are edited; the history stays below.
  barOf(section.dataset.system, section.dataset.calc)?.append(button, result);
  button.addEventListener("click", async () => {
    button.disabled = true;
    result.textContent = globalThis.srdMoteur ? "Jet en cours…" : LOADING;
    try {
      const query = globalThis.srdMoteur.queryOf(form);
      const reply = await engine(section.dataset.system, section.dataset.calc, query, { words: randomWords() });
      if (!reply.ok) {
        result.textContent = `Jet impossible\u00a0: ${problems(reply)}`;
        return;
      }
      result.replaceChildren(...outcomeLine(reply));
      const item = document.createElement("li");
      item.append(...outcomeLine(reply));
      list.prepend(item);
      while (list.children.length > KEPT) list.lastElementChild.remove();
      history.hidden = false;
      if (where) noteRoll(status, section, where, reply);
    } catch (error) {
      result.textContent = "Le moteur n'a pas répondu\u00a0: réessayez dans un instant.";
    } finally {
      button.disabled = false;
    }
  });
}

// --- dice buttons of the text: a dialog with the roll and the exact law -------------------

let dice = null; // the dialog (commun.js), a popover: opening it leaves the page as it is

function makeDialog() {
  const made = dialog("srd-des-dialogue", { popover: true }); // Échap or a tap outside closes it
  const again = element("button", { type: "button", class: "md-button md-button--primary", "data-relancer": "" }, "Relancer");
  made.box.append(
    element("p", { class: "srd-des-jet", role: "status", "aria-live": "polite" }),
    element("p", { class: "srd-des-resume" }),
    element("div", { class: "srd-des-loi" }),
    element("p", { class: "srd-des-boutons" }, again, " ", closeButton()),
  );
  return made;
}

function lawTable(law, drawn) {
  const table = document.createElement("table");
  const caption = document.createElement("caption");
  caption.textContent = "Probabilité de chaque total";
  const head = document.createElement("tr");
  for (const name of ["Total", "Probabilité"]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = name;
    head.append(th);
  }
  const body = document.createElement("tbody");
  for (const [total, percent, exact] of law.totaux) {
    const row = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = String(total).replace("-", "\u2212");
    const td = document.createElement("td");
    td.textContent = percent;
    td.title = `Probabilité exacte\u00a0: ${exact}`;
    if (total === drawn) row.className = "srd-des-tire";
    row.append(th, td);
    body.append(row);
  }
  const thead = document.createElement("thead");
  thead.append(head);
  table.append(caption, thead, body);
  return table;
}

// One roll of an expression's terms ([sign, dice, faces], or [sign, 0, number]): its
// total, and what each term gave (« 4 + 1 + 6 + 4 »). `draw(n)` gives 0 … n − 1.
function rollTerms(terms, draw = drawnBelow) {
  let total = 0;
  let shown = "";
  for (const [sign, count, faces] of terms) {
    const values = count ? Array.from({ length: count }, () => draw(faces) + 1) : [faces];
    for (const value of values) {
      total += sign * value;
      if (shown) shown += ` ${sign > 0 ? "+" : "\u2212"} ${value}`;
      else shown = `${sign > 0 ? "" : "\u2212"}${value}`;
    }
  }
  return { total, detail: shown };
}

// For the tests: the roll the buttons make, with another source of chance if asked.
globalThis.srdDes = { rollTerms };

function rollExpression(box, law) {
  const { total, detail } = rollTerms(law.termes);
  const dice = detail === String(total) ? "" : ` (${detail})`;
  const [, percent, exact] = law.totaux[total - law.minimum];
  const chance = document.createElement("span");
  chance.className = "srd-lancer-chance";
  chance.title = `Probabilité exacte\u00a0: ${exact}`;
  chance.textContent = ` — probabilité ${percent}`;
  box
    .querySelector(".srd-des-jet")
    .replaceChildren(`Jet\u00a0: ${total}${dice}`.replaceAll("-", "\u2212"), chance);
  box.querySelector(".srd-des-resume").textContent =
    `De ${law.minimum} à ${law.maximum}, moyenne ${law.moyenne}.`.replaceAll("-", "\u2212");
  box.querySelector(".srd-des-loi").replaceChildren(lawTable(law, total));
}

function openDice(button) {
  readyDialog();
  const law = JSON.parse(button.dataset.loi);
  const again = dice.box.querySelector("[data-relancer]");
  again.onclick = () => rollExpression(dice.box, law);
  rollExpression(dice.box, law);
  dice.open(button, button.textContent); // the focus goes back to the button once closed
  again.focus();
}

document.addEventListener("click", (event) => {
  const button = event.target.closest(DICE);
  if (button) openDice(button);
});

// The dialog, made while the page is idle: a first tap only fills it.
function readyDialog() {
  if (!dice?.box.isConnected) dice = makeDialog();
}

function bindAll() {
  document.querySelectorAll(ROLLER).forEach(bindRoll);
  const tables = document.querySelectorAll(".srd-tirage");
  if (tables.length) import("./table-tirage.js").then((page) => tables.forEach(page.bindRollableTable));
  if (document.querySelector(DICE)) (globalThis.requestIdleCallback || setTimeout)(readyDialog);
}

onEachPage(bindAll);
