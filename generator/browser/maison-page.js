// « Règles maison » (issue 37): the pages /maison/ (write, list, amend, share the reader's
// house rules) and /maison/voir/?e=<key> (one of them, as the site shows it). Everything
// is kept in this browser (maison-stock.js, the only store); nothing is sent anywhere.
// The engine (engine/house.py, through calc.js's worker, entry « maison ») judges each
// rule before it is kept, reads files and links, makes the link, the derived index and
// the text a rule is shown with. Generic: the systems and kinds come from
// assets/maison.json, the entities a reference may name from assets/entites.json.
import { compute } from "./calc.js";
import { SITE_ROOT, confirmed, control, download, element, handledHere } from "./commun.js";
import { STORAGE_DOWN, StorageRefused, storageSays } from "./lib/stockage.js";
import { jsonOnce } from "./lib/json.js";
import { FINE, NBSP, quoted, typo } from "./lib/texte.js";
import { showPins } from "./listes.js";
import { entityForm } from "./maison-formulaire.js";
import { COLLECTION_FORMAT, entryKey, houseUrl, readStore, writeStore } from "./maison-stock.js";


const MAX_TEXT_CHARS = 1_000_000; // engine/house.py MAX_TEXT_CHARS
const MAX_FILE_BYTES = 4 * MAX_TEXT_CHARS; // a character is 4 bytes at most in UTF-8
const MAX_DEPTH = 16; // engine/house.py MAX_DEPTH
const HOUSE_UNREADABLE = "Ce que ce navigateur garde des règles maison est illisible";
const HOUSE_ENGINE_DOWN = `Le moteur du site n'a pas pu répondre${FINE}; rechargez la page et réessayez.`;

// --- what the build says, and the engine ------------------------------------------------

const fetchJson = (path) => jsonOnce(new URL(path, SITE_ROOT));

// {sys: {nom, genres: {kind: {nom, titre, schema}}}}
const houseSystems = async () => (await fetchJson("assets/maison.json")).systemes || {};

// {"sys/kind": [{id, nom}]}: the official entities, by name.
let officialNames = null;
async function namesOf() {
  if (!officialNames) {
    const rows = await fetchJson("assets/entites.json");
    officialNames = new Map();
    for (const row of rows) {
      const [system, kind, id] = String(row.i).split("/");
      const group = `${system}/${kind}`;
      if (!officialNames.has(group)) officialNames.set(group, []);
      officialNames.get(group).push({ id, nom: row.n });
    }
  }
  return officialNames;
}

// The official entity of a key, as the export has it, without what the export adds
// (`readOnly` fields of the schema: its page's address), or null.
async function officialEntity(key, schema) {
  const [system, kind, id] = key.split("/");
  if (!system || !kind || !id) return null;
  const entities = await fetchJson(`api/${system}/${kind}.json`);
  const found = Array.isArray(entities) ? entities.find((e) => e?.id === id) : null;
  if (!found) return null;
  const kept = schema?.properties || {};
  return Object.fromEntries(Object.entries(found).filter(([name]) => Object.hasOwn(kept, name)));
}

// The engine's reply to `action`, `payload` with the kept entries; throws when it could not
// answer (its worker stopped, or too slow).
const houseEngine = (action, payload, kept) => compute(payload.entree?.systeme || "", action, { ...payload, maison: kept }, { entry: "maison" });

function readOrSay(say) {
  try {
    return readStore();
  } catch (error) {
    if (!(error instanceof StorageRefused)) throw error;
    say(`${storageSays(error, HOUSE_UNREADABLE)}${NBSP}: les règles maison ne peuvent pas y être lues.`);
    return null;
  }
}

// The collection `regles` kept, with its index made by the engine, in one write: the
// other pages read both. Switched-off keys that no longer exist are dropped.
async function keepRules(kept, regles) {
  const reply = await houseEngine("indexer", {}, regles);
  if (!reply.ok) throw new Error(reply.message || "index refusé");
  const keys = new Set(regles.map(entryKey));
  writeStore({
    ...kept,
    collection: { format: COLLECTION_FORMAT, regles },
    eteintes: (kept.eteintes || []).filter((key) => keys.has(key)),
    index: reply.index,
  });
}

const nameOf = (entry) => String(entry?.entite?.nom || entry?.entite?.id || "sans nom");

// The switch of an amendment: on, the site shows the amended entity; off, the official one.
function activeSwitch(key, name, off) {
  const box = element("input", { type: "checkbox", role: "switch", "data-cle": key, class: "srd-maison-active" });
  box.checked = !off;
  const state = element("span", {}, off ? "Désactivée" : "Active");
  return element("label", { class: "srd-maison-interrupteur" }, box, " ", state, element("span", { class: "srd-lecteur-ecran" }, ` — ${name}`));
}

function setSwitched(key, on) {
  const kept = readStore();
  const off = new Set(kept.eteintes || []);
  if (on) off.delete(key);
  else off.add(key);
  writeStore({ ...kept, eteintes: [...off] });
}

// --- merging what a file or a link brings ---------------------------------------------------

