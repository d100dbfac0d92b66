// What each control of the partie page does (partie-page.js draws them, each with
// `data-action`): one listener per kind of event on the page's root, each action a change
// made by lib/partie.js (or lib/partie-fichier.js for the files and the share link), then
// saved and drawn again by `change`, the focus kept on a sensible control.
import { confirmed, download } from "./commun.js";
import { drawnBelow } from "./lib/hasard.js";
import * as rules from "./lib/partie.js";
import * as kept from "./lib/partie-fichier.js";
import { checkedValues } from "./lib/partie-vue.js";
import { quoted, typo } from "./lib/texte.js";
import { typedValues } from "./partie-formulaires.js";
import { PARTIE_MAX_FILE_CHARS } from "./lib/contrat.js";

const combatantId = () => `c-${Date.now().toString(36)}-${drawnBelow(2 ** 32).toString(36)}`;
export const encounterId = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);
const roll = (n) => drawnBelow(n);
const OLD_RECORD = "Fiche enregistrée avant cette version\u00a0: saisissez ses valeurs ou réenregistrez-la.";

const numberIn = (root, selector, fallback) => {
  const value = Number.parseInt(String(root.querySelector(selector)?.value ?? "").replace("\u2212", "-"), 10);
  return Number.isInteger(value) ? value : fallback;
};

// The control the focus goes to when a combatant leaves: the next card's « Retirer », else
// the name field of the values form (to add another).
function afterRemoval(view, id) {
  const ids = view.encounter.combattants.map((c) => c.id);
  const at = ids.indexOf(id);
  const next = ids[at + 1] || ids[at - 1];
  return next ? `${next}:retirer` : "rapide-nom";
}

function addFromCharacter(view, hooks) {
  const record = view.characters.find((one) => one.id === view.root.querySelector("#srd-partie-perso")?.value);
  if (!record) return;
  if (!record.combat) {
    view.quick = { nom: record.nom, given: {}, note: OLD_RECORD };
    hooks.redraw("rapide-nom");
    return;
  }
  const next = rules.addCombatant(view.encounter, view.payload, { id: combatantId(), nom: record.nom, valeurs: record.combat, origine: `personnage:${record.id}` }, roll);
  hooks.change(next, "ajout-perso");
}

function addFromNpc(view, hooks) {
  const npc = (view.payload.pnj || []).find((one) => one.id === view.root.querySelector("#srd-partie-pnj")?.value);
  if (!npc) return;
  hooks.change(rules.addCombatant(view.encounter, view.payload, { id: combatantId(), nom: npc.nom, valeurs: npc.valeurs, origine: `pnj:${npc.id}` }, roll), "ajout-pnj");
}

function addQuick(view, hooks, nameOnly) {
  const { nom, typed } = typedValues(view.root);
  if (!nom) {
    hooks.say("Donnez un nom au combattant.");
    view.root.querySelector("#srd-partie-rapide-nom")?.focus();
    return;
  }
  const checked = nameOnly ? { valeurs: undefined } : checkedValues(view.payload.valeurs, typed);
  if (checked.erreur) {
    hooks.say(`Combattant non ajouté\u00a0: ${checked.erreur}`);
    return;
  }
  view.quick = {};
  hooks.change(rules.addCombatant(view.encounter, view.payload, { id: combatantId(), nom, ...(checked.valeurs ? { valeurs: checked.valeurs } : {}) }, roll), "rapide-nom");
}

function harmFrom(view, hooks, button, sign) {
  const { id, piste } = button.dataset;
  const amount = numberIn(button.closest(".srd-partie-piste"), ".srd-partie-montant", 0);
  if (amount <= 0) {
    hooks.say("Saisissez un montant entier supérieur à 0.");
    return;
  }
  harmed(view, hooks, rules.harm(view.encounter, view.payload, id, piste, sign * amount), button.dataset.cle);
}

// A harm's answer: the encounter changed, and what the rules say follows, said at once.
function harmed(view, hooks, { partie, consequences }, focusKey) {
  hooks.change(partie, focusKey);
  if (consequences.length) hooks.say(consequences.map((one) => one.texte).join(", "));
}

