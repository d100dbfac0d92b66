"""House rules (house/reader.py): a game master's own entities are judged as `check` judges
data/, with its messages at the same fields, and a collection, in a file or in a link, is
bounded before it is read. The context is the real project's: its composed schemas and its
finder rows."""

from __future__ import annotations

import copy
import json
import zlib

import jsonschema
import pytest
from helpers import ROOT
from referencing import Registry, Resource

from generator import systems
from generator.core import schema_refs
from generator.core.imbrication import too_deep
from generator.house import reader, titles
from generator.pipeline import finder, graph, schemas
from generator.pipeline.build import check
from generator.pipeline.corpus import without_source
from generator.pipeline.errors import Problems
from generator.pipeline.links import CorpusLinks

SYSTEMS = schemas.systems_with_schemas()


@pytest.fixture(scope="module")
def project():
    corpus, links = check(ROOT)
    return corpus, links, finder.rows(corpus, CorpusLinks(corpus, links.rules))


@pytest.fixture(scope="module")
def corpus(project):
    return project[0]


def composed() -> dict[str, dict[str, dict]]:
    return {s: {k: kind.schema for k, kind in schemas.kinds(s).items()} for s in SYSTEMS}


@pytest.fixture(scope="module")
def context(project):
    return reader.Context.from_json(composed(), project[2])


def entry_of(entity, new_id: str | None = None, source: bool = False, **more) -> dict:
    """A house rule made of an official entity: its fields, without `source` unless asked."""
    data = copy.deepcopy(entity.data)
    if not source:
        data.pop("source", None)
    if new_id is not None:
        data["id"] = new_id
    return {"systeme": entity.system, "genre": entity.kind, "entite": data, **more}


def collection(*entries) -> str:
    return json.dumps({"format": 1, "regles": list(entries)}, ensure_ascii=False)


def field(path: tuple) -> str:
    return ".".join(map(str, ("entite", *path)))


def put(data: dict, path: tuple, value: object) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def references_of(entity) -> list[tuple[tuple, str, str, str]]:
    """(path, target kind, relation, value) of each reference the entity holds."""
    kind = schemas.kinds(entity.system)[entity.kind]
    return [
        (path, target_kind, relation, value)
        for pattern, target_kind, relation, _ in kind.references()
        for path, value in schema_refs.follow(entity.data, pattern)
    ]


def requiring_pair(corpus):
    """(x, y, path): an official entity x that requires y, of its own kind, once, at path."""
    for x in corpus.all_entities():
        found = [
            (path, value)
            for path, target_kind, relation, value in references_of(x)
            if relation == "requis" and target_kind == x.kind
        ]
        values = [value for _, value in found]
        system = corpus.systems[x.system]
        for path, value in found:
            y = system.entity(x.kind, value)
            if y is not None and values.count(value) == 1 and value != x.id:
                everywhere = [v for _, _, _, v in references_of(x)]
                if everywhere.count(value) == 1:
                    return x, y, path
    raise AssertionError("aucune entité n'en requiert une autre de son genre")


def plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


# --- every official entity, as a house rule ----------------------------------------------


def test_every_official_entity_under_a_new_id_is_a_valid_house_rule(corpus, context):
    judged = {}
    for entity in corpus.all_entities():
        found = reader.check_entry(entry_of(entity, f"{entity.id}-maison"), context)
        judged[(entity.system, entity.kind, entity.id)] = found
    assert {key: found for key, found in judged.items() if found} == {}
    # Every kind of every system with data, read from the project, none left out.
    assert {(s, k) for s, k, _ in judged} == {
        (s.id, k) for s in corpus.systems.values() for k, found in s.entities.items() if found
    }
    assert {s for s, _, _ in judged} == set(systems.ids())
    assert len(judged) > 1000


