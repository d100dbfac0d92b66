// The finder (« Trouver »): every entity of every system, filtered by free text, system,
// kind, a column value, what the condition names and the prerequisites the reader meets
// (« J'ai… »); sorted; the whole state in the URL. What rows it keeps, in what order, and
// the state of its address: lib/trouveur.js; here, the page.
// The reader's house rules (assets/maison-stock.js) are rows like the others, marked
// « maison »: a new entity is added, an amendment in force takes its official row's place.
// Results are cards (readable on a phone); everything is a native control (keyboard).
// Re-bound on each page Material's instant navigation shows; redrawn when the house rules
// change (event « srd-regles-maison »).
import { SITE_ROOT, element, onEachPage } from "./commun.js";
import {
  countText,
  facetChoices,
  hasPrerequisites,
  kindChoices,
  matching,
  prepared,
  readOwned,
  requirables,
  searchOf,
  sortedRows,
  stateOf,
  systemChoices,
  treeChoices,
  withHouseRows,
} from "./lib/trouveur.js";
import { FINDER_INDEX } from "./lib/contrat.js";
import { houseInForce, houseLink, houseMark } from "./maison-marque.js";

const PER_DRAW = 60; // cards drawn at a time
const INDEX = new URL(FINDER_INDEX, SITE_ROOT).href;

let rowsPromise = null;
export function loadIndex() {
  // One download per visit, shared with the link previews (official rows only).
  rowsPromise ||= fetch(INDEX).then((reply) => reply.json()).then((rows) => rows.map(prepared));
  return rowsPromise;
}

function field(label, control) {
  return element("label", { class: "srd-trouveur-champ" }, element("span", {}, label), control);
}

function select(name, options) {
  const control = element("select", { name });
  control.append(...options.map(([value, label]) => new Option(label, value)));
  return control;
}

function ownedList(owned, known, changed) {
  const list = element("ul", { class: "srd-possede" });
  for (const [key, value] of owned) {
    const entry = known.get(key);
    if (!entry) continue;
    const parts = [element("span", {}, entry.row.n)];
    if (entry.scored) {
      const score = element("input", { type: "number", min: "0", max: "99", value: String(value ?? 1), "aria-label": `Valeur de ${entry.row.n}` });
      score.addEventListener("input", (event) => {
        event.stopPropagation();
        owned.set(key, score.value === "" ? null : Number(score.value));
        changed(false);
      });
      parts.push(score);
    }
    const remove = element("button", { type: "button", class: "srd-retirer", "aria-label": `Retirer ${entry.row.n}` }, "×");
    remove.addEventListener("click", () => {
      // The button goes with its chip: the focus goes back to the « J'ai… » field.
      const field = list.closest(".srd-trouveur-j-ai")?.querySelector("input[list]");
      owned.delete(key);
      changed(true);
      field?.focus();
    });
    parts.push(remove);
    list.append(element("li", {}, ...parts));
  }
  return list;
}

function rowCard(row, root) {
  const link = element("a", { href: row.m ? houseLink(row.u, row.i) : new URL(row.u, root).href }, row.n);
  const meta = element("p", { class: "srd-carte-genre" }, `${row.kn} · ${row.sn}`);
  const parts = [row.m ? element("h2", {}, link, " ", houseMark()) : element("h2", {}, link), meta];
  if (row.c) parts.push(element("p", { class: "srd-carte-condition" }, `Condition\u00a0: ${row.c}`));
  if (row.r) parts.push(element("p", {}, row.r));
  if (row.facets.length) parts.push(element("p", { class: "srd-carte-faits" }, row.facets.join(" · ")));
  // Pinned to one of the reader's lists by assets/listes.js.
  const what = `${row.kn} · ${row.sn}${row.m ? " · maison" : ""}`;
  parts.push(element("button", { type: "button", class: "srd-epingler-bouton", "data-cle": row.i, "data-nom": row.n, "aria-label": `Épingler ${row.n} (${what})` }, "Épingler"));
  return element("li", { class: row.m ? "srd-carte srd-carte-maison" : "srd-carte" }, ...parts);
}

