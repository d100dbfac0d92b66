// « Mes personnages »: the characters kept in this browser (localStorage, nothing is sent
// anywhere). A character calculator saves its URL query under a name; the page
// /personnages/ lists, opens, duplicates, renames, deletes, exports and imports them.
// The engine itself (engine/saved.py, in calc.js's worker) reads and checks each character:
// the same messages, at the same fields, as the calculator.
import { barOf, compute } from "./calc.js";
import { confirmed, control, download, element, onEachPage } from "./commun.js";
import { NBSP, freeName, quoted, slug, typo } from "./lib/texte.js";
import { STORAGE_DOWN, StorageRefused, storageSays, store } from "./lib/stockage.js";

const KEY = "srd-personnages"; // localStorage: {format, personnages: [record]}
const CURRENT = "srd-personnage-courant"; // sessionStorage: {systeme: name} this tab works on
const FORMAT = 1; // engine/saved.py FILE_FORMAT
const MAX_FILE_BYTES = 2_000_000; // engine/saved.py MAX_FILE_CHARS
const colon = `${NBSP}:`;
const URL_KEEPS = "l'adresse de la page garde vos valeurs\u00a0: ajoutez-la à vos favoris ou copiez-la.";
const ENGINE_DOWN = "Le moteur de calcul n'a pas pu répondre\u202f; rechargez la page et réessayez.";

// --- storage ------------------------------------------------------------------------------

function load() {
  const text = store.read(KEY);
  if (!text) return [];
  const data = JSON.parse(text); // written by keep() only
  return Array.isArray(data.personnages) ? data.personnages : [];
}

function keep(list) {
  store.write(KEY, JSON.stringify({ format: FORMAT, personnages: list }));
}

function currentName(system) {
  try {
    return JSON.parse(store.read(CURRENT, "sessionStorage") || "{}")[system] || "";
  } catch {
    return "";
  }
}

function setCurrent(system, name) {
  try {
    const current = JSON.parse(store.read(CURRENT, "sessionStorage") || "{}");
    store.write(CURRENT, JSON.stringify({ ...current, [system]: name }), "sessionStorage");
  } catch {
    // Without storage the name is simply not remembered.
  }
}

const newId = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

// A name no other character of the system has: « Nom », else « Nom (2) », « Nom (3) »…
const freeCharacterName = (list, system, name, except = null) =>
  freeName(name, list.filter((c) => c.systeme === system && c.id !== except).map((c) => c.nom));

const callEngine = (action, payload) => compute(payload.systeme || "", action, payload, { entry: "personnages" });

// --- the save box of a character calculator ---------------------------------------------

// The label of a calculator's field, as the form shows it (engine/form.py: id calc-field).
function fieldLabel(calc, field) {
  const label = document.querySelector(`label[for="${CSS.escape(`${calc}-${field}`)}"]`);
  const legend = document.getElementById(`${calc}-${field}`)?.closest("fieldset")?.querySelector("legend");
  return ((label || legend)?.textContent || field).trim();
}

function refusal(calc, reply) {
  const fields = Object.entries(reply.errors || {}).map(
    ([field, message]) => `champ ${quoted(fieldLabel(calc, field))}${colon} ${message}`,
  );
  const why = [reply.message, ...fields].filter(Boolean).join("\u202f; ");
  return `Personnage non enregistré${colon} ${why || "valeurs illisibles."}`;
}

async function saveCharacter(box, name) {
  const { systeme, calc } = box.dataset;
  const list = load();
  const existing = list.find((c) => c.systeme === systeme && c.nom === name);
  if (existing && name !== currentName(systeme)) {
    const replace = await confirmed(typo(`Un personnage ${quoted(name)} est déjà enregistré\u00a0: le remplacer par celui-ci\u202f?`), "Remplacer");
    if (!replace) return "Rien n'a été enregistré\u00a0: choisissez un autre nom.";
  }
  const requete = Object.fromEntries(new URLSearchParams(location.search));
  const payload = { systeme, calculateur: calc, requete, existant: existing ? existing.personnage : null };
  const reply = await callEngine("enregistrer", payload);
  if (!reply.ok) return refusal(calc, reply);
  const record = {
    id: existing ? existing.id : newId(),
    nom: name,
    modifie: new Date().toISOString(),
    systeme,
    resume: reply.resume,
    requetes: reply.requetes,
    personnage: reply.personnage,
    ...(reply.maison ? { maison: reply.maison } : {}), // the house rules it names, by field
  };
  const latest = load(); // read again: another tab may have changed it meanwhile
  const at = latest.findIndex((c) => c.id === record.id);
  if (at >= 0) latest[at] = record;
  else latest.push(record);
  keep(latest);
  setCurrent(systeme, name);
  return `Personnage ${quoted(name)} ${existing ? "mis à jour" : "enregistré"} dans ce navigateur.`;
}