// Adds `found` (valid entries) to what is kept: a key already kept is replaced only when
// the reader says so, one question each. Returns the lines of the report.
async function mergeRules(found, opener) {
  const kept = readStore();
  const regles = [...kept.collection.regles];
  const lines = [];
  let changed = false;
  for (const entry of found) {
    const key = entryKey(entry);
    const at = regles.findIndex((one) => entryKey(one) === key);
    const name = quoted(nameOf(entry));
    if (at < 0) {
      regles.push(entry);
      lines.push(`Règle ${name} ajoutée.`);
      changed = true;
    } else if (JSON.stringify(regles[at]) === JSON.stringify(entry)) {
      lines.push(`Règle ${name} déjà gardée, identique.`);
    } else if (
      await confirmed(
        typo(`Une règle maison ${quoted(nameOf(regles[at]))} (${key}) est déjà gardée dans ce navigateur\u00a0: la remplacer par celle-ci\u202f?`),
        "Remplacer",
        opener,
      )
    ) {
      regles[at] = entry;
      lines.push(`Règle ${name} remplacée.`);
      changed = true;
    } else {
      lines.push(`Règle ${name} non importée\u00a0: la vôtre est gardée.`);
    }
  }
  if (changed) await keepRules(kept, regles);
  return lines;
}

// One line per problem of a file or a link (the engine's sentence names the rule).
function reportOf(lines, problems, wholeSaid = "Import refusé") {
  const parts = [];
  if (lines.length) {
    const list = element("ul", { class: "srd-maison-gardees" });
    list.append(...lines.map((line) => element("li", {}, typo(line))));
    parts.push(list);
  }
  const refused = problems.filter((p) => p.numero !== 0);
  const whole = problems.find((p) => p.numero === 0);
  if (whole) parts.unshift(element("p", {}, typo(`${wholeSaid}\u00a0: ${whole.message}`)));
  if (refused.length) {
    const numbers = new Set(refused.map((p) => p.numero));
    parts.push(element("p", {}, `${numbers.size} règle${numbers.size > 1 ? "s" : ""} refusée${numbers.size > 1 ? "s" : ""}, à corriger${NBSP}:`));
    const list = element("ul", { class: "srd-maison-problemes" });
    list.append(...refused.map((p) => element("li", {}, typo(p.message))));
    parts.push(list);
  }
  if (!parts.length) parts.push(element("p", {}, "Aucune règle trouvée."));
  return parts;
}

// --- the page « Règles maison » ------------------------------------------------------------

// How a rule names another, as the schemas' `x-relation` say it (« cite »: a reference
// or a text's tag), in the order the question says them.
const NAMED_AS = { requis: "requise", exclu: "exclue", cite: "citée" };

// The question before `entry` is deleted: it names the kept rules that name it (the
// engine finds them, by the kinds' schemas and the texts' tags) and what they become.
async function deletionQuestion(entry, regles, say) {
  const name = quoted(nameOf(entry));
  const plain = `Supprimer la règle maison ${name}\u202f?`;
  say("Recherche des règles qui la nomment (quelques secondes la première fois)…");
  const reply = await houseEngine("dependantes", { cle: entryKey(entry) }, regles);
  say("");
  if (!reply.ok) throw new Error(reply.message);
  const found = reply.dependantes || [];
  if (!found.length) return plain;
  const relations = new Set([...Object.keys(NAMED_AS), ...found.map((one) => one.relation)]);
  const parts = [...relations].flatMap((relation) => {
    const names = found.filter((one) => one.relation === relation).map((one) => quoted(String(one.nom || one.cle)));
    return names.length ? [`${NAMED_AS[relation] || "nommée"} par${NBSP}: ${names.join(", ")}`] : [];
  });
  const some = found.length > 1;
  const then = reply.officielle
    ? `${some ? "ces règles nommeront" : "cette règle nommera"} alors l'entité officielle`
    : `${some ? "ces règles ne seront plus valides" : "cette règle ne sera plus valide"}`;
  return `La règle maison ${name} est ${parts.join(`${FINE}; `)}. Sans elle, ${then}. La supprimer quand même${FINE}?`;
}

