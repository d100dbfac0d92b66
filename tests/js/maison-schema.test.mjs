// How the form of a house entity reads its kind's schema (generator/browser/lib/maison-schema.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  TEXT_HELP,
  demandsValue,
  enumChoices,
  errorMessages,
  fieldOf,
  filledText,
  helpText,
  isLong,
  resolved,
  scalarKind,
  scalarValue,
  typesOf,
} from "../../generator/browser/lib/maison-schema.js";

const ROOT = { $defs: { texte: { type: "string", title: "Texte", description: "du Markdown" }, rang: { enum: [1, 2] } } };

test("a $ref is read in the schema's $defs, the property's own title winning", () => {
  assert.deepEqual(resolved({ $ref: "#/$defs/texte", title: "Effet" }, ROOT), {
    type: "string",
    title: "Effet",
    description: "du Markdown",
    "x-texte": true,
  });
  assert.deepEqual(resolved({ $ref: "#/$defs/rang" }, ROOT), { enum: [1, 2], "x-texte": undefined });
  assert.deepEqual(resolved({ $ref: "#/$defs/absent" }, ROOT), { "x-texte": undefined });
  assert.deepEqual(resolved(null, ROOT), {});
  assert.deepEqual(typesOf({ type: ["integer", "null"] }), ["integer", "null"]);
  assert.deepEqual(typesOf({}), []);
});

test("each value has its control", () => {
  const field = (name, required = false) => ({ name, required });
  assert.equal(scalarKind({ enum: ["a"], type: "boolean" }, field("x")), "enum");
  assert.equal(scalarKind({ type: "boolean" }, field("x", true)), "checkbox");
  assert.equal(scalarKind({ type: ["boolean", "null"] }, field("x")), "boolean");
  assert.equal(scalarKind({ type: "string", "x-ref": "atouts" }, field("x")), "ref");
  assert.equal(scalarKind({ type: ["integer", "null"] }, field("x")), "number");
  assert.equal(scalarKind({ type: ["integer", "string"] }, field("x")), "text");
  assert.equal(scalarKind({ type: "string" }, field("effet")), "long");
  assert.equal(scalarKind({ type: "string", "x-rendu": "markdown" }, field("x")), "long");
  assert.ok(isLong("x", { description: "En Markdown." }));
  assert.ok(!isLong("nom", { type: "string" }));
});

test("an enumeration's choices under their labels, null aside", () => {
  assert.deepEqual(enumChoices({ enum: [null, 1, "d6"], "x-libelles": { 1: "Un" } }), [
    ["1", "Un"],
    ["d6", "d6"],
  ]);
});

test("a typed text is the value its schema wants, or left for the engine to name", () => {
  assert.equal(scalarValue("", { type: "string" }, "text", false), undefined);
  assert.equal(scalarValue("", { type: "string" }, "text", true), "");
  assert.equal(scalarValue("", { type: ["integer", "null"] }, "number", true), null);
  assert.equal(scalarValue("", { type: "integer" }, "number", true), undefined);
  assert.equal(scalarValue("", { type: "string" }, "long", true), "");
  assert.equal(scalarValue("2", { enum: [1, 2] }, "enum", true), 2);
  assert.equal(scalarValue("oui", { type: "boolean" }, "boolean", false), true);
  assert.equal(scalarValue("1,5", { type: "number" }, "number", true), 1.5);
  assert.equal(scalarValue("douze", { type: "integer" }, "number", true), "douze");
  assert.equal(scalarValue(" 12 ", { type: ["integer", "string"] }, "text", true), 12);
  assert.equal(scalarValue("1,5", { type: ["number", "string"] }, "text", true), 1.5);
  assert.equal(scalarValue("d6+1", { type: ["number", "string"] }, "text", true), "d6+1");
});

test("a value is shown as text, an object as its JSON", () => {
  assert.equal(filledText(undefined), "");
  assert.equal(filledText(null), "");
  assert.equal(filledText(3), "3");
  assert.equal(filledText({ a: 1 }), '{"a":1}');
});

test("each of the engine's messages is said at the nearest field that holds it", () => {
  const fields = new Set(["prerequis", "prerequis.0", "prerequis.0.atout", "nom"]);
  const has = (path) => fields.has(path);
  assert.deepEqual(errorMessages({ "entite.nom": "vide ; trop court", "": "tout" }), [
    ["entite.nom", "vide"],
    ["entite.nom", "trop court"],
    ["", "tout"],
  ]);
  assert.equal(fieldOf("entite.prerequis.0.atout", "inconnu", has), "prerequis.0.atout");
  assert.equal(fieldOf("entite.prerequis.0.rang", "hors bornes", has), "prerequis.0");
  assert.equal(fieldOf("entite.prerequis.0", "champ obligatoire « atout » manquant", has), "prerequis.0.atout");
  assert.equal(fieldOf("entite", "champ obligatoire « nom » manquant", has), "nom");
  assert.equal(fieldOf("entite.inconnu", "champ en trop", has), null);
  assert.equal(fieldOf("systeme", "inconnu", has), null);
});

test("only a field that refuses an empty value is said « obligatoire »", () => {
  assert.equal(demandsValue({ type: "string", minLength: 1 }), true);
  assert.equal(demandsValue({ type: "string", description: "vide s'il n'y en a pas" }), false);
  assert.equal(demandsValue({ type: "object", properties: { a: {} } }), false);
  assert.equal(demandsValue({ type: "object", properties: { a: {} }, required: ["a"] }), true);
  assert.equal(demandsValue({ type: "array" }), false);
  assert.equal(demandsValue({ type: "array", minItems: 1 }), true);
  assert.equal(demandsValue({ enum: ["a", "b"] }), true);
  assert.equal(demandsValue({ type: "string", "x-ref": "atout" }), true);
  assert.equal(demandsValue({ type: ["integer", "null"] }), false);
  assert.equal(demandsValue({ type: "integer" }), true);
});

test("a field's help is said in the game master's words", () => {
  assert.equal(helpText({ description: "null : illimité, ou égal à la caractéristique liée." }), "vide : illimité, ou égal à la caractéristique liée.");
  assert.equal(helpText({ description: "Null si la source n'en donne pas." }), "Vide si la source n'en donne pas.");
  assert.equal(helpText({ description: "Texte en Markdown ; peut citer d'autres entités par des balises {@genre id}." }), TEXT_HELP);
  assert.doesNotMatch(TEXT_HELP, /\{@genre id\}/u);
  assert.equal(helpText({}), "");
});