def test_an_official_id_is_taken_unless_the_rule_amends_that_entity(corpus, context):
    clashes, amendments = {}, {}
    for entity in corpus.all_entities():
        clashes[entity.id] = reader.check_entry(entry_of(entity), context)
        amended = entry_of(entity, base=entity.id, modifie="2026-05-01T12:00:00.000Z")
        amendments[entity.id] = reader.check_entry(amended, context)
    assert {i: found for i, found in amendments.items() if found} == {}
    first = corpus.all_entities()[0]
    assert clashes[first.id] == {
        "entite.id": f"« Identifiant » : id « {first.id} » déjà pris par l'entité officielle "
        f"« {first.data['nom']} » ({schemas.kinds(first.system)[first.kind].label.lower()}) : "
        "choisissez-en un autre, ou nommez-la dans « base » pour la modifier"
    }
    assert all(list(found) == ["entite.id"] for found in clashes.values())


def test_a_base_names_an_official_entity_and_keeps_its_id(corpus, context):
    entity = corpus.all_entities()[0]
    label = schemas.kinds(entity.system)[entity.kind].label.lower()
    unknown = entry_of(entity, "maison-1", base="pas-dans-les-donnees")
    assert reader.check_entry(unknown, context) == {
        "base": f"« base » : {label} « pas-dans-les-donnees » introuvable dans {entity.system}"
    }
    renamed = entry_of(entity, "maison-1", base=entity.id)
    assert reader.check_entry(renamed, context) == {
        "entite.id": f"« Identifiant » : une règle qui modifie {label} « {entity.id} » garde son id : "
        f"« {entity.id} », pas « maison-1 »"
    }


# --- each fault, said as check says it ------------------------------------------------------


def sample(corpus, system: str, wanted) -> object:
    """The first entity of `system` (in file order) that `wanted` accepts."""
    found = next((e for e in corpus.systems[system].all_entities() if wanted(e)), None)
    if found is None:
        pytest.skip(f"aucune entité de {system} ne convient")
    return found


def enum_field(entity) -> str | None:
    properties = schemas.kinds(entity.system)[entity.kind].schema["properties"]
    return next((name for name, spec in properties.items() if "enum" in spec), None)


FAULTS = {
    "champ obligatoire manquant": (lambda e: True, lambda data, e: data.pop("resume")),
    "champ inconnu": (lambda e: True, lambda data, e: data.update(couleur="verte")),
    "type incorrect": (lambda e: True, lambda data, e: data.update(nom=3)),
    "valeur hors de l'énumération": (
        lambda e: enum_field(e) is not None,
        lambda data, e: data.update({enum_field(e): "zzz"}),
    ),
}


def has_enum(system: str) -> bool:
    return any(
        "enum" in spec
        for kind in schemas.kinds(system).values()
        for spec in kind.schema["properties"].values()
    )


@pytest.mark.parametrize(
    ("fault", "system"),
    [
        (fault, system)
        for fault in FAULTS
        for system in SYSTEMS
        if fault != "valeur hors de l'énumération" or has_enum(system)
    ],
)
def test_a_fault_is_said_as_check_says_it_at_the_same_field(project, context, system, fault):
    corpus, _, rows = project
    wanted, spoil = FAULTS[fault]
    entity = sample(corpus, system, wanted)
    data = copy.deepcopy(entity.data)  # with its source: what check would read
    spoil(data, entity)
    schema = schemas.kinds(system)[entity.kind].schema
    if corpus.systems[system].original:
        schema = without_source(schema)
    said = schemas.problems(schema, data)  # check's own finding
    assert said
    house_schema = context.kinds[(system, entity.kind)].schema
    # the same finding, its fields named by their titles
    expected = dict(
        (field(path), message)
        for path, message in (titles.titled(house_schema, p, m) for p, m in said)
    )
    assert all("_" not in m.split(" : ")[0] for m in expected.values())
    entry = {"systeme": system, "genre": entity.kind, "entite": data, "base": entity.id}
    assert reader.check_entry(entry, context) == expected
    # The same, judged by the schemas the site publishes (with « url »: not an author's).
    original = [s.id for s in corpus.systems.values() if s.original]
    published = {
        s: {k: schemas.published(original)[f"{s}/{k}.schema.json"] for k in own}
        for s, own in composed().items()
    }
    from_site = reader.Context.from_json(published, rows)
    assert reader.check_entry(entry, from_site) == expected


