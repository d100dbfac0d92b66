// « Mener la partie » (templates/partie.md.j2): the page binder. The state is the open
// encounter (lib/partie.js changes it, each change a new object with its log line) and the
// encounters of this system kept in the browser (lib/partie-fichier.js); after each change,
// saved at once, the page is drawn again from them, part by part (partie-dessin.js: only
// the parts whose description changed are built again), and the focus comes back to the
// control of the same `data-cle`. A link #partie=… opens a shared encounter read-only.
// Every probability shown comes from the build (the payload) or from exact counts in
// lib/partie.js; the dice are crypto's (lib/hasard.js).
import { SITE_ROOT, confirmed, element } from "./commun.js";
import { ENCOUNTER_PARAM, actionLink } from "./lib/partie-actions.js";
import { activeEntries } from "./maison-stock.js";
import { entryKey } from "./lib/maison-cle.js";
import * as rules from "./lib/partie.js";
import * as kept from "./lib/partie-fichier.js";
import { CHARACTERS_KEY, charactersOf } from "./lib/personnages.js";
import { cardView, houseStates, logByRound } from "./lib/partie-vue.js";
import { PARTIE_STORAGE_KEY, SAVED_FILE_FORMAT } from "./lib/contrat.js";
import { KEEP_MINE, TAKE_THEIRS } from "./lib/autre-onglet.js";
import { StorageRefused, storageSays, store } from "./lib/stockage.js";
import { quoted, typo } from "./lib/texte.js";
import { combatantParts, cardShell, fromPayload } from "./partie-combattant.js";
import { drawParts, holder, textPart } from "./partie-dessin.js";
import { addForms, encounterBar } from "./partie-formulaires.js";
import { bindGestures, encounterId } from "./partie-gestes.js";
import { printedTracker } from "./partie-imprimer.js";
import { tablesOffered, tablesSection } from "./partie-tables.js";

const LIBRE = "Ordre libre\u00a0: le texte de ce système ne donne pas de règle d'ordre\u202f; placez les combattants avec «\u202fMonter\u202f» et «\u202fDescendre\u202f».";
const READ_ONLY = "Vue en lecture seule\u00a0: cette rencontre vient d'un lien partagé. Rien n'est modifié ni enregistré ici.";

// The actions in one tap: each calculator the system declares, opened prefilled with the
// combatant's values (and a saved character's own query, `records`), against `target` (the
// next to act, or null); its « Lancer » writes to this encounter's log (lancer.js).
// [{nom, href}], or null when the system declares none.
function actionsOf(view, records, combatant, target) {
  const actions = view.payload.actions || [];
  if (!actions.length) return null;
  const from = combatant.origine?.startsWith("personnage:") ? combatant.origine.slice("personnage:".length) : null;
  const record = from ? records.find((one) => one.id === from) || null : null;
  return actions.map((action) => ({ nom: action.nom, href: actionLink(action, combatant, target, record, SITE_ROOT, view.encounter.id) }));
}

// --- storage ----------------------------------------------------------------------------

function charactersOfSystem(system) {
  try {
    return charactersOf(store.read(CHARACTERS_KEY), SAVED_FILE_FORMAT).filter((record) => record.systeme === system);
  } catch {
    return [];
  }
}

function readParties(view) {
  try {
    return kept.keptParties(store);
  } catch (error) {
    if (!(error instanceof StorageRefused)) throw error;
    view.refused = `${storageSays(error, "Ce que ce navigateur garde des rencontres est illisible")}\u00a0: rien n'est enregistré par-dessus.`;
    return [];
  }
}

// Keeps what this tab changed over the store as it is now (another tab may have written
// it since: its changes stay, lib/partie-fichier.js partiesMerged); what the page says when
// it cannot. Returns {message, conflict}: conflict when the open encounter changed (or was
// removed) in another tab, nothing written of it until the GM chooses.
function saveParties(view) {
  if (view.readOnly || view.refused) return { message: view.refused || "", conflict: false };
  const mine = [...view.parties.filter((one) => one.id !== view.encounter.id), view.encounter];
  try {
    const latest = kept.keptParties(store);
    const { parties, conflicts } = kept.partiesMerged(latest, view.seen, mine);
    if (parties !== latest) kept.keepParties(store, parties);
    const conflict = conflicts.includes(view.encounter.id);
    view.parties = conflict ? parties : parties.map((one) => (one.id === view.encounter.id ? view.encounter : one));
    // Seen as a read gives it back (checked, normalised): what another tab's write is told by.
    const now = parties === latest ? latest : kept.keptParties(store);
    view.seen = kept.partiesSeen(now, now.map((one) => one.id));
    return { message: "", conflict };
  } catch (error) {
    if (!(error instanceof StorageRefused)) throw error;
    return { message: `${storageSays(error)}\u00a0: la rencontre n'est pas enregistrée (exportez-la pour la garder).`, conflict: false };
  }
}

