// Previews: a link to an entity shows a card (name, system, kind, condition, summary) on
// hover, or on a first tap on a touch screen (a second tap follows the link). Escape or a
// tap elsewhere closes it. The cards come from the finder's index, loaded once, from the
// site itself; the card floats above the page, so nothing moves.
import { SITE_ROOT, element } from "./commun.js";
import { loadIndex } from "./trouver.js";

let byPath = null;
let card = null;
let shownFor = null;

async function entities() {
  if (!byPath) {
    const rows = await loadIndex();
    byPath = new Map(rows.map((row) => [new URL(row.u, SITE_ROOT).pathname, row]));
  }
  return byPath;
}

function entityLink(target) {
  const link = target.closest && target.closest(".md-content a[href]");
  if (!link || link.closest(".srd-apercu") || link.hash && link.pathname === location.pathname) return null;
  return link;
}

function hide() {
  if (card) card.hidden = true;
  shownFor?.removeAttribute("aria-describedby");
  shownFor = null;
}

async function show(link) {
  const row = (await entities()).get(new URL(link.href).pathname);
  if (!row) return false;
  if (!card) {
    // Read out when it changes, and as the description of the link that has the focus.
    card = element("div", { class: "srd-apercu", id: "srd-apercu", role: "tooltip", "aria-live": "polite" });
    document.body.append(card);
  }
  const parts = [element("strong", {}, row.n), element("p", { class: "srd-carte-genre" }, `${row.kn} · ${row.sn}`)];
  if (row.c) parts.push(element("p", {}, `Condition\u00a0: ${row.c}`));
  if (row.r) parts.push(element("p", {}, row.r));
  card.replaceChildren(...parts);
  card.hidden = false;
  const box = link.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  card.style.width = `${width}px`;
  card.style.left = `${Math.max(8, Math.min(box.left, window.innerWidth - width - 8)) + window.scrollX}px`;
  const below = box.bottom + 6 + window.scrollY;
  card.style.top = `${below}px`;
  if (box.bottom + card.offsetHeight + 12 > window.innerHeight) {
    card.style.top = `${box.top + window.scrollY - card.offsetHeight - 6}px`;
  }
  shownFor?.removeAttribute("aria-describedby");
  link.setAttribute("aria-describedby", card.id);
  shownFor = link;
  return true;
}

document.addEventListener("pointerover", (event) => {
  if (event.pointerType !== "mouse") return;
  const link = entityLink(event.target);
  if (link && link !== shownFor) show(link);
});
document.addEventListener("pointerout", (event) => {
  if (event.pointerType === "mouse" && shownFor && !shownFor.contains(event.relatedTarget)) hide();
});
// Touch: the first tap on an entity link previews it, the second one follows it.
document.addEventListener(
  "click",
  (event) => {
    const link = entityLink(event.target);
    if (!link) return hide();
    if (!matchMedia("(hover: none)").matches || link === shownFor) return;
    const path = new URL(link.href).pathname;
    if (byPath && !byPath.has(path)) return;
    event.preventDefault();
    event.stopPropagation();
    show(link).then((shown) => shown || location.assign(link.href));
  },
  true,
);
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") hide();
});
document.addEventListener("focusin", (event) => {
  const link = entityLink(event.target);
  if (link) show(link);
  else hide();
});
