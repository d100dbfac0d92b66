// « Règles maison »: the form of one house entity, made from its kind's house schema (the
// `schema` of assets/maison.json, engine/house.py entity_schema). Generic: each property
// under its title (its description as help), strings, long texts, numbers with their
// bounds, enumerations with their `x-libelles`, booleans, references (`x-ref`) to the
// entities of that kind, lists with « Ajouter » and « Retirer », objects as fieldsets.
// The form only gathers what is typed: the engine judges it (maison.js, action
// « verifier »), and its messages are shown here, at their fields (`showErrors`).
// Only elements and text nodes are built: nothing typed or read is ever parsed as HTML.
import { element } from "./commun.js";
import { NBSP, slug } from "./lib/texte.js";

let made = 0;
const newElementId = (stem) => `srd-maison-${stem}-${++made}`;

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

const typesOf = (spec) => (Array.isArray(spec.type) ? spec.type : spec.type ? [spec.type] : []);

// A long text: Markdown (the schemas' « texte »), or a field whose name says a text.
const LONG_NAMES = /description|effet|resume|texte|constat|decision|alternative|regle/;
function isLong(name, spec) {
  if (spec["x-texte"] || spec["x-rendu"] === "markdown") return true;
  if (/markdown/i.test(spec.description || "")) return true;
  return LONG_NAMES.test(String(name));
}

// The label's text: the title, and « obligatoire » for a required field.
function labelParts(title, required) {
  const parts = [title];
  if (required) parts.push(" ", element("span", { class: "srd-maison-requis" }, "(obligatoire)"));
  return parts;
}

