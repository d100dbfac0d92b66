// The form of the page « Règles maison »: write a new house rule, change one kept, or
// amend an official entity (its id fixed). The system and kind are chosen first; the
// entity's fields come from its kind's schema (maison-formulaire.js); YAML or JSON pasted
// fills them. « Enregistrer » has the engine check the rule (action « verifier »): its
// messages are shown at their fields and in a summary, else the rule is kept.
import { confirmed, element, handledHere } from "./commun.js";
import { StorageRefused, storageSays } from "./lib/stockage.js";
import { problemsHeading, problemsSaid, textTooLong, unreadablePaste } from "./lib/maison-messages.js";
import { entryKey } from "./lib/maison-cle.js";
import { clashOf, nameOf, othersThan, pastedEntry, referencesOf } from "./lib/maison-regles.js";
import { withTableProblems } from "./lib/table-loi.js";
import { NBSP, quoted, typo } from "./lib/texte.js";
import { HOUSE_MAX_DEPTH, HOUSE_MAX_TEXT_CHARS } from "./lib/contrat.js";
import { entityForm } from "./maison-formulaire.js";
import {
  HOUSE_ENGINE_DOWN,
  HOUSE_UNREADABLE,
  houseEngine,
  keepChanges,
  namesOf,
  officialEntity,
  officialUrl,
} from "./maison-page.js";
import { houseUrl, readStore } from "./maison-stock.js";
import {
  KEEP_MINE,
  TAKE_THEIRS,
  printOf,
  ruleAt,
  ruleChangedQuestion,
  ruleGoneQuestion,
  ruleTakenFromThere,
  rulesSeen,
} from "./lib/autre-onglet.js";

// --- the form's elements ----------------------------------------------------------------------

// The box where YAML or JSON is pasted, with its button and its status line.
function pasteBox() {
  const text = element("textarea", { id: "srd-maison-yaml", rows: "8", spellcheck: "false" });
  const read = element("button", { type: "button", class: "md-button" }, "Lire dans le formulaire");
  const said = element("p", { role: "status", class: "srd-maison-yaml-etat" });
  const box = element(
    "details",
    { class: "srd-maison-yaml" },
    element("summary", {}, "Coller du YAML ou du JSON"),
    element("p", {}, typo("Une entité comme dans les fichiers de données du site (ses champs\u00a0: id, nom, resume…), ou une règle d'un export (systeme, genre, entite). Elle remplit le formulaire, que vous vérifiez avant d'enregistrer.")),
    element("label", { for: text.id }, "Texte YAML ou JSON"),
    text,
    element("p", {}, read),
    said,
  );
  return { box, yamlText: text, yamlRead: read, yamlSaid: said };
}

function formNodes() {
  const form = element("form", { class: "srd-maison-formulaire", novalidate: "" });
  const systemSelect = element("select", { id: "srd-maison-systeme", name: "systeme" });
  const kindSelect = element("select", { id: "srd-maison-genre", name: "genre" });
  const what = element(
    "div",
    { class: "srd-maison-quoi" },
    element("div", { class: "srd-maison-champ" }, element("label", { for: systemSelect.id }, "Système"), systemSelect),
    element("div", { class: "srd-maison-champ" }, element("label", { for: kindSelect.id }, "Genre d'entité"), kindSelect),
  );
  const amending = element("p", { class: "srd-maison-modifie", hidden: "" });
  const summary = element("div", { class: "srd-maison-resume-erreurs", tabindex: "-1", hidden: "" });
  const { box: yaml, ...paste } = pasteBox();
  const fieldsBox = element("div", { class: "srd-maison-champs" });
  const save = element("button", { type: "submit", class: "md-button md-button--primary" }, "Enregistrer");
  const reset = element("button", { type: "button", class: "md-button" }, "Nouvelle règle");
  const status = element("p", { class: "srd-maison-formulaire-etat", role: "status", "aria-live": "polite" });
  form.append(what, amending, yaml, summary, fieldsBox, element("p", { class: "srd-maison-enregistrer" }, save, " ", reset), status);
  return { form, systemSelect, kindSelect, amending, summary, fieldsBox, save, reset, status, ...paste };
}

// --- choosing the system and kind, and the form of that kind ------------------------------------

const setFormState = (w, name) => {
  w.nodes.form.dataset.state = name;
};

// kind → the [{id, nom}] a reference may name in `system` (the official entities only
// without storage).
async function referencesFor(system) {
  const names = await namesOf();
  let regles = [];
  try {
    regles = readStore().collection.regles;
  } catch {
    // Without storage, the official entities only.
  }
  return referencesOf(names, regles, system);
}

