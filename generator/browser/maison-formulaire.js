// « Règles maison »: the form of one house entity, made from its kind's house schema (the
// `schema` of assets/maison.json, house/reader.py entity_schema). Generic: each property
// under its title (its description as help), strings, long texts, numbers with their
// bounds, enumerations with their `x-libelles`, booleans, references (`x-ref`) to the
// entities of that kind, lists with « Ajouter » and « Retirer », objects as fieldsets.
// The form only gathers what is typed (how it reads the schema: lib/maison-schema.js): the
// engine judges it (maison-ecrire.js, action « verifier »), and its messages are shown
// here, at their fields (`showErrors`).
// Only elements and text nodes are built: nothing typed or read is ever parsed as HTML.
import { element } from "./commun.js";
import {
  demandsValue,
  enumChoices,
  errorMessages,
  fieldOf,
  filledText,
  helpText,
  isTranscription,
  resolved,
  scalarKind,
  scalarValue,
  typesOf,
} from "./lib/maison-schema.js";
import { NBSP, slug } from "./lib/texte.js";

let made = 0;
const newElementId = (stem) => `srd-maison-${stem}-${++made}`;

// The label's text: the title, and « obligatoire » for a required field.
function labelParts(title, required) {
  const parts = [title];
  if (required) parts.push(" ", element("span", { class: "srd-maison-requis" }, "(obligatoire)"));
  return parts;
}

// Help text under a label, and the id that names it for aria-describedby.
function help(spec) {
  const text = helpText(spec);
  if (!text) return null;
  return element("p", { class: "srd-maison-aide", id: newElementId("aide") }, text);
}

const FOCUSABLE = "input:not([type=hidden]), select, textarea, button";

// --- widgets ------------------------------------------------------------------------------
// Each: {node, read(path, fields) → value or undefined, fill(value)}. `read` notes in
// `fields` (path « prerequis.0.atout » → {control, box, help}) where each field is, for
// the engine's messages; `field`: {name, title, required, item (a list's item)}.

function widget(spec, ctx, field) {
  const types = typesOf(spec);
  if (types.includes("object") && spec.properties) return objectWidget(spec, ctx, field);
  if (types.includes("array")) return arrayWidget(spec, ctx, field);
  return scalarWidget(spec, ctx, field);
}

function objectWidget(spec, ctx, field, top = false) {
  const required = new Set(Array.isArray(spec.required) ? spec.required : []);
  // A field only a transcription of the source needs is not asked (a value of it, in a
  // rule kept with one, stays as it was: `extra`).
  const asked = Object.entries(spec.properties || {}).filter(([, child]) => !isTranscription(resolved(child, ctx.root)));
  const children = asked.map(([name, child]) => {
    const own = resolved(child, ctx.root);
    const field = { name, title: own.title || name, required: required.has(name), demanded: required.has(name) && demandsValue(own) };
    return [name, widget(own, ctx, field)];
  });
  const aide = top ? null : help(spec);
  const node = top
    ? element("div", { class: "srd-maison-entite" })
    : element("fieldset", { class: "srd-maison-groupe" }, element("legend", {}, ...labelParts(field.title, field.demanded && !field.item)));
  if (aide) {
    node.append(aide);
    node.setAttribute("aria-describedby", aide.id);
  }
  for (const [, child] of children) node.append(child.node);
  let extra = {}; // fields the schema does not know, kept for the engine to name them
  return {
    node,
    children: new Map(children),
    read(path, fields) {
      if (!top) fields.set(path.join("."), { control: node.querySelector(FOCUSABLE), box: node, help: aide });
      const value = { ...extra };
      for (const [name, child] of children) {
        const one = child.read([...path, name], fields);
        if (one !== undefined) value[name] = one;
      }
      if (!top && !field.required && !field.item && !Object.keys(value).length) return undefined;
      return value;
    },
    fill(value) {
      const given = value && typeof value === "object" && !Array.isArray(value) ? value : {};
      extra = {};
      for (const name of Object.keys(given)) if (!children.some(([known]) => known === name)) extra[name] = given[name];
      for (const [name, child] of children) child.fill(Object.hasOwn(given, name) ? given[name] : undefined);
    },
  };
}

