// A table the game master writes (a house rule) that declares its roll, with no page
// around it: the roll read as the build reads a dice tag (engine/roll_tags.py, its term
// and bounds shared through contrat.js), its exact law in whole numbers (BigInt), each
// row's faces read as pipeline/table_law.py reads them (the same patterns), the rows
// checked to give each total once, and the table as the partie page rolls it. Pure
// functions: unit-tested under Node (tests/js/table-loi.test.mjs), agreeing with the Python
// on the cells and rolls of tests/js/fixtures/table-loi.json.
import {
  DICE_EXAMPLE,
  DICE_MAX_DICE,
  DICE_MAX_FACES,
  DICE_MAX_LENGTH,
  DICE_MAX_NUMBER,
  DICE_MAX_TOTALS,
  DICE_SHOWN,
  DICE_TERM,
  TABLE_FACES_PART,
  TABLE_FACES_SEPARATOR,
} from "./contrat.js";
import { FINE, percentText, quoted } from "./texte.js";

// The partie page draws a total with lib/hasard.js drawnBelow(outcomes): 2 ** 32 at most.
export const MAX_DRAWN_OUTCOMES = 2 ** 32;
const MAX_SAID = 12; // problems said for one table; the rest are counted
// BigInt(…) rather than literals such as 0n, which the syntax trees of
// tests/unit/test_shipped_scripts.py cannot write as JSON.
const NO_WAYS = BigInt(0);
const ONE_WAY = BigInt(1);

const TERM = new RegExp(DICE_TERM.source, "y");
const expressionShown = (text) => {
  const trimmed = text.trim();
  return trimmed.length <= DICE_SHOWN ? trimmed : `${trimmed.slice(0, DICE_SHOWN)}…`;
};
const refusal = (text, why) => ({ refused: `expression de dés ${quoted(expressionShown(text))}\u00a0: ${why}` });

// {terms: [{sign, count, faces}]} of a dice expression (count 0: a whole number), or
// {refused: why}, as roll_tags.parse says it.
export function diceTerms(text) {
  if (typeof text !== "string") return { refused: `le jet est un texte (${DICE_EXAMPLE})` };
  if (text.length > DICE_MAX_LENGTH) return refusal(text, `${DICE_MAX_LENGTH} caractères au plus`);
  const other = [...text].find((c) => /\p{Nd}/u.test(c) && !/[0-9]/.test(c));
  if (other) return refusal(text, `${quoted(other)} n'est pas un chiffre de 0 à 9 (${DICE_EXAMPLE})`);
  const terms = [];
  let position = 0;
  while (position < text.length) {
    TERM.lastIndex = position;
    const match = TERM.exec(text);
    if (!match || TERM.lastIndex === position || (terms.length && !match[1])) {
      return { refused: `expression de dés ${quoted(expressionShown(text))} invalide (${DICE_EXAMPLE})` };
    }
    const sign = match[1] === "-" || match[1] === "\u2212" ? -1 : 1;
    if (match[4] !== undefined) terms.push({ sign, count: 0, faces: Number(match[4]) });
    else if (Number(match[2] || 1) === 0) return refusal(text, `zéro dé (${DICE_EXAMPLE})`);
    else terms.push({ sign, count: Number(match[2] || 1), faces: Number(match[3]) });
    position = TERM.lastIndex;
  }
  return boundsSaid(text, terms) || { terms };
}

function boundsSaid(text, terms) {
  const dice = terms.filter((t) => t.count);
  if (!dice.length) return { refused: `expression de dés ${quoted(expressionShown(text))} sans dé (${DICE_EXAMPLE})` };
  if (dice.some((t) => t.faces < 2 || t.faces > DICE_MAX_FACES)) return refusal(text, `un dé a de 2 à ${DICE_MAX_FACES} faces`);
  if (terms.some((t) => !t.count && t.faces > DICE_MAX_NUMBER)) return refusal(text, `un nombre vaut ${DICE_MAX_NUMBER} au plus`);
  if (dice.reduce((n, t) => n + t.count, 0) > DICE_MAX_DICE) return refusal(text, `${DICE_MAX_DICE} dés au plus`);
  const totals = dice.reduce((n, t) => n + t.count * (t.faces - 1), 0) + 1;
  if (totals > DICE_MAX_TOTALS) return refusal(text, `${totals} totaux possibles, ${DICE_MAX_TOTALS} au plus`);
  return null;
}

