// A calculator's values with no page around them (calc.js binds the form): its query from
// its fields, the values its address gives, the moves of a whole-number field, of a log of
// moves and of a picker, and what the key-figure bar and the screen reader are told.
// Pure functions: unit-tested under Node (tests/js/).
import { NBSP, plural } from "./texte.js";

// One value per field name; check boxes sharing a name give their checked values, joined
// by commas. `fields`: {name, type, checked, value} of each named field, in form order.
export function queryOfFields(fields) {
  const query = {};
  for (const field of fields) {
    if (field.type === "checkbox") {
      query[field.name] = [query[field.name], field.checked ? field.value : ""].filter(Boolean).join(",");
    } else {
      query[field.name] = field.value;
    }
  }
  return query;
}

// Whether a box of value `box` is checked by the query's `value` (its checked values).
export const checkedBy = (value, box) => value.split(",").includes(box);

// {name: value} of the form's `names` that the address's query (`search`) gives.
export function valuesFromAddress(search, names) {
  const params = new URLSearchParams(search);
  return Object.fromEntries([...new Set(names)].filter((name) => params.has(name)).map((name) => [name, params.get(name)]));
}

// A whole number as a field holds it (a typographic minus « − » too); NaN if it is none.
export const wholeNumber = (text) => Number.parseInt(text.replace("\u2212", "-"), 10);

// One more or one less (`step`) within the field's bounds; a value that is not a number
// yet starts again from the lowest one.
export function stepped(text, step, lowest, highest) {
  const current = wholeNumber(text);
  return String(Number.isNaN(current) ? lowest : Math.min(highest, Math.max(lowest, current + step)));
}

// A log of moves, one more appended, or its last one taken away.
export const withMove = (log, move) => `${log} ${move}`.trim();
export const withoutLastMove = (log) => log.trim().split(/\s+/).slice(0, -1).join(" ");

// A picker's suggestion appended to its field's comma-separated names.
export function withPick(text, picked) {
  const kept = text.trim().replace(/,$/, "");
  return kept ? `${kept}, ${picked}` : picked;
}

// « 2 points à corriger »
export const toFix = (count) => `${plural(count, "point")} à corriger`;

// The key figure's line in the bar ({label, value}), or what the bar says without one.
export const keyFigureText = (figure) => (figure ? `${figure.label}${NBSP}: ${figure.value}` : "Voir le résultat");

// What a roll says (lancer.js), worded by the very function of the key figure: its outcome
// with that outcome's chance ({ outcome }); when the outcome is a class (« Réussite »), the
// result drawn within it with its own chance, named as such ({ precise }). `reply`: the
// engine's (api.py _rolled).
export function rollWords(reply) {
  if (!reply.groupe || !reply.probabilite_groupe) {
    return { outcome: keyFigureText({ label: reply.issue, value: reply.probabilite }), precise: "" };
  }
  return {
    outcome: keyFigureText({ label: reply.groupe, value: reply.probabilite_groupe }),
    precise: `${reply.issue} (ce résultat précis${NBSP}: ${reply.probabilite})`,
  };
}

export const MAX_ANNOUNCED = 3; // problems read out after one computation; the bar counts them all

// Once per computation, for screen readers: the problems ({label, message}) with the field
// each one concerns, the first few; `otherwise` without any.
export function announcement(problems, otherwise) {
  if (!problems.length) return otherwise;
  const said = problems.slice(0, MAX_ANNOUNCED).map(({ label, message }) => `Champ «${NBSP}${label}${NBSP}»${NBSP}: ${message}`);
  return [`${toFix(problems.length)}.`, ...said].join(" ");
}
