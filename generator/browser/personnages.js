// « Mes personnages »: the characters kept in this browser (localStorage, nothing is sent
// anywhere). A character calculator saves its URL query under a name; the page
// /personnages/ lists, opens, duplicates, renames, deletes, exports and imports them.
// The engine itself (engine/saved.py, in moteur.js's worker) reads and checks each character:
// the same messages, at the same fields, as the calculator.
import { barOf } from "./calc.js";
import { compute } from "./moteur.js";
import { confirmed, control, download, element, onEachPage } from "./commun.js";
import {
  CHARACTERS_KEY,
  boxRefusal,
  changeRefusal,
  charactersFileTooBig,
  charactersOf,
  exportedText,
  fileName,
  fileOf,
  freeCharacterName,
  imported,
  listRefusal,
  newestFirst,
  openedCharacter,
  openingQuery,
  placed,
  problemLine,
  problemsIntro,
  saveRefusal,
  saveStorageRefusal,
  savedRecord,
  storedCharacters,
} from "./lib/personnages.js";
import { NBSP, colon, quoted, typo } from "./lib/texte.js";
import { SAVED_FILE_FORMAT as FORMAT, SAVED_MAX_FILE_CHARS as MAX_FILE_BYTES } from "./lib/contrat.js";
import { StorageRefused, store } from "./lib/stockage.js";
import { CHARACTERS_FOLLOWED, characterChangedQuestion, characterElsewhere, characterTakenFromThere } from "./lib/autre-onglet.js";

const KEY = CHARACTERS_KEY; // lib/personnages.js
const CURRENT = "srd-personnage-courant"; // sessionStorage: {systeme: name} this tab works on
const SEEN = "srd-personnage-vu"; // sessionStorage: {id: modifie} of each character as this tab last read or saved it
const SAVE_BOX = ".srd-personnage-enregistrer"; // templates/personnage-enregistrer.md.j2
const ENGINE_DOWN = "Le moteur de calcul n'a pas pu répondre\u202f; rechargez la page et réessayez.";

// --- storage ------------------------------------------------------------------------------

// Throws StorageRefused: « indisponible », or « illisible » (never written over).
function readCharacters() {
  return charactersOf(store.read(KEY), FORMAT);
}

