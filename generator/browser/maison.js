// « Règles maison »: loaded on every page (mkdocs.yml), it fetches the code of the page
// shown (maison-liste.js for /maison/, maison-voir.js for /maison/voir/: the form, the
// engine's calls) only there: the first visit of any other page does not pay for it.
import { onEachPage } from "./commun.js";

const PAGES = [
  [".srd-maison", () => import("./maison-liste.js").then((page) => page.bindHousePage)],
  [".srd-maison-voir", () => import("./maison-voir.js").then((page) => page.bindViewPage)],
];

onEachPage(() => {
  for (const [selector, code] of PAGES) {
    const roots = document.querySelectorAll(selector);
    if (roots.length) code().then((bind) => roots.forEach(bind));
  }
});
