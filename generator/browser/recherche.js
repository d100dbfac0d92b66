// The header's search, on Pagefind's index (generator/pipeline/search.py). Nothing is downloaded
// until the reader starts a search; then only the index parts of the words typed. Each hit
// says what it is (« Atout · Divin (6)thème ») and names its best section, once per page;
// an abbreviation a system declares (« PV ») is also searched for what it stands for in
// that system; a word with one wrong letter is corrected, in the rules' spelling; a word
// the table uses for another (« fiche », « feuille »: data/synonymes.yaml) is searched for
// both. The order of the hits (a page titled as the query first, then what a declared
// abbreviation means, then the current system's): lib/classement.js. The reader's house rules in force (assets/maison-stock.js) whose name or
// summary holds every word typed come before all, marked « maison », and so does the
// house version of an amended entity whose official page is a hit.
import { SITE_ROOT as ROOT, element, onEachPage } from "./commun.js"; // the site's root, wherever it is served
import {
  SEARCH_ABBREVIATIONS,
  SEARCH_SYNONYMS,
  SEARCH_TITLES,
  SEARCH_TYPOGRAPHY,
  SEARCH_VOCABULARY,
} from "./lib/contrat.js";
import { bare, bestSection, corrected, countMessage, fold, isTitled, ranked } from "./lib/classement.js";
import { plain } from "./lib/texte.js";
import { houseInForce, houseLink, houseMark } from "./maison-marque.js";

const SHOWN = 10;
const FIRST = 4; // hits fetched before the first display
const MIN_LENGTH = 3;
const form = document.querySelector(".srd-recherche form");
const input = form.querySelector("input");
const toggle = document.getElementById("__search");
const meta = document.querySelector("#srd-resultats .md-search-result__meta");
const list = document.querySelector("#srd-resultats .md-search-result__list");
const resultBox = document.getElementById("srd-resultats");

let searchTools = null; // Pagefind and the vocabulary, loaded at the first search
let typography = []; // the site's non-breaking spaces, for Pagefind's excerpts

// Pagefind joins an excerpt's words with plain spaces: the site's rules put back the
// non-breaking ones (before « : ; ! ? », inside « »).
const french = (text) => typography.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), text);
let asked = 0; // the latest query: an older answer arriving late is dropped

function loadSearch() {
  searchTools ??= (async () => {
    const json = (path) => fetch(new URL(path, ROOT)).then((reply) => reply.json());
    const [pagefind, words, titles, shorts, rules, same] = await Promise.all([
      import(new URL("pagefind/pagefind.js", ROOT).href),
      json(SEARCH_VOCABULARY), // {folded word: the rules' spelling}
      json(SEARCH_TITLES), // [key, title, url, what it is, summary, entity key]
      json(SEARCH_ABBREVIATIONS), // {abbreviation: [[system, meaning, synonym…]]}
      json(SEARCH_TYPOGRAPHY), // [[pattern, replacement]]: generator/core/typographie.py
      json(SEARCH_SYNONYMS), // [[word, word…]], folded: data/synonymes.yaml
    ]);
    await pagefind.options({ baseUrl: ROOT.pathname, excerptLength: 18 });
    pagefind.init();
    typography = rules.map(([pattern, replacement]) => [new RegExp(pattern, "g"), replacement]);
    const systems = Object.keys((await pagefind.filters())?.systeme || {});
    return { pagefind, words, titles, shorts, same, systems };
  })();
  return searchTools;
}

const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); // in a RegExp

// The query with a word of a group of equivalents replaced by each of the others (its
// plural « s » kept): « fiche de personnage » also asks « feuille de personnage ».
function variants(query, same) {
  const folded = fold(query);
  const found = [];
  for (const group of same) {
    for (const word of group) {
      const pattern = new RegExp(`(^|[^a-z])${literal(word)}(s?)(?![a-z])`, "g");
      if (!pattern.test(folded)) continue;
      for (const other of group) if (other !== word) found.push(folded.replace(pattern, `$1${other}$2`));
    }
  }
  return found;
}

// The system of the page on screen (its search filter, site_overrides/main.html), or "".
function currentSystem() {
  const filter = document.querySelector("[data-pagefind-filter^='systeme:']")?.dataset.pagefindFilter;
  return filter ? filter.slice("systeme:".length) : "";
}

// The first hits of each list, then the second…, each page once.
function interleave(lists, depth = Infinity) {
  const seen = new Set();
  const merged = [];
  const longest = Math.min(depth, Math.max(0, ...lists.map((list) => list.length)));
  for (let rank = 0; rank < longest; rank++) {
    for (const list of lists) {
      const result = list[rank];
      if (result && !seen.has(result.id)) merged.push(result);
      if (result) seen.add(result.id);
    }
  }
  return merged;
}

const escape = (text) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