@pytest.mark.parametrize("system", SYSTEMS)
def test_an_unknown_reference_is_said_as_check_says_it(project, context, system):
    corpus, links, _ = project
    entity = sample(corpus, system, lambda e: bool(references_of(e)))
    path = references_of(entity)[0][0]
    # check's finding, on a copy of the system with the same fault
    copied = copy.deepcopy(corpus.systems[system])
    spoilt = copied.entity(entity.kind, entity.id)
    put(spoilt.data, path, "inconnue-ici")
    checked = CorpusLinks(corpus, links.rules)
    checked._check_system(copied)
    said = [(where, message) for source, where, _, message in checked.problems if source is spoilt]
    assert said and all(where == path for where, _ in said)
    entry = entry_of(entity, "maison-1")
    put(entry["entite"], path, "inconnue-ici")
    house_schema = context.kinds[(system, entity.kind)].schema
    expected = titles.retitled(house_schema, path, said[0][1])
    assert reader.check_entry(entry, context) == {field(path): expected}


def test_requiring_itself_is_said_as_check_says_it(corpus, context):
    x, _, path = requiring_pair(corpus)
    copied = copy.deepcopy(corpus.systems[x.system])
    put(copied.entity(x.kind, x.id).data, path, x.id)
    problems = Problems(ROOT)
    graph._requirements(copied, problems)
    said = [p.message for p in problems.items]
    assert len(said) == 1
    entry = entry_of(x, "maison-1")
    put(entry["entite"], path, "maison-1")
    expected = titles.retitled(context.kinds[(x.system, x.kind)].schema, path, said[0])
    assert reader.check_entry(entry, context) == {field(path): expected.replace(x.id, "maison-1")}


# --- house rules together ---------------------------------------------------------------------


def test_a_house_rule_may_name_another(corpus, context):
    x, y, path = requiring_pair(corpus)
    b = entry_of(y, "maison-b")
    a = entry_of(x, "maison-a")
    put(a["entite"], path, "maison-b")
    kept, problems = reader.read_collection(collection(a, b), context)
    assert (kept, problems) == ([a, b], [])
    label = schemas.kinds(x.system)[x.kind].label.lower()
    shown = titles.at(context.kinds[(x.system, x.kind)].schema, path)
    assert "." not in shown and "_" not in shown  # its fields' titles, not their keys
    assert reader.check_entry(a, context) == {
        field(path): f"{shown}{label} « maison-b » introuvable dans {x.system}"
    }
    assert reader.check_entry(a, context.with_house([b])) == {}


def test_a_rule_that_names_a_refused_one_is_refused_and_says_why(corpus, context):
    x, y, path = requiring_pair(corpus)
    b = entry_of(y, "maison-b")
    del b["entite"]["resume"]
    a = entry_of(x, "maison-a")
    put(a["entite"], path, "maison-b")
    other = entry_of(y, "maison-c")
    kept, problems = reader.read_collection(collection(a, b, other), context)
    assert kept == [other]
    by_number = {p["numero"]: p for p in problems}
    assert by_number[2]["champ"] == "entite.resume"
    assert "« Résumé » : champ obligatoire manquant" in by_number[2]["message"]
    assert by_number[1]["champ"] == field(path)
    assert by_number[1]["message"].endswith(
        f"« maison-b » introuvable dans {x.system} : la règle n° 2, qui porte cet id, est refusée"
    )
    assert by_number[1]["message"].startswith(f"Règle n° 1 « {x.data['nom']} » : ")


