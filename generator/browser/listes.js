// The GM's lists (page « Mes listes », generator/pipeline/templates/listes.md.j2): any entity can be
// pinned to a named list from its page, a search hit or a finder card (a button
// `.srd-epingler-bouton` carrying `data-cle`, the entity's « système/genre/id »). Lists are
// kept in this browser's localStorage only. A list is shown as playing cards (63 × 88 mm,
// nine to an A4 page); the card text comes from the build's card index (generator/pipeline/cartes.py).
// A long effect goes on to a « suite » card: the split is measured on the laid-out card
// (docs/decisions.md). Lists travel as a link (their ids in the address) or a JSON file.
//
// The reader's house rules (assets/maison-stock.js) are cards like the others, marked
// « maison »: a house entity is pinned by its key, an amendment in force prints its house
// card in place of the official one, and a pinned house entity no longer kept in this
// browser is said unknown, as an entity the site no longer has.
//
// A pin button drawn after the page (the house entity's page, « maison/voir/ »): the same
// markup as an entity page's,
//   <p class="srd-epingler"><button type="button" class="md-button srd-epingler-bouton"
//      data-cle="<key>" data-nom="<name>" hidden>Épingler</button></p>
// then `showPins(container)` (exported below) shows it, saying whether it is pinned
// already. A tap on any such button, however it came, opens the pinning.
import { SITE_ROOT, closeButton, confirmed, dialog, download, element, onEachPage } from "./commun.js";
import {
  droppedNote,
  fileRefusal,
  fileText,
  fileTooBig,
  fileTooDeep,
  freeListName,
  importEntry,
  listsOf,
  readListsFile,
  shareFragment,
  shareTooLong,
  sharedList,
  sharedParams,
  storedText,
} from "./lib/listes.js";
import { CARDS_INDEX, LISTS_PAGE } from "./lib/contrat.js";
import { isText, plural, slug } from "./lib/texte.js";
import { StorageRefused, store } from "./lib/stockage.js";
import { LISTS_FOLLOWED, listChangedQuestion, listDeleted, listNamed, listRenamed, listWithout, printOf } from "./lib/autre-onglet.js";
import { houseInForce, houseLink } from "./maison-marque.js";

const CARDS = new URL(CARDS_INDEX, SITE_ROOT).href;
const LISTS_URL = new URL(LISTS_PAGE, SITE_ROOT);
const STORE = "srd-listes";
const FORMAT = 1; // of the stored lists and of the exported file
const PER_SHEET = 9;
// Bounds of an imported file, told before it is read: an export nests 3 levels deep (the
// bounds of its content: lib/listes.js).
const MAX_FILE_BYTES = 1_000_000;
const MAX_DEPTH = 8;
const UNAVAILABLE =
  "Ce navigateur ne permet pas de garder des listes (navigation privée, stockage désactivé ou bloqué)\u00a0: rien n'est enregistré. Une liste reçue par un lien reste lisible.";
const FULL = "Le stockage de ce navigateur est plein\u00a0: la modification n'a pas été enregistrée.";
const UNREADABLE =
  "Les listes enregistrées dans ce navigateur sont illisibles\u00a0: elles sont laissées telles quelles, rien n'est enregistré par-dessus.";

// What a refused storage means here (commun.js): its reason, in this page's words.
const SAID = { plein: FULL, indisponible: UNAVAILABLE, illisible: UNREADABLE };
const said = (error) => SAID[error.why] || error.message;

// --- storage ------------------------------------------------------------------------
// Reading never writes (commun.js): a full storage still shows every list.

export function readLists() {
  return listsOf(store.read(STORE), FORMAT);
}

function writeLists(lists) {
  store.write(STORE, storedText(lists, FORMAT));
}

// The list last pinned into: a tap on « Épingler » pins there at once.
const LAST = `${STORE}-derniere`;

function lastList(lists) {
  let name = null;
  try {
    name = store.read(LAST);
  } catch {
    // no storage: no list to pin into either
  }
  // A single list is the one, whatever its name became (renamed on its page).
  return lists.find((list) => list.nom === name) || (lists.length === 1 ? lists[0] : null);
}

// The list a first tap makes, on a profile with none: renamed on its page.
const FIRST_LIST = "Ma liste";

