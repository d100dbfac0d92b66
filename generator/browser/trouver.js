// The finder (« Trouver »): every entity of every system, filtered by free text, system,
// kind, a column value, what the condition names and the prerequisites the reader meets
// (« J'ai… »); sorted; the whole state in the URL.
// The reader's house rules (assets/maison-stock.js) are rows like the others, marked
// « maison »: a new entity is added, an amendment in force takes its official row's place.
// Results are cards (readable on a phone); everything is a native control (keyboard).
// Re-bound on each page Material's instant navigation shows; redrawn when the house rules
// change (event « srd-regles-maison »).
import { SITE_ROOT, element, onEachPage } from "./commun.js";
import { FINDER_INDEX } from "./lib/contrat.js";
import { collator, isText, plain } from "./lib/texte.js";
import { houseInForce, houseLink, houseMark } from "./maison-marque.js";

const PAGE = 60; // cards drawn at a time
const INDEX = new URL(FINDER_INDEX, SITE_ROOT).href;
// The finder opens in the order of a system's catalogue: by system, then kind, then name
// (by name alone, the Talon's honours « 2 », « 3 »… came first). Each order compares its
// keys in turn, with the same collator as the menus (numbers in their order, accents aside).
const FIELDS = { q: "", s: "", k: "", f: "", c: "", a: "", tri: "systeme" };
const SORT_KEYS = {
  systeme: (r) => [r.sn, r.kn, r.n],
  genre: (r) => [r.kn, r.sn, r.n],
  nom: (r) => [r.n, r.sn, r.kn],
};
const compareKeys = (a, b) => {
  for (let i = 0; i < a.length; i++) {
    const order = collator.compare(a[i], b[i]);
    if (order) return order;
  }
  return 0;
};

// What the reader has, « système/genre/id » or « système/genre/id:valeur », comma-separated.
function readOwned(text) {
  const owned = new Map();
  for (const part of text.split(",").filter(Boolean)) {
    const [key, value] = part.split(":");
    owned.set(key, value === undefined || value === "" ? null : Number(value));
  }
  return owned;
}
const writeOwned = (owned) => [...owned].map(([key, value]) => (value === null ? key : `${key}:${value}`)).join(",");

// Every clause of the row's requirements has an alternative the reader has, at its minimum.
const meets = (row, owned) =>
  (row.q || []).every((clause) =>
    clause.some(([key, minimum]) => owned.has(key) && (minimum === null || (owned.get(key) ?? 0) >= minimum)),
  );

// A row as the finder filters it: its facets and its searched texts, folded once.
const prepared = (row) => ({
  ...row,
  facets: Object.entries(row.f).map(([name, value]) => `${name}\u00a0: ${value}`),
  text: plain([row.n, row.r, row.c, row.kn, row.sn, ...Object.values(row.f)].join(" ")),
  condition: plain(row.c),
});

let rowsPromise = null;
export function loadIndex() {
  // One download per visit, shared with the link previews (official rows only).
  rowsPromise ||= fetch(INDEX).then((reply) => reply.json()).then((rows) => rows.map(prepared));
  return rowsPromise;
}

// A house row the finder can show (the store is the reader's: a row that lacks a field
// the cards need is left out rather than break the page).
const showable = (row) =>
  row && ["s", "sn", "k", "kn", "n", "u"].every((name) => isText(row[name])) && row.f && typeof row.f === "object";

// Requirements as the finder reads them: clauses of [key, minimum or null].
const clausesOk = (q) =>
  Array.isArray(q) &&
  q.every((clause) => Array.isArray(clause) && clause.every((pair) => Array.isArray(pair) && isText(pair[0]) && (pair[1] === null || typeof pair[1] === "number")));

// The official rows with the reader's house rules in force: {key: row} of an amendment
// replaces its official row, a new entity is added; each is marked `m`.
export function withHouseRows(official) {
  const byKey = new Map(official.map((row) => [row.i, row]));
  for (const [key, { ligne }] of houseInForce()) {
    if (!showable(ligne)) continue;
    const row = { ...ligne, r: isText(ligne.r) ? ligne.r : "", c: isText(ligne.c) ? ligne.c : "", i: key, m: 1 };
    if (!Object.values(row.f).every(isText)) continue;
    if (!clausesOk(row.q)) delete row.q;
    byKey.set(key, prepared(row));
  }
  return [...byKey.values()];
}

function field(label, control) {
  return element("label", { class: "srd-trouveur-champ" }, element("span", {}, label), control);
}