// The law of the sum, as roll_tags.ways makes it: total `lowest + i` comes `counts[i]`
// (BigInt) times out of `outcomes` (BigInt). A die taken away has the law of one added,
// shifted: only the lowest total depends on the signs.
export function lawOf(terms) {
  let lowest = 0;
  let counts = [ONE_WAY];
  let outcomes = ONE_WAY;
  for (const term of terms) {
    if (!term.count) {
      lowest += term.sign * term.faces;
      continue;
    }
    lowest += term.count * (term.sign > 0 ? 1 : -term.faces);
    for (let die = 0; die < term.count; die++) {
      counts = withDie(counts, term.faces);
      outcomes *= BigInt(term.faces);
    }
  }
  return { lowest, counts, outcomes };
}

// The counts once one more die of `faces` faces is added: each new count is the sum of a
// window of `faces` old ones (a running sum, not a product of every pair).
function withDie(counts, faces) {
  const next = [];
  let window = NO_WAYS;
  for (let i = 0; i < counts.length + faces - 1; i++) {
    if (i < counts.length) window += counts[i];
    if (i - faces >= 0) window -= counts[i - faces];
    next.push(window);
  }
  return next;
}

// {parts: [[low, high]…]} the faces a first cell names, in its order, or {refused: why},
// as table_law.faces reads it (a face, a range, a list joined by « , » or « ou »).
export function facesOf(cell) {
  if (Number.isInteger(cell)) return { parts: [[cell, cell]] };
  if (typeof cell !== "string") return { refused: "la première cellule doit donner une face ou des faces" };
  const parts = [];
  for (const part of cell.split(TABLE_FACES_SEPARATOR)) {
    const match = TABLE_FACES_PART.exec(part);
    if (!match) return { refused: `${quoted(cell)} ne donne pas de faces (attendu par exemple 5, 1–4 ou 1, 2 ou 3)` };
    const low = Number(match[1]);
    const high = match[2] === undefined ? low : Number(match[2]);
    if (high < low) return { refused: `${quoted(cell)}\u00a0: l'intervalle va de la plus petite face à la plus grande` };
    parts.push([low, high]);
  }
  return { parts };
}

// Whether the parts follow each other, from the smallest face up (1–2, 3, 4–6).
const following = (parts) => parts.every(([low], i) => i === 0 || low === parts[i - 1][1] + 1);

// The row's faces [low, high] within the law (null: none, an empty row, as the Python
// reads it), and the problem of a face beyond it or of faces that do not follow.
function rowSpan(row, law, roll) {
  if (!Array.isArray(row) || !row.length) return { span: null };
  const read = facesOf(row[0]);
  if (read.refused) return read;
  const { parts } = read;
  if (!following(parts)) return { refused: `les faces ${quoted(row[0])} d'une ligne se suivent, de la plus petite à la plus grande` };
  const [low, high] = [parts[0][0], parts.at(-1)[1]];
  const highest = law.lowest + law.counts.length - 1;
  const outside = low < law.lowest ? low : high > highest ? high : null;
  const span = [Math.max(low, law.lowest), Math.min(high, highest)];
  if (outside === null) return { span };
  return { span: span[0] <= span[1] ? span : null, outside: `${outside} n'est pas un résultat de ${roll} (de ${law.lowest} à ${highest})` };
}

// The totals no row draws, as runs [first, last].
function gapsOf(drawn) {
  const runs = [];
  drawn.forEach((row, i) => {
    if (row !== -1) return;
    if (runs.length && runs.at(-1)[1] === i - 1) runs.at(-1)[1] = i;
    else runs.push([i, i]);
  });
  return runs;
}

// {path in the entry: French message} of what is wrong with a table's rows against its
// roll (`field`: the property its schema marks « x-loi »); {} when each total has one row.
export function tableProblems(entity, field) {
  const roll = entity?.[field];
  if (roll === undefined || roll === null || roll === "") return {};
  const read = diceTerms(roll);
  if (read.refused) return { [`entite.${field}`]: read.refused };
  const law = lawOf(read.terms);
  const rows = Array.isArray(entity.lignes) ? entity.lignes : [];
  if (rows.length > law.counts.length) {
    return { "entite.lignes": `${rows.length} lignes pour ${law.counts.length} résultats de ${roll}\u00a0: une ligne par résultat au plus` };
  }
  const problems = [];
  const drawn = new Array(law.counts.length).fill(-1); // total − lowest → its row
  rows.forEach((row, index) => {
    const found = rowSpan(row, law, roll);
    const say = (message) => problems.push([`entite.lignes.${index}`, `Ligne ${index + 1}\u00a0: ${message}`]);
    if (found.refused) return say(found.refused);
    if (found.outside) say(found.outside);
    if (!found.span) return null;
    const [low, high] = found.span;
    let overlap = null; // the first face already drawn: said once, the others still drawn
    for (let total = low; total <= high; total++) {
      const before = drawn[total - law.lowest];
      if (before === -1) drawn[total - law.lowest] = index;
      else overlap ??= `le ${total} est déjà tiré par la ligne ${before + 1}`;
    }
    return overlap && say(overlap);
  });
  for (const [first, last] of gapsOf(drawn)) {
    const [a, b] = [first + law.lowest, last + law.lowest];
    problems.push(["entite.lignes", a === b ? `Aucune ligne pour ${a}` : `Aucune ligne pour ${a} à ${b}`]);
  }
  return problemsByPath(problems);
}

