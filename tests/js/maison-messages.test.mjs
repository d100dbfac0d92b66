// The sentences of the house rules' pages (generator/browser/lib/maison-messages.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  MERGED,
  authorSaid,
  capitalised,
  deletionQuestion,
  exported,
  houseFileTooBig,
  linkHolds,
  linkMade,
  problemsHeading,
  problemsSaid,
  replaceQuestion,
  reportOf,
  switchSaid,
  textTooLong,
  unreadablePaste,
} from "../../generator/browser/lib/maison-messages.js";
import { FINE, NBSP, quoted } from "../../generator/browser/lib/texte.js";

const SNEAK = { systeme: "sw", genre: "atouts", entite: { id: "sournoise", nom: "Attaque sournoise maison" } };

test("a deletion asks plainly when no rule names the one deleted", () => {
  assert.equal(deletionQuestion(SNEAK, { ok: true, dependantes: [] }), `Supprimer la règle maison ${quoted("Attaque sournoise maison")}\u202f?`);
});

test("a deletion names the rules that require, exclude or cite it, in that order", () => {
  const reply = {
    ok: true,
    officielle: false,
    dependantes: [
      { relation: "cite", nom: "Coup bas" },
      { relation: "requis", nom: "Lame" },
      { relation: "requis", cle: "sw/atouts/ombre" },
    ],
  };
  const question = deletionQuestion(SNEAK, reply);
  assert.equal(
    question,
    `La règle maison ${quoted("Attaque sournoise maison")} est requise par${NBSP}: ${quoted("Lame")}, ${quoted("sw/atouts/ombre")}${FINE}; citée par${NBSP}: ${quoted("Coup bas")}. Sans elle, ces règles ne seront plus valides. La supprimer quand même${FINE}?`,
  );
  const one = deletionQuestion(SNEAK, { ok: true, officielle: true, dependantes: [{ relation: "autre", nom: "X" }] });
  assert.match(one, /nommée par\u00a0: «\u202fX\u202f»\. Sans elle, cette règle nommera alors l'entité officielle\./);
});

test("a report says the whole refusal first, what was kept, then each rule refused", () => {
  const problems = [
    { numero: 0, message: "format inconnu" },
    { numero: 2, message: "règle 2 : champ manquant" },
    { numero: 2, message: "règle 2 : autre" },
    { numero: 3, message: "règle 3 : id" },
  ];
  assert.deepEqual(reportOf(["Règle X ajoutée."], problems, "Lien refusé"), [
    { text: `Lien refusé${NBSP}: format inconnu` },
    { list: "srd-maison-gardees", items: ["Règle X ajoutée."] },
    { text: `2 règles refusées, à corriger${NBSP}:` },
    { list: "srd-maison-problemes", items: [`règle 2${NBSP}: champ manquant`, `règle 2${NBSP}: autre`, `règle 3${NBSP}: id`] },
  ]);
  assert.deepEqual(reportOf([], [{ numero: 1, message: "m" }])[0], { text: `1 règle refusée, à corriger${NBSP}:` });
  assert.deepEqual(reportOf([], []), [{ text: "Aucune règle trouvée." }]);
  assert.equal(reportOf([], [{ numero: 0, message: "vide" }])[0].text, `Import refusé${NBSP}: vide`);
});

test("the lines of a merge and its question", () => {
  assert.equal(MERGED.nouvelle("«X»"), "Règle «X» ajoutée.");
  assert.equal(MERGED.gardee("«X»"), `Règle «X» non importée${NBSP}: la vôtre est gardée.`);
  assert.match(replaceQuestion(SNEAK, "sw/atouts/sournoise"), /Attaque sournoise maison.*\(sw\/atouts\/sournoise\) est déjà gardée dans ce navigateur\u00a0: la remplacer par celle-ci\u202f\?$/);
});

test("a file or a text past the engine's bounds is refused before it is read", () => {
  assert.equal(houseFileTooBig(10, 10), "");
  assert.equal(houseFileTooBig(11, 10), `Import refusé${NBSP}: fichier trop gros (11 octets, pour 10 au plus). Rien n'a été importé.`);
  assert.equal(textTooLong(10, 10), "");
  assert.equal(textTooLong(11, 10), `Texte trop long${NBSP}: 11 caractères, pour 10 au plus.`);
  assert.match(unreadablePaste({ mark: { line: 2 } }), /^Texte illisible \(ligne 3\)\u00a0: ce n'est ni du YAML/);
  assert.match(unreadablePaste(new Error("x")), /^Texte illisible\u00a0:/);
});

test("the counts agree with their number", () => {
  assert.equal(exported(1), "1 règle exportée (fichier JSON).");
  assert.equal(exported(3), "3 règles exportées (fichier JSON).");
  assert.match(linkMade(2, true), /^Lien de partage copié \(2 règles\)/);
  assert.equal(linkMade(2, false), `Lien de partage prêt${NBSP}: copiez-le ci-dessous.`);
  assert.match(linkHolds(1), /^Ce lien porte 1 règle maison\./);
  assert.equal(linkHolds(0), `Ce lien ne porte aucune règle valide${NBSP}: rien à ajouter.`);
  assert.equal(problemsSaid(2), `Règle non enregistrée${NBSP}: 2 problèmes à corriger, dits à leurs champs.`);
  assert.equal(problemsHeading(1), `Règle non enregistrée${NBSP}: 1 problème à corriger`);
});

test("a switch says what the site shows; a sentence starts with a capital", () => {
  assert.match(switchSaid(true), /^Modification active/);
  assert.match(switchSaid(false), /^Modification désactivée/);
  assert.equal(capitalised("rien n'a été supprimé."), "Rien n'a été supprimé.");
});

test("a house rule's page says the text is the game master's", () => {
  assert.match(authorSaid(false), /^Texte du meneur de jeu, qui ne vient pas de la source\.$/u);
  assert.match(authorSaid(true), /modifié d'après l'entité officielle/u);
  assert.match(authorSaid(true), /restent sur la page officielle\.$/u);
});
