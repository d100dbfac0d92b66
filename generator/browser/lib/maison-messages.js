// The sentences of the house rules' pages, built with no page around them: the question
// before a deletion, the report of a file or a link, the counts, the bounds of what is
// read. Pure functions: unit-tested under Node (tests/js/maison-messages.test.mjs).
import { FINE, NBSP, quoted, typo } from "./texte.js";
import { nameOf } from "./maison-regles.js";

const pluralS = (n) => (n > 1 ? "s" : "");

// « rien n'a été supprimé. » as a sentence of its own: « Rien n'a été supprimé. »
export const capitalised = (text) => `${text[0].toUpperCase()}${text.slice(1)}`;

// How a rule names another, as the schemas' `x-relation` say it (« cite »: a reference
// or a text's tag), in the order the question says them.
const NAMED_AS = { requis: "requise", exclu: "exclue", cite: "citée" };

// The question before `entry` is deleted, from the engine's reply « dependantes »: it
// names the kept rules that name it and what they become.
export function deletionQuestion(entry, reply) {
  const name = quoted(nameOf(entry));
  const found = reply.dependantes || [];
  if (!found.length) return `Supprimer la règle maison ${name}\u202f?`;
  const relations = new Set([...Object.keys(NAMED_AS), ...found.map((one) => one.relation)]);
  const parts = [...relations].flatMap((relation) => {
    const names = found.filter((one) => one.relation === relation).map((one) => quoted(String(one.nom || one.cle)));
    return names.length ? [`${NAMED_AS[relation] || "nommée"} par${NBSP}: ${names.join(", ")}`] : [];
  });
  const some = found.length > 1;
  const then = reply.officielle
    ? `${some ? "ces règles nommeront" : "cette règle nommera"} alors l'entité officielle`
    : `${some ? "ces règles ne seront plus valides" : "cette règle ne sera plus valide"}`;
  return `La règle maison ${name} est ${parts.join(`${FINE}; `)}. Sans elle, ${then}. La supprimer quand même${FINE}?`;
}

// The report of a file or a link: [{text}] paragraphs and [{list, items}] lists, in the
// page's order: the refusal of the whole, the lines of what was kept, then one line per
// rule refused (the engine's sentence names the rule).
export function reportOf(lines, problems, wholeSaid = "Import refusé") {
  const parts = [];
  if (lines.length) parts.push({ list: "srd-maison-gardees", items: lines.map(typo) });
  const refused = problems.filter((p) => p.numero !== 0);
  const whole = problems.find((p) => p.numero === 0);
  if (whole) parts.unshift({ text: typo(`${wholeSaid}\u00a0: ${whole.message}`) });
  if (refused.length) {
    const n = new Set(refused.map((p) => p.numero)).size;
    parts.push({ text: `${n} règle${pluralS(n)} refusée${pluralS(n)}, à corriger${NBSP}:` });
    parts.push({ list: "srd-maison-problemes", items: refused.map((p) => typo(p.message)) });
  }
  if (!parts.length) parts.push({ text: "Aucune règle trouvée." });
  return parts;
}

// The line of a merge's report, for a rule added, identical, replaced or left out.
export const MERGED = {
  nouvelle: (name) => `Règle ${name} ajoutée.`,
  identique: (name) => `Règle ${name} déjà gardée, identique.`,
  remplacee: (name) => `Règle ${name} remplacée.`,
  gardee: (name) => `Règle ${name} non importée\u00a0: la vôtre est gardée.`,
};

// The question before a rule brought by a file or a link replaces `kept`, of key `key`.
export const replaceQuestion = (kept, key) =>
  typo(`Une règle maison ${quoted(nameOf(kept))} (${key}) est déjà gardée dans ce navigateur\u00a0: la remplacer par celle-ci\u202f?`);

// Why a file is not read (more bytes than the engine reads), or "".
export const houseFileTooBig = (size, max) =>
  size > max ? `Import refusé\u00a0: fichier trop gros (${size} octets, pour ${max} au plus). Rien n'a été importé.` : "";

// Why a pasted text is not read (more characters than the engine reads), or "".
export const textTooLong = (length, max) =>
  length > max ? typo(`Texte trop long\u00a0: ${length} caractères, pour ${max} au plus.`) : "";

// A pasted text js-yaml could not read (`error.mark`: where it stopped).
export function unreadablePaste(error) {
  const where = error?.mark ? ` (ligne ${error.mark.line + 1})` : "";
  return typo(`Texte illisible${where}\u00a0: ce n'est ni du YAML ni du JSON valide. Le formulaire n'a pas changé.`);
}

export const exported = (n) => `${n} règle${pluralS(n)} exportée${pluralS(n)} (fichier JSON).`;

export const linkMade = (n, copied) =>
  copied
    ? `Lien de partage copié (${n} règle${pluralS(n)})\u00a0: collez-le où vous voulez. Qui l'ouvre voit vos règles et choisit de les ajouter.`
    : "Lien de partage prêt\u00a0: copiez-le ci-dessous.";

export const linkHolds = (n) =>
  n
    ? `Ce lien porte ${n} règle${pluralS(n)} maison. Rien n'est encore gardé\u00a0: ajoutez-les pour les garder dans ce navigateur.`
    : "Ce lien ne porte aucune règle valide\u00a0: rien à ajouter.";

// The form's problems: said in its state line, and the summary's heading.
export const problemsSaid = (n) => `Règle non enregistrée\u00a0: ${n} problème${pluralS(n)} à corriger, dits à leurs champs.`;
export const problemsHeading = (n) => typo(`Règle non enregistrée\u00a0: ${n} problème${pluralS(n)} à corriger`);

// Whose text a house rule's page shows: the game master's, not the source's (an
// amendment's official source and editorial notes stay on the official page).
export const authorSaid = (amends) =>
  typo(
    amends
      ? "Texte du meneur de jeu, modifié d'après l'entité officielle\u00a0: sa source et ses notes éditoriales restent sur la page officielle."
      : "Texte du meneur de jeu, qui ne vient pas de la source.",
  );

// What an amendment's switch says once moved.
export const switchSaid = (on) =>
  on ? "Modification active\u00a0: le site la montre à la place de l'entité officielle." : "Modification désactivée\u00a0: le site montre l'entité officielle.";