// One hit per page: it names its best section (where the words weigh the most) and
// leads there, with that section's excerpt.
function hit(page) {
  const place = page.meta.lieu ? `<span class="srd-lieu"> · ${escape(page.meta.lieu)}</span>` : "";
  const section = bestSection(page);
  const named = section ? `<p class="srd-section">${french(escape(section.title))}</p>` : "";
  const excerpt = section ? section.excerpt : page.excerpt;
  // An entity can be pinned to one of the reader's lists (assets/listes.js).
  const pin = page.meta.cle ? `<button type="button" class="srd-epingler-bouton" data-cle="${escape(page.meta.cle)}" data-nom="${escape(page.meta.title || "")}" aria-label="Épingler ${escape(page.meta.title || "")} (${escape(page.meta.lieu || "")})">Épingler</button>` : "";
  return `<li class="md-search-result__item"><a href="${section ? section.url : page.url}" class="md-search-result__link"><article class="md-search-result__article md-typeset"><h1>${french(escape(page.meta.title || page.url))}${place}</h1>${named}<p>${french(excerpt)}</p></article></a>${pin}</li>`;
}

// The house entities in force that match `query` (every word in the name or the summary,
// accents and case aside), plus the amendments of the entities keyed in `amended`.
function houseFound(query, amended = new Set()) {
  const words = plain(query).split(/\s+/).filter(Boolean);
  const text = (value) => (typeof value === "string" ? value : "");
  return houseInForce()
    .filter(([key, { ligne }]) => {
      if (!text(ligne.n)) return false;
      const searched = plain(`${ligne.n} ${text(ligne.r)}`);
      return (words.length && words.every((word) => searched.includes(word))) || (ligne.b && amended.has(key));
    })
    .map(([key, { ligne }]) => ({ key, ligne }));
}

// A house entity's hit, as the others are (their keys work on it), built from the reader's
// storage with text nodes only.
function houseHit({ key, ligne }) {
  const text = (value) => (typeof value === "string" ? value : "");
  const place = [text(ligne.kn), text(ligne.sn)].filter(Boolean).join(" · ");
  const title = element("h1", {}, ligne.n);
  if (place) title.append(element("span", { class: "srd-lieu" }, ` · ${place}`));
  title.append(" ", houseMark());
  const link = element(
    "a",
    { href: houseLink(text(ligne.u), key), class: "md-search-result__link" },
    element("article", { class: "md-search-result__article md-typeset" }, title, element("p", {}, text(ligne.r))),
  );
  const pin = element(
    "button",
    { type: "button", class: "srd-epingler-bouton", "data-cle": key, "data-nom": ligne.n, "aria-label": `Épingler ${ligne.n} (${[place, "maison"].filter(Boolean).join(" · ")})` },
    "Épingler",
  );
  return element("li", { class: "md-search-result__item srd-maison-resultat" }, link, pin);
}

function waiting(text) {
  meta.textContent = text;
  list.innerHTML = "";
  delete resultBox.dataset.requete;
  delete resultBox.dataset.complet;
}

// Pagefind's hits for an abbreviation and for what it stands for, in each system that
// declares it (the first hits of each system, then the second), then the plain hits of
// each query (as typed, then with its equivalents): on a system's page, that system's,
// then all; elsewhere, each system's first hits in turn (one system's many pages of a
// kind, « Arme légère », « Arme lourde »…, leave room for the others'), then all.
async function hits(pagefind, queries, meanings, plain, { current, systems }) {
  const inSystem = (text, system) => pagefind.search(text, { filters: { systeme: system } });
  const listed = (searches) => searches.map((found) => found?.results || []);
  const perSystem = await Promise.all(
    meanings.flatMap(([system, meaning]) => [inSystem(queries[0], system), inSystem(meaning, system)]),
  );
  const mixed = interleave(listed(perSystem), 2);
  if (!plain) return meanings.length ? mixed : null;
  const first = current ? [current] : systems;
  const [own, all] = await Promise.all([
    Promise.all(first.flatMap((system) => queries.map((query) => inSystem(query, system)))),
    Promise.all(queries.map((query) => pagefind.search(query))),
  ]);
  return interleave([[...mixed, ...interleave(listed(own)), ...interleave(listed(all))]]);
}

// The pages titled exactly as asked (or as an equivalent, or its plural), or as what the abbreviation
// stands for in their system, wherever Pagefind ranked them.
function titledPages(titles, wanted, meant) {
  return titles
    .filter(([key, , url]) => isTitled(key, wanted) || meant.some(([system, name]) => key === name && url.startsWith(`${system}/`)))
    .map(([, title, url, lieu, summary, cle]) => ({ url: new URL(url, ROOT).pathname, meta: { title, lieu, cle }, excerpt: escape(summary) }));
}

// The system id of a page's address ("" outside the site).
const systemOf = (url) => (url.startsWith(ROOT.pathname) ? url.slice(ROOT.pathname.length).split("/")[0] : "");

