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

// A probability `num / den` for the reader, as engine/results.py format_percent writes it:
// one decimal at most (« 66 % », « 33,3 % »), two below 0,1 %, « < 0,01 % » below that;
// never rounded up to a certainty nor down to nothing.
export function percentText(num, den) {
  if (Number(num) === 0) return `0${FINE}%`;
  if (Number(num) === Number(den)) return `100${FINE}%`;
  const percent = (Number(num) / Number(den)) * 100;
  if (percent < 0.01) return `<${NBSP}0,01${FINE}%`;
  let text = percent < 0.1 ? percent.toFixed(2) : percent.toFixed(1).replace(/\.0$/, "");
  if (text === "100") text = "99.9";
  if (text === "0") text = "0.1";
  return `${text.replace(".", ",")}${FINE}%`;
}