function bindSaveBox(box) {
  if (box.dataset.bound) return;
  box.dataset.bound = "1";
  const form = box.querySelector("form");
  const status = box.querySelector(".srd-personnage-etat");
  const input = form.elements.nom;
  form.hidden = false;
  input.value = currentName(box.dataset.systeme);
  // From the key figure's bar (in view on a phone all along a long sheet): to the name.
  const toForm = element("button", { type: "button", class: "md-button srd-barre-enregistrer" }, "Enregistrer");
  toForm.addEventListener("click", () => {
    input.scrollIntoView({ block: "center" });
    input.focus({ preventScroll: true });
  });
  barOf(box.dataset.systeme, box.dataset.calc)?.append(toForm);
  const show = (text) => {
    status.textContent = typo(text);
  };
  show("");
  try {
    load();
  } catch {
    show(`${STORAGE_DOWN}\u00a0: les personnages ne peuvent pas y être gardés, mais ${URL_KEEPS}`);
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) {
      show("Donnez un nom au personnage pour l'enregistrer.");
      input.focus();
      return;
    }
    show("Enregistrement en cours (le moteur peut demander quelques secondes la première fois)…");
    try {
      show(await saveCharacter(box, name));
    } catch (error) {
      if (!(error instanceof StorageRefused)) console.warn("personnages\u00a0:", error);
      show(
        error instanceof StorageRefused
          ? `${storageSays(error)}\u00a0: le personnage n'est pas enregistré, mais ${URL_KEEPS}`
          : `${ENGINE_DOWN} Le personnage n'est pas enregistré.`,
      );
    }
  });
}

// --- files (export, import) --------------------------------------------------------------

// The file holds what the engine reads back (and the house rules a character names, so
// that an import without them says which is missing); the rest (summary, queries) it
// recomputes.
const fileOf = (records) => ({
  format: FORMAT,
  personnages: records.map(({ nom, modifie, personnage, maison }) => ({ nom, modifie, personnage, ...(maison ? { maison } : {}) })),
});

const exportCharacters = (records, filename) => download(filename, `${JSON.stringify(fileOf(records), null, 1)}\n`);

const fileName = (name) => `personnage-${slug(name) || "sans-nom"}.json`;

// --- the page « Mes personnages » ----------------------------------------------------------

function systemsOf(root) {
  return new Map(
    [...root.querySelectorAll(".srd-personnages-systemes li")].map((li) => [
      li.dataset.systeme,
      { nom: li.dataset.nom, imprimer: li.dataset.imprimer, calculateurs: JSON.parse(li.dataset.calculateurs) },
    ]),
  );
}

const dateText = (iso) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "date inconnue";
  return date.toLocaleString("fr-FR", { dateStyle: "long", timeStyle: "short" }).replace(" ", NBSP);
};

function characterLinks(record, system) {
  const links = element("p", { class: "srd-personnage-liens" });
  for (const calc of system.calculateurs) {
    const query = new URLSearchParams(record.requetes?.[calc.id] || {}).toString();
    links.append(control("a", calc.titre, record.nom, { href: `${calc.url}?${query}`, "data-ouvre": "" }), " ");
  }
  const sheet = new URLSearchParams(record.requetes?.[system.calculateurs[0].id] || {}).toString();
  links.append(control("a", "Imprimer la fiche", record.nom, { href: `${system.imprimer}?${sheet}`, "data-ouvre": "" }));
  return links;
}

