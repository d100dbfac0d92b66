"""Saved characters (« Mes personnages »): the file that holds them, in the browser's
storage and in an export, its format, its migration and its schema; and the engine's own
checks of a character when it is saved or imported. Generic: every system's character
type comes from `character.types()`. A record may carry `"combat": {valeur: entier}`, what
« Mener la partie » takes from the sheet (`Character.combattant`): recomputed with each
record, absent from the file.

The file (format 1):
    {"format": 1, "personnages": [{"nom": …, "modifie": "<date ISO>", "personnage": <JSON
    d'un personnage, engine/character.py>}, …]}
Format 0 is what existed before this file: one character's JSON alone, or a list of them,
without a name; it is migrated by naming each character. An entry may say which of the
reader's house rules (engine/rules.py `with_house`) the character names, by field:
`"maison": {champ: [nom, …]}`; read back without one of them, the field says that this
house rule is missing, not only that the name is unknown. A file from a newer format, or an
object with « personnages » but no format, is refused whole: nothing is guessed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from generator.core.imbrication import place_of, too_deep
from generator.core.typographie import texte
from generator.engine import character, rules
from generator.engine.character import JSON_SCHEMA, Character, CharacterError
from generator.engine.inputs import TextInput, shown
from generator.engine.names import Names

FILE_FORMAT = 1
MAX_NAME = 80
# Bounds of an imported file, told before it is read: an exported file nests 6 levels deep
# (tests/unit/test_saved.py), and its characters fill the browser's storage long before 500.
MAX_FILE_CHARS = 2_000_000
MAX_DEPTH = 16
MAX_CHARACTERS = 500
IMPORTED = "Personnage importé"

Rules = Callable[[str], object]  # system id -> its rules


class FileError(ValueError):
    """The whole file is refused (unreadable, unknown or newer format): a French message."""


# --- one character -----------------------------------------------------------------------


def field_errors(kind: type[Character], query: Mapping[str, str], system_rules: object) -> dict:
    """{field: message}: the sheet's own reading and computation of the character, as on
    the calculator's page (a name the data do not know, an atout or a talent, is refused at
    its field). The computation stops at its first refusal: that field is set aside and the
    sheet runs again, so that every field in error is named. The sheet's checks of the
    rules (a budget overspent…) are not refusals: a character in progress is kept."""
    errors: dict[str, str] = {}
    query = dict(query)
    while True:
        found = kind.calculator().run(query, system_rules).errors
        new = {field: message for field, message in found.items() if field not in errors}
        if not new:
            return errors
        errors |= new
        for field in new:
            query.pop(field, None)


def check(kind: type[Character], value: Character, system_rules: object) -> None:
    errors = field_errors(kind, value.to_query(), system_rules)
    if errors:
        raise CharacterError(errors)


def record(
    kind: type[Character], value: Character, system_rules: object, house: list | None = None
) -> dict:
    """What the list of saved characters keeps beside the character's JSON: its summary,
    the query of each calculator that shows it (the sheet first), and the new entities
    of the reader's `house` rules it names (`house_used`), if any."""
    queries = {kind.CALCULATOR[1]: value.to_query()}
    queries |= {calc_id: view.query(value) for calc_id, view in kind.VIEWS.items()}
    used = house_used(kind, queries[kind.CALCULATOR[1]], system_rules, house or [])
    combat = fighter(value, system_rules)
    return {
        "systeme": kind.CALCULATOR[0],
        "resume": value.resume(system_rules),
        "requetes": queries,
        "personnage": value.to_dict(),
        **({"maison": used} if used else {}),
        **({"combat": combat} if combat else {}),
    }


def fighter(value: Character, system_rules: object) -> dict[str, int]:
    """The values a fight takes from the character (`Character.combattant`), recomputed
    with each record and never stored in the file: whole numbers by valeur id, or
    TypeError (a system's mistake, not the reader's)."""
    found = value.combattant(system_rules)
    wrong = [
        k
        for k, v in found.items()
        if not isinstance(k, str) or not isinstance(v, int) or isinstance(v, bool)
    ]
    if wrong:
        raise TypeError(f"combattant() : valeurs non entières pour {', '.join(map(str, wrong))}")
    return dict(found)