// Help text under a label, and the id that names it for aria-describedby.
function help(spec) {
  if (!spec.description) return null;
  return element("p", { class: "srd-maison-aide", id: newElementId("aide") }, spec.description);
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
  const children = Object.entries(spec.properties || {}).map(([name, child]) => {
    const own = resolved(child, ctx.root);
    return [name, widget(own, ctx, { name, title: own.title || name, required: required.has(name) })];
  });
  const aide = top ? null : help(spec);
  const node = top
    ? element("div", { class: "srd-maison-entite" })
    : element("fieldset", { class: "srd-maison-groupe" }, element("legend", {}, ...labelParts(field.title, field.required && !field.item)));
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

function arrayWidget(spec, ctx, field) {
  const itemSpec = resolved(spec.items || {}, ctx.root);
  const itemTitle = itemSpec.title || field.title;
  const aide = help(spec);
  const list = element("ol", { class: "srd-maison-items" });
  const add = element(
    "button",
    { type: "button", class: "md-button srd-maison-ajouter" },
    "Ajouter",
    element("span", { class: "srd-lecteur-ecran" }, ` — ${itemTitle}`),
  );
  const node = element(
    "fieldset",
    { class: "srd-maison-groupe srd-maison-liste-champ" },
    element("legend", {}, ...labelParts(field.title, field.required && !field.item)),
  );
  if (aide) {
    node.append(aide);
    node.setAttribute("aria-describedby", aide.id);
  }
  node.append(list, element("p", {}, add));
  let items = [];
  const titled = (n) => `${itemTitle} n°${NBSP}${n}`;
  const renumber = () =>
    items.forEach((item, i) => {
      item.title.textContent = titled(i + 1);
      item.remove.lastChild.textContent = ` — ${titled(i + 1)}`;
    });
  const append = (value) => {
    const one = widget(itemSpec, ctx, { name: "", title: titled(items.length + 1), required: true, item: true });
    const remove = element(
      "button",
      { type: "button", class: "md-button srd-maison-retirer" },
      "Retirer",
      element("span", { class: "srd-lecteur-ecran" }, ""),
    );
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

function scalarWidget(spec, ctx, field) {
  const types = typesOf(spec);
  const shownRequired = field.required && !field.item; // a list's item says it by its place
  const nullable = types.includes("null");
  const id = newElementId("champ");
  const aide = help(spec);
  let control;
  let kind = "text";
  if (Array.isArray(spec.enum)) {
    kind = "enum";
    control = element("select", { id });
    control.append(element("option", { value: "" }, field.required ? "— choisir —" : "—"));
    const labels = spec["x-libelles"] || {};
    for (const value of spec.enum) {
      if (value === null) continue;
      const shown = Object.hasOwn(labels, String(value)) ? labels[String(value)] : String(value);
      control.append(element("option", { value: String(value) }, shown));
    }
  } else if (types.includes("boolean") && field.required) {
    kind = "checkbox";
    control = element("input", { id, type: "checkbox" });
  } else if (types.includes("boolean")) {
    kind = "boolean";
    control = element("select", { id });
    control.append(element("option", { value: "" }, "—"), element("option", { value: "oui" }, "Oui"), element("option", { value: "non" }, "Non"));
  } else if (typeof spec["x-ref"] === "string") {
    kind = "ref";
    control = element("select", { id });
    refOptions(control, spec["x-ref"], ctx, field.required);
  } else if (types.length && types.every((t) => t === "integer" || t === "number" || t === "null")) {
    kind = "number";
    control = element("input", { id, type: "number", inputmode: types.includes("number") ? "decimal" : "numeric" });
    control.step = types.includes("number") ? "any" : "1";
    for (const bound of ["minimum", "maximum"]) {
      if (typeof spec[bound] === "number") control.setAttribute(bound.slice(0, 3), String(spec[bound]));
    }
  } else if (isLong(field.name, spec)) {
    control = element("textarea", { id, rows: "4" });
  } else {
    control = element("input", { id, type: "text" });
    if (field.name === "id") control.setAttribute("pattern", "[a-z0-9]+(-[a-z0-9]+)*");
  }
  control.setAttribute("name", field.name || "item");
  if (typeof spec.maxLength === "number" && kind === "text") control.setAttribute("maxlength", String(spec.maxLength));
  if (shownRequired && kind !== "checkbox") control.setAttribute("aria-required", "true");
  if (aide) control.setAttribute("aria-describedby", aide.id);
  const label = element("label", { for: id }, ...labelParts(field.title, shownRequired && kind !== "checkbox"));
  const box =
    kind === "checkbox"
      ? element("div", { class: "srd-maison-champ srd-maison-case" }, control, " ", label)
      : element("div", { class: "srd-maison-champ" }, label);
  if (aide) box.append(aide);
  if (kind !== "checkbox") box.append(control);

  const numeric = (raw) => {
    const n = Number(raw.replace(",", "."));
    if (raw.trim() === "" || !Number.isFinite(n)) return raw; // the engine names the type
    return n;
  };
  return {
    node: box,
    control,
    read(path, fields) {
      fields.set(path.join("."), { control, box, help: aide });
      if (kind === "checkbox") return control.checked;
      const raw = control.value;
      if (raw === "") {
        if (!field.required) return undefined;
        if (nullable) return null;
        return types.includes("string") || kind === "text" ? "" : undefined;
      }
      if (kind === "enum") return spec.enum.find((value) => String(value) === raw) ?? raw;
      if (kind === "boolean") return raw === "oui";
      if (kind === "number") return numeric(raw);
      if (types.includes("integer") && /^-?[0-9]+$/.test(raw.trim())) return Number(raw);
      if (types.includes("number") && !types.includes("string")) return numeric(raw);
      if (types.includes("number") && /^-?[0-9]+([.,][0-9]+)?$/.test(raw.trim())) return numeric(raw);
      return raw;
    },
    fill(value) {
      if (kind === "checkbox") {
        control.checked = value === true;
        return;
      }
      if (kind === "boolean") {
        control.value = value === true ? "oui" : value === false ? "non" : "";
        return;
      }
      const text = value === undefined || value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
      if (control.tagName === "SELECT" && text && ![...control.options].some((o) => o.value === text)) {
        control.append(element("option", { value: text }, text)); // a value the lists lack: kept, the engine judges it
      }
      control.value = text;
    },
  };
}

// --- the form of one entity ---------------------------------------------------------------

// {node, read() → the entity, fill(entity), showErrors(errors, extra), clearErrors(),
// control(name)}: `schema` the kind's house schema; `refs(kind)` the [{id, nom}] a
// reference of that kind may name; `fixedId` an amendment's id, which cannot change.
export function entityForm(schema, { refs, fixedId = null }) {
  const ctx = { root: schema, refs };
  const top = objectWidget(schema, ctx, { name: "", title: schema.title || "", required: true }, true);
  const idControl = top.children.get("id")?.control;
  const nameControl = top.children.get("nom")?.control;
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
      idTyped = Boolean(idControl?.value) && idControl.value !== slug(nameControl?.value || "");
      if (fixedId && idControl) idControl.value = fixedId;
    },
    clearErrors() {
      for (const { node, control, described } of marked) {
        node.remove();
        if (control) {
          control.removeAttribute("aria-invalid");
          if (described) control.setAttribute("aria-describedby", described);
          else control.removeAttribute("aria-describedby");
        }
      }
      marked = [];
    },
    // `errors`: {path in the entry (« entite.prerequis.0.atout », « base », ""): message};
    // `outside`: {path: {control, box}} for the fields outside the entity (the system's
    // and kind's choice). Each message is shown at its field, or the nearest one that
    // holds it; returns [{control, message}] in the page's order, for the summary.
    showErrors(errors, outside = {}) {
      form.clearErrors();
      const at = new Map(); // target → [messages]
      const place = (path, message) => {
        let target = outside[path] || null;
        let parts = path.startsWith("entite") ? path.split(".").slice(1) : null;
        // « champ obligatoire « x » manquant », said of the object that lacks it: at x.
        const missing = message.match(/champ obligatoire\s*«\s*(.+?)\s*»\s*manquant/u);
        if (parts && missing && form.fields.has([...parts, missing[1]].join("."))) parts = [...parts, missing[1]];
        while (!target && parts && parts.length) {
          target = form.fields.get(parts.join(".")) || null;
          parts = parts.slice(0, -1);
        }
        const key = target || "form";
        if (!at.has(key)) at.set(key, []);
        at.get(key).push(message);
      };
      for (const [path, said] of Object.entries(errors || {})) {
        for (const message of String(said).split(/\s+;\s+/u)) place(path, message);
      }
      const shown = [];
      for (const [target, messages] of at) {
        const text = messages.join("\u202f; ");
        if (target === "form") {
          shown.push({ control: null, message: text });
          continue;
        }
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
        marked.push({ node: error, control, described });
        const title = label?.firstChild?.textContent?.trim() || "";
        shown.push({ control, message: text, title });
      }
      const position = (one) => one.control;
      shown.sort((a, b) => {
        if (!position(a) || !position(b)) return position(a) ? 1 : position(b) ? -1 : 0;
        return position(a).compareDocumentPosition(position(b)) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
      });
      return shown;
    },
  };
  return form;
}