// The open encounter changed in another tab while this one changed it too: the GM keeps
// theirs or takes the other tab's (gone there: saved again, or the last one left opened).
async function settleConflict(view) {
  const there = kept.partieAt(view.parties, view.encounter.id);
  const name = view.encounter.nom;
  const mine = there
    ? await confirmed(typo(kept.partieChangedQuestion(name)), KEEP_MINE, document.activeElement, TAKE_THEIRS)
    : await confirmed(typo(kept.partieGoneQuestion(name)), "Enregistrer", document.activeElement);
  // `seen` now holds the other tab's version: a save writes mine over it, on purpose.
  if (mine) return applyChange(view, null, "titre");
  view.encounter = there || firstEncounter(view);
  tell(view, there ? `Rencontre ${quoted(name)} prise de l'autre onglet.` : "");
  drawView(view, "titre");
}

// Another tab wrote the encounters: this page shows them as they are now, the open one too
// when it changed there (every change here is saved at once: nothing of this tab is lost).
function followOtherTab(view) {
  let latest;
  try {
    latest = kept.keptParties(store);
  } catch {
    return; // unreadable there: this tab's next save says so
  }
  const open = kept.partieFollowed(latest, view.seen, view.encounter.id);
  view.parties = latest;
  view.seen = kept.partiesSeen(latest, latest.map((one) => one.id));
  if (open.changed) view.encounter = open.partie;
  if (open.changed || open.gone) tell(view, open.changed ? kept.PARTIE_FOLLOWED : kept.PARTIE_GONE_HERE);
  drawView(view, view.root.contains(document.activeElement) ? document.activeElement.dataset.cle : null);
}

// --- drawing ------------------------------------------------------------------------------

const ofSystem = (view) => view.parties.filter((one) => one.systeme === view.payload.systeme);

// The encounters the bar offers: this system's kept ones, and the open one (not yet saved).
const offered = (view) => (ofSystem(view).some((one) => one.id === view.encounter.id) ? ofSystem(view) : [...ofSystem(view), view.encounter]);

function statesOf(view) {
  const official = view.payload.etats?.liste || [];
  return [...official, ...houseStates(activeEntries(view.payload.systeme), view.payload.etats?.genres, entryKey)];
}

// The combatants in order: [[combatant acting together…], …].
function orderedGroups(view) {
  const byId = new Map(view.encounter.combattants.map((c) => [c.id, c]));
  return rules.orderOf(view.encounter, view.payload).map((group) => group.map((id) => byId.get(id)).filter(Boolean));
}

// The card of `combatant` (`at` its place in `group`, `after` the groups that follow):
// kept, each of its parts drawn again only when what it shows changed.
function cardPart(view, records, combatant, { group, at, first, last, after }) {
  const { payload, readOnly } = view;
  const libre = payload.ordre.mode === "libre";
  const following = group[at + 1] || after[0]?.[0] || null;
  const odds = !libre && following ? rules.oddsText(payload, combatant, following) : "";
  const pistes = payload.pistes.map((piste) => ({ id: piste.id, ...rules.trackView(payload, combatant, piste.id) }));
  const actions = readOnly ? null : actionsOf(view, records, combatant, following);
  const parts = cardView(combatant, payload.valeurs, { odds, libre, first, last, readOnly, modificateurs: payload.ordre.modificateurs, pistes, etats: view.etats, actions });
  // The same card node wherever the combatant goes in the order (moved, not built again).
  const made = () => view.cardNodes.get(combatant.id) || view.cardNodes.set(combatant.id, cardShell(combatant.id)).get(combatant.id);
  return holder(combatant.id, made, (card) => drawParts(card, combatantParts(payload, parts)));
}