function characterItem(record, system) {
  const item = element("li", { class: "srd-personnage", "data-id": record.id });
  item.append(element("h3", {}, typo(record.nom)));
  const facts = [system ? system.nom : record.systeme, record.resume, `modifié le ${dateText(record.modifie)}`];
  item.append(element("p", { class: "srd-personnage-faits" }, typo(facts.filter(Boolean).join(" · "))));
  if (system) item.append(characterLinks(record, system));
  const actions = element("p", { class: "srd-personnage-actions" });
  for (const [action, label] of [
    ["dupliquer", "Dupliquer"],
    ["renommer", "Renommer"],
    ["exporter", "Exporter"],
    ["supprimer", "Supprimer"],
  ]) {
    actions.append(control("button", label, record.nom, { type: "button", class: "md-button", "data-action": action }), " ");
  }
  item.append(actions);
  const rename = element("form", { class: "srd-personnage-renommer", hidden: "" });
  const field = `srd-renommer-${record.id}`;
  rename.append(
    element("label", { for: field }, "Nouveau nom"),
    element("input", { id: field, name: "nom", type: "text", maxlength: "80", required: "", autocomplete: "off" }),
    element("button", { type: "submit", class: "md-button md-button--primary" }, "Valider"),
    element("button", { type: "button", class: "md-button", "data-action": "annuler" }, "Annuler"),
  );
  item.append(rename);
  return item;
}

function bindListPage(root) {
  if (root.dataset.bound) return;
  root.dataset.bound = "1";
  const systems = systemsOf(root);
  const list = root.querySelector(".srd-personnages-liste");
  const status = root.querySelector(".srd-personnages-etat");
  const files = document.querySelector(".srd-personnages-fichiers");
  const report = files.querySelector(".srd-personnages-rapport");
  let undo = null; // {record, index} of the last deletion

  const say = (text, ...extra) => status.replaceChildren(typo(text), ...extra);
  const render = () => {
    let records;
    try {
      records = load();
    } catch {
      list.replaceChildren();
      say(`${STORAGE_DOWN}\u00a0: aucun personnage ne peut y être gardé. Les calculateurs gardent leurs valeurs dans l'adresse de la page.`);
      return null;
    }
    const newest = [...records].sort((a, b) => String(b.modifie).localeCompare(String(a.modifie)));
    list.replaceChildren(...newest.map((r) => characterItem(r, systems.get(r.systeme))));
    if (!records.length && !undo) say("Aucun personnage enregistré dans ce navigateur pour l'instant.");
    return records;
  };
  // Every change: read, change, write back; the storage refusing it changes nothing.
  const change = (edit, unchanged = "rien n'a été modifié.") => {
    try {
      const records = load();
      const message = edit(records);
      keep(records);
      render();
      return message;
    } catch (error) {
      if (!(error instanceof StorageRefused)) throw error;
      return `${storageSays(error)}\u00a0: ${unchanged}`;
    }
  };

  const actions = {
    dupliquer(record) {
      let copy;
      const message = change((records) => {
        copy = { ...record, id: newId(), nom: freeCharacterName(records, record.systeme, record.nom), modifie: new Date().toISOString() };
        records.push(copy);
        return `Copie créée${colon} ${quoted(copy.nom)}.`;
      });
      say(message);
    },
    renommer(record, item) {
      const form = item.querySelector(".srd-personnage-renommer");
      form.hidden = false;
      form.elements.nom.value = record.nom;
      form.elements.nom.focus();
    },
    exporter(record) {
      exportCharacters([record], fileName(record.nom));
      say(`Personnage ${quoted(record.nom)} exporté (fichier JSON).`);
    },
    supprimer(record) {
      const message = change((records) => {
        const index = records.findIndex((r) => r.id === record.id);
        records.splice(index, 1);
        undo = { record, index };
        return `Personnage ${quoted(record.nom)} supprimé.`;
      });
      const button = element("button", { type: "button", class: "md-button", "data-action": "retablir" }, "Annuler la suppression");
      say(message, " ", button);
      button.focus();
    },
  };

  list.addEventListener("click", (event) => {
    const button = event.target.closest("[data-action], [data-ouvre]");
    const item = button?.closest(".srd-personnage");
    if (!item) return;
    let record;
    try {
      record = load().find((r) => r.id === item.dataset.id);
    } catch {
      return say(`${STORAGE_DOWN}\u00a0: rien n'a été modifié.`);
    }
    if (!record) return;
    if (button.matches("[data-ouvre]")) return setCurrent(record.systeme, record.nom);
    if (button.dataset.action === "annuler") {
      button.closest("form").hidden = true;
      return item.querySelector('[data-action="renommer"]').focus();
    }
    actions[button.dataset.action]?.(record, item);
  });
  list.addEventListener("submit", (event) => {
    event.preventDefault();
    const item = event.target.closest(".srd-personnage");
    const name = event.target.elements.nom.value.trim();
    if (!name) return;
    const message = change((records) => {
      const record = records.find((r) => r.id === item.dataset.id);
      if (!record) return "Ce personnage n'existe plus.";
      if (freeCharacterName(records, record.systeme, name, record.id) !== name) {
        return `Un autre personnage s'appelle déjà ${quoted(name)}\u00a0: choisissez un autre nom.`;
      }
      const before = record.nom;
      Object.assign(record, { nom: name, modifie: new Date().toISOString() });
      if (currentName(record.systeme) === before) setCurrent(record.systeme, name);
      return `Personnage ${quoted(before)} renommé ${quoted(name)}.`;
    });
    say(message);
  });
  status.addEventListener("click", (event) => {
    if (!event.target.closest('[data-action="retablir"]') || !undo) return;
    const { record, index } = undo;
    undo = null;
    say(
      change((records) => {
        records.splice(Math.min(index, records.length), 0, { ...record, nom: freeCharacterName(records, record.systeme, record.nom) });
        return `Suppression annulée${colon} ${quoted(record.nom)} est de retour.`;
      }),
    );
  });

  files.querySelector('[data-personnages="exporter"]').addEventListener("click", () => {
    let records;
    try {
      records = load();
    } catch {
      return say(`${STORAGE_DOWN}\u00a0: rien à exporter.`);
    }
    if (!records.length) return say("Aucun personnage à exporter.");
    exportCharacters(records, "personnages.json");
    say(`${records.length} personnage${records.length > 1 ? "s" : ""} exporté${records.length > 1 ? "s" : ""} (fichier JSON).`);
  });
  const picker = files.querySelector('input[type="file"]');
  picker.addEventListener("change", async () => {
    const file = picker.files[0];
    if (!file) return;
    report.replaceChildren(element("p", {}, "Lecture du fichier\u00a0: le moteur des calculateurs relit chaque personnage (quelques secondes la première fois)…"));
    try {
      await importFile(file, systems, report, change);
    } catch (error) {
      console.warn("personnages\u00a0:", error);
      report.replaceChildren(element("p", {}, typo(`${ENGINE_DOWN} Rien n'a été importé.`)));
    }
    picker.value = ""; // the same file may be chosen again
  });

  say("");
  render();
}