def test_a_loop_through_an_official_entity_is_refused_with_its_names(corpus, context):
    x, y, path = requiring_pair(corpus)  # x requires y: y amended to require x
    amended = entry_of(x, y.id, base=y.id)
    amended["entite"]["nom"] = y.data["nom"]
    put(amended["entite"], path, x.id)
    shown = titles.at(context.kinds[(x.system, x.kind)].schema, path)
    kind = x.kind
    loop = f"{kind} « {y.data['nom']} » → {kind} « {x.data['nom']} » → {kind} « {y.data['nom']} »"
    assert reader.check_entry(amended, context) == {
        field(path): f"{shown}prérequis en boucle, impossibles à remplir : {loop}"
    }
    kept, problems = reader.read_collection(collection(amended), context)
    assert kept == [] and [p["champ"] for p in problems] == [field(path)]


def test_a_loop_among_house_rules_refuses_each_of_them(corpus, context):
    x, y, path = requiring_pair(corpus)
    a, b = entry_of(x, "maison-a"), entry_of(x, "maison-b")
    b["entite"]["nom"] = "Boucle B"
    put(a["entite"], path, "maison-b")
    put(b["entite"], path, "maison-a")
    c = entry_of(x, "maison-c")  # requires a: left out with it
    put(c["entite"], path, "maison-a")
    free = entry_of(y, "maison-d")
    kept, problems = reader.read_collection(collection(a, b, c, free), context)
    assert kept == [free]
    messages = {p["numero"]: p["message"] for p in problems}
    name = x.data["nom"]
    assert messages[1].endswith(
        f"{x.kind} « {name} » → {x.kind} « Boucle B » → {x.kind} « {name} »"
    )
    assert messages[2].endswith(
        f"{x.kind} « Boucle B » → {x.kind} « {name} » → {x.kind} « Boucle B »"
    )
    assert "la règle n° 1, qui porte cet id, est refusée" in messages[3]
    # One entry being edited, with the others already kept: the same loop.
    edited = reader.check_entry(a, context.with_house([b]))
    assert list(edited) == [field(path)] and "prérequis en boucle" in edited[field(path)]


def test_a_long_loop_is_said_with_its_ends(corpus, context):
    x, _, path = requiring_pair(corpus)
    ring = []
    for n in range(20):
        entry = entry_of(x, f"maison-{n}")
        entry["entite"]["nom"] = f"R{n}"
        put(entry["entite"], path, f"maison-{(n + 1) % 20}")
        ring.append(entry)
    kept, problems = reader.read_collection(collection(*ring), context)
    assert kept == [] and len(problems) == 20
    named = [f"{x.kind} « R{n} »" for n in (0, 1, 2, 3, 18, 19, 0)]
    steps = " → ".join([*named[:4], "… (14 autres)", *named[4:]])
    assert problems[0]["message"].endswith(f"impossibles à remplir : {steps}")


def test_a_rule_in_error_everywhere_is_said_in_a_bounded_number_of_sentences(valid, context):
    spoilt = copy.deepcopy(valid[0])
    spoilt["entite"].update({f"x{n}": n for n in range(200)})
    found = reader.check_entry(spoilt, context)
    assert len(found) == reader.MAX_PROBLEMS + 1
    assert found[""] == f"et {200 - reader.MAX_PROBLEMS} autres champs en faute, non détaillés"
    assert found["entite.x0"].startswith("champ inconnu « x0 »")


def test_an_id_twice_in_a_collection_keeps_the_first(corpus, context):
    entity = corpus.all_entities()[0]
    one, two = entry_of(entity, "maison-1"), entry_of(entity, "maison-1")
    kept, problems = reader.read_collection(collection(one, two), context)
    assert kept == [one]
    assert [(p["numero"], p["champ"]) for p in problems] == [(2, "entite.id")]
    assert problems[0]["message"].endswith(
        "« Identifiant » : id « maison-1 » en double (déjà utilisé par la règle n° 1)"
    )