def _house_names(system: str, house: list) -> dict[str, dict[str, str]]:
    """{kind: {id: name}} of the new entities (not the amendments: those keep an official
    id, which reads without them) of `house` of this system."""
    found: dict[str, dict[str, str]] = {}
    for entry in house:
        if not isinstance(entry, dict) or entry.get("systeme") != system or "base" in entry:
            continue
        entity = entry.get("entite")
        if not isinstance(entity, dict):
            continue
        if isinstance(entity.get("id"), str) and isinstance(entry.get("genre"), str):
            name = entity.get("nom") if isinstance(entity.get("nom"), str) else entity["id"]
            found.setdefault(entry["genre"], {})[entity["id"]] = name
    return found


def house_used(
    kind: type[Character], query: Mapping[str, str], system_rules: object, house: list
) -> dict[str, list[str]]:
    """{field: names}: the reader's new house entities each field that lists a kind of
    the data (its input's `genre`) names, a choice by its id, a text by its name."""
    new = _house_names(kind.CALCULATOR[0], house)
    found = {}
    for item in kind.calculator().inputs_for(system_rules):
        listed, value = new.get(getattr(item, "genre", "")), query.get(item.name, "")
        if not listed or not value:
            continue
        if isinstance(item, TextInput):
            names = Names(listed)
            hits = [names.lead(part.strip()) for part in names.split(value)]
            used = [listed[hit[0]] for hit in hits if hit]
        else:
            used = [listed[v.strip()] for v in value.split(",") if v.strip() in listed]
        if used:
            found[item.name] = list(dict.fromkeys(used))
    return found


def _kept_house(entry: dict) -> dict[str, list[str]]:
    """An entry's `maison` ({field: [names]}), what of it is well formed."""
    kept = entry.get("maison")
    if not isinstance(kept, dict):
        return {}
    return {
        str(field): [n for n in names if isinstance(n, str)]
        for field, names in kept.items()
        if isinstance(names, list)
    }


def missing_house(
    kind: type[Character],
    errors: Mapping[str, str],
    kept: Mapping,
    system_rules: object,
    house: list,
) -> dict[str, str]:
    """The errors, each field that named a house rule the reader no longer has saying so
    first (« Règle maison introuvable »)."""
    now = _house_names(kind.CALCULATOR[0], house)
    inputs = {i.name: i for i in kind.calculator().inputs_for(system_rules)}
    said = dict(errors)
    for field, message in errors.items():
        have = set(now.get(getattr(inputs.get(field), "genre", ""), {}).values())
        gone = [name for name in kept.get(field, ()) if name not in have]
        if gone:
            names = ", ".join(f"« {shown(name)} »" for name in gone)
            one = len(gone) == 1
            what = "Règle maison introuvable" if one else "Règles maison introuvables"
            said[field] = (
                f"{what} : {names}, absente{'' if one else 's'} des règles maison de ce "
                f"navigateur (ajoutez-{'la' if one else 'les'} à la page « Règles maison », "
                f"ou retirez-{'la' if one else 'les'} de ce champ). {message}"
            )
    return said


def from_calculator(
    system: str,
    calc_id: str,
    query: Mapping[str, str],
    system_rules: object,
    existing=None,
    house: list | None = None,
) -> dict:
    """The character a calculator's query describes, checked, as a record. From one of the
    character's other views (a planner), the query is kept in `existing` (a character's
    JSON), or in a new character with the sheet's defaults. `house`: the reader's house
    rules, which `system_rules` hold."""
    kind = character.types()[system]
    query = {str(k): str(v) for k, v in query.items()}
    if calc_id == kind.CALCULATOR[1]:
        value = kind.from_query(query, system_rules)
    else:
        base = kind.from_dict(existing, system_rules) if existing else None
        base = base or kind.from_query({}, system_rules)
        value = kind.VIEWS[calc_id].update(base, query, system_rules)
    check(kind, value, system_rules)
    return record(kind, value, system_rules, house)


def labels(kind: type[Character], system_rules: object) -> dict[str, str]:
    """{field: its label on the calculator's form}, to name a field the reader knows."""
    return {i.name: i.label for i in kind.calculator().inputs_for(system_rules)}


# --- the file ------------------------------------------------------------------------------


def _lone_character(data: object) -> bool:
    return isinstance(data, dict) and "personnage" in data and "personnages" not in data


def _from_format_0(data: object) -> list:
    """Format 0: characters without a name (one, a list, or under « personnages »); each
    gets one, numbered in the file's order."""
    found = data.get("personnages") if isinstance(data, dict) else data
    if _lone_character(data):
        found = [data]
    if not isinstance(found, list):
        raise FileError("Fichier au format 0 illisible : la liste des personnages manque.")
    return [{"nom": f"{IMPORTED} {n}", "personnage": c} for n, c in enumerate(found, 1)]


MIGRATIONS = {0: _from_format_0}  # format N -> its entries in format N + 1 (here: 1)