function fillKindSelect(w) {
  const { systemSelect, kindSelect } = w.nodes;
  const system = w.systemsNow()[systemSelect.value];
  kindSelect.replaceChildren();
  for (const [id, kind] of Object.entries(system?.genres || {})) kindSelect.append(element("option", { value: id }, kind.titre || kind.nom || id));
}

function fillSelects(w) {
  const { systemSelect } = w.nodes;
  const systems = w.systemsNow();
  if (systemSelect.options.length) return;
  for (const [id, system] of Object.entries(systems)) systemSelect.append(element("option", { value: id }, system.nom || id));
  fillKindSelect(w);
}

// The line that says an official entity is being amended, with its page.
function showAmending(w, system, kind, base, entity) {
  w.nodes.amending.hidden = !base;
  if (!base) return;
  w.nodes.amending.replaceChildren(
    typo(`Vous modifiez l'entité officielle ${quoted(entity?.nom || base)}\u00a0: son identifiant ne change pas, et la page officielle reste là (`),
    element("a", { href: officialUrl(system, kind, base) }, "voir la page officielle"),
    ").",
  );
}

// A new form for the chosen system and kind, filled with `entity` (or empty).
// `seen`: what this page read of the rule `editing` (printOf), to tell at the save whether
// another tab changed it since.
async function build(w, entity = null, { base = null, editing = null, seen = null } = {}) {
  const { systemSelect, kindSelect, fieldsBox, summary } = w.nodes;
  const system = systemSelect.value;
  const kind = kindSelect.value;
  const known = w.systemsNow()[system]?.genres?.[kind];
  if (!known) {
    fieldsBox.replaceChildren();
    w.current = null;
    return;
  }
  const made = entityForm(known.schema, { refs: await referencesFor(system), fixedId: base });
  if (entity) made.fill(entity);
  fieldsBox.replaceChildren(made.node);
  w.current = { system, kind, schema: known.schema, form: made, base, editing, seen };
  systemSelect.disabled = kindSelect.disabled = Boolean(base);
  showAmending(w, system, kind, base, entity);
  summary.hidden = true;
  summary.replaceChildren();
  setFormState(w, editing ? "modification" : "pret");
}

// --- the engine's messages ----------------------------------------------------------------------

// The fields outside the entity the engine's messages may name: {path: {control, box}}.
function outsideFields(w) {
  const { systemSelect, kindSelect } = w.nodes;
  const id = w.current?.form.control("id");
  const fields = {
    systeme: { control: systemSelect, box: systemSelect.parentElement },
    genre: { control: kindSelect, box: kindSelect.parentElement },
    base: id ? { control: id, box: id.parentElement } : undefined,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v));
}

// One problem of the summary: a link to its field, which it focuses.
function summaryItem({ control, message, title }) {
  if (!control?.id) return element("li", {}, message);
  // The field's title first: the engine's message names the field by its key.
  const link = element("a", { href: `#${control.id}` }, title ? `${title}${NBSP}: ${message}` : message);
  link.addEventListener("click", (event) => {
    handledHere(event);
    control.focus();
    control.scrollIntoView({ block: "center" });
  });
  return element("li", {}, link);
}

// The problems `shown` (in the page's order) above the form; the first field is focused.
function showSummary(w, shown) {
  const { summary } = w.nodes;
  summary.replaceChildren(element("h3", {}, problemsHeading(shown.length)), element("ul", {}, ...shown.map(summaryItem)));
  summary.hidden = false;
  const first = shown.find((one) => one.control)?.control;
  if (first) first.focus();
  else summary.focus();
}

// --- « Enregistrer » ------------------------------------------------------------------------------

// Why the rule is not kept when the storage refuses (what is written stays in the form).
const notKept = (error) =>
  `${storageSays(error, HOUSE_UNREADABLE)}${NBSP}: la règle n'est pas enregistrée, mais le formulaire garde ce que vous avez écrit.`;

// The entry the form holds, dated.
function entryOfForm(current) {
  const entry = { systeme: current.system, genre: current.kind, entite: current.form.read() };
  if (current.base) entry.base = current.base;
  entry.modifie = new Date().toISOString();
  return entry;
}

// What is kept, or null once the form said it cannot be read.
function keptOrSay(w) {
  try {
    return readStore();
  } catch (error) {
    if (!(error instanceof StorageRefused)) throw error;
    setFormState(w, "erreurs");
    w.say(notKept(error));
    return null;
  }
}