// Remembered only if it can be: the list itself was written, which is what matters.
function rememberList(name) {
  try {
    store.write(LAST, name);
  } catch {
    // a full storage keeps the previous choice
  }
}

// --- the card index -------------------------------------------------------------------
let cardsPromise = null;
function officialCards() {
  cardsPromise ||= fetch(CARDS)
    .then((reply) => reply.json())
    .then((data) => new Map(Object.entries(data.cartes)));
  return cardsPromise;
}

// A house card the lists can print (the store is the reader's: a card that lacks what a
// card shows is left out rather than break the page).
const printable = (card) =>
  card && ["n", "k", "s", "u", "e"].every((name) => isText(card[name])) && card.f && typeof card.f === "object" && Object.values(card.f).every(isText);

// The official cards with the house rules in force: an amendment's card in place of its
// official one, a new entity's added; each marked `m`.
async function loadCards() {
  const cards = new Map(await officialCards());
  for (const [key, { carte }] of houseInForce()) {
    if (printable(carte)) cards.set(key, { ...carte, c: isText(carte.c) ? carte.c : "", m: 1 });
  }
  return cards;
}

const cardLink = (card, key) => (card.m ? houseLink(card.u, key) : new URL(card.u, SITE_ROOT).href);

const button = (label, attributes = {}) => element("button", { type: "button", class: "md-button", ...attributes }, label);
const listAddress = (name) => `${LISTS_URL.pathname}?${new URLSearchParams({ liste: name })}`;

// --- the « Épingler » dialog ----------------------------------------------------------
let opener = null; // the « Épingler » button the dialog was opened from

function pinForm(key, name, status) {
  const lists = readLists();
  const last = lastList(lists);
  const pinned = lists.some((list) => list.ids.includes(key));
  const boxes = lists.map((list) => {
    // By name, not position: another tab may add or delete lists while the dialog is open.
    const box = element("input", { type: "checkbox", name: "liste", value: list.nom });
    // In no list yet: the last one used is ticked already.
    box.checked = list.ids.includes(key) || (!pinned && list === last);
    return element("label", { class: "srd-epingler-choix" }, box, ` ${list.nom} (${plural(list.ids.length, "entité")})`);
  });
  const fresh = element("input", { type: "text", name: "nouvelle", autocomplete: "off", placeholder: "Scénario du 12" });
  const form = element(
    "form",
    { method: "dialog" },
    boxes.length
      ? element("fieldset", {}, element("legend", {}, "Dans mes listes"), ...boxes)
      : element("p", {}, "Aucune liste pour l'instant\u00a0: créez-en une."),
    element("label", { class: "srd-epingler-nouvelle" }, element("span", {}, "Nouvelle liste"), fresh),
    element("p", { class: "srd-epingler-actions" }, element("button", { type: "submit", class: "md-button md-button--primary" }, "Enregistrer"), closeButton()),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    savePins(form, key, name, status);
  });
  return form;
}

function savePins(form, key, name, status) {
  try {
    const lists = readLists();
    let chosen = null; // the list pinned into, remembered for the next tap
    form.querySelectorAll("input[name=liste]").forEach((box) => {
      let list = lists.find((one) => one.nom === box.value);
      if (!list && !box.checked) return; // deleted in another tab, and not wanted here
      if (!list) lists.push((list = { nom: box.value, ids: [] })); // deleted elsewhere, wanted here
      const has = list.ids.includes(key);
      if (box.checked && !has) list.ids.push(key);
      if (!box.checked && has) list.ids = list.ids.filter((id) => id !== key);
      if (box.checked) chosen ||= list;
    });
    const fresh = form.elements.nouvelle.value.trim();
    if (fresh) lists.push((chosen = { nom: freeListName(fresh, lists), ids: [key] }));
    writeLists(lists);
    if (chosen) rememberList(chosen.nom);
    const kept = lists.filter((list) => list.ids.includes(key)).map((list) => `«\u00a0${list.nom}\u00a0»`);
    status.textContent = kept.length ? `Enregistré\u00a0: «\u00a0${name}\u00a0» est dans ${kept.join(", ")}.` : `Enregistré\u00a0: «\u00a0${name}\u00a0» n'est dans aucune liste.`;
    if (opener) markPinned(opener, kept.length > 0);
    const next = pinForm(key, name, status);
    form.replaceWith(next);
    next.querySelector("[data-fermer]").focus(); // the saved form is gone: not to the page's body
  } catch (error) {
    status.textContent = said(error);
  }
}