def file_format(data: object) -> int:
    """The file's format: 0 for a lone character or a bare list (from before the file)."""
    if isinstance(data, list) or _lone_character(data):
        return 0
    if not isinstance(data, dict):
        raise FileError("Fichier illisible : un objet JSON avec « format » et « personnages ».")
    if "format" not in data:
        raise FileError(
            "Fichier sans numéro de format : impossible de savoir comment le lire. "
            "Rien n'a été importé."
        )
    number = data["format"]
    if not isinstance(number, int) or isinstance(number, bool) or number < 0:
        said = shown(json.dumps(number, ensure_ascii=False))  # not a whole page of text
        raise FileError(f"Format de fichier inconnu : {said}.")
    if number > FILE_FORMAT:
        raise FileError(
            f"Ce fichier est au format {number}, plus récent que celui que ce site lit "
            f"(format {FILE_FORMAT}) : rechargez la page pour avoir la dernière version du "
            "site. Rien n'a été importé."
        )
    return number


def entries(data: object) -> list:
    """The file's entries in the current format, migrated from an older one."""
    number = file_format(data)
    found = MIGRATIONS[number](data) if number < FILE_FORMAT else data.get("personnages")
    if not isinstance(found, list):
        raise FileError("Fichier illisible : « personnages » doit être une liste.")
    if len(found) > MAX_CHARACTERS:
        raise FileError(
            f"Fichier trop long : {len(found)} personnages, pour {MAX_CHARACTERS} au plus par "
            "fichier. Rien n'a été importé."
        )
    return found


def parse(text: str) -> object:
    if len(text) > MAX_FILE_CHARS:
        raise FileError(
            f"Fichier trop gros : {len(text)} caractères, pour {MAX_FILE_CHARS} au plus. "
            "Rien n'a été importé."
        )
    if too_deep(text, MAX_DEPTH):
        raise FileError(
            f"Fichier trop imbriqué : plus de {MAX_DEPTH} niveaux d'accolades ou de crochets, "
            "ce qu'aucun fichier de personnages n'a. Rien n'a été importé."
        )
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError) as error:
        where = place_of(error)
        raise FileError(
            f"Fichier illisible : ce n'est pas du JSON{where}. Rien n'a été importé."
        ) from None


def _entry_name(entry: object) -> str:
    name = entry.get("nom") if isinstance(entry, dict) else None
    if not isinstance(name, str) or not name.strip():
        raise CharacterError({}, "Nom absent : chaque personnage a un « nom », un texte.")
    if len(name.strip()) > MAX_NAME:
        raise CharacterError({}, f"Nom trop long : {MAX_NAME} caractères au plus.")
    return name.strip()


def _entry_kind(entry: dict) -> type[Character]:
    data = entry.get("personnage")
    if not isinstance(data, dict):
        raise CharacterError({}, "Personnage illisible : un objet JSON avec « personnage ».")
    number = data.get("format")
    if isinstance(number, int) and number > character.FORMAT:
        raise CharacterError(
            {}, f"Personnage au format {number}, plus récent que celui que ce site lit."
        )
    system = data.get("systeme")
    if not isinstance(system, str):  # a list or an object would not even be looked up
        raise CharacterError({}, "Système illisible : « systeme » est l'id d'un système, un texte.")
    kind = character.types().get(system)
    if kind is None:
        raise CharacterError({}, f"Système inconnu : {shown(system)!r}.")
    return kind


def read_entry(entry: object, rules_of: Rules, house: list | None = None) -> dict:
    """One entry, read and checked by the engine: its record, name and last change.
    `rules_of` gives the rules with the reader's `house` rules in."""
    name = _entry_name(entry)
    kind = _entry_kind(entry)
    system_rules = rules_of(kind.CALCULATOR[0])
    query = kind.dict_query(entry["personnage"], system_rules)
    errors = field_errors(kind, query, system_rules)
    if errors:
        kept = _kept_house(entry)
        raise CharacterError(missing_house(kind, errors, kept, system_rules, house or []))
    value = kind.from_query(query, system_rules)
    changed = entry.get("modifie")
    return {
        "nom": name,
        **({"modifie": changed} if isinstance(changed, str) else {}),
        **record(kind, value, system_rules, house),
    }


