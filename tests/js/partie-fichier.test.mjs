// lib/partie-fichier.js: the store, the exported file, a bounded import, the share link, the
// roll a calculator notes, and two tabs; each hostile input refused in French, nothing changed.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  PARTIE_FORMAT,
  PARTIE_MAX_COMBATANTS,
  PARTIE_MAX_FILE_CHARS,
  PARTIE_MAX_NAME,
  PARTIE_MAX_SHARE_CHARS,
  PARTIE_SHARE_PARAM,
  PARTIE_STORAGE_KEY,
} from "../../generator/browser/lib/contrat.js";
import * as P from "../../generator/browser/lib/partie.js";
import * as F from "../../generator/browser/lib/partie-fichier.js";
import { StorageRefused } from "../../generator/browser/lib/stockage.js";

const PAYLOAD = {
  systeme: "essai",
  valeurs: [{ id: "pv", nom: "PV", defaut: 10, min: 1, max: 99 }],
  ordre: { mode: "jet", quand: "chaque-round", des: "1d6", loi: { lowest: 1, counts: [1, 1, 1, 1, 1, 1], outcomes: 6 }, plus: null, departage: [], egalite: "ensemble", modificateurs: [] },
  pistes: [{ id: "pv", nom: "PV", type: "compteur", max: "pv", seuils: [{ au_plus: 0, effet: "Hors de combat" }] }],
  etats: { fin: "fin-du-round" },
};

function fight(id = "r1", nom = "Auberge") {
  let e = P.newEncounter(PAYLOAD, { id, nom, now: "2026-12-02T08:00:00Z" });
  e = P.addCombatant(e, PAYLOAD, { id: "aldo", nom: "Aldo", origine: "personnage:p1" });
  e = P.addCombatant(e, PAYLOAD, { id: "brute", nom: "Brute", origine: "pnj:brute" });
  e = P.startRound(e, PAYLOAD, (n) => n - 1);
  e = P.putState(e, PAYLOAD, "brute", { genre: "etat", id: "etourdi", nom: "Étourdi", lien: "/essai/etats/etourdi/" }, 2);
  return P.harm(e, PAYLOAD, "brute", "pv", 4).partie;
}

const fileText = (parties) => JSON.stringify({ format: PARTIE_FORMAT, parties });
const refusal = (parties) => F.importedParties(fileText(parties), [], () => "n", "t").refused;

test("the store keeps encounters without their undo stack, and reads them back checked", () => {
  const e = fight();
  assert.ok(e.annulables.length > 0);
  const text = F.storedParties([e]);
  assert.equal(JSON.parse(text).format, PARTIE_FORMAT);
  assert.deepEqual(F.partiesOf(text), [P.withoutUndo(e)]);
  assert.deepEqual(F.partiesOf(null), []);
  assert.deepEqual(F.partiesOf(""), []);
});

test("a store that is not what storedParties writes is « illisible », never overwritten", () => {
  for (const text of ["{", "[]", '{"format":2,"parties":[]}', '{"parties":[]}', fileText([{ ...P.withoutUndo(fight()), round: -1 }])]) {
    assert.throws(() => F.partiesOf(text), (error) => error instanceof StorageRefused && error.why === "illisible", text);
  }
});

test("keptParties and keepParties use the storage's key", () => {
  const kept = new Map();
  const storage = { read: (key) => kept.get(key) ?? null, write: (key, text) => kept.set(key, text) };
  F.keepParties(storage, [fight()]);
  assert.deepEqual([...kept.keys()], [PARTIE_STORAGE_KEY]);
  assert.equal(F.keptParties(storage)[0].nom, "Auberge");
});