// The finder's controls, drawn into `container`.
function drawControls(container, systems) {
  const ui = {
    query: element("input", { type: "search", name: "q", autocomplete: "off", placeholder: "Nom, effet, condition…" }),
    system: select("s", [["", "Tous"], ...systems]),
    kind: select("k", [["", "Tous"]]),
    facet: select("f", [["", "Toutes"]]),
    condition: element("input", { type: "search", name: "c", autocomplete: "off", placeholder: "Dextérité, Mêlée…" }),
    prerequisites: select("p", [["", "Avec ou sans"], ["aucun", "Sans prérequis"]]),
    tree: select("t", [["", "Tous"]]),
    sort: select("tri", [["systeme", "Système, genre, nom"], ["genre", "Genre, système, nom"], ["nom", "Nom"]]),
    haveList: element("datalist", { id: "srd-trouveur-possede" }),
    have: element("input", { type: "search", list: "srd-trouveur-possede", autocomplete: "off", placeholder: "Sagesse, Poigne de fer…" }),
    haveBox: element("div", { class: "srd-trouveur-possede" }),
    count: element("p", { class: "srd-trouveur-compte", "aria-live": "polite" }),
    list: element("ul", { class: "srd-cartes" }),
    more: element("button", { type: "button", class: "md-button" }, "Afficher plus"),
  };
  ui.form = element(
    "form",
    { class: "srd-trouveur-filtres", role: "search", "aria-label": "Filtres du trouveur" },
    field("Rechercher", ui.query),
    field("Système", ui.system),
    field("Genre", ui.kind),
    field("Colonne", ui.facet),
    field("La condition mentionne", ui.condition),
    field("Prérequis", ui.prerequisites),
    field("Arbre", ui.tree),
    field("Trier par", ui.sort),
  );
  const haveField = element(
    "div",
    { class: "srd-trouveur-champ srd-trouveur-j-ai" },
    field("J'ai… (seuls restent les prérequis remplis)", ui.have),
    ui.haveList,
    ui.haveBox,
  );
  container.replaceChildren(ui.form, haveField, ui.count, ui.list, ui.more);
  return ui;
}

// What the reader can say they have: the entities some row requires.
function fillChoices(state, { haveList }) {
  const choices = requirables(state.rows);
  state.known = new Map(choices.map((entry) => [entry.row.i, entry]));
  state.byLabel = new Map(choices.map((entry) => [entry.label, entry]));
  haveList.replaceChildren(...choices.map((entry) => new Option(entry.label)));
}

function fillSystems(state, { system }) {
  const keep = system.value;
  system.replaceChildren(new Option("Tous", ""), ...state.systems.map(([value, label]) => new Option(label, value)));
  system.value = state.systems.some(([id]) => id === keep) ? keep : "";
}

function fillKinds(state, { system, kind }) {
  const kinds = kindChoices(state.rows, system.value);
  const keep = kinds.some(([value]) => value === kind.value) ? kind.value : "";
  kind.replaceChildren(new Option("Tous", ""), ...kinds.map(([v, l]) => new Option(l, v)));
  kind.value = keep;
}

// With every system shown, a column's values are grouped by system, and picking one picks
// its system.
function fillFacets(state, { system, kind, facet }) {
  const bySystem = facetChoices(state.rows, state.systems, system.value, kind.value);
  const keep = [...bySystem.values()].some((values) => values.includes(facet.value)) ? facet.value : "";
  const options = (id) =>
    bySystem.get(id).map((v) => {
      const option = new Option(v, v);
      option.dataset.systeme = id;
      return option;
    });
  const shown = system.value
    ? options(system.value)
    : state.systems.filter(([id]) => bySystem.get(id).length).map(([id, name]) => element("optgroup", { label: name }, ...options(id)));
  facet.replaceChildren(new Option("Toutes", ""), ...shown);
  facet.value = keep;
}

// The « Prérequis » and « Arbre » filters are there only where the rows in view have
// prerequisites, or belong to trees (what each system's data declares).
function fillRequirementFilters(state, { system, kind, prerequisites, tree }, wantedTree = tree.value) {
  const required = hasPrerequisites(state.rows, system.value, kind.value);
  prerequisites.closest("label").hidden = !required;
  if (!required) prerequisites.value = "";
  const trees = treeChoices(state.rows, system.value, kind.value);
  const keep = trees.some(([key]) => key === wantedTree) ? wantedTree : "";
  tree.replaceChildren(new Option("Tous", ""), ...trees.map(([key, name]) => new Option(name, key)));
  tree.value = keep;
  tree.closest("label").hidden = !trees.length;
}

// Each order is computed once (a collator sort of every row is slow), then filtered.
function ordered(state, name) {
  if (!state.orders.has(name)) state.orders.set(name, sortedRows(state.rows, name));
  return state.orders.get(name);
}