// A group of the order (its combatants act together), the current one marked.
function groupPart(view, records, groups, at) {
  const group = groups[at];
  const current = view.encounter.tour === at;
  const label = group.length > 1 ? `Ensemble (${group.length} combattants agissent en même temps)` : "";
  const place = { group, first: at === 0, last: at === groups.length - 1, after: groups.slice(at + 1) };
  return holder(`groupe:${group.map((c) => c.id).join(" ")}`, () => element("li"), (item) => {
    const classes = `srd-partie-groupe${current ? " srd-partie-actif" : ""}`;
    if (item.className !== classes) item.className = classes;
    if (current && !item.hasAttribute("aria-current")) item.setAttribute("aria-current", "step");
    if (!current) item.removeAttribute("aria-current");
    drawParts(item, [
      { key: "ensemble", description: label, build: () => (label ? element("p", { class: "srd-partie-ensemble" }, typo(label)) : "") },
      holder("cartes", () => element("ul", { class: "srd-partie-cartes" }), (list) => drawParts(list, group.map((combatant, index) => cardPart(view, records, combatant, { ...place, at: index })))),
    ]);
  });
}

function roundPart(view) {
  const { ordre } = view.payload;
  const button = (action, label) => element("button", { type: "button", class: "md-button", "data-action": action, "data-cle": action }, typo(label));
  const round = view.encounter.round;
  const started = round > 0;
  const parts = [textPart("round", () => element("p", { class: "srd-partie-round", "aria-live": "polite" }), round ? `Round ${round}` : "Combat pas encore commencé")];
  if (!view.readOnly) {
    const first = ordre.mode === "jet" ? "Lancer l'initiative" : "Commencer le combat";
    const moves = () => (started ? [button("tour", "Tour suivant"), " ", button("round", "Round suivant")] : [button("commencer", first)]);
    parts.push({ key: "boutons", description: { started }, build: () => element("p", { class: "srd-partie-boutons" }, ...moves(), " ", button("annuler", "Annuler")) });
  }
  return holder("tours", () => element("div", { class: "srd-partie-tours" }), (box) => drawParts(box, parts));
}

function logPart(view) {
  const rounds = logByRound(view.encounter.journal);
  const list = (lines) => element("ul", {}, ...lines.map((line) => element("li", {}, typo(line))));
  const [now, ...earlier] = rounds;
  const parts = [{ key: "titre", description: "", build: () => element("h3", { id: "srd-partie-journal-titre" }, "Journal") }];
  if (now) {
    // The round of now in a log region kept across draws: its new lines are read out.
    const lines = [
      { key: "round", description: now.round, build: () => element("p", {}, `Round ${now.round}`) },
      holder("lignes", () => element("ul"), (box) => drawParts(box, now.lignes.map((line, at) => ({ key: at, description: line, build: () => element("li", {}, typo(line)) })))),
    ];
    parts.push(holder("maintenant", () => element("div", { role: "log", "aria-live": "polite" }), (box) => drawParts(box, lines)));
  } else parts.push({ key: "rien", description: "", build: () => element("p", {}, "Rien encore.") });
  for (const round of earlier) parts.push({ key: `round:${round.round}`, description: round.lignes, build: () => element("details", {}, element("summary", {}, `Round ${round.round}`), list(round.lignes)) });
  return holder("journal", () => element("section", { class: "srd-partie-journal", "aria-labelledby": "srd-partie-journal-titre" }), (section) => drawParts(section, parts));
}

// What tablesPart shows that may change (it is drawn again when this changes): the tables
// offered (official, then the reader's house ones once their kinds are read), the one
// chosen and the last result. The house kinds arrive later: the whole view is drawn again.
function tablesDescription(view) {
  view.tables = view.readOnly ? [] : tablesOffered(view, () => drawView(view));
  return { tables: view.tables, choix: view.tableChoice || "", texte: view.tableText || "" };
}

// The official and house tables, one rolled by « Lancer » (partie-tables.js).
function tablesPart(view) {
  return tablesSection(view);
}