function openPin(trigger) {
  opener = trigger;
  const { cle: key, nom: name } = trigger.dataset;
  const pin = dialog("srd-epingler-dialogue");
  const status = element("p", { role: "status", class: "srd-epingler-etat" });
  const link = element("a", { href: LISTS_URL.href }, "Voir mes listes");
  let body;
  try {
    body = pinForm(key, name, status);
  } catch (error) {
    status.textContent = said(error);
    body = element("p", {}, closeButton());
  }
  pin.open(trigger, `Épingler «\u00a0${name}\u00a0»`, status, body, element("p", {}, link));
  pin.box.querySelector("input, button")?.focus();
}

// « Épingler » / « Épinglé »: the button says whether the entity is in a list (its
// accessible name, « Épingler Peuple (Atout…) » on a hit, says it too).
function markPinned(trigger, pinned) {
  const word = pinned ? "Épinglé" : "Épingler";
  trigger.textContent = word;
  trigger.toggleAttribute("data-epingle", pinned);
  const label = trigger.getAttribute("aria-label");
  if (label) trigger.setAttribute("aria-label", label.replace(/^Épingl\S*/, word));
  if (!pinned) dropNote(trigger);
}

function dropNote(trigger) {
  const note = trigger.nextElementSibling;
  if (note?.matches(".srd-epingle-note")) note.remove();
}

// What a tap did, beside its button: the list, and « Annuler »; a list it made, a way to
// rename it.
function pinnedNote(trigger, list, added, made) {
  dropNote(trigger);
  const note = element("span", { class: "srd-epingle-note", role: "status" });
  trigger.after(note);
  note.append(`${added ? "Dans" : "Déjà dans"} «\u00a0${list.nom}\u00a0»${made ? ", nouvelle liste" : ""}.`);
  if (made) note.append(" ", element("a", { href: listAddress(list.nom), "aria-label": `Renommer la liste «\u00a0${list.nom}\u00a0»` }, "Renommer"));
  if (!added) return;
  const undo = element("button", { type: "button", class: "srd-epingle-annuler", "aria-label": `Annuler\u00a0: retirer «\u00a0${trigger.dataset.nom}\u00a0» de «\u00a0${list.nom}\u00a0»` }, "Annuler");
  undo.addEventListener("click", () => {
    try {
      const lists = readLists();
      const kept = lists.find((one) => one.nom === list.nom);
      if (kept) kept.ids = kept.ids.filter((id) => id !== trigger.dataset.cle);
      writeLists(lists);
      markPinned(trigger, lists.some((one) => one.ids.includes(trigger.dataset.cle)));
      trigger.focus();
    } catch (error) {
      note.textContent = said(error);
    }
  });
  note.append(" ", undo);
}

// One tap pins into the last list used; on a profile with no list, into a first one it
// makes. On « Épinglé » (to choose other lists, or none), or with several lists and none
// used yet, the dialog opens.
function pinOnce(trigger) {
  try {
    const lists = readLists();
    const made = !lists.length;
    if (made) lists.push({ nom: FIRST_LIST, ids: [] });
    const last = made ? lists[0] : lastList(lists);
    if (!last || trigger.hasAttribute("data-epingle")) return openPin(trigger);
    const added = !last.ids.includes(trigger.dataset.cle);
    if (added) last.ids.push(trigger.dataset.cle);
    writeLists(lists);
    if (made) rememberList(last.nom);
    markPinned(trigger, true);
    pinnedNote(trigger, last, added, made);
  } catch {
    openPin(trigger); // the dialog says what the storage refuses
  }
}

document.addEventListener("click", (event) => {
  const trigger = event.target.closest(".srd-epingler-bouton");
  if (!trigger) return;
  event.preventDefault();
  pinOnce(trigger);
});

// --- cards ----------------------------------------------------------------------------
function cardHead(card, suite) {
  const title = element("h3", {}, suite ? `${card.n} (suite)` : card.n);
  const kind = element("p", { class: "srd-carte-mj-genre" }, `${card.k} · ${card.s}`);
  if (card.m) kind.append(" · ", element("span", { class: "srd-maison-marque" }, "maison"));
  return [title, kind];
}