function bindHousePage(root) {
  if (root.dataset.bound) return;
  root.dataset.bound = "1";
  const status = root.querySelector(".srd-maison-etat");
  const listBox = root.querySelector(".srd-maison-liste");
  const writeBox = root.querySelector(".srd-maison-ecrire");
  const received = root.querySelector(".srd-maison-lien-recu");
  const share = root.querySelector(".srd-maison-partage");
  const report = share.querySelector(".srd-maison-rapport");
  const say = (text, ...extra) => status.replaceChildren(typo(text), ...extra);
  const tell = (...parts) => report.replaceChildren(...parts.map((p) => (typeof p === "string" ? element("p", {}, typo(p)) : p)));
  root.dataset.state = "chargement";
  say("Chargement des règles maison…");

  let systems = {};
  const writer = makeWriter(writeBox, () => systems, say);

  const renderList = () => {
    const kept = readOrSay(say);
    if (!kept) {
      listBox.replaceChildren();
      return;
    }
    const rules = kept.collection.regles;
    const off = new Set(kept.eteintes || []);
    if (!rules.length) {
      listBox.replaceChildren(element("p", { class: "srd-maison-vide" }, "Aucune règle maison dans ce navigateur pour l'instant."));
      return;
    }
    const bySystem = new Map();
    for (const entry of rules) {
      if (!bySystem.has(entry.systeme)) bySystem.set(entry.systeme, new Map());
      const kinds = bySystem.get(entry.systeme);
      if (!kinds.has(entry.genre)) kinds.set(entry.genre, []);
      kinds.get(entry.genre).push(entry);
    }
    const parts = [];
    for (const [system, kinds] of bySystem) {
      const known = systems[system];
      const section = element("section", { class: "srd-maison-systeme", "data-systeme": system }, element("h3", {}, known?.nom || system));
      for (const [kind, entries] of kinds) {
        section.append(element("h4", {}, known?.genres?.[kind]?.nom || kind));
        const list = element("ul", { class: "srd-maison-regles" });
        for (const entry of entries) list.append(ruleItem(entry, off.has(entryKey(entry))));
        section.append(list);
      }
      parts.push(section);
    }
    listBox.replaceChildren(...parts);
  };

  const ruleItem = (entry, off) => {
    const key = entryKey(entry);
    const name = nameOf(entry);
    const item = element("li", { class: "srd-maison-regle", "data-cle": key });
    const facts = element("p", { class: "srd-maison-regle-nom" }, element("strong", {}, name));
    if (entry.base) {
      const official = new URL(`${entry.systeme}/${entry.genre}/${entry.base}/`, SITE_ROOT).href;
      facts.append(" · modifie ", element("a", { href: official }, "l'entité officielle"));
    }
    item.append(facts);
    const actions = element("p", { class: "srd-maison-actions" });
    actions.append(control("a", "Voir", name, { href: houseUrl(key), class: "md-button" }), " ");
    actions.append(control("button", "Modifier", name, { type: "button", class: "md-button", "data-action": "modifier" }), " ");
    actions.append(control("button", "Supprimer", name, { type: "button", class: "md-button", "data-action": "supprimer" }));
    if (entry.base) actions.append(" ", activeSwitch(key, name, off));
    item.append(actions);
    return item;
  };

  const change = async (work, unchanged) => {
    try {
      const said = await work();
      renderList();
      return said;
    } catch (error) {
      if (error instanceof StorageRefused) return `${storageSays(error, HOUSE_UNREADABLE)}${NBSP}: ${unchanged}`;
      console.warn("maison\u00a0:", error);
      return `${HOUSE_ENGINE_DOWN} ${unchanged[0].toUpperCase()}${unchanged.slice(1)}`;
    }
  };

  listBox.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-action]");
    const item = button?.closest(".srd-maison-regle");
    if (!item) return;
    const kept = readOrSay(say);
    const entry = kept?.collection.regles.find((one) => entryKey(one) === item.dataset.cle);
    if (!entry) return;
    if (button.dataset.action === "modifier") {
      await writer.open(entry, { editing: item.dataset.cle });
      say(`Règle ${quoted(nameOf(entry))} ouverte dans le formulaire.`);
      return;
    }
    if (button.dataset.attente) return; // one question at a time (not `disabled`: it keeps the focus)
    let question;
    try {
      button.dataset.attente = "1";
      question = await deletionQuestion(entry, kept.collection.regles, say);
    } catch (error) {
      console.warn("maison\u00a0:", error);
      return say(`${HOUSE_ENGINE_DOWN} Rien n'a été supprimé.`);
    } finally {
      delete button.dataset.attente;
    }
    const sure = await confirmed(question, "Supprimer", button);
    if (!sure) return say("");
    say(
      await change(async () => {
        const latest = readStore();
        await keepRules(
          latest,
          latest.collection.regles.filter((one) => entryKey(one) !== item.dataset.cle),
        );
        return `Règle ${quoted(nameOf(entry))} supprimée.`;
      }, "rien n'a été supprimé."),
    );
  });
  listBox.addEventListener("change", (event) => {
    const box = event.target.closest("input.srd-maison-active");
    if (!box) return;
    try {
      setSwitched(box.dataset.cle, box.checked);
      say(box.checked ? "Modification active\u00a0: le site la montre à la place de l'entité officielle." : "Modification désactivée\u00a0: le site montre l'entité officielle.");
    } catch (error) {
      if (!(error instanceof StorageRefused)) throw error;
      box.checked = !box.checked;
      say(`${storageSays(error, HOUSE_UNREADABLE)}${NBSP}: rien n'a été modifié.`);
    }
    renderList();
  });
  addEventListener("srd-regles-maison", () => root.isConnected && renderList());

  // Share: export, import, link.
  share.querySelector('[data-maison="exporter"]').addEventListener("click", () => {
    const kept = readOrSay(say);
    if (!kept) return;
    const regles = kept.collection.regles;
    if (!regles.length) return tell("Aucune règle maison à exporter.");
    download("regles-maison.json", `${JSON.stringify({ format: COLLECTION_FORMAT, regles }, null, 1)}\n`);
    tell(`${regles.length} règle${regles.length > 1 ? "s" : ""} exportée${regles.length > 1 ? "s" : ""} (fichier JSON).`);
  });
  const picker = share.querySelector('input[type="file"]');
  picker.addEventListener("change", async () => {
    const file = picker.files[0];
    if (!file) return;
    share.dataset.state = "lecture";
    try {
      await importFile(file, picker);
    } finally {
      picker.value = ""; // the same file may be chosen again
      share.dataset.state = "lu";
    }
  });
  const importFile = async (file, opener) => {
    if (file.size > MAX_FILE_BYTES) {
      return tell(`Import refusé\u00a0: fichier trop gros (${file.size} octets, pour ${MAX_FILE_BYTES} au plus). Rien n'a été importé.`);
    }
    tell("Lecture du fichier\u00a0: le moteur relit chaque règle (quelques secondes la première fois)…");
    const kept = readOrSay(say);
    if (!kept) return tell(`${STORAGE_DOWN}${NBSP}: rien n'a été importé.`);
    let reply;
    try {
      reply = await houseEngine("lire", { texte: await file.text() }, kept.collection.regles);
    } catch (error) {
      console.warn("maison\u00a0:", error);
      return tell(`${HOUSE_ENGINE_DOWN} Rien n'a été importé.`);
    }
    if (!reply.ok) return tell(`Import refusé\u00a0: ${reply.message} Rien n'a été importé.`);
    let lines = [];
    const said = await change(async () => {
      lines = await mergeRules(reply.regles, opener);
      return "";
    }, "rien n'a été importé.");
    report.replaceChildren(...(said ? [element("p", {}, typo(said))] : []), ...reportOf(lines, reply.problemes));
  };

  const linkBox = share.querySelector(".srd-maison-lien");
  const linkInput = linkBox.querySelector("input");
  share.querySelector('[data-maison="lien"]').addEventListener("click", async () => {
    const kept = readOrSay(say);
    if (!kept) return;
    const regles = kept.collection.regles;
    if (!regles.length) return tell("Aucune règle maison à partager.");
    share.dataset.state = "lien";
    let reply;
    try {
      reply = await houseEngine("lien_faire", { collection: { format: COLLECTION_FORMAT, regles } }, regles);
    } catch (error) {
      console.warn("maison\u00a0:", error);
      share.dataset.state = "lu";
      return tell(HOUSE_ENGINE_DOWN);
    }
    if (!reply.ok) {
      share.dataset.state = "lu";
      return tell(`Lien impossible\u00a0: ${reply.message}`);
    }
    linkInput.value = new URL(`maison/#c=${reply.lien}`, SITE_ROOT).href;
    linkBox.hidden = false;
    let copied = false;
    try {
      await navigator.clipboard.writeText(linkInput.value);
      copied = true;
    } catch {
      // No clipboard (permission, insecure address): the link is shown to copy by hand.
    }
    linkInput.select();
    tell(
      copied
        ? `Lien de partage copié (${regles.length} règle${regles.length > 1 ? "s" : ""})\u00a0: collez-le où vous voulez. Qui l'ouvre voit vos règles et choisit de les ajouter.`
        : "Lien de partage prêt\u00a0: copiez-le ci-dessous.",
    );
    share.dataset.state = "lien-pret";
  });

  // A link received: what it holds is shown, kept only on « Ajouter ces règles ».
  const readLink = async () => {
    const hash = location.hash;
    if (!hash.startsWith("#c=")) return;
    history.replaceState(history.state, "", location.pathname + location.search);
    received.hidden = false;
    received.dataset.state = "lecture";
    received.replaceChildren(element("h2", {}, "Règles reçues par un lien"), element("p", { role: "status" }, "Lecture du lien…"));
    const kept = readOrSay(say);
    let reply;
    try {
      reply = await houseEngine("lien_lire", { lien: hash.slice(3) }, kept ? kept.collection.regles : []);
    } catch (error) {
      console.warn("maison\u00a0:", error);
      reply = { ok: false, message: HOUSE_ENGINE_DOWN };
    }
    const heading = element("h2", {}, "Règles reçues par un lien");
    if (!reply.ok) {
      received.replaceChildren(heading, element("p", { role: "status" }, typo(`Lien illisible\u00a0: ${reply.message}`)));
      received.dataset.state = "refuse";
      return;
    }
    const found = reply.regles;
    const list = element("ul", { class: "srd-maison-recues" });
    for (const entry of found) {
      const kind = systems[entry.systeme]?.genres?.[entry.genre]?.titre || entry.genre;
      const where = systems[entry.systeme]?.nom || entry.systeme;
      list.append(element("li", {}, element("strong", {}, nameOf(entry)), ` · ${kind} · ${where}${entry.base ? " · modifie l'entité officielle" : ""}`));
    }
    const add = element("button", { type: "button", class: "md-button md-button--primary" }, "Ajouter ces règles");
    const ignore = element("button", { type: "button", class: "md-button" }, "Ignorer");
    const state = element("div", { role: "status", class: "srd-maison-recu-etat" });
    const count = found.length;
    const intro = count
      ? `Ce lien porte ${count} règle${count > 1 ? "s" : ""} maison. Rien n'est encore gardé\u00a0: ajoutez-les pour les garder dans ce navigateur.`
      : "Ce lien ne porte aucune règle valide\u00a0: rien à ajouter.";
    received.replaceChildren(heading, element("p", {}, typo(intro)), list, ...(reply.problemes.length ? reportOf([], reply.problemes, "Lien refusé") : []));
    if (count) received.append(element("p", {}, add, " ", ignore));
    received.append(state);
    received.dataset.state = "lu";
    add.addEventListener("click", async () => {
      add.disabled = true;
      const lines = [];
      const said = await change(async () => {
        lines.push(...(await mergeRules(found, add)));
        return "";
      }, "rien n'a été ajouté.");
      state.replaceChildren(...(said ? [element("p", {}, typo(said))] : []), ...reportOf(lines, []));
      received.dataset.state = "ajoute";
    });
    ignore.addEventListener("click", () => {
      received.hidden = true;
      received.replaceChildren();
      say("Lien ignoré\u00a0: rien n'a été ajouté.");
    });
  };
  addEventListener("hashchange", () => root.isConnected && readLink());

  houseSystems().then(
    async (found) => {
      systems = found;
      renderList();
      await writer.ready();
      if (readOrSay(say)) say("");
      const amend = new URLSearchParams(location.search).get("modifier");
      if (amend) {
        await writer.amend(amend);
        history.replaceState(history.state, "", location.pathname + location.hash);
      }
      root.dataset.state = "pret";
      await readLink();
    },
    (error) => {
      console.warn("maison\u00a0:", error);
      say("Les systèmes du site n'ont pas pu être lus (assets/maison.json)\u202f; rechargez la page.");
      root.dataset.state = "echec";
    },
  );
}