function select(name, options) {
  const control = element("select", { name });
  control.append(...options.map(([value, label]) => new Option(label, value)));
  return control;
}

// The entities that some row requires: what the reader can say they have.
function requirables(rows) {
  const byKey = new Map(rows.map((r) => [r.i, r]));
  const found = new Map();
  for (const row of rows) {
    for (const clause of row.q || []) {
      for (const [key, minimum] of clause) {
        const target = byKey.get(key);
        if (!target) continue;
        const entry = found.get(key) || { row: target, label: `${target.n} (${target.kn}, ${target.sn}${target.m ? ", maison" : ""})`, scored: false };
        entry.scored ||= minimum !== null;
        found.set(key, entry);
      }
    }
  }
  return [...found.values()].sort((a, b) => collator.compare(a.label, b.label));
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

function card(row, root) {
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

// Each finder on the page, and how it redraws when the house rules change.
const redraws = new WeakMap();

async function bind(container) {
  if (container.dataset.bound) return;
  container.dataset.bound = "1";
  const official = await loadIndex();
  let rows = withHouseRows(official);
  const state = { ...FIELDS, ...Object.fromEntries(new URLSearchParams(location.search)) };

  const systemsOf = (all) => [...new Map(all.map((r) => [r.s, r.sn])).entries()].sort((a, b) => collator.compare(a[1], b[1]));
  let systems = systemsOf(rows);
  const query = element("input", { type: "search", name: "q", autocomplete: "off", placeholder: "Nom, effet, condition…" });
  const system = select("s", [["", "Tous"], ...systems]);
  const kind = select("k", [["", "Tous"]]);
  const facet = select("f", [["", "Toutes"]]);
  const condition = element("input", { type: "search", name: "c", autocomplete: "off", placeholder: "Dextérité, Mêlée…" });
  const sort = select("tri", [["systeme", "Système, genre, nom"], ["genre", "Genre, système, nom"], ["nom", "Nom"]]);
  let known, byLabel;
  const haveList = element("datalist", { id: "srd-trouveur-possede" });
  // What the reader can say they have: the entities some row requires.
  const fillChoices = () => {
    const choices = requirables(rows);
    known = new Map(choices.map((entry) => [entry.row.i, entry]));
    byLabel = new Map(choices.map((entry) => [entry.label, entry]));
    haveList.replaceChildren(...choices.map((entry) => new Option(entry.label)));
  };
  fillChoices();
  const owned = new Map([...readOwned(state.a)].filter(([key]) => known.has(key)));
  const have = element("input", { type: "search", list: "srd-trouveur-possede", autocomplete: "off", placeholder: "Sagesse, Poigne de fer…" });
  const haveBox = element("div", { class: "srd-trouveur-possede" });
  const count = element("p", { class: "srd-trouveur-compte", "aria-live": "polite" });
  const list = element("ul", { class: "srd-cartes" });
  const more = element("button", { type: "button", class: "md-button" }, "Afficher plus");
  const form = element(
    "form",
    { class: "srd-trouveur-filtres", role: "search", "aria-label": "Filtres du trouveur" },
    field("Rechercher", query),
    field("Système", system),
    field("Genre", kind),
    field("Colonne", facet),
    field("La condition mentionne", condition),
    field("Trier par", sort),
  );
  const haveField = element(
    "div",
    { class: "srd-trouveur-champ srd-trouveur-j-ai" },
    field("J'ai… (seuls restent les prérequis remplis)", have),
    haveList,
    haveBox,
  );
  container.replaceChildren(form, haveField, count, list, more);

  const fillKinds = () => {
    const kinds = new Map(rows.filter((r) => !system.value || r.s === system.value).map((r) => [r.k, r.kn]));
    const keep = kinds.has(kind.value) ? kind.value : "";
    kind.replaceChildren(new Option("Tous", ""), ...[...kinds].sort((a, b) => collator.compare(a[1], b[1])).map(([v, l]) => new Option(l, v)));
    kind.value = keep;
  };
  // A column is a system's own (« Tiers : 1 » is SkillCraft's): with every system shown,
  // the values are grouped by system, and picking one picks its system.
  const fillFacets = () => {
    const bySystem = new Map(systems.map(([id]) => [id, new Set()]));
    for (const r of rows) {
      if ((!system.value || r.s === system.value) && (!kind.value || r.k === kind.value)) r.facets.forEach((v) => bySystem.get(r.s).add(v));
    }
    const keep = [...bySystem.values()].some((values) => values.has(facet.value)) ? facet.value : "";
    const options = (id) =>
      [...bySystem.get(id)].sort(collator.compare).map((v) => {
        const option = new Option(v, v);
        option.dataset.systeme = id;
        return option;
      });
    const shown = system.value
      ? options(system.value)
      : systems.filter(([id]) => bySystem.get(id).size).map(([id, name]) => element("optgroup", { label: name }, ...options(id)));
    facet.replaceChildren(new Option("Toutes", ""), ...shown);
    facet.value = keep;
  };

  // Each order is computed once (a collator sort of every row is slow), then filtered.
  let orders = new Map();
  const ordered = (name) => {
    const key = SORT_KEYS[name] || SORT_KEYS.systeme;
    if (!orders.has(name)) {
      const keyed = rows.map((row) => [key(row), row]).sort((a, b) => compareKeys(a[0], b[0]));
      orders.set(name, keyed.map(([, row]) => row));
    }
    return orders.get(name);
  };

  let shown = PAGE;
  const render = () => {
    const words = plain(query.value).split(/\s+/).filter(Boolean);
    const needed = plain(condition.value).trim();
    const found = ordered(sort.value).filter(
      (r) =>
        (!system.value || r.s === system.value) &&
        (!kind.value || r.k === kind.value) &&
        (!facet.value || r.facets.includes(facet.value)) &&
        (!needed || r.condition.includes(needed)) &&
        (!owned.size || meets(r, owned)) &&
        words.every((w) => r.text.includes(w)),
    );
    count.textContent = `${found.length} résultat${found.length > 1 ? "s" : ""}`;
    list.replaceChildren(...found.slice(0, shown).map((r) => card(r, SITE_ROOT)));
    more.hidden = found.length <= shown;
  };
  const sync = () => {
    const params = new URLSearchParams();
    for (const control of form.elements) if (control.name && control.value && control.value !== FIELDS[control.name]) params.set(control.name, control.value);
    if (owned.size) params.set("a", writeOwned(owned));
    const search = params.toString();
    history.replaceState(history.state, "", `${location.pathname}${search ? "?" + search : ""}`);
  };

  system.value = state.s;
  fillKinds();
  kind.value = state.k;
  fillFacets();
  facet.value = state.f.replace(/ (?=: )/, "\u00a0"); // an address written before the no-break space
  query.value = state.q;
  condition.value = state.c;
  sort.value = state.tri;
  const changed = (redraw) => {
    if (redraw) haveBox.replaceChildren(ownedList(owned, known, changed));
    shown = PAGE;
    render();
    sync();
  };
  haveBox.replaceChildren(ownedList(owned, known, changed));
  have.addEventListener("input", () => {
    const entry = byLabel.get(have.value);
    if (!entry) return;
    if (!owned.has(entry.row.i)) owned.set(entry.row.i, entry.scored ? 1 : null);
    have.value = "";
    changed(true);
  });
  render();

  form.addEventListener("input", (event) => {
    if (event.target === facet && facet.value && !system.value) {
      system.value = facet.selectedOptions[0].dataset.systeme; // a value of one system: its system
      fillKinds();
      fillFacets();
    }
    if (event.target === system) fillKinds();
    if (event.target === system || event.target === kind) fillFacets();
    shown = PAGE;
    render();
    sync();
  });
  form.addEventListener("submit", (event) => event.preventDefault());
  more.addEventListener("click", () => {
    shown += PAGE;
    render();
    // The keyboard goes on from the first card just shown (the button may be gone).
    list.children[shown - PAGE]?.querySelector("a")?.focus();
  });

  // The house rules changed: the rows, and every menu drawn from them, are made again;
  // the reader's choices stay where they still mean something.
  redraws.set(container, () => {
    rows = withHouseRows(official);
    orders = new Map();
    systems = systemsOf(rows);
    const keep = system.value;
    system.replaceChildren(new Option("Tous", ""), ...systems.map(([value, label]) => new Option(label, value)));
    system.value = systems.some(([id]) => id === keep) ? keep : "";
    fillKinds();
    fillFacets();
    fillChoices();
    haveBox.replaceChildren(ownedList(owned, known, changed));
    render();
  });
  container.dataset.pret = "1"; // drawn (for the tests)
}

function bindAll() {
  document.querySelectorAll(".srd-trouveur").forEach(bind);
}

onEachPage(bindAll);
addEventListener("srd-regles-maison", () => {
  document.querySelectorAll(".srd-trouveur").forEach((container) => redraws.get(container)?.());
});