// One line per character and per field the engine refused.
function problemLine(problem, systems) {
  const system = systems.get(problem.systeme)?.nom;
  const who = [`Personnage ${problem.numero}`, problem.nom ? quoted(problem.nom) : "", system ? `(${system})` : ""];
  const where = problem.champ ? `, champ ${quoted(problem.champ)}` : "";
  return `${who.filter(Boolean).join(" ")}${where}${colon} ${problem.message}`;
}

async function importFile(file, systems, report, change) {
  if (file.size > MAX_FILE_BYTES) {
    report.replaceChildren(element("p", {}, `Import refusé${colon} fichier trop gros (${file.size} octets, ${MAX_FILE_BYTES} au plus). Rien n'a été importé.`));
    return;
  }
  const reply = await callEngine("importer", { texte: await file.text() });
  if (!reply.ok || reply.message) {
    report.replaceChildren(element("p", {}, typo(`Import refusé${colon} ${reply.message}`)));
    return;
  }
  const names = [];
  const message = change((records) => {
    for (const found of reply.personnages) {
      const record = { ...found, id: newId(), modifie: found.modifie || new Date().toISOString() };
      record.nom = freeCharacterName(records, record.systeme, record.nom);
      records.push(record);
      names.push(record.nom);
    }
    const count = names.length;
    return count
      ? `${count} personnage${count > 1 ? "s" : ""} importé${count > 1 ? "s" : ""}${colon} ${names.map(quoted).join(", ")}.`
      : "Aucun personnage importé.";
  }, "rien n'a été importé.");
  const lines = reply.problemes.map((p) => element("li", {}, typo(problemLine(p, systems))));
  const parts = [element("p", {}, typo(message))];
  if (lines.length) {
    parts.push(element("p", {}, `Non importé${reply.problemes.length > 1 ? "s" : ""}, à corriger dans le fichier${colon}`));
    const problems = element("ul", { class: "srd-personnages-problemes" });
    problems.append(...lines);
    parts.push(problems);
  }
  report.replaceChildren(...parts);
}

function bindAll() {
  document.querySelectorAll(".srd-personnage-enregistrer").forEach(bindSaveBox);
  document.querySelectorAll(".srd-personnages").forEach(bindListPage);
}

onEachPage(bindAll);
