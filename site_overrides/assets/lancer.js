// Real rolls, with their odds (issue 21, point 5).
// « Lancer » on a resolution calculator (templates/lancer.md.j2, its button moved beside the
// key figure) and the dice buttons of
// the rules text ({@des 2d6}, generator/links.py). The randomness comes from
// crypto.getRandomValues; what it means — the outcome drawn, its exact chance, the law of
// an expression — comes from the Python engine (engine/tirage.py, engine/des.py) through
// the calculators' worker (calc.js). Nothing is stored or sent: the history lives in the page.

import { barOf } from "./calc.js";

const SECTION = ".srd-lancer";
const BUTTON = ".srd-lancer-bouton";
const RESULT = ".srd-lancer-resultat";
const HISTORY = ".srd-lancer-historique";
const DICE = "button.srd-des";
const WORDS = 64; // engine/tirage.py WORDS_PER_ROLL
const KEPT = 10; // rolls kept in the history
const LOADING = "Chargement du moteur (quelques secondes la première fois)…";

function randomWords() {
  return [...crypto.getRandomValues(new Uint32Array(WORDS))];
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

function outcomeLine(reply) {
  const strong = document.createElement("strong");
  strong.textContent = reply.issue;
  const chance = document.createElement("span");
  chance.className = "srd-lancer-chance";
  chance.title = `Probabilité exacte\u00a0: ${reply.exacte}`;
  chance.textContent = ` — probabilité ${reply.probabilite}`;
  const parts = [strong, chance];
  if (reply.groupe && reply.probabilite_groupe) {
    parts.push(` (${reply.groupe.toLowerCase()}\u00a0: ${reply.probabilite_groupe})`);
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

function bindRoll(section) {
  if (section.dataset.bound) return;
  section.dataset.bound = "1";
  const root = document.querySelector(
    `.srd-calc[data-system="${section.dataset.system}"][data-calc="${section.dataset.calc}"]`,
  );
  const form = root && root.querySelector("form");
  if (!form) return;
  const button = section.querySelector(BUTTON);
  const result = section.querySelector(RESULT);
  const history = section.querySelector(HISTORY);
  const list = history.querySelector("ol");
  section.hidden = false;
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
    } catch (error) {
      result.textContent = "Le moteur n'a pas répondu\u00a0: réessayez dans un instant.";
    } finally {
      button.disabled = false;
    }
  });
}

// --- dice buttons of the text: a dialog with the roll and the exact law -------------------

let dialog = null;

function makeDialog() {
  const box = document.createElement("dialog");
  box.className = "srd-des-dialogue md-typeset";
  box.setAttribute("aria-labelledby", "srd-des-titre");
  box.innerHTML =
    '<h2 id="srd-des-titre"></h2><p class="srd-des-jet" role="status" aria-live="polite"></p>' +
    '<p class="srd-des-resume"></p><div class="srd-des-loi"></div>' +
    '<p class="srd-des-boutons"><button type="button" class="md-button md-button--primary" data-relancer>Relancer</button> ' +
    '<button type="button" class="md-button" data-fermer>Fermer</button></p>';
  box.querySelector("[data-fermer]").addEventListener("click", () => box.close());
  box.addEventListener("click", (event) => {
    if (event.target === box) box.close(); // a tap outside the box
  });
  document.body.append(box);
  return box;
}

function lawTable(reply) {
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
  for (const [total, percent, exact] of reply.totaux) {
    const row = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = String(total).replace("-", "\u2212");
    const td = document.createElement("td");
    td.textContent = percent;
    td.title = `Probabilité exacte\u00a0: ${exact}`;
    if (total === reply.total) row.className = "srd-des-tire";
    row.append(th, td);
    body.append(row);
  }
  const thead = document.createElement("thead");
  thead.append(head);
  table.append(caption, thead, body);
  return table;
}

async function rollExpression(box, expression) {
  const shown = box.querySelector(".srd-des-jet");
  shown.textContent = globalThis.srdMoteur ? "Jet en cours…" : LOADING;
  try {
    const reply = await engine("", "", {}, { expression, words: randomWords() });
    if (!reply.ok) {
      shown.textContent = problems(reply);
      return;
    }
    const detail = reply.detail === String(reply.total) ? "" : ` (${reply.detail})`;
    shown.textContent = `Jet\u00a0: ${reply.total}${detail}`.replaceAll("-", "\u2212");
    box.querySelector(".srd-des-resume").textContent =
      `De ${reply.minimum} à ${reply.maximum}, moyenne ${reply.moyenne}.`.replaceAll("-", "\u2212");
    box.querySelector(".srd-des-loi").replaceChildren(lawTable(reply));
  } catch (error) {
    shown.textContent = "Le moteur n'a pas répondu\u00a0: réessayez dans un instant.";
  }
}

function openDice(button) {
  dialog = dialog && dialog.isConnected ? dialog : makeDialog();
  const expression = button.dataset.des;
  dialog.querySelector("#srd-des-titre").textContent = button.textContent;
  dialog.querySelector(".srd-des-resume").textContent = "";
  dialog.querySelector(".srd-des-loi").replaceChildren();
  dialog.querySelector("[data-relancer]").onclick = () => rollExpression(dialog, expression);
  dialog.showModal();
  rollExpression(dialog, expression);
}

document.addEventListener("click", (event) => {
  const button = event.target.closest(DICE);
  if (button) openDice(button);
});

function bindAll() {
  document.querySelectorAll(SECTION).forEach(bindRoll);
}

if (globalThis.document$) {
  globalThis.document$.subscribe(bindAll);
} else {
  bindAll();
}