function drawCards(state, ui) {
  const filters = { q: ui.query.value, s: ui.system.value, k: ui.kind.value, f: ui.facet.value, c: ui.condition.value, p: ui.prerequisites.value, t: ui.tree.value };
  const found = matching(ordered(state, ui.sort.value), filters, state.owned);
  ui.count.textContent = countText(found.length);
  ui.list.replaceChildren(...found.slice(0, state.shown).map((r) => rowCard(r, SITE_ROOT)));
  ui.more.hidden = found.length <= state.shown;
}

function sync(state, { form }) {
  const search = searchOf([...form.elements].map((control) => [control.name, control.value]), state.owned);
  history.replaceState(history.state, "", `${location.pathname}${search ? "?" + search : ""}`);
}

// The filters changed: the first cards again, and the address.
function refresh(state, ui) {
  state.shown = PER_DRAW;
  drawCards(state, ui);
  sync(state, ui);
}

// What the reader has, as chips (removed, or their value changed, in place).
function showOwned(state, ui) {
  const changed = (redraw) => {
    if (redraw) showOwned(state, ui);
    refresh(state, ui);
  };
  ui.haveBox.replaceChildren(ownedList(state.owned, state.known, changed));
}

function bindControls(state, ui) {
  const { form, system, kind, facet, have, more, list } = ui;
  have.addEventListener("input", () => {
    const entry = state.byLabel.get(have.value);
    if (!entry) return;
    if (!state.owned.has(entry.row.i)) state.owned.set(entry.row.i, entry.scored ? 1 : null);
    have.value = "";
    showOwned(state, ui);
    refresh(state, ui);
  });
  form.addEventListener("input", (event) => {
    if (event.target === facet && facet.value && !system.value) {
      system.value = facet.selectedOptions[0].dataset.systeme; // a value of one system: its system
      fillKinds(state, ui);
      fillFacets(state, ui);
      fillRequirementFilters(state, ui);
    }
    if (event.target === system) fillKinds(state, ui);
    if (event.target === system || event.target === kind) {
      fillFacets(state, ui);
      fillRequirementFilters(state, ui);
    }
    refresh(state, ui);
  });
  form.addEventListener("submit", (event) => event.preventDefault());
  more.addEventListener("click", () => {
    state.shown += PER_DRAW;
    drawCards(state, ui);
    // The keyboard goes on from the first card just shown (the button may be gone).
    list.children[state.shown - PER_DRAW]?.querySelector("a")?.focus();
  });
}

// The house rules changed: the rows, and every menu drawn from them, are made again;
// the reader's choices stay where they still mean something.
function redraw(state, ui) {
  state.rows = withHouseRows(state.official, houseInForce());
  state.orders = new Map();
  state.systems = systemChoices(state.rows);
  fillSystems(state, ui);
  fillKinds(state, ui);
  fillFacets(state, ui);
  fillRequirementFilters(state, ui);
  fillChoices(state, ui);
  showOwned(state, ui);
  drawCards(state, ui);
}

// Each finder on the page, and how it redraws when the house rules change.
const redraws = new WeakMap();

async function bind(container) {
  if (container.dataset.bound) return;
  container.dataset.bound = "1";
  const official = await loadIndex();
  const rows = withHouseRows(official, houseInForce());
  const address = stateOf(location.search);
  // known, byLabel: what the reader can say they have (fillChoices); orders: the rows in
  // each order asked (ordered); shown: how many cards are drawn.
  const state = { official, rows, systems: systemChoices(rows), known: null, byLabel: null, owned: null, orders: new Map(), shown: PER_DRAW };
  const ui = drawControls(container, state.systems);
  fillChoices(state, ui);
  state.owned = new Map([...readOwned(address.a)].filter(([key]) => state.known.has(key)));
  ui.system.value = address.s;
  fillKinds(state, ui);
  ui.kind.value = address.k;
  fillFacets(state, ui);
  ui.facet.value = address.f;
  fillRequirementFilters(state, ui, address.t);
  ui.prerequisites.value = address.p === "aucun" && !ui.prerequisites.closest("label").hidden ? "aucun" : "";
  ui.query.value = address.q;
  ui.condition.value = address.c;
  ui.sort.value = address.tri;
  showOwned(state, ui);
  bindControls(state, ui);
  drawCards(state, ui);
  redraws.set(container, () => redraw(state, ui));
  container.dataset.pret = "1"; // drawn (for the tests)
}

function bindAll() {
  document.querySelectorAll(".srd-trouveur").forEach(bind);
}

onEachPage(bindAll);
addEventListener("srd-regles-maison", () => {
  document.querySelectorAll(".srd-trouveur").forEach((container) => redraws.get(container)?.());
});
