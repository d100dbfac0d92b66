// « Mener la partie »: loaded on every page (mkdocs.yml), it fetches the page's code
// (partie-page.js: the roster, the order, the tracks, the log…) only on the page
// /<system>/partie/ (templates/partie.md.j2): the first visit of any other page does not
// pay for it.
import { onEachPage } from "./commun.js";

onEachPage(() => {
  const roots = document.querySelectorAll(".srd-partie");
  if (roots.length) import("./partie-page.js").then((page) => roots.forEach(page.bindEncounterPage));
});
