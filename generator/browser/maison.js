// « Règles maison »: loaded on every page (mkdocs.yml), it fetches the two pages' code
// (maison-page.js, the form, the engine's calls) only where one of them is shown: the
// first visit of any other page does not pay for it.
import { onEachPage } from "./commun.js";

onEachPage(() => {
  if (document.querySelector(".srd-maison, .srd-maison-voir")) {
    import("./maison-page.js").then((page) => page.bindHousePages());
  }
});
