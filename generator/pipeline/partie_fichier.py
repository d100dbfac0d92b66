"""The encounters of « Mener la partie », kept in the browser (lib/partie-fichier.js): the
format of their store and of their exported file, its bounds, and the file's JSON Schema,
published under api/schemas/ beside the characters'. No Python reads an encounter: these
values are written once here, for the schema and for contrat.js (browser_contract.py).

The file (format 1), the same shape as the storage under STORAGE_KEY:
    {"format": 1, "parties": [{"id", "nom", "systeme", "modifie", "round", "tour",
     "combattants": [...], "ordre": [[id, ...], ...], "journal": [...]}, ...]}
"""

from __future__ import annotations

import re

from generator.engine.character import JSON_SCHEMA

FORMAT = 1
STORAGE_KEY = "srd-parties"
SHARE_PARAM = "partie"  # the share link's fragment: #partie=<base64url of the JSON>
# Bounds, told before a file or a link is read, and held by every encounter kept.
MAX_FILE_CHARS = 2_000_000
MAX_SHARE_CHARS = 200_000  # of the fragment after « #partie= »
MAX_PARTIES = 100
MAX_COMBATANTS = 100
MAX_LOG = 500  # log lines an encounter keeps: the oldest go first
MAX_STATES = 30  # per combatant
MAX_NAME = 80
MAX_ID = 100
MAX_TEXT = 500  # a log line
MAX_INT = 1_000_000  # every whole number is within ±MAX_INT
MAX_UNDO = 30  # previous states an open encounter keeps (never stored)
MAX_KEYS = 50  # values, tracks or modifiers of one combatant
SCHEMA = "parties.schema.json"

LOG_KINDS = ("jet", "degats", "etat", "round", "ordre", "action")
# What the browser checks a log line's kind and a combatant's origin with.
LOG_KIND = re.compile(f"^(?:{'|'.join(LOG_KINDS)})$")
ORIGIN = re.compile(r"^(?:libre|personnage:.+|pnj:.+)$")


def _text(title: str, most: int = MAX_NAME, least: int = 1) -> dict:
    return {"title": title, "type": "string", "minLength": least, "maxLength": most}


def _int(title: str, least: int = -MAX_INT) -> dict:
    return {"title": title, "type": "integer", "minimum": least, "maximum": MAX_INT}


def _ints(title: str) -> dict:
    return {
        "title": title,
        "type": "object",
        "maxProperties": MAX_KEYS,
        "additionalProperties": _int("Valeur"),
    }


def _closed(title: str, required: list[str], properties: dict) -> dict:
    return {
        "title": title,
        "type": "object",
        "required": required,
        "properties": properties,
        "additionalProperties": False,
    }


def _track_state() -> dict:
    return _closed(
        "État d'une piste (selon son type)",
        [],
        {
            "valeur": _int("Compteur : sa valeur"),
            "cumul": _int("Paliers : le cumul", 0),
            "pris": {
                "title": "Paliers : niveaux pris dans chaque palier",
                "type": "array",
                "maxItems": MAX_KEYS,
                "items": _int("Niveaux pris", 0),
            },
            "depassement": {"title": "Paliers : au-delà du dernier", "type": "boolean"},
            "niveau": _int("Niveaux : le niveau atteint", 0),
        },
    )


def _state() -> dict:
    ref = _closed(
        "L'état : une entité du système (genre, id) ou un nom libre",
        ["nom"],
        {
            "genre": _text("Genre de l'entité", MAX_ID),
            "id": _text("Identifiant de l'entité", MAX_ID),
            "nom": _text("Nom"),
            "lien": _text("Adresse de sa page depuis la racine du site", 1000, 0),
        },
    )
    return _closed(
        "Un état posé",
        ["ref", "reste", "pose"],
        {"ref": ref, "reste": _int("Rounds restants", 0), "pose": _int("Round où il fut posé", 0)},
    )


def _combatant() -> dict:
    return _closed(
        "Un combattant",
        ["id", "nom", "origine", "valeurs", "jet", "pistes", "etats", "modificateurs"],
        {
            "id": _text("Identifiant", MAX_ID),
            "nom": _text("Nom"),
            "origine": {
                "title": "D'où il vient",
                "type": "string",
                "pattern": ORIGIN.pattern,
                "maxLength": MAX_ID + 20,
            },
            "valeurs": _ints("Ses valeurs, par identifiant de valeur du système"),
            "jet": {"title": "Dernier jet d'ordre", "oneOf": [_int("Jet"), {"type": "null"}]},
            "pistes": {
                "title": "Ses pistes, par identifiant de piste",
                "type": "object",
                "maxProperties": MAX_KEYS,
                "additionalProperties": _track_state(),
            },
            "etats": {"title": "États", "type": "array", "maxItems": MAX_STATES, "items": _state()},
            "modificateurs": {
                "title": "Modificateurs d'ordre actifs",
                "type": "array",
                "maxItems": MAX_KEYS,
                "items": _text("Identifiant", MAX_ID),
            },
        },
    )


def _line() -> dict:
    return _closed(
        "Une ligne du journal",
        ["round", "texte", "genre"],
        {
            "round": _int("Round", 0),
            "texte": _text("Texte", MAX_TEXT),
            "genre": {"title": "Genre", "enum": list(LOG_KINDS)},
            "chances": _text("Probabilité, en texte", MAX_NAME, 0),
        },
    )


def _encounter() -> dict:
    ids = {"type": "array", "minItems": 1, "items": _text("Identifiant", MAX_ID)}
    return _closed(
        "Une rencontre",
        ["id", "nom", "systeme", "round", "tour", "combattants", "ordre", "journal"],
        {
            "id": _text("Identifiant", MAX_ID),
            "nom": _text("Nom"),
            "systeme": _text("Système", MAX_ID),
            "modifie": {"title": "Dernière modification", "type": "string", "format": "date-time"},
            "round": _int("Round (0 : pas commencé)", 0),
            "tour": _int("Groupe qui agit (indice dans l'ordre)", 0),
            "combattants": {
                "title": "Combattants",
                "type": "array",
                "maxItems": MAX_COMBATANTS,
                "items": _combatant(),
            },
            "ordre": {
                "title": "Ordre, par groupes qui agissent ensemble",
                "type": "array",
                "maxItems": MAX_COMBATANTS,
                "items": ids,
            },
            "journal": {"title": "Journal", "type": "array", "maxItems": MAX_LOG, "items": _line()},
        },
    )


def file_schema() -> dict:
    """The schema of the exported file and of the storage."""
    body = _closed(
        "Fichier de rencontres (« Mener la partie »)",
        ["format", "parties"],
        {
            "format": {"title": "Version du format du fichier", "const": FORMAT},
            "parties": {
                "title": "Rencontres",
                "type": "array",
                "maxItems": MAX_PARTIES,
                "items": _encounter(),
            },
        },
    )
    description = (
        "Les rencontres gardées dans le navigateur, telles que la page « Mener la partie » "
        "les exporte et les importe ; un lien de partage porte une seule rencontre."
    )
    return {"$schema": JSON_SCHEMA, "description": description, **body}