// --- the form: create, change, amend -----------------------------------------------------------

function makeWriter(box, systemsNow, sayOnPage) {
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
  const yamlText = element("textarea", { id: "srd-maison-yaml", rows: "8", spellcheck: "false" });
  const yamlRead = element("button", { type: "button", class: "md-button" }, "Lire dans le formulaire");
  const yamlSaid = element("p", { role: "status", class: "srd-maison-yaml-etat" });
  const yaml = element(
    "details",
    { class: "srd-maison-yaml" },
    element("summary", {}, "Coller du YAML ou du JSON"),
    element("p", {}, typo("Une entité comme dans les fichiers de données du site (ses champs\u00a0: id, nom, resume…), ou une règle d'un export (systeme, genre, entite). Elle remplit le formulaire, que vous vérifiez avant d'enregistrer.")),
    element("label", { for: yamlText.id }, "Texte YAML ou JSON"),
    yamlText,
    element("p", {}, yamlRead),
    yamlSaid,
  );
  const fieldsBox = element("div", { class: "srd-maison-champs" });
  const save = element("button", { type: "submit", class: "md-button md-button--primary" }, "Enregistrer");
  const reset = element("button", { type: "button", class: "md-button" }, "Nouvelle règle");
  const state = element("p", { class: "srd-maison-formulaire-etat", role: "status", "aria-live": "polite" });
  form.append(what, amending, yaml, summary, fieldsBox, element("p", { class: "srd-maison-enregistrer" }, save, " ", reset), state);
  box.replaceChildren(form);

  let current = null; // {system, kind, schema, form: entityForm, base, editing (key kept)}
  const say = (text, ...extra) => state.replaceChildren(typo(text), ...extra);
  const setState = (name) => {
    form.dataset.state = name;
  };

  const refsOf = async (system) => {
    const names = await namesOf();
    let house = [];
    try {
      house = readStore().collection.regles.filter((e) => e.systeme === system && !e.base);
    } catch {
      // Without storage, the official entities only.
    }
    return (kind) => {
      const found = [...(names.get(`${system}/${kind}`) || [])];
      for (const entry of house) {
        if (entry.genre === kind && entry.entite?.id) found.push({ id: entry.entite.id, nom: `${nameOf(entry)} (règle maison)` });
      }
      return found.sort((a, b) => a.nom.localeCompare(b.nom, "fr"));
    };
  };

  const fillSelects = () => {
    const systems = systemsNow();
    if (systemSelect.options.length) return;
    for (const [id, system] of Object.entries(systems)) systemSelect.append(element("option", { value: id }, system.nom || id));
    fillKinds();
  };
  const fillKinds = () => {
    const system = systemsNow()[systemSelect.value];
    kindSelect.replaceChildren();
    for (const [id, kind] of Object.entries(system?.genres || {})) kindSelect.append(element("option", { value: id }, kind.titre || kind.nom || id));
  };

  // A new form for the chosen system and kind, filled with `entity` (or empty).
  const build = async (entity = null, { base = null, editing = null } = {}) => {
    const system = systemSelect.value;
    const kind = kindSelect.value;
    const known = systemsNow()[system]?.genres?.[kind];
    if (!known) {
      fieldsBox.replaceChildren();
      current = null;
      return;
    }
    const made = entityForm(known.schema, { refs: await refsOf(system), fixedId: base });
    if (entity) made.fill(entity);
    fieldsBox.replaceChildren(made.node);
    current = { system, kind, schema: known.schema, form: made, base, editing };
    systemSelect.disabled = kindSelect.disabled = Boolean(base);
    amending.hidden = !base;
    if (base) {
      const page = new URL(`${system}/${kind}/${base}/`, SITE_ROOT).href;
      amending.replaceChildren(
        typo(`Vous modifiez l'entité officielle ${quoted(entity?.nom || base)}\u00a0: son identifiant ne change pas, et la page officielle reste là (`),
        element("a", { href: page }, "voir la page officielle"),
        ").",
      );
    }
    summary.hidden = true;
    summary.replaceChildren();
    setState(editing ? "modification" : "pret");
  };

  systemSelect.addEventListener("change", () => {
    fillKinds();
    build();
  });
  kindSelect.addEventListener("change", () => build());
  reset.addEventListener("click", async () => {
    systemSelect.disabled = kindSelect.disabled = false;
    await build();
    say("Formulaire vidé\u00a0: une nouvelle règle.");
  });

  const outside = () => ({
    systeme: { control: systemSelect, box: systemSelect.parentElement },
    genre: { control: kindSelect, box: kindSelect.parentElement },
    base: current?.form.control("id") ? { control: current.form.control("id"), box: current.form.control("id").parentElement } : undefined,
  });

  const showSummary = (shown) => {
    const list = element("ul", {});
    for (const { control, message, title } of shown) {
      if (control?.id) {
        // The field's title first: the engine's message names the field by its key.
        const link = element("a", { href: `#${control.id}` }, title ? `${title}${NBSP}: ${message}` : message);
        link.addEventListener("click", (event) => {
          handledHere(event);
          control.focus();
          control.scrollIntoView({ block: "center" });
        });
        list.append(element("li", {}, link));
      } else {
        list.append(element("li", {}, message));
      }
    }
    const count = shown.length;
    summary.replaceChildren(
      element("h3", {}, typo(`Règle non enregistrée\u00a0: ${count} problème${count > 1 ? "s" : ""} à corriger`)),
      list,
    );
    summary.hidden = false;
    const first = shown.find((one) => one.control)?.control;
    if (first) first.focus();
    else summary.focus();
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!current) return;
    setState("verification");
    say("Vérification par le moteur (quelques secondes la première fois)…");
    const entity = current.form.read();
    const entry = { systeme: current.system, genre: current.kind, entite: entity };
    if (current.base) entry.base = current.base;
    entry.modifie = new Date().toISOString();
    const key = entryKey(entry);
    let kept;
    try {
      kept = readStore();
    } catch (error) {
      if (!(error instanceof StorageRefused)) throw error;
      setState("erreurs");
      return say(`${storageSays(error, HOUSE_UNREADABLE)}${NBSP}: la règle n'est pas enregistrée, mais le formulaire garde ce que vous avez écrit.`);
    }
    const others = kept.collection.regles.filter((one) => {
      const its = entryKey(one);
      return its !== key && its !== current.editing;
    });
    let reply;
    try {
      reply = await houseEngine("verifier", { entree: entry }, others);
    } catch (error) {
      console.warn("maison\u00a0:", error);
      setState("erreurs");
      return say(`${HOUSE_ENGINE_DOWN} La règle n'est pas enregistrée.`);
    }
    if (!reply.ok) {
      setState("erreurs");
      return say(`Règle non enregistrée\u00a0: ${reply.message}`);
    }
    const errors = reply.erreurs || {};
    if (Object.keys(errors).length) {
      const shown = current.form.showErrors(errors, Object.fromEntries(Object.entries(outside()).filter(([, v]) => v)));
      say(`Règle non enregistrée\u00a0: ${shown.length} problème${shown.length > 1 ? "s" : ""} à corriger, dits à leurs champs.`);
      setState("erreurs");
      showSummary(shown);
      return;
    }
    current.form.clearErrors();
    summary.hidden = true;
    summary.replaceChildren();
    const name = nameOf(entry);
    const clash = kept.collection.regles.find((one) => entryKey(one) === key && key !== current.editing);
    if (clash) {
      const replace = await confirmed(
        typo(`Une règle maison ${quoted(nameOf(clash))} porte déjà l'identifiant ${quoted(entity.id)}\u00a0: la remplacer par celle-ci\u202f?`),
        "Remplacer",
        save,
      );
      if (!replace) {
        setState("pret");
        return say("Rien n'a été enregistré\u00a0: changez l'identifiant pour garder les deux.");
      }
    }
    // The rule edited (its key may have changed) or the one of its key takes its place.
    const target = current.editing || key;
    const regles = kept.collection.regles.filter((one) => entryKey(one) !== key || key === target);
    const at = regles.findIndex((one) => entryKey(one) === target);
    if (at >= 0) regles[at] = entry;
    else regles.push(entry);
    try {
      await keepRules(kept, regles);
    } catch (error) {
      setState("erreurs");
      if (error instanceof StorageRefused) {
        return say(`${storageSays(error, HOUSE_UNREADABLE)}${NBSP}: la règle n'est pas enregistrée, mais le formulaire garde ce que vous avez écrit.`);
      }
      console.warn("maison\u00a0:", error);
      return say(`${HOUSE_ENGINE_DOWN} La règle n'est pas enregistrée.`);
    }
    const done = clash || current.editing ? "mise à jour" : "enregistrée";
    current.editing = key;
    setState("enregistre");
    say(`Règle ${quoted(name)} ${done} dans ce navigateur. `, element("a", { href: houseUrl(key) }, "Voir la règle"));
    sayOnPage("");
  });

  // YAML or JSON pasted: it fills the form (js-yaml's safe load, no alias, depth bounded).
  yamlRead.addEventListener("click", async () => {
    const text = yamlText.value;
    if (!text.trim()) return yamlSaid.replaceChildren("Collez d'abord une entité en YAML ou en JSON.");
    if (text.length > MAX_TEXT_CHARS) {
      return yamlSaid.replaceChildren(typo(`Texte trop long\u00a0: ${text.length} caractères, pour ${MAX_TEXT_CHARS} au plus.`));
    }
    let value;
    try {
      const { load } = await import("./js-yaml.mjs");
      value = load(text, { maxDepth: MAX_DEPTH, maxAliases: 0 });
    } catch (error) {
      const where = error?.mark ? ` (ligne ${error.mark.line + 1})` : "";
      return yamlSaid.replaceChildren(typo(`Texte illisible${where}\u00a0: ce n'est ni du YAML ni du JSON valide. Le formulaire n'a pas changé.`));
    }
    if (Array.isArray(value) && value.length === 1) value = value[0];
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      return yamlSaid.replaceChildren("Une seule entité est attendue (un objet avec ses champs). Le formulaire n'a pas changé.");
    }
    let entity = value;
    const systems = systemsNow();
    if (value.entite && typeof value.entite === "object") {
      entity = value.entite;
      if (typeof value.systeme === "string" && systems[value.systeme] && !current?.base) {
        systemSelect.value = value.systeme;
        fillKinds();
      }
      if (typeof value.genre === "string" && systems[systemSelect.value]?.genres?.[value.genre] && !current?.base) kindSelect.value = value.genre;
    }
    if (current?.base) entity = { ...entity, id: current.base };
    await build(entity, { base: current?.base || null, editing: current?.editing || null });
    yamlSaid.replaceChildren(typo("Formulaire rempli\u00a0: vérifiez-le, puis «\u202fEnregistrer\u202f»."));
    current?.form.control("nom")?.focus();
  });

  return {
    async ready() {
      fillSelects();
      if (!current) await build();
    },
    // Opens a kept entry (its key in `editing`) or an official entity to amend (`base`).
    async open(entry, { editing = null } = {}) {
      fillSelects();
      systemSelect.disabled = kindSelect.disabled = false;
      systemSelect.value = entry.systeme;
      fillKinds();
      kindSelect.value = entry.genre;
      await build(entry.entite, { base: entry.base || null, editing });
      form.scrollIntoView({ block: "start" });
      current?.form.control("nom")?.focus({ preventScroll: true });
    },
    // `?modifier=<key>`: the reader's own amendment when one is kept, else the official entity.
    async amend(key) {
      let kept = null;
      try {
        kept = readStore().collection.regles.find((one) => entryKey(one) === key);
      } catch {
        // Without storage: the official entity, which cannot be kept (the form will say it).
      }
      if (kept) {
        await this.open(kept, { editing: key });
        return say(`Votre modification de ${quoted(nameOf(kept))}, déjà gardée, est ouverte.`);
      }
      const [system, kind, id] = key.split("/");
      const schema = systemsNow()[system]?.genres?.[kind]?.schema;
      let entity = null;
      try {
        entity = schema ? await officialEntity(key, schema) : null;
      } catch (error) {
        console.warn("maison\u00a0:", error);
      }
      if (!entity) return say(`Entité officielle ${quoted(key)} introuvable\u00a0: rien à modifier.`);
      await this.open({ systeme: system, genre: kind, entite: entity, base: id });
      say(`Entité officielle ${quoted(entity.nom || id)} ouverte\u00a0: modifiez-la, puis «\u202fEnregistrer\u202f».`);
    },
  };
}