function keepCharacters(list) {
  store.write(KEY, storedCharacters(list, FORMAT));
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

// The date (« modifie ») of the character `id` as this tab last read or saved it, or "".
function seenStamp(id) {
  try {
    return JSON.parse(store.read(SEEN, "sessionStorage") || "{}")[id] || "";
  } catch {
    return "";
  }
}

function sawCharacter(record) {
  try {
    const seen = JSON.parse(store.read(SEEN, "sessionStorage") || "{}");
    store.write(SEEN, JSON.stringify({ ...seen, [record.id]: record.modifie }), "sessionStorage");
  } catch {
    // Without storage: a later save cannot tell another tab's, and asks nothing more.
  }
}

const newId = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

const callEngine = (action, payload) => compute(payload.systeme || "", action, payload, { entry: "personnages" });

// --- the save box of a character calculator ---------------------------------------------

// The label of a calculator's field, as the form shows it (engine/form.py: id calc-field).
function fieldLabel(calc, field) {
  const label = document.querySelector(`label[for="${CSS.escape(`${calc}-${field}`)}"]`);
  const legend = document.getElementById(`${calc}-${field}`)?.closest("fieldset")?.querySelector("legend");
  return ((label || legend)?.textContent || field).trim();
}

// Whether the save goes on over `existing` (known by this tab as its version `known`): asked
// when another tab saved it since (read again after each answer; a deletion there is no
// loss, the save puts it back).
async function keepsMine(existing, name, known) {
  for (;;) {
    const now = characterElsewhere(readCharacters(), existing?.id, known);
    if (!now || now.gone) return true;
    const question = typo(characterChangedQuestion(name, dateText(now.modifie)));
    if (!(await confirmed(question, "Remplacer", document.activeElement, "Garder l'autre"))) return false;
    known = now.modifie;
  }
}

async function saveCharacter(box, name) {
  const { systeme, calc } = box.dataset;
  const list = readCharacters();
  const existing = list.find((c) => c.systeme === systeme && c.nom === name);
  if (existing && name !== currentName(systeme)) {
    const replace = await confirmed(typo(`Un personnage ${quoted(name)} est déjà enregistré\u00a0: le remplacer par celui-ci\u202f?`), "Remplacer");
    if (!replace) return "Rien n'a été enregistré\u00a0: choisissez un autre nom.";
  }
  const requete = Object.fromEntries(new URLSearchParams(location.search));
  const payload = { systeme, calculateur: calc, requete, existant: existing ? existing.personnage : null };
  const reply = await callEngine("enregistrer", payload);
  if (!reply.ok) return saveRefusal(reply, (field) => fieldLabel(calc, field));
  // The version this tab knows: the one it opened or saved last, or the one just asked about.
  const known = (existing && name === currentName(systeme) && seenStamp(existing.id)) || existing?.modifie;
  if (!(await keepsMine(existing, name, known))) return characterTakenFromThere(name);
  const record = savedRecord(reply, { id: existing ? existing.id : newId(), nom: name, modifie: new Date().toISOString(), systeme });
  keepCharacters(placed(readCharacters(), record)); // read again: another tab may have changed it meanwhile
  sawCharacter(record);
  setCurrent(systeme, name);
  return `Personnage ${quoted(name)} ${existing ? "mis à jour" : "enregistré"} dans ce navigateur.`;
}

// A character opened from « Mes personnages » (its id in the address): this tab's current
// one, its name in the save box. Throws StorageRefused.
function adoptOpened(system) {
  const opened = openedCharacter(readCharacters(), location.search, system);
  if (!opened) return;
  setCurrent(system, opened.nom);
  sawCharacter(opened);
}

// The name in this page's save box (the printed sheet shows it), or "".
export const nameInSaveBox = () => document.querySelector(`${SAVE_BOX} form`)?.elements.nom.value.trim() || "";

function bindSaveBox(box) {
  if (box.dataset.bound) return;
  box.dataset.bound = "1";
  const form = box.querySelector("form");
  const status = box.querySelector(".srd-personnage-etat");
  const input = form.elements.nom;
  form.hidden = false;
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
    adoptOpened(box.dataset.systeme);
  } catch (error) {
    if (!(error instanceof StorageRefused)) throw error;
    show(boxRefusal(error));
  }
  input.value = currentName(box.dataset.systeme);
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
      show(error instanceof StorageRefused ? saveStorageRefusal(error) : `${ENGINE_DOWN} Le personnage n'est pas enregistré.`);
    }
  });
}

// --- files (export, import) --------------------------------------------------------------

// The file of `records` (lib/personnages.js fileOf), saved by the browser.
const exportCharacters = (records, filename) => download(filename, `${JSON.stringify(fileOf(records, FORMAT), null, 1)}\n`);

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
    const query = openingQuery(record, record.requetes?.[calc.id]);
    links.append(control("a", calc.titre, record.nom, { href: `${calc.url}?${query}` }), " ");
  }
  const sheet = openingQuery(record, record.requetes?.[system.calculateurs[0].id], true);
  links.append(control("a", "Imprimer la fiche", record.nom, { href: `${system.imprimer}?${sheet}` }));
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

// The page « Mes personnages »: its parts, and its state apart from them.
function listPageOf(root) {
  const files = document.querySelector(".srd-personnages-fichiers");
  return {
    systems: systemsOf(root),
    list: root.querySelector(".srd-personnages-liste"),
    status: root.querySelector(".srd-personnages-etat"),
    files,
    report: files.querySelector(".srd-personnages-rapport"),
    state: { undo: null }, // undo: {record, index} of the last deletion
  };
}