// Whether the engine found `entry` valid among `others`; else its problems are said.
async function checked(w, entry, others) {
  let reply;
  try {
    reply = await houseEngine("verifier", { entree: entry }, others);
  } catch (error) {
    console.warn("maison\u00a0:", error);
    setFormState(w, "erreurs");
    w.say(`${HOUSE_ENGINE_DOWN} La règle n'est pas enregistrée.`);
    return false;
  }
  if (!reply.ok) {
    setFormState(w, "erreurs");
    w.say(`Règle non enregistrée\u00a0: ${reply.message}`);
    return false;
  }
  // The engine checks a rule's fields; the rows of a table against its roll are checked
  // here, as the build checks the official tables (lib/table-loi.js).
  const errors = withTableProblems(reply.erreurs || {}, entry.entite, w.current.schema);
  if (!Object.keys(errors).length) return warnedAndKept(w, reply.avertissements || {});
  const shown = w.current.form.showErrors(errors, outsideFields(w));
  w.say(problemsSaid(shown.length));
  setFormState(w, "erreurs");
  showSummary(w, shown);
  return false;
}

// A rule the reader accepts with a warning (a name that looks like an official one): kept
// only if the GM says so.
async function warnedAndKept(w, warnings) {
  const said = Object.values(warnings);
  if (!said.length) return true;
  if (await confirmed(`${said.join(" ; ")}.`, "Enregistrer quand même", w.nodes.save)) return true;
  w.say("Règle non enregistrée\u00a0: changez son nom, ou enregistrez-la quand même.");
  return false;
}

// Whether the rule may take the place of `clash`, another rule of its key (the reader says).
async function replacesClash(w, clash, entity) {
  if (!clash) return true;
  const question = typo(`Une règle maison ${quoted(nameOf(clash))} porte déjà l'identifiant ${quoted(entity.id)}\u00a0: la remplacer par celle-ci\u202f?`);
  if (await confirmed(question, "Remplacer", w.nodes.save)) return true;
  setFormState(w, "pret");
  w.say("Rien n'a été enregistré\u00a0: changez l'identifiant pour garder les deux.");
  return false;
}

// What this page read of the rules a save writes: the one it edits (as opened), and the one
// of its key (as it was when the engine checked it, its replacement asked about).
function seenBySave(w, kept, key) {
  const { editing, seen } = w.current;
  const found = rulesSeen(kept.collection.regles, [key]);
  if (editing) found.set(editing, seen);
  return found;
}

// Another tab changed (or deleted: `now` null) the rule being saved since this page read
// it: whether this one is kept all the same (« Garder la mienne »).
const askChanged = (w, entry, now) =>
  now
    ? confirmed(ruleChangedQuestion(quoted(nameOf(now))), KEEP_MINE, w.nodes.save, TAKE_THEIRS)
    : confirmed(ruleGoneQuestion(quoted(nameOf(entry))), "Enregistrer", w.nodes.save);

// « Prendre l'autre »: the other tab's rule, kept, is opened in the form; or, deleted
// there, nothing is written and the form keeps what was written.
async function tookTheirs(w, key) {
  let theirs = null;
  try {
    theirs = ruleAt(readStore().collection.regles, key);
  } catch {
    // Unreadable now: the form keeps what was written.
  }
  if (theirs) await openRule(w, theirs, { editing: key });
  setFormState(w, theirs ? "modification" : "pret");
  w.say(theirs ? ruleTakenFromThere(quoted(nameOf(theirs))) : "Rien n'a été enregistré.");
}

async function saveRule(w) {
  if (!w.current) return;
  setFormState(w, "verification");
  w.say("Vérification par le moteur (quelques secondes la première fois)…");
  const entry = entryOfForm(w.current);
  const key = entryKey(entry);
  const kept = keptOrSay(w);
  if (!kept || !(await checked(w, entry, othersThan(kept.collection.regles, key, w.current.editing)))) return;
  w.current.form.clearErrors();
  w.nodes.summary.hidden = true;
  w.nodes.summary.replaceChildren();
  const clash = clashOf(kept.collection.regles, key, w.current.editing);
  if (!(await replacesClash(w, clash, entry.entite))) return;
  let dropped;
  try {
    ({ dropped } = await keepChanges(seenBySave(w, kept, key), [{ entry, editing: w.current.editing }], (at, now) => askChanged(w, entry, now)));
  } catch (error) {
    setFormState(w, "erreurs");
    if (error instanceof StorageRefused) return w.say(notKept(error));
    console.warn("maison :", error);
    return w.say(`${HOUSE_ENGINE_DOWN} La règle n'est pas enregistrée.`);
  }
  if (dropped.length) return tookTheirs(w, dropped[0]);
  const done = clash || w.current.editing ? "mise à jour" : "enregistrée";
  w.current.editing = key;
  w.current.seen = printOf(entry);
  setFormState(w, "enregistre");
  w.say(`Règle ${quoted(nameOf(entry))} ${done} dans ce navigateur. `, element("a", { href: houseUrl(key) }, "Voir la règle"));
  w.sayOnPage("");
}

// --- YAML or JSON pasted --------------------------------------------------------------------------

