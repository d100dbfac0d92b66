// The order of the header search's hits (assets/recherche.js draws them), with no page
// around it: the query's words as the site's titles are compared, a typo's correction in
// the site's own spelling, each hit's best section, and the tiers of the hits. Pure
// functions: unit-tested under Node (tests/js/).
import { SEARCH_ARTICLES } from "./contrat.js";
import { quoted } from "./texte.js";

export const fold = (text) => text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
// « Le combat » and « combat » are the same title (as generator/pipeline/search.py title_key).
export const bare = (text) => fold(text).replace(SEARCH_ARTICLES, "").trim();

// Words one edit away (a letter changed, added, removed, or two swapped).
export function oneEditAway(a, b) {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

// `spellings`: {folded word: the site's spelling} of every word of the rules. A word of
// five letters or more that the site never uses, nor begins (the reader may still be
// typing it), is replaced by the site's word one edit away, as the site writes it
// (« faucon » -> « façon »: compared folded, shown with its accent). {query, replaced:
// [[typed, site's word]…]}, or null when nothing was corrected.
export function corrected(query, spellings) {
  const known = Object.keys(spellings);
  const replaced = [];
  const fixed = query.replace(/\p{L}{5,}/gu, (typed) => {
    const word = fold(typed);
    if (word in spellings || known.some((other) => other.startsWith(word))) return typed;
    const near = known.find((other) => oneEditAway(word, other));
    if (!near) return typed;
    replaced.push([typed, spellings[near]]);
    return spellings[near];
  });
  return replaced.length ? { query: fixed, replaced } : null;
}

// What the count says: how many hits, and for what, when a word was corrected: the word
// typed, which the rules never use, and the one searched instead.
export function countMessage(count, correction) {
  const hits = count ? `${count} résultat${count > 1 ? "s" : ""}` : "Aucun résultat";
  if (!correction) return hits;
  const typed = correction.replaced.map(([word]) => quoted(word)).join(", ");
  const absent = correction.replaced.length > 1 ? "absents des règles" : "absent des règles";
  return `${typed}\u00a0: ${absent}. ${hits} pour ${quoted(correction.query)}`;
}

const score = (part) => (part.weighted_locations || []).reduce((sum, where) => sum + (where.balanced_score || 0), 0);

// The part of a Pagefind hit (its top, or one of its sections) where the words weigh the
// most: the hit names that section and links to it. null: the top of the page.
export function bestSection(page) {
  const parts = page.sub_results || [];
  let best = null;
  for (const part of parts) if (!best || score(part) > score(best)) best = part;
  if (!best || best.url === page.url || best.title === page.meta?.title) return null;
  return best;
}

// A page's address without its section: one hit per page.
export const pageOf = (url) => url.split("#")[0].replace(/index\.html$/, "");

// `title` is one of the queries (`wanted`: folded, without article), its plural aside.
export const isTitled = (key, wanted) => wanted.has(key) || wanted.has(key.replace(/s$/, "")) || wanted.has(`${key}s`);
// `title` begins with one of the queries as a whole word.
const begins = (key, wanted) => [...wanted].some((word) => key.startsWith(`${word} `) || key.startsWith(`${word}s `));

// The hits in the order shown (a stable sort: each tier keeps its order):
// 0. the current system's page titled as the query (or as an equivalent),
// 1. the page titled as what an abbreviation stands for in the system that declares it
//    (a declared abbreviation is meant more than a loose match),
// 2. the current system's pages whose title begins with the query,
// 3. the current system's other pages,
// 4. the other pages titled as the query, 5. all the others.
// `pages`: [{url, meta: {title}}]; `wanted`: the bare queries; `meant`: [[system id,
// bare meaning]]; `systemOf(url)`: the system id of a page's address; `current`: "" or
// the system of the page on screen. Each page is kept once, at its first place.
export function ranked(pages, { wanted, meant, systemOf, current }) {
  const tier = (page) => {
    const key = bare(page.meta?.title || "");
    const system = systemOf(page.url);
    const own = Boolean(current) && system === current;
    if (own && isTitled(key, wanted)) return 0;
    if (meant.some(([id, name]) => id === system && key === name)) return own ? 1 : 1.5;
    if (own) return begins(key, wanted) ? 2 : 3;
    return isTitled(key, wanted) ? 4 : 5;
  };
  const seen = new Set();
  const once = pages.filter((page) => {
    const url = pageOf(page.url);
    if (seen.has(url)) return false;
    seen.add(url);
    return true;
  });
  return once
    .map((page, rank) => [tier(page), rank, page])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([, , page]) => page);
}
