"""The browser's entry for « Règles maison »: the page (assets/maison.js) asks
the worker (calc-worker.mjs, entry « maison »), JSON in, JSON out. `load` builds the
official context once; each query carries the reader's kept house entries (« maison »).

Replies: {"ok": true, …}, or {"ok": false, "message": a French sentence} for a query that
cannot be read; never a traceback.
  verifier {entree, maison}          -> {erreurs: {path: message}} ({} when valid),
      avertissements: {path: message} (a name that looks like an official one: lookalike.py)
  lire {texte, maison}               -> {regles: [entry], problemes: [problem]}
  lien_lire {lien, maison}           -> the same, of a link (reader.decode_link)
  lien_faire {collection}            -> {lien}
  indexer {maison}                   -> {index: {key: {ligne, carte}}} (index.py)
  rendre {entree, maison, officielle?} -> {titre, genre, systeme, champs} (render.py),
      a field that differs from the official entity's with « modifie » and « officiel ».
  dependantes {cle, maison}          -> {dependantes: [{cle, nom, relation}], officielle}:
      the kept rules that name the entity of `cle` (reader.named_by), before it is deleted;
      « officielle »: an official entity of that key takes its place."""

from __future__ import annotations

import json

from generator.core import entity_index
from generator.core.imbrication import too_deep
from generator.core.typographie import texte
from generator.house import diff, lookalike, reader
from generator.house.index import Site
from generator.house.render import HouseTreeRenderer, filled, render

MAX_QUERY_CHARS = reader.MAX_TEXT_CHARS * 2  # a collection and the entries kept
MAX_DEPTH = reader.MAX_DEPTH + 4  # a query's own levels around an entry or a collection

_LOADED: dict[str, object] = {}


class QueryError(ValueError):
    """A query that cannot be answered: a French sentence."""


def load(maison_json_text: str, rows_json_text: str) -> None:
    """The official context, from assets/maison.json and assets/entites.json."""
    site = Site(json.loads(maison_json_text), json.loads(rows_json_text))
    rows = json.loads(rows_json_text)
    names = {system: str(own.get("nom", system)) for system, own in site.systems.items()}
    context = reader.Context.from_json(site.schemas(), rows, texts=site.texts.check, names=names)
    _LOADED.pop("looks", None)
    _LOADED.update(site=site, context=context)


def _site() -> Site:
    if "site" not in _LOADED:
        raise QueryError("Règles maison indisponibles : le moteur n'a pas reçu le site.")
    return _LOADED["site"]  # type: ignore[return-value]


def _context() -> reader.Context:
    _site()
    return _LOADED["context"]  # type: ignore[return-value]


def _kept(query: dict) -> list[dict]:
    """The reader's kept entries (« maison »): those the engine accepts still."""
    found = query.get("maison", [])
    if not isinstance(found, list) or len(found) > reader.MAX_ENTRIES:
        raise QueryError(
            f"Règles gardées illisibles : une liste d'au plus {reader.MAX_ENTRIES} règles "
            "est attendue."
        )
    kept, _ = reader.read_collection(
        json.dumps({"format": reader.FORMAT, "regles": found}, ensure_ascii=False), _context()
    )
    return kept


def _verify(query: dict) -> dict:
    context = _context().with_house(_kept(query))
    entry = query.get("entree")
    found = reader.check_entry(entry, context)
    warned = lookalike.warning(entry, _looks())
    return {
        "erreurs": {path: texte(message) for path, message in found.items()},
        "avertissements": {"entite.nom": texte(warned)} if warned else {},
    }


def _looks() -> dict[tuple[str, str], str]:
    """The official names by how they look (lookalike.py), made once."""
    if "looks" not in _LOADED:
        official = _context().official
        _LOADED["looks"] = lookalike.by_skeleton((k, known.name) for k, known in official.items())
    return _LOADED["looks"]  # type: ignore[return-value]


def _read(query: dict) -> dict:
    context = _context().with_house(_kept(query))
    return _collection(*reader.read_collection(query.get("texte"), context))


def _read_link(query: dict) -> dict:
    context = _context().with_house(_kept(query))
    return _collection(*reader.decode_link(query.get("lien"), context))


def _collection(kept: list[dict], problems: list[dict]) -> dict:
    said = [{**problem, "message": texte(problem["message"])} for problem in problems]
    return {"regles": kept, "problemes": said}


