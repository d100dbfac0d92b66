"""The « Règles maison » entry of the browser worker (house/queries.py), on the real
project's context: assets/maison.json and the finder's rows as the build writes them
(pipeline/house_context.py, pipeline/finder.py), official entities made house rules."""

from __future__ import annotations

import copy
import html
import json

import pytest
from helpers import ROOT

from generator.engine import roll_tags
from generator.house import queries, reader
from generator.pipeline import cartes, finder, house_context
from generator.pipeline.build import check
from generator.pipeline.links import CorpusLinks, dice_button


@pytest.fixture(scope="module")
def project():
    corpus, links = check(ROOT)
    links = CorpusLinks(corpus, links.rules)
    rows = finder.rows(corpus, links)
    cards = json.loads(cartes.index_json(corpus, links, rows))["cartes"]
    queries.load(house_context.index_json(corpus), finder.index_json(rows))
    return corpus, {row["i"]: row for row in rows}, cards


def ask(action: str, query: object) -> dict:
    reply = queries.house_json(action, json.dumps(query, ensure_ascii=False))
    return json.loads(reply)


def entry_of(entity, new_id: str | None = None, **more) -> dict:
    """A house rule made of an official entity: its fields, without `source`."""
    data = copy.deepcopy(entity.data)
    data.pop("source", None)
    if new_id is not None:
        data["id"] = new_id
    return {"systeme": entity.system, "genre": entity.kind, "entite": data, **more}


def some(corpus, predicate):
    return next(e for e in corpus.all_entities() if predicate(e))


def plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def strings(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield key
            yield from strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from strings(value)


# --- the build file -------------------------------------------------------------------------


def test_maison_json_lists_ready_systems_and_their_kinds_with_house_schemas(project):
    corpus = project[0]
    data = json.loads(house_context.index_json(corpus))
    assert data["format"] == 1
    ready = [s.id for s in corpus.systems.values() if s.ready]
    assert list(data["systemes"]) == ready
    talon = data["systemes"]["talon"]
    assert talon["nom"] == corpus.systems["talon"].name
    atout = talon["genres"]["atout"]
    assert atout["titre"] == "Atout" and atout["nom"] == "Atouts"
    assert "source" not in atout["schema"]["required"]


# --- verifier -------------------------------------------------------------------------------


def test_verifier_accepts_an_official_entity_under_a_new_id(project):
    corpus = project[0]
    for entity in list(corpus.all_entities())[::25]:
        reply = ask("verifier", {"entree": entry_of(entity, f"{entity.id}-maison"), "maison": []})
        assert reply == {"ok": True, "erreurs": {}, "avertissements": {}}, (
            entity.system,
            entity.kind,
            entity.id,
        )


def test_verifier_refuses_raw_html_and_unknown_tags_at_their_field(project):
    corpus = project[0]
    entity = some(corpus, lambda e: e.system == "talon" and e.kind == "atout")
    entry = entry_of(entity, "piege")
    entry["entite"]["resume"] = "Un <script>alert(1)</script> piège."
    entry["entite"]["description"] = "Voir {@atout inexistant} et {@sortilege x}."
    reply = ask("verifier", {"entree": entry, "maison": []})
    assert reply["ok"] is True
    errors = {path: plain(message) for path, message in reply["erreurs"].items()}
    assert "HTML brut refusé" in errors["entite.resume"]
    assert "« <script>alert(1)</sc" in errors["entite.resume"]
    assert (
        "« Description » : atout « inexistant » introuvable dans Talon de la Destinée"
        in errors["entite.description"]
    )
    assert "balise de genre inconnu « sortilege »" in errors["entite.description"]
    assert "\u00a0:" in reply["erreurs"]["entite.resume"]  # French typography


@pytest.mark.parametrize("expression", ["2d", "1d1", "3d6+", "d6 * 2", "60d6"])
def test_verifier_says_a_malformed_dice_expression_as_check_does_at_its_field(project, expression):
    corpus = project[0]
    entity = some(corpus, lambda e: e.system == "talon" and e.kind == "atout")
    entry = entry_of(entity, "des-faux")
    entry["entite"]["description"] = f"Lancez {{@des {expression}}}."
    with pytest.raises(roll_tags.DiceError) as refused:
        roll_tags.parse(expression)  # the engine's reader of official tags
    errors = ask("verifier", {"entree": entry, "maison": []})["erreurs"]
    assert list(errors) == ["entite.description"]
    assert plain(str(refused.value)) in plain(errors["entite.description"])


def test_verifier_knows_the_kept_house_entities_cited_by_tag(project):
    corpus = project[0]
    entity = some(corpus, lambda e: e.system == "talon" and e.kind == "atout")
    kept = entry_of(entity, "mon-atout")
    citing = entry_of(entity, "autre")
    citing["entite"]["description"] = "Avec {@atout mon-atout|le mien}."
    assert ask("verifier", {"entree": citing, "maison": [kept]})["erreurs"] == {}
    assert (
        "introuvable"
        in ask("verifier", {"entree": citing, "maison": []})["erreurs"]["entite.description"]
    )


# --- lire, liens ----------------------------------------------------------------------------


def test_lire_leaves_out_an_entry_whose_text_fails_and_those_that_cite_it(project):
    corpus = project[0]
    entity = some(corpus, lambda e: e.system == "talon" and e.kind == "atout")
    bad = entry_of(entity, "mauvais")
    bad["entite"]["description"] = "<img src=x onerror=alert(1)>"
    citing = entry_of(entity, "citant")
    citing["entite"]["description"] = "Voir {@atout mauvais}."
    good = entry_of(entity, "bon")
    text = json.dumps({"format": 1, "regles": [bad, citing, good]})
    reply = ask("lire", {"texte": text, "maison": []})
    assert [e["entite"]["id"] for e in reply["regles"]] == ["bon"]
    numbers = {p["numero"] for p in reply["problemes"]}
    assert numbers == {1, 2}
    link = ask("lien_faire", {"collection": json.loads(text)})["lien"]
    assert ask("lien_lire", {"lien": link, "maison": []}) == reply


def test_bad_queries_are_french_sentences_never_tracebacks(project):
    for action, query in [
        ("verifier", "pas un objet"),
        ("inconnue", {}),
        ("indexer", {"maison": "pas une liste"}),
        ("lien_faire", {"collection": []}),
        ("rendre", {"entree": {"systeme": "talon"}, "maison": []}),
    ]:
        reply = ask(action, query)
        assert reply["ok"] is False and reply["message"], (action, reply)
    huge = queries.house_json("lire", "[" * 100 + "]" * 100)
    assert json.loads(huge)["ok"] is False
    big = queries.house_json("lire", json.dumps({"texte": "x" * (reader.MAX_TEXT_CHARS * 2)}))
    assert "trop grosse" in json.loads(big)["message"]
    proto = ask("lire", {"texte": '{"format":1,"regles":[{"__proto__":1}]}', "maison": []})
    assert proto["regles"] == [] and "réservés" in proto["problemes"][0]["message"]


# --- indexer --------------------------------------------------------------------------------


def test_indexer_gives_rows_and_cards_with_the_official_keys_and_words(project):
    corpus, rows, cards = project
    for entity in corpus.all_entities():
        key = f"{entity.system}/{entity.kind}/{entity.id}"
        if entity.system == "divin6" or key not in rows:
            continue  # Divin writes its own condition sentences (its publication package)
        entry = entry_of(entity, base=entity.id)
        reply = ask("indexer", {"maison": [entry]})
        shown = reply["index"][key]
        row, card = shown["ligne"], shown["carte"]
        # The tree a row belongs to (`t`) is found over the whole kind by the build's
        # finder pass; the finder gives an amendment its official row's (lib/trouveur.js).
        official = {name: value for name, value in rows[key].items() if name != "t"}
        assert row == {
            **official,
            "u": "maison/voir/?e=" + key.replace("/", "%2F"),
            "m": 1,
            "b": 1,
        }, key
        assert card == {**cards[key], "u": row["u"], "m": 1}, key


def test_indexer_of_a_new_divin_entity_has_the_official_keys(project):
    corpus, rows, cards = project
    entity = some(corpus, lambda e: e.system == "divin6" and e.kind == "atout")
    reply = ask("indexer", {"maison": [entry_of(entity, "neuf")]})
    shown = reply["index"]["divin6/atout/neuf"]
    official = rows[f"divin6/atout/{entity.id}"]
    assert set(shown["ligne"]) == set(official) | {"m"}
    assert set(shown["carte"]) == set(cards[official["i"]]) | {"m"}


# --- rendre ---------------------------------------------------------------------------------


def test_rendre_gives_a_safe_tree_with_links_dice_and_labels(project):
    corpus = project[0]
    entity = some(corpus, lambda e: e.system == "talon" and e.kind == "atout")
    entry = entry_of(entity, "rendu")
    entry["entite"]["description"] = (
        "Premier **gras {@atout "
        + entity.id
        + "|lien}** et *doux*.\n\n- un {@des 2d6+1}\n- deux\n\n1. a\n2. b <b>"
    )
    reply = ask("rendre", {"entree": entry, "maison": []})
    assert reply["ok"] is False  # « <b » is raw HTML: refused before it is shown
    entry["entite"]["description"] = entry["entite"]["description"].replace(" <b>", "")
    reply = ask("rendre", {"entree": entry, "maison": []})
    assert reply["ok"] is True and reply["titre"] == entity.name
    description = next(f for f in reply["champs"] if f["champ"] == "description")["valeur"]
    law = description[1]["ul"][0][1].get("loi")
    assert reply["genre"] == "Atout" and reply["systeme"] == "Talon de la Destinée"
    fields = {f["champ"]: f["valeur"] for f in reply["champs"]}
    assert "id" not in fields and "nom" not in fields
    assert fields["description"] == [
        {
            "p": [
                {"t": "Premier "},
                {"strong": [{"t": "gras "}, {"a": f"talon/atout/{entity.id}/", "t": "lien"}]},
                {"t": " et "},
                {"em": [{"t": "doux"}]},
                {"t": "."},
            ]
        },
        {"ul": [[{"t": "un "}, {"des": "2d6+1", "t": "2d6+1", "loi": law}], [{"t": "deux"}]]},
        {"ol": [[{"t": "a"}], [{"t": "b"}]]},
    ]
    # The law an official page's button carries (assets/lancer.js rolls either alike).
    assert json.loads(law) == roll_tags.page_data("2d6+1")
    assert f'data-loi="{html.escape(law)}"' in dice_button("2d6+1", "2d6+1")


def test_rendre_shows_what_an_amendment_changed_word_by_word(project):
    corpus = project[0]
    entity = some(
        corpus,
        lambda e: e.system == "talon" and e.kind == "atout" and len(e.data["resume"].split()) > 4,
    )
    entry = entry_of(entity, base=entity.id)
    entry["entite"]["source"] = entity.data.get("source")
    words = entity.data["resume"].split()
    entry["entite"]["resume"] = " ".join(["Désormais", *words[1:]])
    official = {**entity.data, "url": entity.url}
    reply = ask("rendre", {"entree": entry, "maison": [], "officielle": official})
    resume = next(f for f in reply["champs"] if f["champ"] == "resume")
    assert resume["modifie"] is True
    assert resume["valeur"][0]["p"][0] == {"ins": [{"t": "Désormais"}]}
    assert resume["officiel"][0]["p"][0] == {"del": [{"t": words[0]}]}
    unchanged = [f for f in reply["champs"] if f["champ"] != "resume"]
    assert not any(f.get("modifie") for f in unchanged)


def test_hostile_labels_stay_data(project):
    corpus = project[0]
    entity = some(corpus, lambda e: e.system == "talon" and e.kind == "atout")
    entry = entry_of(entity, "hostile")
    entry["entite"]["description"] = (
        "{@atout " + entity.id + '|javascript:alert(1)} [x](javascript:alert(1)) & "q"'
    )
    assert ask("verifier", {"entree": entry, "maison": []})["erreurs"] == {}
    reply = ask("rendre", {"entree": entry, "maison": []})
    tree = next(f for f in reply["champs"] if f["champ"] == "description")["valeur"]
    link = tree[0]["p"][0]
    assert link == {"a": f"talon/atout/{entity.id}/", "t": "javascript:alert(1)"}
    assert all("<" not in text for text in strings(reply))


# --- dependantes ----------------------------------------------------------------------------


def test_dependantes_names_the_kept_rules_that_require_exclude_or_cite_an_entity(project):
    corpus = project[0]
    entity = some(corpus, lambda e: e.system == "divin6" and e.kind == "atout")
    required = entry_of(entity, "requise")
    requiring = entry_of(entity, "requerante")
    requiring["entite"]["nom"] = "Requérante"
    requiring["entite"]["prerequis"] = {"atouts": ["requise"]}
    requiring["entite"]["description"] = "Après {@atout requise}."  # requires it first
    citing = entry_of(entity, "citante")
    citing["entite"]["nom"] = "Citante"
    citing["entite"]["description"] = "Voir {@atout requise|l'autre}."
    kept = [required, requiring, citing, entry_of(entity, "etrangere")]
    assert all(not ask("verifier", {"entree": one, "maison": kept})["erreurs"] for one in kept)
    reply = ask("dependantes", {"cle": "divin6/atout/requise", "maison": kept})
    assert reply == {
        "ok": True,
        "dependantes": [
            {"cle": "divin6/atout/requerante", "nom": "Requérante", "relation": "requis"},
            {"cle": "divin6/atout/citante", "nom": "Citante", "relation": "cite"},
        ],
        "officielle": False,
    }
    alone = ask("dependantes", {"cle": "divin6/atout/citante", "maison": kept})
    assert alone["dependantes"] == []
    # An amendment: its official entity takes its place once it is deleted.
    amended = entry_of(entity, base=entity.id)
    requiring["entite"]["prerequis"] = {"atouts": [entity.id]}
    requiring["entite"]["description"] = "Rien d'autre."
    reply = ask("dependantes", {"cle": f"divin6/atout/{entity.id}", "maison": [amended, requiring]})
    assert [one["cle"] for one in reply["dependantes"]] == ["divin6/atout/requerante"]
    assert reply["officielle"] is True
    assert ask("dependantes", {"maison": kept})["ok"] is False


def test_rendre_shows_the_game_masters_text_without_the_official_source_and_notes(project):
    """A rule kept with the official `source` and editorial notes (written before they
    were left out of an amendment) is shown without them: they say of the source's
    text, not of the game master's."""
    corpus, _, _ = project
    entity = some(corpus, lambda e: bool(e.data.get("notes_editoriales")))
    entry = entry_of(entity, base=entity.id)
    entry["entite"]["source"] = entity.data["source"]
    reply = ask("rendre", {"entree": entry, "maison": []})
    assert reply["ok"] is True
    shown = {field["champ"] for field in reply["champs"]}
    assert shown
    assert not shown & {"source", "notes_editoriales"}


def test_verifier_warns_of_a_name_that_looks_like_an_official_one(project):
    """An official name with a zero-width space and a Cyrillic « о » is accepted, and
    warned of at the name; the official name itself, or another one, is not."""
    corpus, _, _ = project
    entity = some(corpus, lambda e: "o" in e.data["nom"])
    lookalike = entity.data["nom"].replace("o", "\u043e", 1) + "\u200b"
    entry = entry_of(entity, "maison-1")
    entry["entite"]["nom"] = lookalike
    reply = ask("verifier", {"entree": entry, "maison": []})
    assert reply["erreurs"] == {}
    assert entity.data["nom"] in reply["avertissements"]["entite.nom"]
    assert plain(reply["avertissements"]["entite.nom"]).startswith("« Nom » : ")
    for name in (entity.data["nom"], "Un nom à soi"):
        entry["entite"]["nom"] = name
        assert ask("verifier", {"entree": entry, "maison": []})["avertissements"] == {}


def test_lien_faire_says_why_a_rule_kept_with_a_lone_surrogate_cannot_go_in_a_link(project):
    rule = {"systeme": "talon", "genre": "atout", "entite": {"id": "x", "nom": "A\ud800"}}
    reply = ask("lien_faire", {"collection": {"format": 1, "regles": [rule]}})
    assert reply["ok"] is False and "caractère illisible" in reply["message"]