def _problems(number: int, entry: object, error: CharacterError, rules_of: Rules) -> list:
    """One problem per field (or one for the whole character), naming the character."""
    name = entry.get("nom") if isinstance(entry, dict) else None
    data = entry.get("personnage") if isinstance(entry, dict) else None
    system = data.get("systeme") if isinstance(data, dict) else None
    system = system if isinstance(system, str) else None  # what else it is, is no name
    known = {}
    if system in character.types():
        known = labels(character.types()[system], rules_of(system))
    said = shown(name, MAX_NAME) if isinstance(name, str) else ""  # a long one is cut short
    about = {"numero": number, "nom": said, "systeme": system}
    found = [{**about, "champ": "", "message": error.message}] if error.message else []
    found += [
        {**about, "champ": known.get(field, field), "message": message}
        for field, message in error.errors.items()
    ]
    return found


def read_file(text: str, rules_of: Rules, house: list | None = None) -> dict:
    """{"personnages": [records], "problemes": [{numero, nom, systeme, champ, message}],
    "message": refusal of the whole file, or ""}: a character in error is left out, the
    others are kept. `rules_of` gives the rules with the reader's `house` rules in."""
    try:
        found = entries(parse(text))
    except FileError as error:
        return {"personnages": [], "problemes": [], "message": texte(str(error))}
    kept, problems = [], []
    for number, entry in enumerate(found, 1):
        try:
            kept.append(read_entry(entry, rules_of, house))
        except CharacterError as error:
            problems += _problems(number, entry, error, rules_of)
    return {"personnages": kept, "problemes": problems, "message": ""}


# --- the browser's entry (the worker) -------------------------------------------------------


def _save(payload: dict, house: list) -> dict:
    system, calc_id = str(payload.get("systeme")), str(payload.get("calculateur"))
    query = payload.get("requete")
    if system not in character.types() or not isinstance(query, dict):
        return {"ok": False, "errors": {}, "message": "Personnage inconnu de ce calculateur."}
    system_rules = rules.with_house(system, house)
    existing = payload.get("existant")
    try:
        saved = from_calculator(system, calc_id, query, system_rules, existing, house)
    except CharacterError as error:
        return {"ok": False, "errors": error.errors, "message": error.message}
    return {"ok": True, **saved}


def saved_json(action: str, payload_json: str, maison_json: str = "") -> str:
    """« enregistrer » {systeme, calculateur, requete, existant?} -> a record or the errors
    by field; « importer » {texte} -> read_file. JSON in, JSON out; `maison_json`: the
    reader's active house rules, of every system (engine/rules.py `house_entries`)."""
    try:
        payload = json.loads(payload_json)
    except (TypeError, ValueError, RecursionError):
        payload = None
    try:
        house = rules.house_entries(maison_json)
        if not isinstance(payload, dict):
            reply = {"ok": False, "errors": {}, "message": "Demande illisible."}
        elif action == "enregistrer":
            reply = _save(payload, house)
        elif action == "importer":
            text = str(payload.get("texte", ""))
            found = read_file(text, lambda system: rules.with_house(system, house), house)
            reply = {"ok": True, **found}
        else:
            reply = {"ok": False, "errors": {}, "message": f"Action inconnue : {action!r}."}
    except rules.HouseError as error:
        reply = {"ok": False, "errors": {}, "message": texte(str(error))}
    return json.dumps(reply, ensure_ascii=False)


# --- its JSON Schema -------------------------------------------------------------------------


def file_schema(character_schemas: Mapping[str, str]) -> dict:
    """The schema of the file (export and import); `character_schemas`: {system: address of
    its character's schema, relative to this one}."""
    entry = {
        "type": "object",
        "title": "Un personnage enregistré",
        "required": ["nom", "personnage"],
        "properties": {
            "nom": {"title": "Nom", "type": "string", "minLength": 1, "maxLength": MAX_NAME},
            "modifie": {"title": "Dernière modification", "type": "string", "format": "date-time"},
            "maison": {
                "title": "Règles maison qu'il nomme, par champ",
                "type": "object",
                "additionalProperties": {"type": "array", "items": {"type": "string"}},
            },
            "personnage": {
                "title": "Le personnage (son système dit ses champs)",
                "oneOf": [{"$ref": path} for path in character_schemas.values()],
            },
        },
        "additionalProperties": False,
    }
    return {
        "$schema": JSON_SCHEMA,
        "title": "Fichier de personnages (« Mes personnages »)",
        "description": "Les personnages gardés dans le navigateur, tels que la page « Mes "
        "personnages » les exporte et les importe.",
        "type": "object",
        "required": ["format", "personnages"],
        "properties": {
            "format": {"title": "Version du format du fichier", "const": FILE_FORMAT},
            "personnages": {"title": "Personnages", "type": "array", "items": entry},
        },
        "additionalProperties": False,
    }