// The état chosen in a combatant's form (by its place in the list: official, then house
// ones), as lib/partie.js keeps it: {genre, id, nom, lien}.
function stateFrom(view, button) {
  const form = button.closest(".srd-partie-etat-ajout");
  const chosen = view.etats[Number(form.querySelector("select").value)];
  const etat = chosen && { genre: chosen.genre, id: chosen.id, nom: chosen.nom, ...(chosen.lien ? { lien: chosen.lien } : {}) };
  return { etat, rounds: Math.max(1, numberIn(form, "input", 1)) };
}

function rollChosenTable(view, hooks) {
  const table = (view.tables || view.payload.tables || []).find((one) => one.id === view.root.querySelector("#srd-partie-table")?.value);
  if (!table) return;
  const rolled = rules.rollTable(table, roll);
  const next = rules.withTableRoll(view.encounter, table, rolled);
  const { texte, chances } = next.journal.at(-1);
  view.tableText = chances ? `${texte} (chances\u00a0: ${chances})` : texte;
  hooks.change(next, "table");
}

async function openShared(view, hooks) {
  const copy = { ...view.encounter, id: encounterId(), nom: kept.freePartieName(view.parties, view.encounter.systeme, view.encounter.nom) };
  view.readOnly = false;
  history.replaceState(null, "", location.pathname + location.search);
  hooks.say(`Rencontre ${quoted(copy.nom)} copiée dans vos rencontres.`);
  await hooks.change(copy, "nouvelle-nom");
}

function share(view, hooks) {
  const made = kept.partieShareFragment(view.encounter);
  if (made.refused) {
    hooks.say(made.refused);
    return;
  }
  view.shareLink = new URL(made.fragment, location.href.split("#")[0]).href;
  hooks.redraw("partager");
  navigator.clipboard?.writeText(view.shareLink).then(
    () => hooks.say("Lien copié\u00a0: il ouvre cette rencontre en lecture seule."),
    () => hooks.say("Copiez le lien ci-dessous\u00a0: il ouvre cette rencontre en lecture seule."),
  );
}

async function removeEncounter(view, hooks, button) {
  if (!(await confirmed(typo(`Supprimer la rencontre ${quoted(view.encounter.nom)}\u202f?`), "Supprimer", button))) return;
  const gone = view.encounter.id;
  view.parties = view.parties.filter((one) => one.id !== gone);
  const rest = view.parties.filter((one) => one.systeme === view.payload.systeme);
  const next = rest[rest.length - 1] || rules.newEncounter(view.payload, { id: encounterId(), nom: "Rencontre 1", now: new Date().toISOString() });
  hooks.change(next, "supprimer");
}

// The buttons of the combatant cards.
// Up or down one place in the GM's order (mode libre).
function moved(view, hooks, button, step) {
  const at = rules.orderOf(view.encounter, view.payload).findIndex((group) => group.includes(button.dataset.id));
  hooks.change(rules.moveInOrder(view.encounter, view.payload, button.dataset.id, at + step), button.dataset.cle);
}

const COMBATANT_ACTIONS = {
  dupliquer: (view, hooks, b) => hooks.change(rules.duplicate(view.encounter, view.payload, b.dataset.id, Math.min(20, Math.max(2, numberIn(b.parentNode, "input", 2)))), b.dataset.cle),
  retirer: (view, hooks, b) => hooks.change(rules.removeCombatant(view.encounter, view.payload, b.dataset.id), afterRemoval(view, b.dataset.id)),
  monter: (view, hooks, b) => moved(view, hooks, b, -1),
  descendre: (view, hooks, b) => moved(view, hooks, b, 1),
  degats: (view, hooks, b) => harmFrom(view, hooks, b, 1),
  soins: (view, hooks, b) => harmFrom(view, hooks, b, -1),
  niveau: (view, hooks, b) => harmed(view, hooks, rules.harm(view.encounter, view.payload, b.dataset.id, b.dataset.piste, Number(b.dataset.pas)), b.dataset.cle),
  etat: (view, hooks, b) => {
    const { etat, rounds } = stateFrom(view, b);
    if (etat) hooks.change(rules.putState(view.encounter, view.payload, b.dataset.id, etat, rounds), b.dataset.cle);
  },
  "retirer-etat": (view, hooks, b) => hooks.change(rules.removeState(view.encounter, b.dataset.id, Number(b.dataset.etat)), `${b.dataset.id}:etat-ajout`),
};

