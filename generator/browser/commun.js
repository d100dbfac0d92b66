// What the site's scripts share on a page: binding on each page, building elements, a file
// to download and the one dialog style (text and storage, with no page: lib/). Imported
// by the modules of extra_javascript (mkdocs.yml); the service worker keeps it as it keeps
// them (the files a page loaded, then the whole site on request).
import { typo } from "./lib/texte.js";

export const SITE_ROOT = new URL("../", import.meta.url); // this script is in assets/

// Material's instant navigation swaps pages without running the scripts again: `bind`
// runs for each page shown (the theme's `document$`), or once without the theme.
export function onEachPage(bind) {
  if (globalThis.document$) globalThis.document$.subscribe(bind);
  else bind();
}

// A click on an in-page link that the script handles itself (it moves the focus): the
// browser must not follow it, and Material's instant navigation must not see it either.
// The theme ignores `defaultPrevented`: it would push the address with the fragment and
// redraw the whole page, losing the focus and what the page computed.
export function handledHere(event) {
  event.preventDefault();
  event.stopPropagation();
}

// <tag attributes…>children…</tag>; a child is a node or a text.
export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

// A control whose visible text is the action, and whose name for a screen reader says
// what it acts on (« Supprimer — Lyra »: a character, a house rule).
export function control(tag, action, name, attributes = {}) {
  return element(tag, attributes, typo(action), element("span", { class: "srd-lecteur-ecran" }, typo(` — ${name}`)));
}

// `text` saved as the file `name` by the browser (nothing leaves it).
export function download(name, text, type = "application/json") {
  const address = URL.createObjectURL(new Blob([text], { type }));
  const link = element("a", { href: address, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(address), 1000);
}

// --- the dialog -----------------------------------------------------------------------------
// One style for every dialog of the site: a <dialog> named by its title, closed by its
// « Fermer » (any [data-fermer] inside), by Escape (the dialog only: the search under it
// stays open), and which gives the focus back to the control that opened it, unless the
// reader went elsewhere. Modal by default; `popover`: opening it leaves the page as it is
// (a modal dialog restyles the whole page, some 100 ms on a phone) and a tap outside
// closes it. Made once; a page swap that removed it makes it again.

const dialogs = new Map();

export function dialog(name, { popover = false } = {}) {
  const made = dialogs.get(name);
  if (made?.box.isConnected) return made;
  const title = element("h2", { id: `${name}-titre` });
  const box = element("dialog", { class: `srd-dialogue ${name} md-typeset`, "aria-labelledby": title.id }, title);
  if (popover) box.popover = "auto";
  let opener = null;
  const isOpen = () => (popover ? box.matches(":popover-open") : box.open);
  const close = () => isOpen() && (popover ? box.hidePopover() : box.close());
  box.addEventListener("keydown", (event) => event.key === "Escape" && event.stopPropagation());
  box.addEventListener("click", (event) => event.target.closest("[data-fermer]") && close());
  box.addEventListener(popover ? "toggle" : "close", (event) => {
    if (popover && event.newState !== "closed") return;
    const here = document.activeElement;
    if (opener?.isConnected && (!here || here === document.body || box.contains(here))) opener.focus();
  });
  document.body.append(box);
  const shown = {
    box,
    title,
    // Opened from `from` (the focus goes back to it), titled `heading`, holding `parts`
    // (none: as it was).
    open(from, heading, ...parts) {
      opener = from;
      title.textContent = heading;
      if (parts.length) box.replaceChildren(title, ...parts);
      if (!isOpen()) popover ? box.showPopover() : box.showModal();
    },
    close,
  };
  dialogs.set(name, shown);
  return shown;
}

export const closeButton = (label = "Fermer") =>
  element("button", { type: "button", class: "md-button", "data-fermer": "" }, label);

// Asks `question`; true when the reader chooses `yes` (« Supprimer »…), false on `no`
// (« Annuler », or « Prendre l'autre »: the choice that writes nothing) or Escape. The focus
// starts on `no`: Enter never destroys by chance.
export function confirmed(question, yes, opener = document.activeElement, no = "Annuler") {
  const asking = dialog("srd-confirmer");
  const accept = element("button", { type: "button", class: "md-button md-button--primary" }, yes);
  const refuse = closeButton(no);
  let answer = false;
  accept.addEventListener("click", () => {
    answer = true;
    asking.close();
  });
  asking.open(opener, question, element("p", { class: "srd-dialogue-actions" }, accept, " ", refuse));
  refuse.focus();
  return new Promise((resolve) => asking.box.addEventListener("close", () => resolve(answer), { once: true }));
}
