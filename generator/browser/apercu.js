// Previews: a link to an entity shows a card (name, system, kind, condition, summary) on
// hover, on focus, or on a first tap on a touch screen; there the card ends with « Ouvrir
// la page », and a tap anywhere on it (or a second tap on the link) opens the page. Escape
// or a tap elsewhere closes it, and no card outlives its page (Material's instant
// navigation keeps the body: the card is closed on each page and on each link followed).
// The cards come from the finder's index, loaded once, from the site itself; the card
// floats above the page, so nothing moves.
// The reader's house rules (maison-stock.js): a link to a house entity's page, or to an
// official entity that an amendment in force changes, shows the house row that the page
// « Règles maison » wrote (the store's `index`, plain texts: no engine for a hover),
// marked « maison ».
import { SITE_ROOT, element, onEachPage } from "./commun.js";
import { houseMark } from "./maison-marque.js";
import { houseIndex, houseKeyOf } from "./maison-stock.js";
import { loadIndex } from "./trouver.js";

let byPath = null;
let house = null; // houseIndex(), read again after the house rules change
let previewBox = null;
let shownFor = null;
let previewAsked = null; // the link last asked for: a preview still loading for another is dropped

addEventListener("srd-regles-maison", () => {
  house = null;
});

async function entities() {
  if (!byPath) {
    const rows = await loadIndex();
    byPath = new Map(rows.map((row) => [new URL(row.u, SITE_ROOT).pathname, row]));
  }
  return byPath;
}

// A house row the preview can show, or null (the store is the reader's: a row without the
// words the card needs is left out rather than shown broken).
function houseRow(key) {
  const shown = Object.hasOwn(house, key) ? house[key] : null;
  const row = shown && typeof shown.ligne === "object" ? shown.ligne : null;
  return row && ["n", "kn", "sn"].every((name) => typeof row[name] === "string") ? { ...row, m: 1 } : null;
}

// What a link previews, or null: a house entity's page, its house row (switched off or
// not, as that page shows it); an official page, the house row of an amendment in force,
// else its official row. Once the index is loaded.
function rowOf(link) {
  house ||= houseIndex();
  const key = houseKeyOf(link.href);
  if (key) return houseRow(key);
  const row = byPath.get(new URL(link.href).pathname);
  if (!row) return null;
  const amended = Object.hasOwn(house, row.i) && !house[row.i].eteinte;
  return (amended && houseRow(row.i)) || row;
}

function entityLink(target) {
  const link = target.closest && target.closest(".md-content a[href]");
  if (!link || link.closest(".srd-apercu") || link.hash && link.pathname === location.pathname) return null;
  return link;
}

function hide() {
  previewAsked = null;
  if (previewBox) previewBox.hidden = true;
  shownFor?.removeAttribute("aria-describedby");
  shownFor = null;
}

// The card's words, as text nodes only: a house row's words are the reader's. On a touch
// screen it ends with a link to the page (the card is what the reader taps next).
function cardParts(row, link, touch) {
  const parts = [element("strong", {}, row.n)];
  if (row.m) parts.push(" ", houseMark());
  parts.push(element("p", { class: "srd-carte-genre" }, `${row.kn} · ${row.sn}`));
  if (typeof row.c === "string" && row.c) parts.push(element("p", {}, `Condition\u00a0: ${row.c}`));
  if (typeof row.r === "string" && row.r) parts.push(element("p", {}, row.r));
  if (touch) {
    const open = element("a", { class: "srd-apercu-ouvrir", href: link.href }, "Ouvrir la page");
    parts.push(element("p", {}, open));
  }
  return parts;
}

// The line of its link a card hangs from: the first one in view (a link of many lines,
// a long house name, may be taller than the screen).
function anchorBox(link) {
  const lines = [...link.getClientRects()];
  return lines.find((line) => line.bottom > 0 && line.top < window.innerHeight) || link.getBoundingClientRect();
}

// The card's top in the window: below its line, else above it; taller than both rooms,
// it takes the larger one and scrolls inside, never over the line that was tapped (a
// card under the finger would take the tap's click from the link).
function placeCard(box) {
  previewBox.style.maxHeight = "";
  const height = previewBox.offsetHeight;
  const below = window.innerHeight - box.bottom - 14;
  const above = box.top - 14;
  if (height <= below) return box.bottom + 6;
  if (height <= above) return box.top - height - 6;
  const room = Math.max(below, above, 48);
  previewBox.style.maxHeight = `${room}px`;
  return below >= above ? box.bottom + 6 : box.top - Math.min(height, room) - 6;
}

async function showPreview(link, touch = false) {
  previewAsked = link;
  await entities();
  // Asked for another link meanwhile, closed, or its page left while the index loaded.
  if (previewAsked !== link || !link.isConnected) return null;
  const row = rowOf(link);
  if (!row) return false;
  if (!previewBox) {
    // Read out when it changes, and as the description of the link that has the focus.
    previewBox = element("div", { class: "srd-apercu", id: "srd-apercu", role: "tooltip", "aria-live": "polite" });
    document.body.append(previewBox);
  }
  previewBox.replaceChildren(...cardParts(row, link, touch));
  previewBox.hidden = false;
  const box = anchorBox(link);
  const width = Math.min(320, window.innerWidth - 16);
  previewBox.style.width = `${width}px`;
  previewBox.style.left = `${Math.max(8, Math.min(box.left, window.innerWidth - width - 8)) + window.scrollX}px`;
  previewBox.style.top = `${placeCard(box) + window.scrollY}px`;
  shownFor?.removeAttribute("aria-describedby");
  link.setAttribute("aria-describedby", previewBox.id);
  shownFor = link;
  return true;
}

document.addEventListener("pointerover", (event) => {
  if (event.pointerType !== "mouse") return;
  const link = entityLink(event.target);
  if (link && link !== shownFor) showPreview(link);
});
document.addEventListener("pointerout", (event) => {
  if (event.pointerType === "mouse" && shownFor && !shownFor.contains(event.relatedTarget)) hide();
});
// Touch: the first tap on an entity link previews it; a tap on its card, or a second tap
// on the link, follows it. A tap focuses its link, which previews it before the click:
// what counts is the link previewed when the tap began. A click from the keyboard (no
// pointer, `detail` 0) follows the link. A link followed closes the card.
let previewedAtTap = null;
document.addEventListener("pointerdown", () => (previewedAtTap = shownFor), true);

// A tap on a card shown by a tap: anywhere on it follows its « Ouvrir la page » link.
function tapOnCard(event) {
  const open = previewBox.querySelector(".srd-apercu-ouvrir");
  if (!open) return;
  if (event.target.closest("a") === open) return hide();
  event.preventDefault();
  event.stopPropagation();
  open.click();
}

document.addEventListener(
  "click",
  (event) => {
    if (shownFor && event.target.closest?.(".srd-apercu")) return tapOnCard(event);
    const link = entityLink(event.target);
    if (!link) return hide();
    const touch = matchMedia("(hover: none)").matches && event.detail !== 0;
    if (!touch || link === previewedAtTap || (byPath && !rowOf(link))) return hide();
    event.preventDefault();
    event.stopPropagation();
    showPreview(link, true).then((shown) => shown === false && location.assign(link.href));
  },
  true,
);
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") hide();
});
document.addEventListener("focusin", (event) => {
  if (event.target.closest?.(".srd-apercu")) return; // its own link, tapped
  const link = entityLink(event.target);
  if (link) showPreview(link);
  else hide();
});
// Material's instant navigation swaps the page but keeps the body, where the card lives.
onEachPage(hide);
