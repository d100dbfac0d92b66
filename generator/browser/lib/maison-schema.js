// What the form of a house entity reads in its kind's house schema (the `schema` of
// assets/maison.json, house/reader.py entity_schema), with no page around it: a property's
// definition, the control it is typed in, the value a typed text stands for, and the field
// an engine's message is said at. Pure functions: unit-tested under Node
// (tests/js/maison-schema.test.mjs); the form itself is maison-formulaire.js.

// A property's schema with its `$ref` (« #/$defs/… ») read in the kind's schema; its own
// title and description win over the definition's.
export function resolved(spec, root) {
  if (!spec || typeof spec !== "object") return {};
  const ref = spec.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/$defs/")) return spec;
  const name = ref.slice("#/$defs/".length);
  const target = Object.hasOwn(root.$defs || {}, name) ? root.$defs[name] : {};
  const { $ref, ...own } = spec;
  return { ...resolved(target, root), ...own, "x-texte": name === "texte" || undefined };
}

// A field only a transcription of the source needs (its sheet, its printed value): the
// house schema makes it optional, the form does not ask it (house/reader.py entity_schema).
export const isTranscription = (spec) => spec?.["x-transcription"] === true;

export const typesOf = (spec) => (Array.isArray(spec.type) ? spec.type : spec.type ? [spec.type] : []);

// Whether a required field also refuses an empty value (a text of at least one
// character, a choice, a reference, a number, a list with an item, an object with a
// required field): only such a field is said « (obligatoire) ». A required text, list or
// object that may stay empty (« vide s'il n'y en a pas ») is filled by the form anyway.
export function demandsValue(spec) {
  const types = typesOf(spec);
  if (Array.isArray(spec.enum) || typeof spec["x-ref"] === "string" || spec.const !== undefined) return true;
  if (types.includes("null") || types.includes("boolean")) return false;
  if (types.includes("string")) return (spec.minLength ?? 0) > 0 || typeof spec.pattern === "string";
  if (types.includes("array")) return (spec.minItems ?? 0) > 0;
  if (types.includes("object")) return (spec.minProperties ?? 0) > 0 || (Array.isArray(spec.required) && spec.required.length > 0);
  return types.length > 0;
}

// A field's help in the game master's words: the schemas say « null » for a value left
// empty, and a text's tags by their syntax alone.
export const TEXT_HELP =
  "Mise en forme Markdown (*italique*, **gras**, listes en « - »). Pour nommer une autre entité du site, écrivez entre accolades « @ », son genre et son identifiant, tels que l'adresse de sa page les donne.";
export function helpText(spec) {
  const said = String(spec.description || "");
  if (said.includes("{@genre id}")) return TEXT_HELP; // the schemas' help of a Markdown text
  return said.replace(/\bnull\b/gu, "vide").replace(/\bNull\b/gu, "Vide");
}

// A long text: Markdown (the schemas' « texte »), or a field whose name says a text.
const LONG_NAMES = /description|effet|resume|texte|constat|decision|alternative|regle/;
export function isLong(name, spec) {
  if (spec["x-texte"] || spec["x-rendu"] === "markdown") return true;
  if (/markdown/i.test(spec.description || "")) return true;
  return LONG_NAMES.test(String(name));
}

// The control a value is typed in: « enum » (a list of its values), « checkbox » (a
// required boolean), « boolean » (—, Oui, Non), « ref » (the entities of a kind),
// « number », « long » (a textarea), else « text ».
export function scalarKind(spec, field) {
  const types = typesOf(spec);
  if (Array.isArray(spec.enum)) return "enum";
  if (types.includes("boolean")) return field.required ? "checkbox" : "boolean";
  if (typeof spec["x-ref"] === "string") return "ref";
  if (types.length && types.every((t) => t === "integer" || t === "number" || t === "null")) return "number";
  return isLong(field.name, spec) ? "long" : "text";
}

// [value, shown] of an enumeration's choices (null aside), under their `x-libelles`.
export function enumChoices(spec) {
  const labels = spec["x-libelles"] || {};
  return spec.enum.filter((value) => value !== null).map((value) => {
    const text = String(value);
    return [text, Object.hasOwn(labels, text) ? labels[text] : text];
  });
}

// A number typed (« 1,5 » as « 1.5 »), or the text as typed when it is none: the engine
// names the type.
function numeric(raw) {
  const n = Number(raw.replace(",", "."));
  if (raw.trim() === "" || !Number.isFinite(n)) return raw;
  return n;
}

// The value the text `raw` of a control of `kind` stands for (undefined: left out).
export function scalarValue(raw, spec, kind, required) {
  const types = typesOf(spec);
  if (raw === "") {
    if (!required) return undefined;
    if (types.includes("null")) return null;
    return types.includes("string") || kind === "text" || kind === "long" ? "" : undefined;
  }
  if (kind === "enum") return spec.enum.find((value) => String(value) === raw) ?? raw;
  if (kind === "boolean") return raw === "oui";
  if (kind === "number") return numeric(raw);
  if (types.includes("integer") && /^-?[0-9]+$/.test(raw.trim())) return Number(raw);
  if (types.includes("number") && !types.includes("string")) return numeric(raw);
  if (types.includes("number") && /^-?[0-9]+([.,][0-9]+)?$/.test(raw.trim())) return numeric(raw);
  return raw;
}

// The text a value is shown as in a text control or a list.
export const filledText = (value) =>
  value === undefined || value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);

// [path, message] of each message of the engine's errors ({path: « a ; b »}).
export const errorMessages = (errors) =>
  Object.entries(errors || {}).flatMap(([path, said]) => String(said).split(/\s+;\s+/u).map((message) => [path, message]));

// The field of the entity a message of `path` (« entite.prerequis.0.atout ») is said at:
// the nearest field that holds it (`has(path)`), or the field a « champ obligatoire « x »
// manquant » names in it; null when the message is not the entity's fields'.
export function fieldOf(path, message, has) {
  let parts = path.startsWith("entite") ? path.split(".").slice(1) : null;
  const missing = message.match(/champ obligatoire\s*«\s*(.+?)\s*»\s*manquant/u);
  if (parts && missing && has([...parts, missing[1]].join("."))) parts = [...parts, missing[1]];
  while (parts && parts.length) {
    if (has(parts.join("."))) return parts.join(".");
    parts = parts.slice(0, -1);
  }
  return null;
}