function cardNode(card, suite) {
  const parts = cardHead(card, suite);
  if (!suite) {
    if (card.c) parts.push(element("p", { class: "srd-carte-mj-condition" }, `Condition\u00a0: ${card.c}`));
    const fields = Object.entries(card.f).map(([title, value]) => `${title}\u00a0: ${value}`);
    if (fields.length) parts.push(element("p", { class: "srd-carte-mj-champs" }, fields.join(" · ")));
  }
  parts.push(element("p", { class: "srd-carte-mj-effet" }));
  return element("article", { class: "srd-carte-mj" }, ...parts);
}

const overflows = (node) => node.scrollHeight > node.clientHeight + 1;

// The most words of `words` the card holds, with a « suite » mark when some are left.
// Measured with a reserve at the bottom of the card (.srd-carte-mj-mesure): the printed
// layout may round a line a pixel differently from the screen's.
// `words` are a word's characters (joined by "") when one word alone is cut.
function fitEffect(node, words, joiner = " ") {
  node.classList.add("srd-carte-mj-mesure");
  const kept = longestFitting(node, words, joiner);
  node.classList.remove("srd-carte-mj-mesure");
  return kept;
}

function longestFitting(node, words, joiner) {
  const effect = node.querySelector(".srd-carte-mj-effet");
  const show = (n) => {
    effect.textContent = words.slice(0, n).join(joiner);
    if (n < words.length) effect.append(element("span", { class: "srd-carte-mj-suite" }, " → suite"));
  };
  show(words.length);
  if (!overflows(node)) return words.length;
  let low = 0;
  let high = words.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    show(middle);
    if (overflows(node)) high = middle - 1;
    else low = middle;
  }
  show(low);
  return low;
}

// A word longer than a whole card (the reader's house text): the piece of it the card
// holds, the rest left for the next card, rather than the word dropped.
function cutFirstWord(node, words) {
  const letters = Array.from(words[0]);
  const held = fitEffect(node, letters, "");
  if (held === 0) return [0, words];
  return [1, [letters.slice(0, held).join(""), letters.slice(held).join(""), ...words.slice(1)]];
}

// The cards of one entity, laid out in `place` (measured there): as many as its effect needs.
function entityCards(card, place) {
  // Split on plain spaces only: a non-breaking one keeps « Fatigue : » together.
  let words = card.e.split(/[ \t\n]+/).filter(Boolean);
  let suite = false;
  const made = [];
  do {
    const node = cardNode(card, suite);
    node.dataset.cle = card.key;
    place.append(node);
    let kept = fitEffect(node, words);
    // A word a card after the first cannot hold whole no card ever will: it is cut.
    if (kept === 0 && suite) [kept, words] = cutFirstWord(node, words);
    node.dataset.effet = words.slice(0, kept).join(" ");
    made.push(node);
    // A card too small even for one word after its header: the rest goes on regardless.
    words = words.slice(Math.max(kept, suite ? 1 : 0));
    suite = true;
  } while (words.length);
  return made;
}

// Sheets of nine cards: one A4 page each in print. Each entity's cards are measured alone
// in the measuring sheet, then taken out of it: a layout is one entity's, not that of every
// card made so far (which made a list of a thousand cards take minutes).
function sheets(cards, container) {
  const measure = element("div", { class: "srd-planche" });
  container.replaceChildren(measure);
  const all = [];
  for (const card of cards) {
    all.push(...entityCards(card, measure));
    measure.replaceChildren();
  }
  const out = [];
  for (let i = 0; i < all.length; i += PER_SHEET) {
    out.push(element("div", { class: "srd-planche" }, ...all.slice(i, i + PER_SHEET)));
  }
  container.replaceChildren(...out);
  return all.length;
}

// --- the « Mes listes » page ----------------------------------------------------------
function messageList(messages) {
  return element("ul", { class: "srd-listes-messages" }, ...messages.map((text) => element("li", {}, text)));
}

