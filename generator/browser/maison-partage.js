// The share box of the page « Règles maison »: export the rules to a JSON file, import a
// file, make a link that carries them, and read a link received (#c=…), whose rules are
// kept only on « Ajouter ces règles ». The engine reads files and links (actions « lire »,
// « lien_faire », « lien_lire »); a rule whose key is already kept replaces it only when
// the reader says so.
import { SITE_ROOT, confirmed, download, element } from "./commun.js";
import { STORAGE_DOWN } from "./lib/stockage.js";
import { MERGED, exported, houseFileTooBig, linkHolds, linkMade, replaceQuestion, reportOf } from "./lib/maison-messages.js";
import { entryKey } from "./lib/maison-cle.js";
import { meeting, nameOf } from "./lib/maison-regles.js";
import { NBSP, quoted, typo } from "./lib/texte.js";
import { HOUSE_ENGINE_DOWN, changeOrSay, houseEngine, keepChanges, readOrSay } from "./maison-page.js";
import {
  KEEP_MINE,
  RULES_KEPT_ALONGSIDE,
  TAKE_THEIRS,
  importTakenFromThere,
  printOf,
  ruleChangedQuestion,
  ruleGoneQuestion,
  rulesSeen,
} from "./lib/autre-onglet.js";
import { HOUSE_FORMAT, HOUSE_MAX_FILE_BYTES } from "./lib/contrat.js";
import { readStore } from "./maison-stock.js";

// --- merging what a file or a link brings ---------------------------------------------------

// Adds `found` (valid entries) to what is kept: a key already kept is replaced only when
// the reader says so, one question each. The questions asked, what is kept is read again
// and changed by key: a rule another tab wrote meanwhile stays, and one of these very keys
// that it changed is asked about again. Returns the lines of the report.
async function mergeRules(found, opener) {
  const kept = readStore();
  const regles = [...kept.collection.regles];
  const seen = rulesSeen(regles, found.map(entryKey));
  const lines = [];
  const changes = [];
  for (const entry of found) {
    const { kind, at } = meeting(regles, entry);
    let said = kind;
    if (kind === "nouvelle") regles.push(entry);
    if (kind === "autre") {
      const replace = await confirmed(replaceQuestion(regles[at], entryKey(entry)), "Remplacer", opener);
      if (replace) regles[at] = entry;
      said = replace ? "remplacee" : "gardee";
    }
    if (said === "nouvelle" || said === "remplacee") changes.push({ entry, line: lines.length });
    lines.push(MERGED[said](quoted(nameOf(entry))));
  }
  const ask = (key, now) =>
    now
      ? confirmed(typo(ruleChangedQuestion(quoted(nameOf(now)))), KEEP_MINE, opener, TAKE_THEIRS)
      : confirmed(typo(ruleGoneQuestion(quoted(nameOf(found.find((one) => entryKey(one) === key))))), "Enregistrer", opener);
  const { found: before, dropped } = await keepChanges(seen, changes, ask);
  for (const { entry, line } of changes) {
    if (dropped.includes(entryKey(entry))) lines[line] = importTakenFromThere(quoted(nameOf(entry)));
  }
  if (before && printOf(before) !== printOf(kept.collection.regles)) lines.push(RULES_KEPT_ALONGSIDE);
  return lines;
}

// A report's parts (lib/maison-messages.js reportOf) as elements.
const reportNodes = (parts) =>
  parts.map((part) =>
    part.list ? element("ul", { class: part.list }, ...part.items.map((item) => element("li", {}, item))) : element("p", {}, part.text),
  );

// What a merge said when it failed (`said`), then its report.
const mergeReport = (said, lines, problems, wholeSaid) => [
  ...(said ? [element("p", {}, typo(said))] : []),
  ...reportNodes(reportOf(lines, problems, wholeSaid)),
];

// --- export, import, link ------------------------------------------------------------------

function exportRules(page, share) {
  const kept = readOrSay(page.say);
  if (!kept) return;
  const regles = kept.collection.regles;
  if (!regles.length) return share.tell("Aucune règle maison à exporter.");
  download("regles-maison.json", `${JSON.stringify({ format: HOUSE_FORMAT, regles }, null, 1)}\n`);
  share.tell(exported(regles.length));
}

async function importRulesFile(page, share, file, opener) {
  const tooBig = houseFileTooBig(file.size, HOUSE_MAX_FILE_BYTES);
  if (tooBig) return share.tell(tooBig);
  share.tell("Lecture du fichier\u00a0: le moteur relit chaque règle (quelques secondes la première fois)…");
  const kept = readOrSay(page.say);
  if (!kept) return share.tell(`${STORAGE_DOWN}${NBSP}: rien n'a été importé.`);
  let reply;
  try {
    reply = await houseEngine("lire", { texte: await file.text() }, kept.collection.regles);
  } catch (error) {
    console.warn("maison\u00a0:", error);
    return share.tell(`${HOUSE_ENGINE_DOWN} Rien n'a été importé.`);
  }
  if (!reply.ok) return share.tell(`Import refusé\u00a0: ${reply.message} Rien n'a été importé.`);
  let lines = [];
  const merged = async () => {
    lines = await mergeRules(reply.regles, opener);
    return "";
  };
  const said = await changeOrSay(merged, "rien n'a été importé.", page.redraw);
  share.report.replaceChildren(...mergeReport(said, lines, reply.problemes));
}

