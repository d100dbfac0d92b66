// On an official entity's page: when one of the reader's house rules in force amends it
// (assets/maison-stock.js), a notice at the top of the page says so and links to the house
// version. The page's entity is its key, « système/genre/id », which main.html gives
// Pagefind (data-pagefind-meta « cle: »). Redrawn when the house rules change.
import { element, onEachPage } from "./commun.js";
import { houseInForce, houseLink } from "./maison-marque.js";

const NOTICE = "srd-maison-avis";

function pageKey() {
  const meta = document.querySelector("[data-pagefind-meta^='cle:']")?.dataset.pagefindMeta;
  return meta ? meta.slice("cle:".length) : "";
}

function showNotice() {
  document.querySelectorAll(`.${NOTICE}`).forEach((notice) => notice.remove());
  const key = pageKey();
  if (!key) return;
  const amendment = houseInForce().find(([found, { ligne }]) => found === key && ligne.b);
  const heading = document.querySelector(".md-content article h1");
  heading?.setAttribute("data-maison-lue", ""); // the house rules were read (for the tests)
  if (!amendment || !heading) return;
  const link = element("a", { href: houseLink(amendment[1].ligne.u, key) }, "Voir la version maison");
  const notice = element(
    "div",
    { class: `admonition info ${NOTICE}`, role: "note", "data-pagefind-ignore": "" },
    element("p", {}, "Une règle maison modifie cette entrée dans ce navigateur. ", link),
  );
  heading.after(notice);
}

onEachPage(showNotice);
addEventListener("srd-regles-maison", showNotice);
