"""The saved characters' import (engine/saved.py), fed files made wrong at random: valid
exported files whose values are replaced by lists, objects, numbers, null, huge texts or
deep nesting, whose keys are renamed, dropped or added. Never an exception: a file is
refused whole in French, or each malformed character gets its French problem at its
number and the others are kept."""

from __future__ import annotations

import copy
import json
import random

import pytest
from helpers import ROOT

from generator.engine import character, saved

SEED = 20261124
FILES = 2_000
CHUNKS = 4  # run apart, on as many cores as there are
LONGEST = 1_000  # characters of a message: never a whole page of the file echoed back
PER_FILE = 3  # characters in one fuzzed file
KEYS = ["systeme", "personnage", "nom", "format", "calculateur", "modifie", "maison", ""]
KEYS += ["__proto__", "inconnu", "personnages"]


def nested(rng: random.Random) -> object:
    """A list or an object nested from a few levels to past the file's bound."""
    value: object = rng.choice([1, "x", None, []])
    for _ in range(rng.choice([2, 5, saved.MAX_DEPTH - 6, saved.MAX_DEPTH + 2])):
        value = [value] if rng.random() < 0.5 else {rng.choice(KEYS): value}
    return value


def wrong_value(rng: random.Random, systems: list[str]) -> object:
    """A value of any type but the one expected, from the plain to the hostile."""
    return rng.choice(
        [
            lambda: [],
            lambda: [rng.choice(systems), 1, None],
            lambda: {},
            lambda: {rng.choice(KEYS): rng.choice(systems)},
            lambda: rng.choice([0, -1, 1, 2, 7, 2.5, -0.0, 10**30, 1e308]),
            lambda: rng.choice([True, False]),
            lambda: None,
            lambda: "",
            lambda: "x" * rng.choice([81, 5_000, 100_000]),
            lambda: rng.choice(systems),
            lambda: nested(rng),
        ]
    )()


def places(value: object, at: tuple = ()):
    """Every path in `value`, its own root first."""
    yield at
    if isinstance(value, dict):
        for key, child in value.items():
            yield from places(child, (*at, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from places(child, (*at, index))


def mutate(file: dict, rng: random.Random, systems: list[str]) -> tuple:
    """One change at a random place below the file's root: its path."""
    path = rng.choice(list(places(file))[1:])
    parent = file
    for step in path[:-1]:
        parent = parent[step]
    last, how = path[-1], rng.random()
    if isinstance(parent, dict) and how < 0.15:  # a key dropped
        del parent[last]
    elif isinstance(parent, dict) and how < 0.3:  # a key renamed
        parent[rng.choice(KEYS)] = parent.pop(last)
    elif isinstance(parent, dict) and how < 0.4:  # a key added
        parent[rng.choice(KEYS)] = wrong_value(rng, systems)
    else:
        parent[last] = wrong_value(rng, systems)
    return path


def exported_entries(rules: dict) -> list[dict]:
    """Entries of an exported file: a few valid characters of each system."""
    queries = json.loads((ROOT / "tests" / "characters.json").read_text())["reponses"]
    found = []
    for system, kind in character.types().items():
        for query, _ in queries["/".join(kind.CALCULATOR)][:10]:
            try:
                record = saved.from_calculator(system, kind.CALCULATOR[1], query, rules[system])
            except character.CharacterError:
                continue
            found.append({"modifie": "2026-11-24T20:00:00Z", "personnage": record["personnage"]})
    return found


@pytest.fixture(scope="module")
def exported(rules) -> list[dict]:
    return exported_entries(rules)


def fuzzed(exported: list[dict], rng: random.Random, systems: list[str]) -> tuple[str, list]:
    """A file of a few exported characters, changed in one to three places: its text and
    the paths changed."""
    entries = copy.deepcopy(rng.sample(exported, PER_FILE))
    for number, entry in enumerate(entries, 1):
        entry["nom"] = f"Essai {number}"
    entries[-1]["maison"] = {"talents": ["Vol plané"]}  # its shape fuzzed too
    file = {"format": 1, "personnages": entries}
    paths = [mutate(file, rng, systems) for _ in range(rng.randint(1, 3))]
    return json.dumps(file, ensure_ascii=False), paths


def judged(found: dict, count: int, touched: set[int]) -> None:
    """A fuzzed file's reading: refused whole, or each character kept or said wrong at its
    number, only a changed one said wrong."""
    assert set(found) == {"personnages", "problemes", "message"}
    json.dumps(found)  # the worker's reply
    assert len(found["message"]) < LONGEST
    if found["message"]:
        assert found["personnages"] == [] and found["problemes"] == []
        return
    numbers = {p["numero"] for p in found["problemes"]}
    assert len(found["personnages"]) + len(numbers) == count
    assert numbers <= touched
    for problem in found["problemes"]:
        assert set(problem) == {"numero", "nom", "systeme", "champ", "message"}
        assert isinstance(problem["nom"], str) and len(problem["nom"]) <= saved.MAX_NAME + 1
        assert isinstance(problem["champ"], str) and len(problem["champ"]) < LONGEST
        assert problem["systeme"] is None or isinstance(problem["systeme"], str)
        assert isinstance(problem["message"], str) and 0 < len(problem["message"]) < LONGEST


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_fuzzed_files_never_raise_and_keep_every_character_left_whole(exported, rules, chunk):
    rng = random.Random(f"{SEED}/{chunk}")
    systems = [*character.types(), "inconnu"]
    assert len(exported) > 10 and len(set(systems)) > 3
    failures = []
    for _ in range(FILES // CHUNKS):
        text, paths = fuzzed(exported, rng, systems)
        try:
            found = saved.read_file(text, rules.get)
        except Exception as error:  # the very thing under test: none may escape
            failures.append((repr(error)[:200], paths))
            continue
        if all(path[:1] == ("personnages",) and len(path) > 1 for path in paths):
            judged(found, PER_FILE, {path[1] + 1 for path in paths})
        else:  # the file's own fields changed: its characters may be read otherwise
            assert set(found) == {"personnages", "problemes", "message"}
            assert len(found["message"]) < LONGEST
    assert failures == [], f"{len(failures)} fichiers sur {FILES // CHUNKS} lèvent : {failures[:5]}"