function filesPart(view) {
  const button = (action, label) => element("button", { type: "button", class: "md-button", "data-action": action, "data-cle": action }, typo(label));
  if (view.readOnly) return element("p", { class: "srd-partie-boutons" }, button("copier", "Copier dans mes rencontres"), " ", button("imprimer", "Imprimer"));
  return element(
    "div",
    { class: "srd-partie-fichiers" },
    element("p", { class: "srd-partie-boutons" }, button("exporter", "Exporter"), " ", button("partager", "Partager (lecture seule)"), " ", button("imprimer", "Imprimer"), " ", button("supprimer", "Supprimer la rencontre")),
    element("p", {}, element("label", { for: "srd-partie-importer" }, "Importer une rencontre (JSON)"), " ", element("input", { id: "srd-partie-importer", type: "file", accept: ".json,application/json", "data-cle": "importer" })),
    view.shareLink ? element("p", {}, element("label", { for: "srd-partie-lien" }, "Lien à partager"), " ", element("input", { id: "srd-partie-lien", type: "text", readonly: "", value: view.shareLink })) : "",
  );
}

// What the system's text says of the order (and the editorial notes where it is silent).
function rulesText(payload) {
  const { ordre } = payload;
  const notes = (ordre.notes_html || []).map((html) => fromPayload(html, "div"));
  return element(
    "details",
    { class: "srd-partie-regle" },
    element("summary", {}, "La règle de l'ordre"),
    fromPayload(ordre.html, "div"),
    payload.etats?.html ? fromPayload(payload.etats.html, "div") : "",
    ...(notes.length ? [element("p", {}, element("strong", {}, "Notes éditoriales")), ...notes] : []),
  );
}

function orderPart(view, groups) {
  const { payload } = view;
  const records = view.readOnly || !payload.actions?.length ? [] : charactersOfSystem(payload.systeme);
  const libre = payload.ordre.mode === "libre";
  const list = groups.length
    ? holder("groupes", () => element("ol", { class: "srd-partie-groupes" }), (items) => drawParts(items, groups.map((group, at) => groupPart(view, records, groups, at))))
    : { key: "aucun", description: "", build: () => element("p", {}, "Aucun combattant\u00a0: ajoutez-en ci-dessus.") };
  const parts = [
    { key: "titre", description: "", build: () => element("h3", { id: "srd-partie-ordre-titre" }, "Ordre du round") },
    { key: "libre", description: libre, build: () => (libre ? element("p", { class: "srd-partie-libre" }, typo(LIBRE)) : "") },
    { key: "regle", description: "", build: () => rulesText(payload) },
    list,
  ];
  return holder("ordre", () => element("section", { class: "srd-partie-ordre", "aria-labelledby": "srd-partie-ordre-titre" }), (section) => drawParts(section, parts));
}

// The page's parts, each drawn again only when what it shows changed (partie-dessin.js).
function viewParts(view, groups) {
  const { payload, encounter } = view;
  const bar = view.readOnly
    ? { key: "lecture", description: "", build: () => element("p", { class: "srd-partie-lecture", role: "note" }, typo(READ_ONLY)) }
    : { key: "barre", description: { offered: offered(view).map((one) => [one.id, one.nom]), open: encounter.id }, build: () => encounterBar(offered(view), encounter) };
  // The add forms start empty again once a combatant is added or removed, or another encounter opened.
  const forms = { partie: encounter.id, combattants: encounter.combattants.length, quick: view.quick, personnages: view.characters.map((one) => [one.id, one.nom, Boolean(one.combat)]) };
  return [
    bar,
    { key: "titre", description: encounter.nom, build: () => element("h2", { class: "srd-partie-titre", id: "srd-partie-titre", tabindex: "-1" }, typo(encounter.nom)) },
    view.readOnly ? null : { key: "ajouts", description: forms, build: () => addForms(payload, view.characters, view.quick) },
    roundPart(view),
    orderPart(view, groups),
    { key: "tables", description: tablesDescription(view), build: () => tablesPart(view) },
    logPart(view),
    { key: "fichiers", description: { readOnly: view.readOnly, lien: view.shareLink || "" }, build: () => filesPart(view) },
  ].filter(Boolean);
}

function printPart(view, groups) {
  const ordered = groups.flat();
  const title = `${view.encounter.nom} — round ${view.encounter.round}`;
  const rows = ordered.map((c) => [c.nom, c.valeurs || null, (c.etats || []).map((etat) => etat.ref.nom)]);
  return { key: "suivi", description: { title, rows }, build: () => printedTracker(view.payload, ordered, title) };
}