// The fieldset of a list: its legend, its help, its items (`list`) and « Ajouter », named
// for a screen reader by what it adds.
function listFieldset(field, itemTitle, aide, list) {
  const add = element(
    "button",
    { type: "button", class: "md-button srd-maison-ajouter" },
    "Ajouter",
    element("span", { class: "srd-lecteur-ecran" }, ` — ${itemTitle}`),
  );
  const node = element(
    "fieldset",
    { class: "srd-maison-groupe srd-maison-liste-champ" },
    element("legend", {}, ...labelParts(field.title, field.demanded && !field.item)),
  );
  if (aide) {
    node.append(aide);
    node.setAttribute("aria-describedby", aide.id);
  }
  node.append(list, element("p", {}, add));
  return { node, add };
}

// An item's « Retirer », named for a screen reader by the item's number (renumbered).
const removeButton = () =>
  element("button", { type: "button", class: "md-button srd-maison-retirer" }, "Retirer", element("span", { class: "srd-lecteur-ecran" }, ""));

function arrayWidget(spec, ctx, field) {
  const itemSpec = resolved(spec.items || {}, ctx.root);
  const itemTitle = itemSpec.title || field.title;
  const aide = help(spec);
  const list = element("ol", { class: "srd-maison-items" });
  const { node, add } = listFieldset(field, itemTitle, aide, list);
  let items = [];
  const titled = (n) => `${itemTitle} n°${NBSP}${n}`;
  const renumber = () =>
    items.forEach((item, i) => {
      item.title.textContent = titled(i + 1);
      item.remove.lastChild.textContent = ` — ${titled(i + 1)}`;
    });
  const append = (value) => {
    const one = widget(itemSpec, ctx, { name: "", title: titled(items.length + 1), required: true, item: true });
    const remove = removeButton();
    const li = element("li", { class: "srd-maison-item" }, one.node, remove);
    // The item's own label or legend carries its number (« Atout requis n° 2 »).
    const title = one.node.querySelector("legend, label") || element("span");
    const item = { li, one, remove, title };
    remove.addEventListener("click", () => {
      items = items.filter((other) => other !== item);
      li.remove();
      renumber();
      add.focus();
    });
    items.push(item);
    list.append(li);
    one.fill(value);
    renumber();
    return item;
  };
  add.addEventListener("click", () => {
    const item = append(undefined);
    item.li.querySelector(FOCUSABLE)?.focus();
  });
  return {
    node,
    read(path, fields) {
      fields.set(path.join("."), { control: node.querySelector(FOCUSABLE), box: node, help: aide });
      const values = items.map((item, i) => {
        const one = item.one.read([...path, i], fields);
        return one === undefined ? null : one;
      });
      if (!values.length && !field.required && !field.item) return undefined;
      return values;
    },
    fill(value) {
      for (const item of items) item.li.remove();
      items = [];
      if (Array.isArray(value)) for (const one of value) append(one);
    },
  };
}

// The entities a reference may name: {id, nom} of that kind in the form's system.
function refOptions(control, kind, ctx, required) {
  control.append(element("option", { value: "" }, required ? "— choisir —" : "—"));
  for (const { id, nom } of ctx.refs(kind)) control.append(element("option", { value: id }, nom));
}

// A number's control, with its schema's bounds.
function numberControl(spec, id) {
  const decimal = typesOf(spec).includes("number");
  const control = element("input", { id, type: "number", inputmode: decimal ? "decimal" : "numeric" });
  control.step = decimal ? "any" : "1";
  for (const bound of ["minimum", "maximum"]) {
    if (typeof spec[bound] === "number") control.setAttribute(bound.slice(0, 3), String(spec[bound]));
  }
  return control;
}