const PAGE_ACTIONS = {
  nouvelle: (view, hooks) => {
    const nom = view.root.querySelector("#srd-partie-nouvelle")?.value.trim() || `Rencontre ${view.parties.length + 1}`;
    hooks.change(rules.newEncounter(view.payload, { id: encounterId(), nom, now: new Date().toISOString() }), "nouvelle-nom");
  },
  "ajout-perso": addFromCharacter,
  "ajout-pnj": addFromNpc,
  "ajout-rapide": (view, hooks) => addQuick(view, hooks, false),
  "ajout-nom": (view, hooks) => addQuick(view, hooks, true),
  commencer: (view, hooks) => hooks.change(rules.startRound(view.encounter, view.payload, roll), "tour"),
  tour: (view, hooks) => hooks.change(rules.nextTurn(view.encounter, view.payload, roll), "tour"),
  round: (view, hooks) => hooks.change(rules.endRound(view.encounter, view.payload, roll), "round"),
  annuler: (view, hooks) => hooks.change(rules.undo(view.encounter), "annuler"),
  table: rollChosenTable,
  exporter: (view, hooks) => {
    download(kept.partiesFileName(view.encounter.nom), kept.storedParties([view.encounter]));
    hooks.say(`Rencontre ${quoted(view.encounter.nom)} exportée (fichier JSON).`);
  },
  partager: share,
  imprimer: () => print(),
  copier: openShared,
  supprimer: removeEncounter,
  ...COMBATANT_ACTIONS,
};

async function importFile(view, hooks, input) {
  const file = input.files?.[0];
  if (!file) return;
  // A character is 4 bytes at most in UTF-8: a bigger file is refused before it is read.
  const tooBig = file.size > PARTIE_MAX_FILE_CHARS * 4;
  const read = tooBig
    ? { refused: `Import refusé\u00a0: fichier trop gros (${file.size} octets). Rien n'a été importé.` }
    : kept.importedParties(await file.text(), view.parties, encounterId, new Date().toISOString());
  input.value = "";
  if (read.refused) {
    hooks.say(read.refused);
    return;
  }
  const added = read.parties.slice(view.parties.length);
  view.parties = read.parties;
  const mine = added.filter((one) => one.systeme === view.payload.systeme);
  hooks.change(mine.at(-1) || null, "importer");
  hooks.say(mine.length === added.length ? read.message : `${read.message} Celles d'un autre système s'ouvrent depuis sa page «\u202fMener la partie\u202f».`);
}

// `hooks`: {change(next, focusKey), say(message), redraw(focusKey)} of the page.
export function bindGestures(view, hooks) {
  const root = view.root;
  const guarded = (run) => (...args) => {
    try {
      return run(...args);
    } catch (error) {
      hooks.say(error?.message ? `Rien n'a changé\u00a0: ${error.message}` : "Rien n'a changé.");
      return null;
    }
  };
  const say = (message) => hooks.say(typo(message));
  const bound = { change: guarded(hooks.change), say, redraw: hooks.redraw };
  root.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || !root.contains(button) || !PAGE_ACTIONS[button.dataset.action]) return;
    guarded(PAGE_ACTIONS[button.dataset.action])(view, bound, button);
  });
  root.addEventListener("change", (event) => {
    const target = event.target;
    if (target.id === "srd-partie-choix") {
      const chosen = view.parties.find((one) => one.id === target.value);
      if (chosen) hooks.change(chosen, "ouvrir");
    } else if (target.dataset.action === "modificateur") {
      bound.change(rules.toggleModifier(view.encounter, view.payload, target.dataset.id, target.dataset.modificateur), target.dataset.cle);
    } else if (target.id === "srd-partie-importer") {
      guarded(importFile)(view, bound, target);
    }
  });
}