function overview(root, status) {
  const lists = readLists();
  const items = lists.map((list) =>
    element("li", {}, element("a", { href: listAddress(list.nom) }, list.nom), ` — ${plural(list.ids.length, "entité")}`),
  );
  const name = element("input", { type: "text", name: "nom", autocomplete: "off", required: "" });
  const create = element(
    "form",
    { class: "srd-listes-creer" },
    element("label", {}, element("span", {}, "Nom de la nouvelle liste"), name),
    element("button", { type: "submit", class: "md-button" }, "Créer la liste"),
  );
  create.addEventListener("submit", (event) => {
    event.preventDefault();
    const wanted = name.value.trim();
    if (!wanted) return (status.textContent = "Donnez un nom à la liste.");
    guarded(status, () => {
      const stored = readLists();
      stored.push({ nom: freeListName(wanted, stored), ids: [] });
      writeLists(stored);
      render(root);
    });
  });
  root.append(
    element("h2", {}, "Vos listes"),
    items.length ? element("ul", { class: "srd-listes-toutes" }, ...items) : element("p", {}, "Aucune liste pour l'instant\u00a0: épinglez une entité depuis sa page, la recherche ou le trouveur, ou créez une liste ici."),
    create,
    transfer(root, status, lists),
  );
}

function exportLists(name, lists) {
  download(name, fileText(lists, FORMAT));
}

// Export of every list, import of a file.
function transfer(root, status, lists) {
  const exporter = button("Exporter mes listes (fichier JSON)");
  exporter.disabled = !lists.length;
  exporter.addEventListener("click", () => exportLists("mes-listes.json", lists));
  // The browser's own file button speaks its own language: ours says it in French.
  const file = element("input", { type: "file", accept: ".json,application/json", name: "fichier", hidden: "" });
  const choose = button("Importer un fichier de listes…");
  choose.addEventListener("click", () => file.click());
  const messages = element("div", { "aria-live": "polite" });
  file.addEventListener("change", async () => {
    if (!file.files.length) return;
    const found = await importListsFile(file.files[0]);
    file.value = "";
    render(root);
    root.querySelector(".srd-listes-import-messages")?.replaceChildren(messageList(found));
  });
  messages.className = "srd-listes-import-messages";
  return element(
    "section",
    { class: "srd-listes-transfert", "aria-labelledby": "srd-listes-transfert" },
    element("h2", { id: "srd-listes-transfert" }, "Exporter et importer"),
    element("p", {}, exporter),
    element("p", {}, choose, file),
    messages,
  );
}

// A chosen file: its size and its depth are told before it is read, its content after.
async function importListsFile(chosen) {
  const tooBig = fileTooBig(chosen.name, chosen.size, MAX_FILE_BYTES);
  if (tooBig) return tooBig;
  const text = await chosen.text();
  return fileTooDeep(chosen.name, text, MAX_DEPTH) || importText(chosen.name, text);
}

// Read an exported file: every list it holds is added under a free name (nothing stored
// is replaced); unknown entities are left out. A message per problem, in French. All is
// read before anything is written: a file is imported whole, or not at all.
export async function importText(fileName, text) {
  const read = readListsFile(fileName, text, FORMAT);
  if (read.refused) return read.refused;
  const cards = await loadCards();
  try {
    const lists = readLists();
    const messages = read.listes.map((entry, index) => importEntry(entry, index, lists, cards));
    writeLists(lists);
    return messages.flat();
  } catch (error) {
    if (error instanceof StorageRefused) return [said(error)];
    console.warn("listes\u00a0:", error);
    return fileRefusal(fileName, "n'a pas pu être lu");
  }
}

function guarded(status, action) {
  try {
    action();
  } catch (error) {
    status.textContent = said(error);
  }
}

// The entities of a list, each with its « Retirer » button (or only shown: a shared list).
function entries(list, cards, onRemove) {
  return element(
    "ul",
    { class: "srd-listes-entites" },
    ...list.ids.map((id) => {
      const card = cards.get(id);
      const label = card
        ? element("a", { href: cardLink(card, id) }, card.n)
        : element("span", {}, `Entité inconnue «\u202f${id}\u202f» (retirée du site, ou règle maison qui n'est plus dans ce navigateur\u202f?)`);
      const item = element("li", card?.m ? { class: "srd-listes-maison" } : {}, label, card ? ` — ${card.k} · ${card.s}${card.m ? " · maison" : ""}` : "");
      if (onRemove) {
        const remove = button("Retirer", { "aria-label": `Retirer ${card ? card.n : id} de la liste`, class: "md-button srd-listes-retirer" });
        remove.addEventListener("click", () => onRemove(id));
        item.append(" ", remove);
      }
      return item;
    }),
  );
}