def test_an_id_ending_in_a_newline_is_no_new_id(corpus, context):
    """Patterns match whole texts as JSON Schema (ECMA) reads `$`, never before a final
    newline: « accointances\n » would be a second « Accointances », with its own key."""
    official = next(e for e in corpus.all_entities() if e.id == "accointances")
    entry = entry_of(official, "accointances\n")
    kept, problems = reader.read_collection(collection(entry), context)
    assert kept == []
    assert [(p["numero"], p["champ"]) for p in problems] == [(1, "entite.id")]
    assert problems[0]["message"].endswith(
        "« Identifiant » : « accointances\n » n'a pas la forme attendue "
        "(minuscules sans accents, chiffres et tirets)"
    )


@pytest.mark.parametrize(
    ("change", "where", "said"),
    [
        (
            {"systeme": "inconnu"},
            "systeme",
            "« systeme » : système « inconnu » inconnu (systèmes : ",
        ),
        ({"genre": "licorne"}, "genre", "« genre » : genre « licorne » inconnu dans "),
        ({"modifie": "hier"}, "modifie", "« modifie » : « hier » n'est pas une date et heure ISO"),
        ({"auteur": "moi"}, "auteur", "champ inconnu « auteur » (champs permis : base, entite,"),
        ({"entite": []}, "entite", "« entite » : type incorrect : attendu un objet"),
    ],
)
def test_an_entrys_own_fields_are_checked(corpus, context, change, where, said):
    entry = {**entry_of(corpus.all_entities()[0], "maison-1"), **change}
    found = reader.check_entry(entry, context)
    assert list(found) == [where] and found[where].startswith(said), found


# --- hostile collections ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def valid(corpus):
    """Two valid rules, to see that a faulty neighbour leaves them whole."""
    first, last = corpus.all_entities()[0], corpus.all_entities()[-1]
    return entry_of(first, "maison-1"), entry_of(last, "maison-2")


def refused_whole(found: tuple[list, list]) -> str:
    kept, problems = found
    assert kept == [] and len(problems) == 1 and problems[0]["numero"] == 0, problems
    message = problems[0]["message"]
    assert message.endswith("Rien n'a été importé."), message
    return message


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("x" * 10_000_000, "Collection trop grosse : 10000000 caractères, pour 1000000 au plus."),
        ('{"format": 1, "regles": [', "Collection illisible : ce n'est pas du JSON (ligne 1"),
        ("pas du JSON", "Collection illisible : ce n'est pas du JSON"),
        ('[{"format": 1, "regles": []}]', "Collection illisible : un objet JSON avec « format »"),
        ('{"regles": []}', "Collection sans numéro de format"),
        ('{"format": 2, "regles": []}', "Cette collection est au format 2, plus récent"),
        ('{"format": 0, "regles": []}', "Format de collection inconnu : 0."),
        ('{"format": "1", "regles": []}', 'Format de collection inconnu : "1".'),
        ('{"format": true, "regles": []}', "Format de collection inconnu : true."),
        ('{"format": 1, "regles": {}}', "« regles » doit être une liste"),
        ('{"format": 1, "regles": [], "__proto__": {}}', "champ inconnu « __proto__ »"),
        ('{"format": 1, "regles": [{"n": NaN}]}', "ce n'est pas du JSON"),
        ('{"format": 1, "regles": [{"n": 1e999}]}', "ce n'est pas du JSON"),
        ("[" * 100_000 + "]" * 100_000, "Collection trop imbriquée : plus de 16 niveaux"),
    ],
)
def test_what_is_not_a_collection_is_refused_whole(context, text, said):
    assert said in refused_whole(reader.read_collection(text, context))