def _make_link(query: dict) -> dict:
    collection = query.get("collection")
    if not isinstance(collection, dict):
        raise QueryError(
            "Collection illisible : un objet JSON avec « format » et « regles » est attendu."
        )
    try:
        return {"lien": reader.encode_link(collection)}
    except UnicodeEncodeError:  # a rule kept before lone surrogates were refused
        raise QueryError(
            "Lien impossible : une règle gardée contient un caractère illisible ; ouvrez-la "
            "dans le formulaire et enregistrez-la de nouveau pour la corriger."
        ) from None


def _index(query: dict) -> dict:
    site, kept = _site(), _kept(query)
    targets = site.targets(kept)
    index = {}
    for entry in kept:
        key = entity_index.key(entry["systeme"], entry["genre"], entry["entite"]["id"])
        index[key] = site.shown(entry, targets)
    return {"index": index}


def _render(query: dict) -> dict:
    site, kept = _site(), _kept(query)
    entry = query.get("entree")
    context = _context().with_house(kept)
    if reader.check_entry(entry, context):
        raise QueryError("Règle illisible : vérifiez-la avant de l'afficher.")
    targets = site.targets([*kept, entry])
    shown = render(site, entry, targets)
    official = query.get("officielle")
    if isinstance(official, dict):
        _compare(site, entry, official, shown, targets)
    return shown


def _compare(site: Site, entry: dict, official: dict, shown: dict, targets) -> None:
    """Each field that differs from the official entity's: « modifie », « officiel »
    (its official blocks), its words marked in texts."""
    kind = site.kinds[(entry["systeme"], entry["genre"])]
    properties = kind.schema.get("properties", {})
    renderer = HouseTreeRenderer(site, entry["systeme"], targets)
    by_name = {one["champ"]: one for one in shown["champs"]}
    for name, spec in properties.items():
        mine, theirs = entry["entite"].get(name), official.get(name)
        if name in ("id", "nom") or mine == theirs:
            continue
        if name not in by_name:
            if not filled(theirs):
                continue
            by_name[name] = {"champ": name, "titre": str(spec.get("title", name)), "valeur": []}
            shown["champs"].append(by_name[name])
        field = by_name[name]
        old = renderer.field_blocks(theirs, spec) if filled(theirs) else []
        field["modifie"] = True
        if isinstance(mine, str) and isinstance(theirs, str):
            field["valeur"], old = diff.compare(field["valeur"], old)
        field["officiel"] = old
    order = list(properties)
    shown["champs"].sort(key=lambda one: order.index(one["champ"]))


def _dependants(query: dict) -> dict:
    key, kept = query.get("cle"), _kept(query)
    if not isinstance(key, str):
        raise QueryError("Demande illisible : « cle » (système/genre/id) est attendue.")
    found = reader.named_by(key, kept, _context())
    return {
        "dependantes": [
            {
                "cle": entity_index.key(entry["systeme"], entry["genre"], entry["entite"]["id"]),
                "nom": entry["entite"]["nom"],
                "relation": relation,
            }
            for entry, relation in found
        ],
        "officielle": key in _context().official,
    }


ACTIONS = {
    "verifier": _verify,
    "lire": _read,
    "lien_lire": _read_link,
    "lien_faire": _make_link,
    "indexer": _index,
    "rendre": _render,
    "dependantes": _dependants,
}


def _query(query_json: object) -> dict:
    if not isinstance(query_json, str):
        raise QueryError("Demande illisible : un texte JSON est attendu.")
    if len(query_json) > MAX_QUERY_CHARS:
        raise QueryError(
            f"Demande trop grosse : {len(query_json)} caractères, pour {MAX_QUERY_CHARS} au plus."
        )
    if too_deep(query_json, MAX_DEPTH):
        raise QueryError(f"Demande trop imbriquée : plus de {MAX_DEPTH} niveaux.")
    try:
        query = json.loads(query_json)
    except (TypeError, ValueError, RecursionError):
        raise QueryError("Demande illisible : ce n'est pas du JSON.") from None
    if not isinstance(query, dict):
        raise QueryError("Demande illisible : un objet JSON est attendu.")
    return query


def house_json(action: str, query_json: str) -> str:
    """The reply to one action of the page, as JSON text."""
    try:
        if action not in ACTIONS:
            raise QueryError(f"Action inconnue : « {str(action)[:40]} ».")
        reply = {"ok": True, **ACTIONS[action](_query(query_json))}
    except QueryError as error:
        reply = {"ok": False, "message": texte(str(error))}
    except (reader.CollectionError, TypeError, ValueError, KeyError, RecursionError) as error:
        # What the checks above let through: said, never raised into the page.
        reply = {"ok": False, "message": texte(f"Demande refusée : {type(error).__name__}.")}
    return json.dumps(reply, ensure_ascii=False)