const say = ({ status }, text, ...extra) => status.replaceChildren(typo(text), ...extra);

// The characters kept, the most recently changed first; null when the storage is refused.
function showCharacters(page) {
  const { list, systems, state } = page;
  let records;
  try {
    records = readCharacters();
  } catch (error) {
    if (!(error instanceof StorageRefused)) throw error;
    list.replaceChildren();
    say(page, listRefusal(error));
    return null;
  }
  list.replaceChildren(...newestFirst(records).map((r) => characterItem(r, systems.get(r.systeme))));
  if (!records.length && !state.undo) say(page, "Aucun personnage enregistré dans ce navigateur pour l'instant.");
  return records;
}

// Every change: read, change, write back; the storage refusing it changes nothing.
function change(page, edit, unchanged = "rien n'a été modifié.") {
  try {
    const records = readCharacters();
    const message = edit(records);
    keepCharacters(records);
    showCharacters(page);
    return message;
  } catch (error) {
    if (!(error instanceof StorageRefused)) throw error;
    return `${changeRefusal(error)}\u00a0: ${unchanged}`;
  }
}

// What each button of a character does (its data-action).
const ACTIONS = {
  dupliquer(page, record) {
    let copy;
    const message = change(page, (records) => {
      copy = { ...record, id: newId(), nom: freeCharacterName(records, record.systeme, record.nom), modifie: new Date().toISOString() };
      records.push(copy);
      return `Copie créée${colon} ${quoted(copy.nom)}.`;
    });
    say(page, message);
  },
  renommer(page, record, item) {
    const form = item.querySelector(".srd-personnage-renommer");
    form.hidden = false;
    form.elements.nom.value = record.nom;
    form.elements.nom.focus();
  },
  exporter(page, record) {
    exportCharacters([record], fileName(record.nom));
    say(page, `Personnage ${quoted(record.nom)} exporté (fichier JSON).`);
  },
  supprimer(page, record) {
    const message = change(page, (records) => {
      const index = records.findIndex((r) => r.id === record.id);
      records.splice(index, 1);
      page.state.undo = { record, index };
      return `Personnage ${quoted(record.nom)} supprimé.`;
    });
    const button = element("button", { type: "button", class: "md-button", "data-action": "retablir" }, "Annuler la suppression");
    say(page, message, " ", button);
    button.focus();
  },
};

// A character's buttons (its links name it in their address: lib/personnages.js openingQuery).
function bindItems(page) {
  page.list.addEventListener("click", (event) => {
    const button = event.target.closest("[data-action]");
    const item = button?.closest(".srd-personnage");
    if (!item) return;
    let record;
    try {
      record = readCharacters().find((r) => r.id === item.dataset.id);
    } catch (error) {
      if (!(error instanceof StorageRefused)) throw error;
      return say(page, `${changeRefusal(error)}\u00a0: rien n'a été modifié.`);
    }
    if (!record) return;
    if (button.dataset.action === "annuler") {
      button.closest("form").hidden = true;
      return item.querySelector('[data-action="renommer"]').focus();
    }
    ACTIONS[button.dataset.action]?.(page, record, item);
  });
}

// A character's « Renommer » form, sent.
function bindRename(page) {
  page.list.addEventListener("submit", (event) => {
    event.preventDefault();
    const item = event.target.closest(".srd-personnage");
    const name = event.target.elements.nom.value.trim();
    if (!name) return;
    const message = change(page, (records) => {
      const record = records.find((r) => r.id === item.dataset.id);
      if (!record) return "Ce personnage n'existe plus.";
      if (freeCharacterName(records, record.systeme, name, record.id) !== name) {
        return `Un autre personnage s'appelle déjà ${quoted(name)}\u00a0: choisissez un autre nom.`;
      }
      const before = record.nom;
      const inStep = seenStamp(record.id) === record.modifie; // this tab knew its last version
      Object.assign(record, { nom: name, modifie: new Date().toISOString() });
      if (currentName(record.systeme) === before) setCurrent(record.systeme, name);
      if (inStep) sawCharacter(record);
      return `Personnage ${quoted(before)} renommé ${quoted(name)}.`;
    });
    say(page, message);
  });
}