// [[path, message]…] as {path: « a ; b »} (how the engine's messages come, split by
// maison-schema.js errorMessages), the first
// MAX_SAID said and the rest counted.
const joined = (before, message) => (before ? `${before}${FINE}; ${message}` : message);
function problemsByPath(problems) {
  const said = {};
  problems.slice(0, MAX_SAID).forEach(([path, message]) => {
    said[path] = joined(said[path], message);
  });
  if (problems.length > MAX_SAID) {
    const more = `et ${problems.length - MAX_SAID} autres problèmes de lignes`;
    said["entite.lignes"] = joined(said["entite.lignes"], more);
  }
  return said;
}

// The table as the partie page rolls it (the payload's `tables` shape, pipeline/
// table_law.py rollable_tables), or null when it does not pass `tableProblems` or its law
// has more outcomes than the page can draw from. `id`, `nom`, `lien`: the page's own.
export function rollableTable(entity, field, { id, nom, lien }) {
  const roll = entity?.[field];
  if (typeof roll !== "string" || !roll || Object.keys(tableProblems(entity, field)).length) return null;
  const law = lawOf(diceTerms(roll).terms);
  if (law.outcomes > BigInt(MAX_DRAWN_OUTCOMES)) return null;
  const lignes = entity.lignes.map((row) => {
    const { parts } = facesOf(row[0]);
    const [de, a] = [parts[0][0], parts.at(-1)[1]];
    const ways = law.counts.slice(de - law.lowest, a - law.lowest + 1).reduce((n, c) => n + c, NO_WAYS);
    return { de, a, texte: row.slice(1).map(String).join(" · "), chances: percentText(ways, law.outcomes) };
  });
  const loi = { lowest: law.lowest, counts: law.counts.map(Number), outcomes: Number(law.outcomes) };
  return { id, nom, lien, des: roll, loi, lignes, maison: true };
}

// The property of a kind's schema that holds a table's roll (« x-loi »), as
// table_law.law_field finds it; null when it has none.
export function lawField(schema) {
  for (const [name, spec] of Object.entries(schema?.properties || {})) {
    if (spec && typeof spec === "object" && spec["x-loi"] === true) return name;
  }
  return null;
}

// The engine's messages of a house rule ({path: « a ; b »}) with those of its table's rows
// against its roll, when its kind's `schema` marks a roll (« x-loi »).
export function withTableProblems(errors, entity, schema) {
  const field = lawField(schema);
  const merged = { ...errors };
  if (!field) return merged;
  for (const [path, said] of Object.entries(tableProblems(entity, field))) {
    merged[path] = joined(merged[path], said);
  }
  return merged;
}

// {kind: its roll's field} of a system's house kinds that hold rollable tables, from the
// house context (assets/maison.json `systemes[system].genres`).
export function lawFieldsOf(kinds) {
  const fields = {};
  for (const [kind, known] of Object.entries(kinds || {})) {
    const field = lawField(known?.schema);
    if (field) fields[kind] = field;
  }
  return fields;
}

// The partie page's tables: the official ones (an amended one gives way to its house
// version) and the reader's house tables of `entries` that can be rolled, each named
// « (maison) ». `fields`: lawFieldsOf the system's kinds; `pageOf(entry)`: its page.
export function withHouseTables(official, entries, fields, pageOf) {
  const house = [];
  for (const entry of entries) {
    const field = Object.hasOwn(fields, entry?.genre) ? fields[entry.genre] : null;
    const entity = entry?.entite;
    if (!field || !entity || typeof entity.id !== "string") continue;
    const nom = `${String(entity.nom || entity.id)} (maison)`;
    const made = rollableTable(entity, field, { id: `maison:${entry.genre}/${entity.id}`, nom, lien: pageOf(entry) });
    if (made) house.push({ ...made, remplace: entry.base || null });
  }
  const replaced = new Set(house.map((table) => table.remplace).filter(Boolean));
  return [...official.filter((table) => !replaced.has(table.id)), ...house];
}