// --- the page « Règle maison » -----------------------------------------------------------------

// The engine's rich text (blocks of inlines) as elements; nothing is parsed as HTML.
function inlines(parts) {
  const out = [];
  for (const part of Array.isArray(parts) ? parts : []) {
    if (!part || typeof part !== "object") continue;
    if (typeof part.t === "string" && Object.keys(part).length === 1) out.push(part.t);
    else if (part.em) out.push(element("em", {}, ...inlines(part.em)));
    else if (part.strong) out.push(element("strong", {}, ...inlines(part.strong)));
    else if (part.ins) out.push(element("ins", {}, ...inlines(part.ins)));
    else if (part.del) out.push(element("del", {}, ...inlines(part.del)));
    else if (typeof part.des === "string") out.push(diceButton(part));
    else if (typeof part.a === "string") {
      const target = new URL(part.a, SITE_ROOT);
      const same = target.origin === SITE_ROOT.origin && /^https?:$/.test(target.protocol);
      out.push(same ? element("a", { href: target.href }, part.t || part.a) : String(part.t || ""));
    } else if (typeof part.t === "string") out.push(part.t);
  }
  return out;
}

// A dice tag as official pages have it (pipeline/links.py dice_button): lancer.js listens
// on the whole document, so the button rolls once added, its law written by the engine.
function diceButton(part) {
  const label = String(part.t || part.des);
  if (typeof part.loi !== "string") return label;
  const attributes = { type: "button", class: "srd-des", "data-des": part.des, "data-loi": part.loi };
  return element("button", { ...attributes, "aria-label": `Lancer ${label}`, "aria-haspopup": "dialog" }, label);
}

