// The character sheet for print (/<system>/calculateurs/<calc>/imprimer/?<query>): the
// engine lays out the sheet calculator's result (generator/engine/printout.py) with the same
// worker as the calculators (moteur.js); the page sets each chosen entity's one-line effect,
// generated from the data, beside it; a new house entity of the reader's is linked to its
// house page (maison-stock.js houseLinks, as on the calculator). On a sheet calculator,
// the « Imprimer la fiche » link follows the form's query and the save box's name.
import { compute } from "./moteur.js";
import { onEachPage } from "./commun.js";
import { houseKeyOf, houseLinks } from "./maison-stock.js";
import { nameInSaveBox } from "./personnages.js";
import { NAME_PARAM, OPENED_PARAM } from "./lib/personnages.js";

// The sheet's page (templates/imprimer.md.j2) and the calculator's link to it
// (templates/calculateur.md.j2).
const SHEET = ".srd-fiche";
const SHEET_LINK = ".srd-fiche-lien";

function textsOf(root, selector, key) {
  return new Map([...root.querySelectorAll(`${selector} li`)].map((li) => [li.dataset[key], li.textContent.trim()]));
}

// Each entity of the sheet with its effect; one the data does not know (a « none » choice)
// is named without a link, unless it is a house entity (its link leads to its house page).
function addEffects(body, effects) {
  for (const item of body.querySelectorAll("li[data-page]")) {
    const effect = effects.get(item.dataset.page);
    const link = item.querySelector("a");
    if (!effect) {
      if (link && !houseKeyOf(link.href)) link.replaceWith(link.textContent);
      continue;
    }
    const span = document.createElement("span");
    span.className = "srd-fiche-effet";
    span.textContent = effect;
    item.append(" ", span);
  }
}

function showRefusal(root, reply) {
  const labels = textsOf(root, ".srd-fiche-champs", "champ");
  const list = document.createElement("ul");
  for (const [name, message] of Object.entries(reply.errors || {})) {
    const item = document.createElement("li");
    item.textContent = `${labels.get(name) || name}\u00a0: ${message}`;
    list.append(item);
  }
  const intro = document.createElement("p");
  intro.textContent = reply.message || "Cette fiche ne se calcule pas\u00a0: corrigez ces champs dans le calculateur.";
  root.querySelector(".srd-fiche-corps").replaceChildren(intro, list);
}

async function fillSheet(root) {
  if (root.dataset.bound) return;
  root.dataset.bound = "1";
  const status = root.querySelector(".srd-fiche-etat");
  const params = new URLSearchParams(location.search);
  root.querySelector(".srd-fiche-nom").textContent = params.get(NAME_PARAM) || "";
  params.delete(NAME_PARAM);
  const back = root.querySelector(".srd-fiche-retour");
  if (back && params.toString()) back.search = `?${params}`; // the character opened, too
  params.delete(OPENED_PARAM);
  root.querySelector(".srd-fiche-imprimer").addEventListener("click", () => print());
  try {
    const reply = await compute(root.dataset.system, root.dataset.calc, Object.fromEntries(params), { entry: "fiche" });
    if (reply.ok) {
      const body = root.querySelector(".srd-fiche-corps");
      body.innerHTML = reply.html;
      houseLinks(body);
      addEffects(body, textsOf(root, ".srd-fiche-effets", "page"));
      dispatchEvent(new Event("resize")); // defilement.js measures the new tables for a phone
      status.textContent = "Fiche prête\u00a0: imprimez-la sur une page A4.";
    } else {
      showRefusal(root, reply);
      status.textContent = "Fiche refusée\u00a0: voir les champs à corriger ci-dessous.";
    }
    root.dataset.state = reply.ok ? "ok" : "invalid";
  } catch (error) {
    root.dataset.state = "error";
    status.textContent = "Le moteur de calcul n'a pas pu répondre. Rechargez la page\u202f; si le problème persiste, signalez-le.";
    console.warn("fiche\u00a0:", error);
  }
}

// The link keeps the calculator's current query (calc.js writes it in the address) and
// the character's name, if the save box has one.
function follow(link) {
  const target = new URL(link.getAttribute("href"), location.href);
  target.search = location.search;
  const name = nameInSaveBox();
  if (name) target.searchParams.set(NAME_PARAM, name);
  link.href = target.href;
}

function bindAll() {
  document.querySelectorAll(SHEET).forEach(fillSheet);
  const link = document.querySelector(SHEET_LINK);
  if (!link) return;
  follow(link);
  link.closest("article")?.addEventListener("input", () => setTimeout(() => follow(link)));
  link.addEventListener("focus", () => follow(link));
  link.addEventListener("pointerdown", () => follow(link));
}

onEachPage(bindAll);