// The control of a value of `kind` (lib/maison-schema.js scalarKind), with its choices.
function scalarControl(kind, spec, ctx, field, id) {
  if (kind === "enum") {
    const control = element("select", { id }, element("option", { value: "" }, field.required ? "— choisir —" : "—"));
    for (const [value, shown] of enumChoices(spec)) control.append(element("option", { value }, shown));
    return control;
  }
  if (kind === "checkbox") return element("input", { id, type: "checkbox" });
  if (kind === "boolean") {
    return element("select", { id }, element("option", { value: "" }, "—"), element("option", { value: "oui" }, "Oui"), element("option", { value: "non" }, "Non"));
  }
  if (kind === "ref") {
    const control = element("select", { id });
    refOptions(control, spec["x-ref"], ctx, field.required);
    return control;
  }
  if (kind === "number") return numberControl(spec, id);
  if (kind === "long") return element("textarea", { id, rows: "4" });
  const control = element("input", { id, type: "text" });
  if (field.name === "id") control.setAttribute("pattern", "[a-z0-9]+(-[a-z0-9]+)*");
  return control;
}

// `value` shown in `control`; a value its list lacks is added to it, for the engine to judge.
function fillScalar(control, kind, value) {
  if (kind === "checkbox") {
    control.checked = value === true;
    return;
  }
  if (kind === "boolean") {
    control.value = value === true ? "oui" : value === false ? "non" : "";
    return;
  }
  const text = filledText(value);
  if (control.tagName === "SELECT" && text && ![...control.options].some((o) => o.value === text)) {
    control.append(element("option", { value: text }, text));
  }
  control.value = text;
}

function scalarWidget(spec, ctx, field) {
  const kind = scalarKind(spec, field);
  // A list's item says it is required by its place; a checkbox is always a value.
  const shownRequired = field.demanded && !field.item && kind !== "checkbox";
  const id = newElementId("champ");
  const aide = help(spec);
  const control = scalarControl(kind, spec, ctx, field, id);
  control.setAttribute("name", field.name || "item");
  if (typeof spec.maxLength === "number" && (kind === "text" || kind === "long")) control.setAttribute("maxlength", String(spec.maxLength));
  if (shownRequired) control.setAttribute("aria-required", "true");
  if (aide) control.setAttribute("aria-describedby", aide.id);
  const label = element("label", { for: id }, ...labelParts(field.title, shownRequired));
  const box =
    kind === "checkbox"
      ? element("div", { class: "srd-maison-champ srd-maison-case" }, control, " ", label)
      : element("div", { class: "srd-maison-champ" }, label);
  if (aide) box.append(aide);
  if (kind !== "checkbox") box.append(control);
  return {
    node: box,
    control,
    read(path, fields) {
      fields.set(path.join("."), { control, box, help: aide });
      return kind === "checkbox" ? control.checked : scalarValue(control.value, spec, kind, field.required);
    },
    fill: (value) => fillScalar(control, kind, value),
  };
}

// --- the form of one entity ---------------------------------------------------------------

// The id proposed from the name (« Poigne de fer » → poigne-de-fer) until the reader
// writes one; an amendment's id cannot change. Returns what a fill of the form calls.
function idFromName(idControl, nameControl, fixedId) {
  let idTyped = false; // the reader wrote the id: the name no longer proposes it
  if (idControl) {
    idControl.addEventListener("input", () => {
      idTyped = idControl.value !== "";
    });
    if (fixedId) idControl.readOnly = true;
  }
  if (idControl && nameControl) {
    nameControl.addEventListener("input", () => {
      if (!idTyped && !fixedId) idControl.value = slug(nameControl.value);
    });
  }
  return () => {
    idTyped = Boolean(idControl?.value) && idControl.value !== slug(nameControl?.value || "");
    if (fixedId && idControl) idControl.value = fixedId;
  };
}

