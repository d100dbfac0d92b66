// How the pages that only read the house rules (the finder, the search, the lists, the
// official pages) show a house entity: the rules in force, the link to its page and its
// « maison » mark. What is kept comes from assets/maison-stock.js (houseIndex).
import { SITE_ROOT, element } from "./commun.js";
import { houseIndex, houseUrl } from "./maison-stock.js";

// [key, {ligne, carte}] of each house rule in force (a rule the reader switched off is
// left out: the official entity is shown as usual).
export const houseInForce = (house = houseIndex()) =>
  Object.entries(house).filter(([, shown]) => shown && !shown.eteinte && typeof shown.ligne === "object" && shown.ligne);

// A house entity's link: its « u » (from the site's root), if it stays on this site;
// else the page of its key.
export function houseLink(u, key) {
  try {
    const address = new URL(u, SITE_ROOT);
    if (address.origin === SITE_ROOT.origin) return address.href;
  } catch {
    // not an address: the page of its key
  }
  return houseUrl(key);
}

// « maison », said in words (not in colour alone), beside a house entity's name.
export const houseMark = () => element("span", { class: "srd-maison-marque" }, "maison");