test("an exported file imports back under free names and new ids", () => {
  const e = fight();
  const file = JSON.stringify(F.partiesFile([e]));
  assert.equal(F.partiesFileName("Auberge du Pont"), "rencontre-auberge-du-pont.json");
  let n = 0;
  const { parties, message } = F.importedParties(file, [P.withoutUndo(e)], () => `n${++n}`, "t");
  assert.deepEqual(parties.map((one) => [one.id, one.nom]), [["r1", "Auberge"], ["n1", "Auberge (2)"]]);
  assert.equal(message, "1 rencontre importée\u00a0: «\u202fAuberge (2)\u202f».");
  assert.deepEqual({ ...parties[1], id: "r1", nom: "Auberge" }, P.withoutUndo(e));
});

test("a refused import says why, in French, naming the place, and imports nothing", () => {
  const good = P.withoutUndo(fight());
  const second = (change) => refusal([good, change(structuredClone(good))]);
  assert.match(second((e) => ((e.combattants[1].valeurs.pv = "dix"), e)), /^Import refusé\u00a0: Rencontre 2, combattant 2, champ «\u202fvaleurs\u202f», champ «\u202fpv\u202f»\u00a0: nombre entier attendu, de -1000000 à 1000000\. Rien n'a été importé\.$/);
  assert.match(second((e) => ((e.combattants[0].valeurs.pv = 1e12), e)), /Rencontre 2, combattant 1, champ «\u202fvaleurs\u202f», champ «\u202fpv\u202f»/);
  assert.match(second((e) => ((e.nom = "x".repeat(PARTIE_MAX_NAME + 1)), e)), /Rencontre 2, champ «\u202fnom\u202f»\u00a0: texte trop long \(81 caractères, 80 au plus\)/);
  assert.match(second((e) => ((e.nom = ""), e)), /texte vide/);
  assert.match(second((e) => ((e.combattants[0].origine = "ailleurs"), e)), /combattant 1, champ «\u202forigine\u202f»/);
  assert.match(second((e) => ((e.journal[0].genre = "autre"), e)), /Rencontre 2, journal, ligne 1, genre\u00a0: genre inconnu/);
  assert.match(second((e) => ((e.ordre = [["aldo"], ["aldo"]]), e)), /ordre, groupe 2\u00a0: combattant inconnu ou répété/);
  assert.match(second((e) => ((e.combattants[1].etats[0].ref.lien = "https://ailleurs.example/"), e)), /adresse refusée/);
  assert.match(second((e) => ((e.combattants[1].etats[0].ref.lien = "//ailleurs.example/"), e)), /adresse refusée/);
  assert.match(second((e) => ((e.combattants[1].id = "aldo"), e)), /deux combattants ont le même identifiant/);
  assert.match(second((e) => ((e.combattants[0].jet = 1.5), e)), /champ «\u202fjet\u202f»/);
  assert.match(second((e) => ((e.combattants[0].pistes.pv.depassement = "oui"), e)), /vrai ou faux attendu/);
  assert.match(second((e) => ((e.extra = 1), e)), /Rencontre 2\u00a0: champ inconnu «\u202fextra\u202f»/);
  assert.match(second((e) => ((e.combattants = "tous"), e)), /Rencontre 2, combattants\u00a0: liste attendue/);
  assert.match(second((e) => (delete e.journal, e)), /champ «\u202fjournal\u202f» manquant/);
});

test("counts and sizes are bounded before anything is kept", () => {
  const good = P.withoutUndo(fight());
  const many = { ...good, combattants: Array.from({ length: PARTIE_MAX_COMBATANTS + 1 }, (_, i) => ({ ...good.combattants[0], id: `c${i}` })), ordre: [] };
  assert.match(refusal([many]), /Rencontre 1, combattants\u00a0: liste trop longue \(101 éléments, 100 au plus\)/);
  const huge = " ".repeat(PARTIE_MAX_FILE_CHARS + 1);
  assert.match(F.importedParties(huge, [], () => "n", "t").refused, /Fichier trop gros \(2000001 caractères, 2000000 au plus\)/);
  assert.match(F.importedParties("{", [], () => "n", "t").refused, /Fichier illisible \(JSON invalide\)/);
  assert.match(F.importedParties('{"format":7,"parties":[]}', [], () => "n", "t").refused, /format plus récent \(7\)/);
  assert.match(F.importedParties('{"format":"1","parties":[]}', [], () => "n", "t").refused, /format 1 attendu/);
  assert.match(F.importedParties("[1]", [], () => "n", "t").refused, /objet attendu/);
});

test("a deep file is refused without being walked deeper than the format", () => {
  const good = fileText([P.withoutUndo(fight())]);
  const deep = good.replace('"valeurs":{"pv":10}', `"valeurs":{"pv":${'{"a":'.repeat(100000)}1${"}".repeat(100000)}}`);
  assert.match(F.importedParties(deep, [], () => "n", "t").refused, /champ «\u202fpv\u202f»\u00a0: nombre entier attendu/);
  const text = `{"format":1,"parties":[${"[".repeat(100000)}${"]".repeat(100000)}]}`;
  assert.match(F.importedParties(text, [], () => "n", "t").refused, /Rencontre 1\u00a0: objet attendu/);
});

test("prototype keys are refused, never set", () => {
  const good = P.withoutUndo(fight());
  for (const key of ["__proto__", "constructor", "prototype"]) {
    const text = fileText([good]).replace('"valeurs":{"pv":10}', `"valeurs":{"${key}":1,"pv":10}`);
    assert.match(F.importedParties(text, [], () => "n", "t").refused, /identifiant refusé/, key);
    const tracks = fileText([good]).replace('"pistes":{"pv"', `"pistes":{"${key}":{},"pv"`);
    assert.match(F.importedParties(tracks, [], () => "n", "t").refused, /identifiant refusé/, key);
  }
  const top = fileText([good]).replace('{"id":"r1"', '{"__proto__":{"polluted":1},"id":"r1"');
  assert.match(F.importedParties(top, [], () => "n", "t").refused, /champ inconnu «\u202f__proto__\u202f»/);
  assert.equal({}.polluted, undefined);
});

test("the share link carries one encounter read back as an import, bounded", () => {
  const e = fight("r9", "Pont — « nuit » ✨");
  const { fragment } = F.partieShareFragment(e);
  assert.ok(fragment.startsWith(`#${PARTIE_SHARE_PARAM}=`));
  assert.match(fragment.slice(PARTIE_SHARE_PARAM.length + 2), /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(F.sharedPartie(fragment).partie, P.withoutUndo(e));
  assert.equal(F.sharedPartie(""), null);
  assert.equal(F.sharedPartie("#autre=1"), null);
  const long = `#${PARTIE_SHARE_PARAM}=${"A".repeat(PARTIE_MAX_SHARE_CHARS + 1)}`;
  assert.match(F.sharedPartie(long).refused, /^Lien de rencontre refusé\u00a0: lien trop long \(200001 caractères, 200000 au plus\)\. Rien n'est affiché\.$/);
  assert.match(F.sharedPartie(`#${PARTIE_SHARE_PARAM}=a+b/`).refused, /caractères inattendus/);
  assert.match(F.sharedPartie(`#${PARTIE_SHARE_PARAM}=_w`).refused, /texte mal codé/);
  const two = Buffer.from(JSON.stringify({ format: 1, parties: [P.withoutUndo(e), P.withoutUndo(e)] })).toString("base64url");
  assert.match(F.sharedPartie(`#${PARTIE_SHARE_PARAM}=${two}`).refused, /une rencontre attendue/);
  const bad = structuredClone(P.withoutUndo(e));
  bad.combattants[0].nom = 3;
  const hostile = Buffer.from(JSON.stringify({ format: 1, parties: [bad] })).toString("base64url");
  assert.match(F.sharedPartie(`#${PARTIE_SHARE_PARAM}=${hostile}`).refused, /Rencontre partagée, combattant 1, champ «\u202fnom\u202f»\u00a0: texte attendu/);
});

test("a share too long for a link says so", () => {
  let e = fight();
  for (let i = 0; i < 450; i++) e = P.withLogLine(e, { genre: "action", texte: `${i} ${"é".repeat(400)}` });
  assert.match(F.partieShareFragment(e).refused, /^Rencontre trop longue pour un lien \(\d+ caractères, 200000 au plus\)\u00a0: exportez-la en fichier\.$/);
});

test("withRoll appends a calculator's roll to the encounter's log, or says why not", () => {
  const text = F.storedParties([fight("r1"), fight("r2")]);
  const { text: written } = F.withRoll(text, "r2", "brute", { texte: "Attaque : touché", chances: "58\u202f%" }, "2026-12-02T09:00:00Z");
  const [first, second] = F.partiesOf(written);
  assert.deepEqual(first, F.partiesOf(text)[0]);
  assert.deepEqual(second.journal.at(-1), { round: 1, texte: "Brute\u00a0: Attaque : touché", genre: "action", chances: "58\u202f%" });
  assert.equal(second.modifie, "2026-12-02T09:00:00Z");
  assert.match(F.withRoll(text, "r3", "brute", { texte: "x" }).refused, /^Jet non noté\u00a0: la rencontre ou le combattant/);
  assert.match(F.withRoll(text, "r1", "personne", { texte: "x" }).refused, /la rencontre ou le combattant/);
  assert.match(F.withRoll("{", "r1", "aldo", { texte: "x" }).refused, /illisibles/);
  assert.match(F.withRoll(text, "r1", "aldo", { texte: "x", genre: "__proto__" }).refused, /genre inconnu/);
  const long = F.withRoll(text, "r1", "aldo", { texte: "x".repeat(2000) }).text;
  assert.equal(F.partiesOf(long)[0].journal.at(-1).texte.length, 500);
});

test("two tabs: a write changes only its encounter, and asks when that one changed elsewhere", () => {
  const [a, b] = [fight("r1", "A"), fight("r2", "B")];
  const read = [P.withoutUndo(a), P.withoutUndo(b)];
  const seen = F.partiesSeen(read, ["r1"]);
  const mine = P.harm(a, PAYLOAD, "aldo", "pv", 1).partie;
  // Another tab changed B meanwhile: kept, and mine written.
  const otherB = { ...read[1], nom: "B bis" };
  let out = F.partieWritten([read[0], otherB], seen, { partie: mine });
  assert.equal(out.conflict, false);
  assert.deepEqual(out.parties, [P.withoutUndo(mine), otherB]);
  // Another tab changed A itself: a conflict, nothing written until forced.
  const otherA = { ...read[0], nom: "A ailleurs" };
  out = F.partieWritten([otherA, read[1]], seen, { partie: mine });
  assert.deepEqual(out, { parties: [otherA, read[1]], conflict: true });
  assert.deepEqual(F.partieWritten([otherA, read[1]], seen, { partie: mine, force: true }).parties[0], P.withoutUndo(mine));
  // Deleted elsewhere: a conflict too; a new encounter is added; a removal by id.
  assert.equal(F.partieWritten([read[1]], seen, { partie: mine }).conflict, true);
  const fresh = fight("r3", "C");
  assert.equal(F.partieWritten(read, new Map(), { partie: fresh }).parties.length, 3);
  assert.deepEqual(F.partieWritten(read, seen, { remove: "r1" }).parties, [read[1]]);
  assert.match(F.partieChangedQuestion("A"), /^La rencontre «\u202fA\u202f» a changé dans un autre onglet/);
  assert.match(F.partieGoneQuestion("A"), /supprimée dans un autre onglet/);
});

test("free names are per system", () => {
  const parties = [{ systeme: "a", nom: "X", id: "1" }, { systeme: "b", nom: "Y", id: "2" }];
  assert.equal(F.freePartieName(parties, "a", "X"), "X (2)");
  assert.equal(F.freePartieName(parties, "b", "X"), "X");
  assert.equal(F.freePartieName(parties, "a", "X", "1"), "X");
});

test("what the operations write stays within the format's bounds, so it is always read back", () => {
  let e = P.newEncounter(PAYLOAD, { id: "r1", nom: `  ${"N".repeat(200)}  `, now: "t" });
  e = P.addCombatant(e, PAYLOAD, { id: "a", nom: "A".repeat(200) });
  e = P.duplicate(e, PAYLOAD, "a", 1000);
  assert.equal(e.combattants.length, PARTIE_MAX_COMBATANTS);
  assert.equal(P.roomFor(e), 0);
  assert.equal(P.addCombatant(e, PAYLOAD, { id: "z", nom: "Z" }), e);
  for (let i = 0; i < 40; i++) e = P.putState(e, PAYLOAD, "a", { nom: "É".repeat(300), lien: "/essai/x/", autre: 1 }, 1e9);
  e = P.withLogLine(e, { genre: "jet", texte: "x".repeat(9000), chances: "y".repeat(900) });
  e = P.renamed(e, "a", "   ");
  const [back] = F.partiesOf(F.storedParties([e]));
  assert.deepEqual(back, P.withoutUndo(e));
  assert.equal(P.combatantOf(back, "a").nom, "Sans nom");
  assert.equal(back.combattants.at(-1).nom.length, PARTIE_MAX_NAME);
});

test("two tabs: the page's merge writes what this tab changed and keeps what another tab changed", () => {
  const [a, b, c] = [fight("r1", "A"), fight("r2", "B"), fight("r3", "C")];
  const read = [a, b, c].map(P.withoutUndo);
  const seen = F.partiesSeen(read, ["r1", "r2", "r3"]);
  const mineA = P.harm(a, PAYLOAD, "aldo", "pv", 1).partie;
  // Another tab changed B: this tab's next save (A changed, C removed) keeps B as there.
  const otherB = { ...read[1], nom: "B ailleurs" };
  let out = F.partiesMerged([read[0], otherB, read[2]], seen, [mineA, read[1]]);
  assert.deepEqual(out, { parties: [P.withoutUndo(mineA), otherB], conflicts: [] });
  // Nothing changed here: nothing written over the other tab's store.
  const latest = [read[0], otherB, read[2]];
  assert.equal(F.partiesMerged(latest, seen, read).parties, latest);
  // The open one changed there too: not overwritten, named as a conflict.
  const otherA = { ...read[0], nom: "A ailleurs" };
  out = F.partiesMerged([otherA, read[1], read[2]], seen, [mineA, read[1], read[2]]);
  assert.deepEqual(out, { parties: [otherA, read[1], read[2]], conflicts: ["r1"] });
  // A new encounter (an import) is added.
  const fresh = P.withoutUndo(fight("r4", "D"));
  assert.equal(F.partiesMerged(read, seen, [...read, fresh]).parties.length, 4);
});

test("two tabs: the open encounter followed when another tab changed or removed it", () => {
  const read = [fight("r1", "A"), fight("r2", "B")].map(P.withoutUndo);
  const seen = F.partiesSeen(read, ["r1", "r2"]);
  const otherA = { ...read[0], nom: "A ailleurs" };
  assert.deepEqual(F.partieFollowed([otherA, read[1]], seen, "r1"), { changed: true, gone: false, partie: otherA });
  assert.deepEqual(F.partieFollowed([otherA, read[1]], seen, "r2"), { changed: false, gone: false, partie: read[1] });
  assert.deepEqual(F.partieFollowed([read[1]], seen, "r1"), { changed: false, gone: true, partie: null });
  // Never saved here: nothing to follow.
  assert.deepEqual(F.partieFollowed(read, seen, "neuve"), { changed: false, gone: false, partie: null });
  assert.match(F.PARTIE_FOLLOWED, /autre onglet/);
});
