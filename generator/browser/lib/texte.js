// Text as the site writes it, with no page around it: French typography (as
// core/typographie.py writes it), folded text for searching and sorting, plurals, file
// names and free names. Pure functions: unit-tested under Node (tests/js/).

export const NBSP = "\u00a0"; // before « : »
export const FINE = "\u202f"; // inside « », before « ; ! ? »
export const colon = `${NBSP}:`; // « : » as French writes it
export const quoted = (text) => `«${FINE}${text}${FINE}»`;
// The no-break spaces of a message written here with ordinary ones.
export const typo = (text) => text.replace(/ :/g, `${NBSP}:`).replace(/ ([;!?])/g, `${FINE}$1`);

export const isText = (value) => typeof value === "string";
// French order, numbers in their order, accents and case aside (the menus' order).
export const collator = new Intl.Collator("fr", { numeric: true, sensitivity: "base" });
// Text as searched: no accents, lower case.
export const plain = (text) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
export const plural = (n, word) => `${n}${NBSP}${word}${n > 1 ? "s" : ""}`;
// « Scénario du 12 » → « scenario-du-12 » (a file name), or "" when nothing is left.
export const slug = (name) => plain(name).replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

// A name none of `taken` is: « Scénario », else « Scénario (2) », « Scénario (3) »…
export function freeName(name, taken) {
  const used = new Set(taken);
  let candidate = name;
  for (let n = 2; used.has(candidate); n++) candidate = `${name} (${n})`;
  return candidate;
}