// The messages `text` shown at the field `target` ({control, box}): under its label, and
// named by its control (aria-invalid, aria-describedby). Returns {mark} to take them
// away, and the field's title for the summary.
function showErrorAt(target, text) {
  const error = element("p", { class: "srd-maison-erreur", id: newElementId("erreur") }, element("span", { class: "srd-lecteur-ecran" }, `Erreur${NBSP}: `), text);
  const label = target.box.querySelector(":scope > label, :scope > legend");
  if (label) label.after(error);
  else target.box.prepend(error);
  const control = target.control && target.box.contains(target.control) ? target.control : target.box.querySelector(FOCUSABLE);
  const described = control?.getAttribute("aria-describedby") || "";
  if (control) {
    if (control.matches("input, select, textarea")) control.setAttribute("aria-invalid", "true");
    control.setAttribute("aria-describedby", [error.id, described].filter(Boolean).join(" "));
  }
  return { mark: { node: error, control, described }, title: label?.firstChild?.textContent?.trim() || "" };
}

// The messages shown by showErrorAt taken away, each control as it was.
function clearMarks(marked) {
  for (const { node, control, described } of marked) {
    node.remove();
    if (!control) continue;
    control.removeAttribute("aria-invalid");
    if (described) control.setAttribute("aria-describedby", described);
    else control.removeAttribute("aria-describedby");
  }
}

// [{control, …}] in the page's order of their controls, those without one first.
function inPageOrder(shown) {
  return shown.sort((a, b) => {
    if (!a.control || !b.control) return a.control ? 1 : b.control ? -1 : 0;
    return a.control.compareDocumentPosition(b.control) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

// Map target → [messages]: each message at its field (`fields`, or `outside` for the
// fields outside the entity), else at the form ("form").
function errorsByField(errors, fields, outside) {
  const at = new Map();
  for (const [path, message] of errorMessages(errors)) {
    const found = fieldOf(path, message, (one) => fields.has(one));
    const key = outside[path] || (found === null ? null : fields.get(found)) || "form";
    if (!at.has(key)) at.set(key, []);
    at.get(key).push(message);
  }
  return at;
}

// {node, read() → the entity, fill(entity), showErrors(errors, extra), clearErrors(),
// control(name)}: `schema` the kind's house schema; `refs(kind)` the [{id, nom}] a
// reference of that kind may name; `fixedId` an amendment's id, which cannot change.
export function entityForm(schema, { refs, fixedId = null }) {
  const ctx = { root: schema, refs };
  const top = objectWidget(schema, ctx, { name: "", title: schema.title || "", required: true }, true);
  const filled = idFromName(top.children.get("id")?.control, top.children.get("nom")?.control, fixedId);
  let marked = [];
  const form = {
    node: top.node,
    control: (name) => top.children.get(name)?.control,
    fields: new Map(),
    read() {
      form.fields = new Map();
      return top.read([], form.fields);
    },
    fill(entity) {
      top.fill(entity);
      filled();
    },
    clearErrors() {
      clearMarks(marked);
      marked = [];
    },
    // `errors`: {path in the entry (« entite.prerequis.0.atout », « base », ""): message};
    // `outside`: {path: {control, box}} for the fields outside the entity (the system's
    // and kind's choice). Each message is shown at its field, or the nearest one that
    // holds it; returns [{control, message}] in the page's order, for the summary.
    showErrors(errors, outside = {}) {
      form.clearErrors();
      const shown = [];
      for (const [target, messages] of errorsByField(errors, form.fields, outside)) {
        const text = messages.join("\u202f; ");
        if (target === "form") {
          shown.push({ control: null, message: text });
          continue;
        }
        const { mark, title } = showErrorAt(target, text);
        marked.push(mark);
        shown.push({ control: mark.control, message: text, title });
      }
      return inPageOrder(shown);
    },
  };
  return form;
}