async function makeLink(page, share) {
  const kept = readOrSay(page.say);
  if (!kept) return;
  const regles = kept.collection.regles;
  if (!regles.length) return share.tell("Aucune règle maison à partager.");
  share.box.dataset.state = "lien";
  let reply;
  try {
    reply = await houseEngine("lien_faire", { collection: { format: HOUSE_FORMAT, regles } }, regles);
  } catch (error) {
    console.warn("maison\u00a0:", error);
    share.box.dataset.state = "lu";
    return share.tell(HOUSE_ENGINE_DOWN);
  }
  if (!reply.ok) {
    share.box.dataset.state = "lu";
    return share.tell(`Lien impossible\u00a0: ${reply.message}`);
  }
  share.linkInput.value = new URL(`maison/#c=${reply.lien}`, SITE_ROOT).href;
  share.linkBox.hidden = false;
  let copied = false;
  try {
    await navigator.clipboard.writeText(share.linkInput.value);
    copied = true;
  } catch {
    // No clipboard (permission, insecure address): the link is shown to copy by hand.
  }
  share.linkInput.select();
  share.tell(linkMade(regles.length, copied));
  share.box.dataset.state = "lien-pret";
}

// The export, import and link buttons of the share box `box`.
export function bindShare(page, box) {
  const report = box.querySelector(".srd-maison-rapport");
  const linkBox = box.querySelector(".srd-maison-lien");
  const share = {
    box,
    report,
    linkBox,
    linkInput: linkBox.querySelector("input"),
    tell: (...parts) => report.replaceChildren(...parts.map((p) => (typeof p === "string" ? element("p", {}, typo(p)) : p))),
  };
  box.querySelector('[data-maison="exporter"]').addEventListener("click", () => exportRules(page, share));
  const picker = box.querySelector('input[type="file"]');
  picker.addEventListener("change", async () => {
    const file = picker.files[0];
    if (!file) return;
    box.dataset.state = "lecture";
    try {
      await importRulesFile(page, share, file, picker);
    } finally {
      picker.value = ""; // the same file may be chosen again
      box.dataset.state = "lu";
    }
  });
  box.querySelector('[data-maison="lien"]').addEventListener("click", () => makeLink(page, share));
}

// --- a link received -----------------------------------------------------------------------

// One line per rule a link holds: its name, kind and system.
function receivedList(found, systems) {
  const list = element("ul", { class: "srd-maison-recues" });
  for (const entry of found) {
    const kind = systems[entry.systeme]?.genres?.[entry.genre]?.titre || entry.genre;
    const where = systems[entry.systeme]?.nom || entry.systeme;
    list.append(element("li", {}, element("strong", {}, nameOf(entry)), ` · ${kind} · ${where}${entry.base ? " · modifie l'entité officielle" : ""}`));
  }
  return list;
}

// What a link holds, with « Ajouter ces règles » and « Ignorer ».
function showReceived(page, reply) {
  const { received } = page;
  const found = reply.regles;
  const add = element("button", { type: "button", class: "md-button md-button--primary" }, "Ajouter ces règles");
  const ignore = element("button", { type: "button", class: "md-button" }, "Ignorer");
  const state = element("div", { role: "status", class: "srd-maison-recu-etat" });
  const problems = reply.problemes.length ? reportNodes(reportOf([], reply.problemes, "Lien refusé")) : [];
  received.replaceChildren(element("h2", {}, "Règles reçues par un lien"), element("p", {}, typo(linkHolds(found.length))), receivedList(found, page.systems), ...problems);
  if (found.length) received.append(element("p", {}, add, " ", ignore));
  received.append(state);
  received.dataset.state = "lu";
  add.addEventListener("click", async () => {
    add.disabled = true;
    const lines = [];
    const merged = async () => {
      lines.push(...(await mergeRules(found, add)));
      return "";
    };
    const said = await changeOrSay(merged, "rien n'a été ajouté.", page.redraw);
    state.replaceChildren(...mergeReport(said, lines, []));
    received.dataset.state = "ajoute";
  });
  ignore.addEventListener("click", () => {
    received.hidden = true;
    received.replaceChildren();
    page.say("Lien ignoré\u00a0: rien n'a été ajouté.");
  });
}

// A link received (#c=…): what it holds is shown, kept only on « Ajouter ces règles ».
export async function readLink(page) {
  const { received } = page;
  const hash = location.hash;
  if (!hash.startsWith("#c=")) return;
  history.replaceState(history.state, "", location.pathname + location.search);
  received.hidden = false;
  received.dataset.state = "lecture";
  received.replaceChildren(element("h2", {}, "Règles reçues par un lien"), element("p", { role: "status" }, "Lecture du lien…"));
  const kept = readOrSay(page.say);
  let reply;
  try {
    reply = await houseEngine("lien_lire", { lien: hash.slice(3) }, kept ? kept.collection.regles : []);
  } catch (error) {
    console.warn("maison\u00a0:", error);
    reply = { ok: false, message: HOUSE_ENGINE_DOWN };
  }
  if (reply.ok) return showReceived(page, reply);
  received.replaceChildren(element("h2", {}, "Règles reçues par un lien"), element("p", { role: "status" }, typo(`Lien illisible\u00a0: ${reply.message}`)));
  received.dataset.state = "refuse";
}