def nested(entry: dict, depth: int) -> str:
    """A collection whose one rule has a field nesting it `depth` levels deep in all."""
    inner = depth - 4  # the collection, its list, the rule and its entity
    text = collection({**entry, "entite": {**entry["entite"], "x": "@"}})
    return text.replace('"@"', "[" * inner + "]" * inner)


def test_nesting_is_bounded_before_parsing(valid, context):
    assert too_deep(nested(valid[0], 17), 16) and not too_deep(nested(valid[0], 16), 16)
    message = refused_whole(reader.read_collection(nested(valid[0], 17), context))
    assert message.startswith("Collection trop imbriquée : plus de 16 niveaux")
    kept, problems = reader.read_collection(nested(valid[0], 16), context)  # read, then judged
    assert kept == [] and [p["champ"] for p in problems] == ["entite.x"]


def test_the_official_corpus_is_far_within_the_bounds(corpus):
    entries = [entry_of(e, source=True) for e in corpus.all_entities()]
    text = collection(*entries)
    assert not too_deep(text, 9) and reader.MAX_DEPTH > 9
    longest = max(len(s) for e in entries for s in json.dumps(e, ensure_ascii=False).split('"'))
    assert longest < reader.MAX_STRING / 5


def test_too_many_rules_are_refused_before_any_is_read(corpus, context):
    entries = [entry_of(e, f"{e.id}-maison") for e in corpus.all_entities()[:501]]
    message = refused_whole(reader.read_collection(collection(*entries), context))
    assert message == "Collection trop longue : 501 règles, pour 500 au plus. Rien n'a été importé."
    kept, problems = reader.read_collection(collection(*entries[:500]), context)
    assert len(kept) == 500 and problems == []


@pytest.mark.parametrize("key", sorted(reader.RESERVED_KEYS))
@pytest.mark.parametrize(
    "where",
    [(), ("entite",), ("entite", "x", 0, "y")],
    ids=["regle", "entite", "profond"],
)
def test_a_reserved_key_leaves_its_rule_out_wherever_it_is(valid, context, key, where):
    hostile = copy.deepcopy(valid[0])
    if where[2:]:
        hostile["entite"]["x"] = [{"y": {}}]
    put(hostile, (*where, key), {"polluer": True})
    kept, problems = reader.read_collection(collection(valid[1], hostile), context)
    assert kept == [valid[1]]
    assert [(p["numero"], p["champ"]) for p in problems] == [
        (2, field((*where, key)[1:]) if where else key)
    ]
    assert "réservés par JavaScript" in problems[0]["message"]


def test_a_text_beyond_its_bound_leaves_its_rule_out(valid, context):
    long = copy.deepcopy(valid[0])
    long["entite"]["resume"] = "é" * (reader.MAX_STRING + 1)
    kept, problems = reader.read_collection(collection(long, valid[1]), context)
    assert kept == [valid[1]]
    assert problems == [
        {
            "numero": 1,
            "nom": valid[0]["entite"]["nom"],
            "champ": "entite.resume",
            "message": f"Règle n° 1 « {valid[0]['entite']['nom']} » : « Résumé » : texte trop "
            "long : 20001 caractères, pour 20000 au plus",
        }
    ]
    long["entite"]["resume"] = "é" * reader.MAX_STRING
    assert reader.read_collection(collection(long), context) == ([long], [])
    named = copy.deepcopy(valid[0])
    named["entite"]["k" * (reader.MAX_STRING + 1)] = 1
    found = reader.check_entry(named, context)
    assert list(found) == ["entite"] and "nom de champ trop long : 20001" in found["entite"]


def test_an_entry_that_is_no_object_is_left_out(valid, context):
    kept, problems = reader.read_collection(collection(valid[0], "texte", 3), context)
    assert kept == [valid[0]]
    assert [(p["numero"], p["champ"]) for p in problems] == [(2, ""), (3, "")]
    assert problems[0]["message"] == (
        "Règle n° 2 : une règle est un objet JSON ({ … }) avec « systeme », « genre » et « entite »"
    )