function blocks(list) {
  const out = [];
  for (const block of Array.isArray(list) ? list : []) {
    if (!block || typeof block !== "object") continue;
    if (block.p) out.push(element("p", {}, ...inlines(block.p)));
    else if (block.ul || block.ol) {
      const items = block.ul || block.ol;
      const made = element(block.ul ? "ul" : "ol", {});
      for (const item of Array.isArray(items) ? items : []) made.append(element("li", {}, ...inlines(item)));
      out.push(made);
    }
  }
  return out;
}

function bindViewPage(root) {
  if (root.dataset.bound) return;
  root.dataset.bound = "1";
  const status = root.querySelector(".srd-maison-voir-etat");
  const body = root.querySelector(".srd-maison-voir-regle");
  const say = (text, ...extra) => status.replaceChildren(typo(text), ...extra);
  const key = new URLSearchParams(location.search).get("e") || "";
  const heading = document.querySelector(".md-content h1");
  root.dataset.state = "chargement";

  const render = async () => {
    const kept = readOrSay(say);
    if (!kept) {
      root.dataset.state = "introuvable";
      return;
    }
    const entry = kept.collection.regles.find((one) => entryKey(one) === key);
    if (!entry) {
      body.replaceChildren();
      say(`Aucune règle maison ${quoted(key || "sans clé")} dans ce navigateur\u00a0: elle a pu être supprimée, ou gardée dans un autre navigateur. `, element("a", { href: new URL("maison/", SITE_ROOT).href }, "Voir vos règles maison"));
      root.dataset.state = "introuvable";
      return;
    }
    say("Mise en page par le moteur (quelques secondes la première fois)…");
    let reply;
    try {
      const systems = await houseSystems();
      const schema = systems[entry.systeme]?.genres?.[entry.genre]?.schema;
      const payload = { entree: entry };
      if (entry.base) {
        const official = await officialEntity(key, schema).catch(() => null);
        if (official) payload.officielle = official;
      }
      reply = await houseEngine("rendre", payload, kept.collection.regles);
    } catch (error) {
      console.warn("maison\u00a0:", error);
      say(HOUSE_ENGINE_DOWN);
      root.dataset.state = "echec";
      return;
    }
    if (!reply.ok) {
      say(reply.message); // the engine's sentence says what it is
      root.dataset.state = "echec";
      return;
    }
    if (heading) heading.textContent = reply.titre;
    document.title = document.title.replace(/^[^-–|]*/, `${reply.titre} `);
    const off = new Set(kept.eteintes || []).has(key);
    const parts = [
      element(
        "p",
        { class: "srd-kind" },
        element("span", { class: "srd-maison-badge" }, "Règle maison"),
        ` ${reply.genre} · ${reply.systeme}`,
      ),
    ];
    if (entry.base) {
      const official = new URL(`${entry.systeme}/${entry.genre}/${entry.base}/`, SITE_ROOT).href;
      parts.push(
        element(
          "p",
          { class: "srd-maison-officielle" },
          typo("Modifie l'entité officielle\u00a0: "),
          element("a", { href: official }, "voir la page officielle"),
          ". ",
          activeSwitch(key, reply.titre, off),
        ),
      );
    }
    const list = element("dl", { class: "srd-maison-champs-vus" });
    for (const field of reply.champs || []) {
      const term = element("dt", {}, field.titre || field.champ);
      if (field.modifie) term.append(" ", element("span", { class: "srd-maison-modifie-marque" }, "modifié"));
      const value = element("dd", {}, ...blocks(field.valeur));
      if (field.modifie && field.officiel) {
        value.append(element("details", { class: "srd-maison-texte-officiel" }, element("summary", {}, "Texte officiel"), ...blocks(field.officiel)));
      }
      list.append(term, value);
    }
    parts.push(list);
    // Pinned to a GM list as an official entity is (the convention at the top of listes.js).
    const pin = element("button", { type: "button", class: "md-button srd-epingler-bouton", "data-cle": key, "data-nom": reply.titre, hidden: "" }, "Épingler");
    parts.push(element("p", { class: "srd-epingler" }, pin, " ", element("a", { href: new URL(`maison/?modifier=${encodeURIComponent(key)}`, SITE_ROOT).href, class: "md-button" }, "Modifier cette règle")));
    body.replaceChildren(...parts);
    showPins(body);
    say("");
    root.dataset.state = "pret";
  };
  body.addEventListener("change", (event) => {
    const box = event.target.closest("input.srd-maison-active");
    if (!box) return;
    try {
      setSwitched(key, box.checked);
      box.nextSibling.nextSibling.textContent = box.checked ? "Active" : "Désactivée";
      say(box.checked ? "Modification active\u00a0: le site la montre à la place de l'entité officielle." : "Modification désactivée\u00a0: le site montre l'entité officielle.");
    } catch (error) {
      if (!(error instanceof StorageRefused)) throw error;
      box.checked = !box.checked;
      say(`${storageSays(error, HOUSE_UNREADABLE)}${NBSP}: rien n'a été modifié.`);
    }
  });
  render();
}

// Called by maison.js on each page that holds one of the two pages' roots.
export function bindHousePages() {
  document.querySelectorAll(".srd-maison").forEach(bindHousePage);
  document.querySelectorAll(".srd-maison-voir").forEach(bindViewPage);
}
