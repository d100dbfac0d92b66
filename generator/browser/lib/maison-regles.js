// The reader's house rules as a list, with no page and no storage around them: keys and
// names, the list grouped for the page, where a rule written or imported takes its place,
// the switches kept, the entities a reference may name. Pure functions: unit-tested under
// Node (tests/js/maison-regles.test.mjs). The store itself is maison-stock.js.
import { entryKey } from "./maison-cle.js";

// The name a rule is called by in the page's sentences.
export const nameOf = (entry) => String(entry?.entite?.nom || entry?.entite?.id || "sans nom");

// Map system → Map kind → [entries], in the order the rules are kept.
export function bySystem(rules) {
  const systems = new Map();
  for (const entry of rules) {
    if (!systems.has(entry.systeme)) systems.set(entry.systeme, new Map());
    const kinds = systems.get(entry.systeme);
    if (!kinds.has(entry.genre)) kinds.set(entry.genre, []);
    kinds.get(entry.genre).push(entry);
  }
  return systems;
}

// The switched-off keys with `key` switched on or off.
export function switched(eteintes, key, on) {
  const off = new Set(eteintes || []);
  if (on) off.delete(key);
  else off.add(key);
  return [...off];
}

// The switched-off keys that still name a rule of `regles`.
export function switchesKept(eteintes, regles) {
  const keys = new Set(regles.map(entryKey));
  return (eteintes || []).filter((key) => keys.has(key));
}

// What a rule brought by a file or a link meets in `regles`: nothing of its key
// (« nouvelle »), the same rule (« identique »), or another one at `at` (« autre »).
export function meeting(regles, entry) {
  const key = entryKey(entry);
  const at = regles.findIndex((one) => entryKey(one) === key);
  if (at < 0) return { kind: "nouvelle", at };
  return { kind: JSON.stringify(regles[at]) === JSON.stringify(entry) ? "identique" : "autre", at };
}

// The rules a written rule is checked against: all but its key and the one it edits.
export const othersThan = (regles, key, editing) =>
  regles.filter((one) => {
    const its = entryKey(one);
    return its !== key && its !== editing;
  });

// Another kept rule the written one would replace: of its key, and not the one edited.
export const clashOf = (regles, key, editing) => regles.find((one) => entryKey(one) === key && key !== editing);

// `regles` with `entry` written: it takes the place of the rule edited (`editing`, its key
// may have changed) or of the one of its key, and any other rule of its key goes.
export function withWritten(regles, entry, editing) {
  const key = entryKey(entry);
  const target = editing || key;
  const kept = regles.filter((one) => entryKey(one) !== key || key === target);
  const at = kept.findIndex((one) => entryKey(one) === target);
  if (at >= 0) kept[at] = entry;
  else kept.push(entry);
  return kept;
}

// Map "system/kind" → [{id, nom}] of the official entities, from the finder's rows
// (assets/entites.json: {i: key, n: name}).
export function officialNames(rows) {
  const names = new Map();
  for (const row of rows) {
    const [system, kind, id] = String(row.i).split("/");
    const group = `${system}/${kind}`;
    if (!names.has(group)) names.set(group, []);
    names.get(group).push({ id, nom: row.n });
  }
  return names;
}

// kind → the [{id, nom}] a reference of that kind may name in `system`: the official
// entities and the new house ones of `regles` (an amendment is already named), by name.
export function referencesOf(names, regles, system) {
  const house = regles.filter((entry) => entry.systeme === system && !entry.base);
  return (kind) => {
    const found = [...(names.get(`${system}/${kind}`) || [])];
    for (const entry of house) {
      if (entry.genre === kind && entry.entite?.id) found.push({ id: entry.entite.id, nom: `${nameOf(entry)} (règle maison)` });
    }
    return found.sort((a, b) => a.nom.localeCompare(b.nom, "fr"));
  };
}

// The entity `id` of an official list (api/<system>/<kind>.json), with only the fields of
// its house schema (not what the export adds: its page's address), or null. Its source,
// editorial notes and other transcription fields (`x-transcription`) are left out: they
// say of the official text, not of the game master's.
export function officialFields(entities, id, schema) {
  const found = Array.isArray(entities) ? entities.find((e) => e?.id === id) : null;
  if (!found) return null;
  const kept = schema?.properties || {};
  const asked = (name) => Object.hasOwn(kept, name) && kept[name]?.["x-transcription"] !== true;
  return Object.fromEntries(Object.entries(found).filter(([name]) => asked(name)));
}

// What a pasted YAML or JSON value fills the form with: {entity, system, kind} (the
// system and kind an exported rule names, when the site has them and no official entity
// is being amended; else null), or {refused} when it is not one entity. `chosen`: the
// form's system; `base`: the id of the official entity being amended.
export function pastedEntry(value, systems, chosen, base) {
  if (Array.isArray(value) && value.length === 1) value = value[0];
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    return { refused: "Une seule entité est attendue (un objet avec ses champs). Le formulaire n'a pas changé." };
  }
  let entity = value;
  let system = null;
  let kind = null;
  if (value.entite && typeof value.entite === "object") {
    entity = value.entite;
    if (typeof value.systeme === "string" && systems[value.systeme] && !base) system = value.systeme;
    if (typeof value.genre === "string" && systems[system || chosen]?.genres?.[value.genre] && !base) kind = value.genre;
  }
  if (base) entity = { ...entity, id: base };
  return { entity, system, kind };
}