// « Annuler la suppression »: the character back in its place, under a free name.
function bindUndo(page) {
  const { status, state } = page;
  status.addEventListener("click", (event) => {
    if (!event.target.closest('[data-action="retablir"]') || !state.undo) return;
    const { record, index } = state.undo;
    state.undo = null;
    say(
      page,
      change(page, (records) => {
        records.splice(Math.min(index, records.length), 0, { ...record, nom: freeCharacterName(records, record.systeme, record.nom) });
        return `Suppression annulée${colon} ${quoted(record.nom)} est de retour.`;
      }),
    );
  });
}

// Export of every character, import of a file.
function bindFiles(page) {
  const { files, report } = page;
  files.querySelector('[data-personnages="exporter"]').addEventListener("click", () => {
    let records;
    try {
      records = readCharacters();
    } catch (error) {
      if (!(error instanceof StorageRefused)) throw error;
      return say(page, `${changeRefusal(error)}\u00a0: rien à exporter.`);
    }
    if (!records.length) return say(page, "Aucun personnage à exporter.");
    exportCharacters(records, "personnages.json");
    say(page, exportedText(records.length));
  });
  const picker = files.querySelector('input[type="file"]');
  picker.addEventListener("change", async () => {
    const file = picker.files[0];
    if (!file) return;
    report.replaceChildren(element("p", {}, "Lecture du fichier\u00a0: le moteur des calculateurs relit chaque personnage (quelques secondes la première fois)…"));
    try {
      await importCharactersFile(file, page);
    } catch (error) {
      console.warn("personnages\u00a0:", error);
      report.replaceChildren(element("p", {}, typo(`${ENGINE_DOWN} Rien n'a été importé.`)));
    }
    picker.value = ""; // the same file may be chosen again
  });
}

function bindListPage(root) {
  if (root.dataset.bound) return;
  root.dataset.bound = "1";
  const page = listPageOf(root);
  bindItems(page);
  bindRename(page);
  bindUndo(page);
  bindFiles(page);
  say(page, "");
  showCharacters(page);
  // Another tab changed the characters: the list as they are now, said (a deletion's
  // « Annuler la suppression » stays).
  addEventListener("storage", (event) => {
    if (!root.isConnected || (event.key !== KEY && event.key !== null)) return;
    if (showCharacters(page) && !page.state.undo) say(page, CHARACTERS_FOLLOWED);
  });
}

// The engine reads the file's characters; those it accepts are added under free names,
// and each one it refuses is said, per field.
async function importCharactersFile(file, page) {
  const { report, systems } = page;
  const tooBig = charactersFileTooBig(file.size, MAX_FILE_BYTES);
  if (tooBig) {
    report.replaceChildren(element("p", {}, tooBig));
    return;
  }
  const reply = await callEngine("importer", { texte: await file.text() });
  if (!reply.ok || reply.message) {
    report.replaceChildren(element("p", {}, typo(`Import refusé${colon} ${reply.message}`)));
    return;
  }
  const message = change(page, (records) => imported(records, reply.personnages, newId, new Date().toISOString()), "rien n'a été importé.");
  const lines = reply.problemes.map((p) => element("li", {}, typo(problemLine(p, (id) => systems.get(id)?.nom))));
  const parts = [element("p", {}, typo(message))];
  if (lines.length) {
    parts.push(element("p", {}, problemsIntro(reply.problemes.length)));
    const problems = element("ul", { class: "srd-personnages-problemes" });
    problems.append(...lines);
    parts.push(problems);
  }
  report.replaceChildren(...parts);
}

function bindAll() {
  document.querySelectorAll(SAVE_BOX).forEach(bindSaveBox);
  document.querySelectorAll(".srd-personnages").forEach(bindListPage);
}

onEachPage(bindAll);