// The share link of `list` (its entities in the fragment: lib/listes.js), or why none.
function shareBox(list) {
  const refused = shareTooLong(list);
  if (refused) return element("p", { class: "srd-listes-partage" }, refused);
  const address = new URL(LISTS_URL);
  address.hash = shareFragment(list);
  const share = element("input", { type: "text", readonly: "", value: address.href, class: "srd-listes-lien", name: "lien" });
  return element("label", { class: "srd-listes-partage" }, element("span", {}, "Lien de partage (les entités sont dans l'adresse)"), share);
}

// « Supprimer la liste », once confirmed; asked again when another tab changed it since the
// page showed it (`seen`), then deleted from the lists as kept now.
async function deleteList(root, status, seen, remove) {
  if (!(await confirmed(`Supprimer la liste «\u00a0${seen.nom}\u00a0»\u00a0?`, "Supprimer", remove))) return;
  for (;;) {
    let now;
    try {
      now = listNamed(readLists(), seen.nom);
    } catch (error) {
      return (status.textContent = said(error));
    }
    if (!now || printOf(now) === printOf(seen)) break;
    if (!(await confirmed(listChangedQuestion(now), "Supprimer", remove))) return;
    seen = now;
  }
  guarded(status, () => {
    const done = listDeleted(readLists(), seen.nom);
    if (done.refused) return (status.textContent = done.refused);
    writeLists(done.lists);
    history.replaceState(history.state, "", LISTS_URL.pathname);
    render(root);
  });
}

function listTools(root, status, list) {
  const rename = element("input", { type: "text", name: "nom", value: list.nom, autocomplete: "off" });
  const renameForm = element(
    "form",
    { class: "srd-listes-renommer" },
    element("label", {}, element("span", {}, "Nom de la liste"), rename),
    element("button", { type: "submit", class: "md-button" }, "Renommer"),
  );
  renameForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const wanted = rename.value.trim();
    if (!wanted) return (status.textContent = "Donnez un nom à la liste.");
    guarded(status, () => {
      const done = listRenamed(readLists(), list.nom, wanted); // as kept now: another tab may have changed it
      if (done.refused) return (status.textContent = done.refused);
      writeLists(done.lists);
      history.replaceState(history.state, "", listAddress(wanted));
      render(root);
    });
  });
  const print = button("Imprimer les cartes", { class: "md-button md-button--primary" });
  print.addEventListener("click", () => window.print());
  const exporter = button("Exporter cette liste");
  exporter.addEventListener("click", () => exportLists(`liste-${slug(list.nom) || "liste"}.json`, [list]));
  const remove = button("Supprimer la liste");
  remove.addEventListener("click", () => deleteList(root, status, list, remove));
  return [
    element("p", { class: "srd-listes-actions" }, print, " ", exporter, " ", remove),
    shareBox(list),
    renameForm,
  ];
}

async function showList(root, status, name) {
  const lists = readLists();
  const list = lists.find((one) => one.nom === name);
  const back = element("p", {}, element("a", { href: LISTS_URL.pathname }, "Toutes mes listes"));
  if (!list) {
    root.append(element("p", {}, `Aucune liste nommée «\u00a0${name}\u00a0» dans ce navigateur.`), back);
    return;
  }
  const cards = await loadCards();
  const onRemove = (id) =>
    guarded(status, () => {
      const done = listWithout(readLists(), list.nom, id); // as kept now: another tab may have changed it
      if (done.refused) return (status.textContent = done.refused);
      writeLists(done.lists);
      render(root);
    });
  root.append(element("h2", {}, list.nom), back, ...listTools(root, status, list));
  await showCards(root, list, cards, onRemove);
}