async function search(query) {
  const mine = ++asked;
  const typed = query.trim();
  if (!typed) return waiting("Tapez un nom, une règle\u00a0: talent, atout, sort…");
  const { pagefind, words, titles, shorts, same, systems } = await loadSearch();
  if (mine !== asked) return; // the reader typed on
  const current = currentSystem();
  // [[system, meaning, synonym…]], the current system's first
  const meanings = [...(shorts[fold(typed)] || [])].sort((a, b) => (b[0] === current) - (a[0] === current));
  // One or two letters match half the site: the engine would stay busy with them while
  // the reader types on. Unless they are an abbreviation or a title.
  const titled = (key) => titles.some(([title]) => title === key);
  if (typed.length < MIN_LENGTH && !meanings.length && !titled(bare(typed))) {
    return waiting("Encore une lettre ou deux…");
  }
  const correction = corrected(query, words);
  const used = correction?.query || query;
  const queries = [used, ...variants(used, same)];
  const results = await hits(pagefind, queries, meanings, typed.length >= MIN_LENGTH || !meanings.length, { current, systems });
  if (mine !== asked || !results) return; // the reader typed on
  const wanted = new Set(queries.map(bare));
  const meant = meanings.flatMap(([system, ...names]) => names.map((name) => [system, bare(name)]));
  const exact = titledPages(titles, wanted, meant);
  const count = Math.max(results.length, exact.length) + houseFound(typed).length;
  meta.textContent = countMessage(count, correction);
  // The first hits are shown as soon as they are in, the others follow.
  const shown = [];
  for (const slice of [results.slice(0, FIRST), results.slice(FIRST, SHOWN)]) {
    const pages = await Promise.all(slice.map((result) => result.data()));
    if (mine !== asked) return;
    shown.push(...pages);
    const ordered = ranked([...exact, ...shown], { wanted, meant, systemOf, current });
    list.innerHTML = ordered.map(hit).join("");
    // The house rules before all: those the query names, and the amendments of the hits.
    list.prepend(...houseFound(typed, new Set(ordered.map((page) => page.meta.cle).filter(Boolean))).map(houseHit));
    resultBox.dataset.requete = query; // results on screen for this query
  }
  resultBox.dataset.complet = query; // and all of them
}

// The search opens and closes through its toggle's click, as the theme's own code does:
// the theme hears the change and locks the page's scroll under the open search on a phone
// or tablet, then lets it go (setting `checked` alone left the page locked, one screen high).
function setOpen(wanted) {
  if (toggle.checked !== wanted) toggle.click();
}

function open() {
  setOpen(true);
  loadSearch();
}

// Closed, the hits are out of reach: Tab never lands on them (nor on their « Épingler »).
const output = resultBox.closest(".md-search__output");
const showOutput = () => (output.inert = !toggle.checked);
showOutput();

// The header's magnifier (on a phone, the only way in) opens the search: the field takes
// the focus, so that the keyboard comes up.
toggle.addEventListener("change", () => {
  showOutput();
  if (!toggle.checked) return;
  loadSearch();
  input.focus();
});

// `leaving`: a hit was followed; the theme must not scroll the next page back to where
// this one was when the search opened.
function close(leaving = false) {
  if (leaving) document.body.style.top = "";
  setOpen(false);
  input.blur();
}

input.addEventListener("focus", open);
input.addEventListener("input", () => search(input.value));
form.addEventListener("submit", (event) => {
  event.preventDefault();
  list.querySelector("a")?.click();
});
form.addEventListener("reset", () => setTimeout(() => search(""), 0));
list.addEventListener("click", (event) => {
  if (!event.target.closest("a")) return;
  followed = true;
  close(true);
});

// A hit followed: the keyboard goes on from the page it leads to (its section, or its
// title), not from the top of the site's menus (a few Tabs to a prerequisite, not forty).
let followed = false;
onEachPage(() => {
  if (!followed) return;
  followed = false;
  const section = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  const target = section || document.querySelector(".md-content h1");
  if (!target) return;
  if (!target.matches("a, button, input, select, textarea, [tabindex]")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
});
// The house rules changed (here or in another tab): the hits on screen are redone.
addEventListener("srd-regles-maison", () => toggle.checked && input.value.trim() && search(input.value));

document.addEventListener("keydown", (event) => {
  const typing = event.target.closest("input, textarea, select, [contenteditable]");
  if (!typing && !event.ctrlKey && !event.metaKey && !event.altKey && ["s", "S", "f", "F", "/"].includes(event.key)) {
    event.preventDefault();
    event.stopImmediatePropagation(); // the theme would act on the same keys
    open();
    input.focus();
    return;
  }
  if (!toggle.checked || event.target.closest("dialog[open]")) return; // a dialog's own keys
  if (event.key === "Escape") {
    close();
  } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    const links = [...list.querySelectorAll("a.md-search-result__link")];
    if (!links.length) return;
    event.preventDefault();
    const at = links.indexOf(document.activeElement);
    const next = event.key === "ArrowDown" ? Math.min(at + 1, links.length - 1) : at - 1;
    (next < 0 ? input : links[next]).focus();
  }
}, true);