// The control of the same key, else the encounter's title: never the page's body. Focused
// only when the focus is not there already (focusing lays the page out at once), without
// scrolling when it is the control the reader was on, drawn again in its place.
function focusAfter(view, focusKey, had) {
  if (!focusKey) return;
  const focus = view.live.querySelector(`[data-cle="${CSS.escape(focusKey)}"]`) || view.live.querySelector(".srd-partie-titre");
  if (focus === document.activeElement) return;
  const key = focus.dataset.cle;
  const inPlace = focus === had || (key !== undefined && !had?.isConnected && had?.dataset?.cle === key);
  focus.focus(inPlace ? { preventScroll: true } : {});
}

function drawView(view, focusKey) {
  const had = document.activeElement;
  view.etats = statesOf(view);
  const groups = orderedGroups(view);
  const here = new Set(view.encounter.combattants.map((c) => c.id));
  for (const id of view.cardNodes.keys()) if (!here.has(id)) view.cardNodes.delete(id);
  drawParts(view.live, viewParts(view, groups));
  drawParts(view.print, [printPart(view, groups)]);
  focusAfter(view, focusKey, had);
}

// What the page says, and after it what the last save could not keep (storage full or
// down): a consequence said by the same change never hides that the change is not kept.
function tell(view, message) {
  const said = [message, view.unsaved].filter((one, at, all) => one && all.indexOf(one) === at);
  view.status.textContent = typo(said.join(" "));
}

// The next encounter `next` (or nothing: as it is), saved and drawn, focus on `focusKey`.
function applyChange(view, next, focusKey) {
  if (next) view.encounter = next;
  const saved = saveParties(view);
  view.unsaved = saved.message;
  tell(view, "");
  drawView(view, focusKey);
  if (saved.conflict) settleConflict(view);
}

// --- opening ------------------------------------------------------------------------------

function payloadOf(root) {
  const holder = root.querySelector("#srd-partie-donnees") || document.getElementById("srd-partie-donnees");
  return JSON.parse(holder.dataset.donnees);
}

// The encounter the address names (?partie=<id>, the way back from a calculator), else the
// last one of this system, else a new one.
function firstEncounter(view) {
  const mine = ofSystem(view);
  const named = new URLSearchParams(location.search).get(ENCOUNTER_PARAM);
  const found = named && mine.find((one) => one.id === named);
  if (found) return found;
  if (mine.length) return mine[mine.length - 1];
  return rules.newEncounter(view.payload, { id: encounterId(), nom: "Rencontre 1", now: new Date().toISOString() });
}

// A shared encounter (#partie=…), or null; what is wrong with a bad one is said.
function sharedOf(view) {
  const read = kept.sharedPartie(location.hash);
  if (read?.refused) {
    view.sharedRefused = read.refused;
    return null;
  }
  if (read && read.partie.systeme !== view.payload.systeme) {
    view.sharedRefused = `Lien de rencontre refusé\u00a0: il est d'un autre système (${read.partie.systeme}). Rien n'est affiché.`;
    return null;
  }
  return read?.partie || null;
}

export function bindEncounterPage(root) {
  if (root.dataset.bound) return;
  root.dataset.bound = "1";
  const status = root.querySelector(".srd-partie-etat");
  // cardNodes: the DOM of each combatant's card, by id (partie-dessin.js keeps what it was drawn from).
  const view = { root, status, payload: payloadOf(root), readOnly: false, quick: {}, parties: [], characters: [], cardNodes: new Map() };
  view.live = element("div", { class: "srd-partie-vue" });
  view.print = element("div", { class: "srd-partie-impression" });
  root.append(view.live, view.print);
  tell(view, "");
  const shared = sharedOf(view);
  view.parties = readParties(view);
  view.seen = kept.partiesSeen(view.parties, view.parties.map((one) => one.id));
  view.characters = charactersOfSystem(view.payload.systeme);
  view.readOnly = Boolean(shared);
  view.encounter = shared || firstEncounter(view);
  bindGestures(view, { change: (next, focusKey) => applyChange(view, next, focusKey), say: (message) => tell(view, message), redraw: (focusKey) => drawView(view, focusKey) });
  if (view.sharedRefused) tell(view, view.sharedRefused);
  else if (view.refused) tell(view, view.refused);
  else if (view.readOnly) tell(view, READ_ONLY);
  drawView(view);
  addEventListener("storage", (event) => {
    if (root.isConnected && !view.readOnly && (event.key === PARTIE_STORAGE_KEY || event.key === null)) followOtherTab(view);
  });
}