// What js-yaml's safe load (no alias, depth bounded) makes of a pasted text, {value};
// or {refused} when it is empty, too long, or neither YAML nor JSON.
async function pastedValue(text) {
  if (!text.trim()) return { refused: "Collez d'abord une entité en YAML ou en JSON." };
  const tooLong = textTooLong(text.length, HOUSE_MAX_TEXT_CHARS);
  if (tooLong) return { refused: tooLong };
  try {
    const { load } = await import("./js-yaml.mjs");
    return { value: load(text, { maxDepth: HOUSE_MAX_DEPTH, maxAliases: 0 }) };
  } catch (error) {
    return { refused: unreadablePaste(error) };
  }
}

// YAML or JSON pasted: it fills the form.
async function readPasted(w) {
  const { systemSelect, kindSelect, yamlText, yamlSaid } = w.nodes;
  const read = await pastedValue(yamlText.value);
  const pasted = read.refused ? read : pastedEntry(read.value, w.systemsNow(), systemSelect.value, w.current?.base);
  if (pasted.refused) return yamlSaid.replaceChildren(pasted.refused);
  if (pasted.system) {
    systemSelect.value = pasted.system;
    fillKindSelect(w);
  }
  if (pasted.kind) kindSelect.value = pasted.kind;
  const { base = null, editing = null, seen = null } = w.current || {};
  await build(w, pasted.entity, { base, editing, seen });
  yamlSaid.replaceChildren(typo("Formulaire rempli\u00a0: vérifiez-le, puis «\u202fEnregistrer\u202f»."));
  w.current?.form.control("nom")?.focus();
}

// --- opening a rule ------------------------------------------------------------------------------

// Opens a kept entry (its key in `editing`) or an official entity to amend (`base`).
async function openRule(w, entry, { editing = null } = {}) {
  const { form, systemSelect, kindSelect } = w.nodes;
  fillSelects(w);
  systemSelect.disabled = kindSelect.disabled = false;
  systemSelect.value = entry.systeme;
  fillKindSelect(w);
  kindSelect.value = entry.genre;
  await build(w, entry.entite, { base: entry.base || null, editing, seen: editing ? printOf(entry) : null });
  form.scrollIntoView({ block: "start" });
  w.current?.form.control("nom")?.focus({ preventScroll: true });
}

// `?modifier=<key>`: the reader's own amendment when one is kept, else the official entity.
async function amendEntity(w, key) {
  let kept = null;
  try {
    kept = readStore().collection.regles.find((one) => entryKey(one) === key);
  } catch {
    // Without storage: the official entity, which cannot be kept (the form will say it).
  }
  if (kept) {
    await openRule(w, kept, { editing: key });
    return w.say(`Votre modification de ${quoted(nameOf(kept))}, déjà gardée, est ouverte.`);
  }
  const [system, kind, id] = key.split("/");
  const schema = w.systemsNow()[system]?.genres?.[kind]?.schema;
  let entity = null;
  try {
    entity = schema ? await officialEntity(key, schema) : null;
  } catch (error) {
    console.warn("maison\u00a0:", error);
  }
  if (!entity) return w.say(`Entité officielle ${quoted(key)} introuvable\u00a0: rien à modifier.`);
  await openRule(w, { systeme: system, genre: kind, entite: entity, base: id });
  w.say(`Entité officielle ${quoted(entity.nom || id)} ouverte\u00a0: modifiez-la, puis «\u202fEnregistrer\u202f».`);
}

// The form in `box`; `systemsNow()` the systems of maison.json once read, `sayOnPage`
// the page's status line. Returns {ready, open, amend}.
export function makeWriter(box, systemsNow, sayOnPage) {
  const nodes = formNodes();
  box.replaceChildren(nodes.form);
  const w = {
    nodes,
    systemsNow,
    sayOnPage,
    current: null, // {system, kind, schema, form: entityForm, base, editing (key kept)}
    say: (text, ...extra) => nodes.status.replaceChildren(typo(text), ...extra),
  };
  nodes.systemSelect.addEventListener("change", () => {
    fillKindSelect(w);
    build(w);
  });
  nodes.kindSelect.addEventListener("change", () => build(w));
  nodes.reset.addEventListener("click", async () => {
    nodes.systemSelect.disabled = nodes.kindSelect.disabled = false;
    await build(w);
    w.say("Formulaire vidé\u00a0: une nouvelle règle.");
  });
  nodes.form.addEventListener("submit", (event) => {
    event.preventDefault();
    saveRule(w);
  });
  nodes.yamlRead.addEventListener("click", () => readPasted(w));
  return {
    async ready() {
      fillSelects(w);
      if (!w.current) await build(w);
    },
    open: (entry, options) => openRule(w, entry, options),
    amend: (key) => amendEntity(w, key),
  };
}