# --- links ----------------------------------------------------------------------------------


def test_a_link_carries_a_collection_back_whole(valid, context):
    shared = {"format": 1, "regles": list(valid)}
    link = reader.encode_link(shared)
    assert set(link) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert reader.decode_link(link, context) == (list(valid), [])
    assert reader.decode_link(f"  {link}\n", context) == (list(valid), [])


@pytest.fixture
def inflations(monkeypatch):
    """The lengths each inflation made; inflating whole, without a bound, is forbidden."""
    made: list[int] = []
    real = zlib.decompressobj

    class Watched:
        def __init__(self):
            self.inner = real()

        def decompress(self, data, max_length=0):
            assert max_length > 0, "décompression sans borne"
            out = self.inner.decompress(data, max_length)
            made.append(len(out))
            return out

        def __getattr__(self, name):
            return getattr(self.inner, name)

    def forbidden(*args, **kwargs):
        raise AssertionError("zlib.decompress inflerait tout")

    monkeypatch.setattr(zlib, "decompressobj", Watched)
    monkeypatch.setattr(zlib, "decompress", forbidden)
    return made


def test_a_link_that_would_inflate_beyond_the_bound_is_refused_unread(context, inflations):
    bomb = '{"format": 1, "regles": [], "x": "' + "a" * 50_000_000 + '"}'
    link = reader.encode_link(json.loads(bomb))
    assert len(link) < 100_000  # some tens of Ko, for 50 Mo
    message = refused_whole(reader.decode_link(link, context))
    assert message.startswith("Lien refusé : sa collection dépasse 1000000 octets")
    assert inflations and sum(inflations) <= reader.MAX_INFLATED_BYTES + 1


def test_a_link_inflated_to_its_bound_is_read(valid, context, inflations):
    text = collection(*valid)
    filler = " " * (reader.MAX_INFLATED_BYTES - len(text.encode()))
    link = reader.encode_link(json.loads(text))
    packed = reader.base64.urlsafe_b64encode(zlib.compress((text + filler).encode(), 9))
    at_bound = packed.rstrip(b"=").decode()
    assert reader.decode_link(at_bound, context) == (list(valid), [])
    assert reader.decode_link(link, context) == (list(valid), [])


@pytest.mark.parametrize(
    ("link", "said"),
    [
        ("abc$%def", "Lien illisible : des caractères y manquent"),
        ("abcde", "Lien illisible : des caractères y manquent"),
        ("aGVsbG8gdG91dCBsZSBtb25kZQ", "Lien illisible : il ne porte pas une collection"),
        ("A" * 100_001, "Lien trop long : 100001 caractères, pour 100000 au plus"),
        (None, "Lien illisible : un texte est attendu"),
    ],
)
def test_a_bad_link_is_refused_in_french(context, link, said):
    assert refused_whole(reader.decode_link(link, context)).startswith(said)