// A list received by a link stays in the address until it is saved or set aside: a reload
// shows it again. Past the bound (lib/listes.js), only why it is not opened.
async function showShared(root, status, params) {
  const list = sharedList(params);
  const { nom: name, ids } = list;
  root.append(element("h2", {}, `Liste partagée\u00a0: ${name}`));
  if (list.refused) {
    status.textContent = list.refused;
    root.append(element("p", {}, element("a", { href: LISTS_URL.pathname }, "Toutes mes listes")));
    return;
  }
  const cards = await loadCards();
  const save = button("Enregistrer dans mes listes", { class: "md-button md-button--primary" });
  save.addEventListener("click", () =>
    guarded(status, () => {
      const lists = readLists();
      const kept = { nom: freeListName(name, lists), ids: ids.filter((id) => cards.has(id)) };
      lists.push(kept);
      writeLists(lists);
      history.replaceState(history.state, "", listAddress(kept.nom));
      const saved = `Liste enregistrée sous le nom «\u00a0${kept.nom}\u00a0».${droppedNote(ids, cards)}`;
      render(root).then(() => (root.querySelector("[role=status]").textContent = saved));
    }),
  );
  const dismiss = button("Ne pas l'enregistrer");
  dismiss.addEventListener("click", () => {
    history.replaceState(history.state, "", LISTS_URL.pathname);
    render(root).then(() => (root.querySelector("[role=status]").textContent = "Liste reçue laissée de côté\u00a0: rien n'a été enregistré."));
  });
  root.append(element("p", {}, "Cette liste vient d'un lien\u00a0; elle n'est pas encore dans vos listes. ", save, " ", dismiss));
  await showCards(root, list, cards, null);
}

async function showCards(root, list, cards, onRemove) {
  root.append(element("h3", {}, `Entités (${list.ids.length})`), entries(list, cards, onRemove));
  const known = list.ids.filter((id) => cards.has(id)).map((id) => ({ ...cards.get(id), key: id }));
  const sheetsBox = element("div", { class: "srd-planches", "aria-label": "Cartes à imprimer", role: "region" });
  root.append(element("h3", {}, "Cartes"), sheetsBox);
  const count = sheets(known, sheetsBox);
  sheetsBox.before(element("p", { class: "srd-listes-compte" }, `${plural(count, "carte")}, ${plural(Math.ceil(count / PER_SHEET), "page")} A4 à l'impression.`));
}

async function render(root) {
  const status = element("p", { role: "status", class: "srd-listes-etat" });
  root.replaceChildren(status);
  const params = new URLSearchParams(location.search);
  const shared = sharedParams(location.search, location.hash);
  try {
    if (shared) await showShared(root, status, shared);
    else {
      readLists(); // storage unavailable: said once, at the top
      if (params.has("liste")) await showList(root, status, params.get("liste"));
      else overview(root, status);
    }
  } catch (error) {
    if (!(error instanceof StorageRefused)) throw error;
    status.textContent = said(error);
  }
  root.dataset.pret = "1"; // drawn (for the tests)
}

// Pin buttons of an entity page wait for this script (they do nothing without it); one
// drawn later is shown by `showPins` (see the top of this file).
export function showPins(container = document) {
  let pinned = new Set();
  try {
    pinned = new Set(readLists().flatMap((list) => list.ids));
  } catch {
    // storage refused: the button says so when tapped
  }
  container.querySelectorAll(".srd-epingler-bouton[hidden]").forEach((pin) => {
    pin.hidden = false;
    markPinned(pin, pinned.has(pin.dataset.cle));
  });
}

function bindAll() {
  showPins();
  document.querySelectorAll(".srd-listes").forEach((root) => {
    if (root.dataset.lie) return;
    root.dataset.lie = "1";
    render(root);
  });
}

onEachPage(bindAll);
// The house rules changed: a list shows their cards as they are now; the lists changed in
// another tab: the page shows them as they are now, and says so.
// One redraw after the other: two drawing into the same place at once would mix.
const redrawn = new WeakMap();
function redrawLists(note = "") {
  document.querySelectorAll(".srd-listes[data-lie]").forEach((root) => {
    const drawn = (redrawn.get(root) || Promise.resolve()).then(() => render(root));
    redrawn.set(root, note ? drawn.then(() => (root.querySelector(".srd-listes-etat").textContent = note)) : drawn);
  });
}
addEventListener("srd-regles-maison", () => redrawLists());
addEventListener("storage", (event) => {
  if (event.key === STORE || event.key === null) redrawLists(LISTS_FOLLOWED);
});
// A share link followed from this page changes its fragment only: the list is drawn here.
addEventListener("hashchange", () => {
  document.querySelectorAll(".srd-listes[data-lie]").forEach((root) => {
    redrawn.set(root, (redrawn.get(root) || Promise.resolve()).then(() => render(root)));
  });
});
