// The order of the header search's hits (generator/browser/lib/classement.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { bestSection, corrected, countMessage, ranked } from "../../generator/browser/lib/classement.js";

const page = (url, title) => ({ url, meta: { title } });
const systemOf = (url) => url.split("/")[1];
const order = (pages, options) => ranked(pages, { meant: [], systemOf, current: "", ...options }).map((p) => p.url);

test("on a system's page, its page titled as the query comes first", () => {
  const pages = [page("/d/manoeuvre/combat-a-deux-armes/", "Combat à deux armes"), page("/d/classe/combattant/", "Combattant"), page("/d/regles/combat/", "Le combat"), page("/s/regles/combat/", "Combat")];
  const shown = order(pages, { wanted: new Set(["combat"]), current: "d" });
  assert.deepEqual(shown, ["/d/regles/combat/", "/d/manoeuvre/combat-a-deux-armes/", "/d/classe/combattant/", "/s/regles/combat/"]);
});

test("what a declared abbreviation stands for beats a loose match in the current system", () => {
  const pages = [page("/d/atout/psychometrie/", "Psychométrie"), page("/d/atout/frappe-mentale/", "Frappe mentale"), page("/u/caracteristique/psy/", "Psychique")];
  const shown = order(pages, { wanted: new Set(["psy"]), meant: [["u", "psychique"]], current: "d" });
  assert.equal(shown[0], "/u/caracteristique/psy/");
});

test("a title beginning with an equivalent of the query comes before a loose match", () => {
  const pages = [page("/d/trait/arme-favorite/", "Arme favorite"), page("/d/calculateurs/feuille/", "Feuille de personnage")];
  const shown = order(pages, { wanted: new Set(["fiche", "feuille"]), current: "d" });
  assert.equal(shown[0], "/d/calculateurs/feuille/");
});

test("one hit per page, wherever its sections led", () => {
  const pages = [page("/d/trait/arme-favorite/", "Arme favorite"), page("/d/trait/arme-favorite/#notes", "Arme favorite"), page("/d/regles/mouvement/index.html", "Mouvement"), page("/d/regles/mouvement/", "Mouvement")];
  assert.deepEqual(order(pages, { wanted: new Set(["x"]) }), ["/d/trait/arme-favorite/", "/d/regles/mouvement/index.html"]);
});

test("a hit names the section where the words weigh the most, not the top of its page", () => {
  const where = (...scores) => scores.map((balanced_score) => ({ balanced_score }));
  const hit = {
    url: "/d/regles/mouvement/",
    meta: { title: "Mouvement et initiative" },
    sub_results: [
      { url: "/d/regles/mouvement/", title: "Mouvement et initiative", weighted_locations: where(5) },
      { url: "/d/regles/mouvement/#le-mouvement", title: "Le mouvement", weighted_locations: where(4, 4) },
      { url: "/d/regles/mouvement/#exemple", title: "Exemple", weighted_locations: where(3) },
    ],
  };
  assert.equal(bestSection(hit).title, "Le mouvement");
  hit.sub_results[0].weighted_locations = where(20);
  assert.equal(bestSection(hit), null);
});

test("a typo is corrected in the rules' spelling, and the count says so truthfully", () => {
  const spellings = { facon: "façon", faucille: "faucille", degats: "dégâts" };
  const correction = corrected("dégâts faucon", spellings);
  assert.deepEqual(correction, { query: "dégâts façon", replaced: [["faucon", "façon"]] });
  const message = countMessage(38, correction);
  assert.match(message, /«\u202ffaucon\u202f»/);
  assert.match(message, /38 résultats pour «\u202fdégâts façon\u202f»$/);
  assert.doesNotMatch(message, /facon/);
  assert.equal(corrected("fauci", spellings), null); // still being typed
  assert.equal(countMessage(1, null), "1 résultat");
});
