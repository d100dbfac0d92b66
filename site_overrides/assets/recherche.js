// The header's search, on Pagefind's index (generator/search.py). Nothing is downloaded
// until the reader starts a search; then only the index parts of the words typed. Each hit
// says what it is (« Atout · Divin (6)thème »); a page whose title is the query comes
// first, list pages before the others; an abbreviation a system declares (« PV ») is also
// searched for what it stands for in that system; a word with one wrong letter is
// corrected (see `corrected`).

const ROOT = new URL("../", import.meta.url); // the site's root, wherever it is served
const SHOWN = 10;
const FIRST = 4; // hits fetched before the first display
const MIN_LENGTH = 3;
const form = document.querySelector(".srd-recherche form");
const input = form.querySelector("input");
const toggle = document.getElementById("__search");
const meta = document.querySelector("#srd-resultats .md-search-result__meta");
const list = document.querySelector("#srd-resultats .md-search-result__list");
const resultBox = document.getElementById("srd-resultats");

let engine = null; // Pagefind and the vocabulary, loaded at the first search
let typography = []; // the site's non-breaking spaces, for Pagefind's excerpts

// Pagefind joins an excerpt's words with plain spaces: the site's rules put back the
// non-breaking ones (before « : ; ! ? », inside « »).
const french = (text) => typography.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), text);
let asked = 0; // the latest query: an older answer arriving late is dropped

function load() {
  engine ??= (async () => {
    const json = (path) => fetch(new URL(path, ROOT)).then((reply) => reply.json());
    const [pagefind, words, titles, shorts, rules] = await Promise.all([
      import(new URL("pagefind/pagefind.js", ROOT).href),
      json("assets/vocabulaire.json"),
      json("assets/titres.json"), // [key, title, url, what it is, summary, entity key]
      json("assets/abreviations.json"), // {abbreviation: [[system, meaning, synonym…]]}
      json("assets/typographie.json"), // [[pattern, replacement]]: generator/engine/typographie.py
    ]);
    await pagefind.options({ baseUrl: ROOT.pathname, excerptLength: 18 });
    pagefind.init();
    typography = rules.map(([pattern, replacement]) => [new RegExp(pattern, "g"), replacement]);
    return { pagefind, words: new Set(words), titles, shorts };
  })();
  return engine;
}

const fold = (text) => text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
const ARTICLES = /^(?:(?:le|la|les|un|une|des|du|de)\s+|l['’]\s*)/; // as generator/search.py
const bare = (text) => fold(text).replace(ARTICLES, "").trim();

// Words one edit away (a letter changed, added, removed, or two swapped).
function oneEditAway(a, b) {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

// A word of five letters or more that the site never uses, nor begins (the reader may
// still be typing it), is corrected to a word of the site one edit away.
function corrected(query, words) {
  let changed = false;
  const fixed = fold(query).replace(/[a-z]{5,}/g, (word) => {
    if (words.has(word)) return word;
    for (const known of words) if (known.startsWith(word)) return word;
    for (const known of words) {
      if (oneEditAway(word, known)) {
        changed = true;
        return known;
      }
    }
    return word;
  });
  return changed ? fixed : null;
}

const escape = (text) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

function hit(page) {
  const place = page.meta.lieu ? `<span class="srd-lieu"> · ${escape(page.meta.lieu)}</span>` : "";
  const sections = (page.sub_results || [])
    .filter((sub) => sub.url !== page.url && sub.title !== page.meta.title)
    .slice(0, 2)
    .map((sub) => `<a class="srd-section" href="${sub.url}">${escape(sub.title)}</a>`)
    .join("");
  // An entity can be pinned to one of the reader's lists (assets/listes.js).
  const pin = page.meta.cle ? `<button type="button" class="srd-epingler-bouton" data-cle="${escape(page.meta.cle)}" data-nom="${escape(page.meta.title || "")}" aria-label="Épingler ${escape(page.meta.title || "")} (${escape(page.meta.lieu || "")})">Épingler</button>` : "";
  return `<li class="md-search-result__item"><a href="${page.url}" class="md-search-result__link"><article class="md-search-result__article md-typeset"><h1>${french(escape(page.meta.title || page.url))}${place}</h1><p>${french(page.excerpt)}</p></article></a>${sections ? `<nav class="srd-sections">${sections}</nav>` : ""}${pin}</li>`;
}

function waiting(text) {
  meta.textContent = text;
  list.innerHTML = "";
  delete resultBox.dataset.requete;
  delete resultBox.dataset.complet;
}

// Pagefind's hits for an abbreviation and for what it stands for, in each system that
// declares it, then its plain hits: the first hits of each system, then the second…
async function hits(pagefind, used, meanings, plain) {
  const inSystem = (text, system) => pagefind.search(text, { filters: { systeme: system } });
  const perSystem = await Promise.all(
    meanings.flatMap(([system, meaning]) => [inSystem(used, system), inSystem(meaning, system)]),
  );
  const mixed = [];
  for (let rank = 0; rank < 2; rank++) {
    for (const found of perSystem) if (found?.results[rank]) mixed.push(found.results[rank]);
  }
  const found = plain ? await pagefind.search(used) : null;
  if (!found && !meanings.length) return null;
  return [...mixed, ...(found?.results || [])];
}

async function search(query) {
  const mine = ++asked;
  const typed = query.trim();
  if (!typed) return waiting("Tapez un nom, une règle\u00a0: talent, atout, sort…");
  const { pagefind, words, titles, shorts } = await load();
  if (mine !== asked) return; // the reader typed on
  const meanings = shorts[fold(typed)] || []; // [[system, meaning, synonym…]]
  // One or two letters match half the site: the engine would stay busy with them while
  // the reader types on. Unless they are an abbreviation or a title.
  const titled = (key) => titles.some(([title]) => title === key);
  if (typed.length < MIN_LENGTH && !meanings.length && !titled(bare(typed))) {
    return waiting("Encore une lettre ou deux…");
  }
  const used = corrected(query, words) || query;
  const results = await hits(pagefind, used, meanings, typed.length >= MIN_LENGTH || !meanings.length);
  if (mine !== asked || !results) return; // the reader typed on
  const found = { results };
  // Pages titled exactly as asked, or as what the abbreviation stands for in their
  // system, come first, wherever Pagefind ranked them.
  const wanted = bare(used);
  const meant = meanings.flatMap(([system, ...names]) => names.map((name) => [`${system}/`, bare(name)]));
  const exact = titles
    .filter(([key, , url]) => key === wanted || meant.some(([system, name]) => key === name && url.startsWith(system)))
    .map(([, title, url, lieu, summary, cle]) => ({ url: new URL(url, ROOT).pathname, meta: { title, lieu, cle }, excerpt: escape(summary) }));
  const seen = new Set(exact.map((page) => page.url));
  const note = used === query ? "" : ` pour «\u202f${used}\u202f»`;
  const count = Math.max(found.results.length, exact.length);
  meta.textContent = count ? `${count} résultat${count > 1 ? "s" : ""}${note}` : "Aucun résultat";
  // The first hits are shown as soon as they are in, the others follow.
  const shown = [];
  for (const slice of [found.results.slice(0, FIRST), found.results.slice(FIRST, SHOWN)]) {
    const pages = await Promise.all(slice.map((result) => result.data()));
    if (mine !== asked) return;
    for (const page of pages) {
      if (!seen.has(page.url)) shown.push(page);
      seen.add(page.url);
    }
    list.innerHTML = [...exact, ...shown].map(hit).join("");
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
  load();
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
  load();
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
list.addEventListener("click", (event) => event.target.closest("a") && close(true));

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