def test_a_cut_link_is_refused(valid, context):
    link = reader.encode_link({"format": 1, "regles": list(valid)})
    message = refused_whole(reader.decode_link(link[: len(link) // 2 // 4 * 4], context))
    assert message.startswith("Lien incomplet")
    packed = reader.base64.urlsafe_b64decode(link + "=" * (-len(link) % 4)) + b"suite"
    trailing = reader.base64.urlsafe_b64encode(packed).rstrip(b"=").decode()
    assert refused_whole(reader.decode_link(trailing, context)).startswith(
        "Lien illisible : des données suivent"
    )


# --- the context and the schema ------------------------------------------------------------


def test_the_context_cannot_be_changed(context, valid):
    with pytest.raises(TypeError):
        context.kinds[("x", "y")] = None  # type: ignore[index]
    with pytest.raises(AttributeError):
        context.house = {}  # type: ignore[misc]
    more = context.with_house([valid[0]])
    assert "/".join((valid[0]["systeme"], valid[0]["genre"], "maison-1")) in more.house
    assert context.house == {}


def test_the_published_schema_accepts_a_collection_and_refuses_a_wrong_one(corpus, valid):
    base = "https://srd.invalid/api/schemas/"
    addresses = {
        s: {k: f"maison/{s}/{k}.schema.json" for k in own} for s, own in composed().items()
    }
    registry = Registry().with_resources(
        (
            base + addresses[s][k],
            Resource.from_contents({**reader.entity_schema(schema), "$id": base + addresses[s][k]}),
        )
        for s, own in composed().items()
        for k, schema in own.items()
    )
    schema = reader.file_schema(addresses)
    validator = jsonschema.Draft202012Validator(
        {**schema, "$id": base + "regles.json"}, registry=registry
    )
    one_per_kind = {(e.system, e.kind): e for e in reversed(corpus.all_entities())}
    shared = {
        "format": 1,
        "regles": [
            entry_of(e, f"{e.id}-maison", modifie="2026-05-01T12:00:00Z")
            for e in one_per_kind.values()
        ],
    }
    validator.validate(shared)
    assert not validator.is_valid({**shared, "format": 2})
    wrong_kind = {**shared["regles"][0], "genre": "licorne"}
    assert not validator.is_valid({"format": 1, "regles": [wrong_kind]})
    without_name = copy.deepcopy(shared["regles"][0])
    del without_name["entite"]["nom"]
    assert not validator.is_valid({"format": 1, "regles": [without_name]})


def test_a_lone_surrogate_is_refused_at_its_field_by_its_title(corpus, context):
    """Half of a UTF-16 pair (JSON « \\ud800 ») cannot be written in UTF-8: kept, it
    would make the link of the whole collection fail. Refused at its field, named by its
    title; the rest of the collection is kept and makes its link."""
    entity = corpus.all_entities()[0]
    broken, fine = entry_of(entity, "maison-1"), entry_of(entity, "maison-2")
    broken["entite"]["nom"] = "Poigne\ud800"
    kept, problems = reader.read_collection(collection(broken, fine), context)
    assert kept == [fine]
    assert [(p["numero"], p["champ"]) for p in problems] == [(1, "entite.nom")]
    assert "« Nom » : caractère illisible" in problems[0]["message"]
    assert reader.encode_link({"format": reader.FORMAT, "regles": kept})
    keyed = entry_of(entity, "maison-3")
    keyed["entite"]["\udc00"] = "x"
    assert "nom de champ caractère illisible" in reader.check_entry(keyed, context)["entite"]


def test_a_missing_field_is_said_at_its_place_by_its_title(corpus, context):
    entity = corpus.all_entities()[0]
    entry = entry_of(entity, "maison-1")
    del entry["entite"]["resume"]
    assert reader.check_entry(entry, context) == {
        "entite.resume": "« Résumé » : champ obligatoire manquant"
    }


def test_a_house_rule_needs_no_field_only_a_transcription_needs(corpus, context):
    """An UnDéSix house spell has no source sheet, printed total or check against the
    print: the fields marked `x-transcription` are optional for it, still required of
    the data, and still read in a rule kept with them."""
    spell = next(e for e in corpus.all_entities() if (e.system, e.kind) == ("undesix", "sort"))
    entry = entry_of(spell, "sort-maison")
    written = entry["entite"]
    for name in ("fiche", "malus_total_imprime", "verification", "calcul", "notes_editoriales"):
        written.pop(name, None)
    for item in written["mots_cles"]:
        item.pop("valeur_imprimee")
    assert reader.check_entry(entry, context) == {}
    official = schemas.kinds("undesix")["sort"].schema
    assert {"fiche", "verification", "calcul"} <= set(official["required"])
    assert schemas.problems(official, written)  # the data's check is unchanged
    assert reader.check_entry(entry_of(spell, "sort-maison-2"), context) == {}
