"""Data: every file validates, every reference resolves, counts and numbers match the source."""

import os
import re
from pathlib import Path

import pytest

from generator.pipeline.build import check
from generator.systems.reserve_d6 import calculators as reserve_d6

# The source texts are not part of the repository: a maintainer points at them on purpose,
# `make check-sources SOURCES=../shared/sources`, to check the line numbers the data cite.
SOURCES = os.environ.get("SRD_SOURCES")


@pytest.fixture(scope="module")
def corpus(root):
    corpus, _ = check(root)
    return corpus


@pytest.fixture(scope="module")
def reserve(corpus):
    return corpus.systems["reserve-d6"]


def test_every_system_folder_is_loaded(corpus, root):
    folders = {p.name for p in (root / "data").iterdir() if (p / "systeme.yaml").is_file()}
    assert len(folders) >= 5 and set(corpus.systems) == folders
    assert corpus.systems["reserve-d6"].ready


def test_reserve_d6_counts(reserve):
    counts = {kind: len(entities) for kind, entities in reserve.entities.items()}
    assert counts == {
        "caracteristique": 4,
        "competence": 1,
        "equipement": 2,
        "formule": 1,
        "table": 4,
    }
    assert [c.id for c in reserve.chapters] == [
        "personnages",
        "caracteristiques",
        "competences",
        "equipements",
        "resolution",
        "blessures",
        "non-defini",
    ]


def test_characteristics_are_the_four_of_the_text(reserve):
    abbreviations = [e.data["abreviation"] for e in reserve.entities["caracteristique"]]
    assert abbreviations == ["CONS", "DEXT", "INTE", "CHAR"]
    charisma = reserve.entity("caracteristique", "char")
    assert charisma.data["a_completer"] is True  # l.18 ends on "TODO": nothing invented
    assert "TODO" in charisma.data["description"]


def test_examples_match_the_text(reserve):
    rope = reserve.entity("equipement", "corde-et-baudrier").data
    assert rope["bonus"] == [{"texte": "DEXT+4", "niveau": 4, "caracteristique": "dext"}]
    stone = reserve.entity("equipement", "tres-grosse-pierre").data
    assert stone["bonus"][0]["niveau"] == 7 and stone["permanents"][0]["valeur"] == -1
    assert reserve.entity("competence", "escalade").data["niveau_exemple"] == 3


def test_printed_cost_values_follow_their_formula(reserve, rules):
    """The values the page prints for each reading are those its formula gives."""
    rule = reserve.entity("formule", "cout-progression").data
    for variant in rule["variantes"]:
        assert variant["valeurs"] == [
            reserve_d6.cost(rules["reserve-d6"], n, variant["id"]) for n in range(1, 8)
        ]
    assert [v["retenue"] for v in rule["variantes"]] == [True, False]


def test_die_faces_read_as_the_printed_table(reserve, rules):
    rows = reserve.entity("table", "faces-du-de").data["lignes"]
    faces = rules["reserve-d6"].successes_by_face
    assert [row[1][0] for row in rows] == [str(faces[0]), str(faces[4]), str(faces[5])]
    assert faces == (0, 0, 0, 0, 1, 2)  # l.46


def test_every_defect_of_the_guide_has_an_editorial_note(reserve):
    notes = {n["titre"]: "system" for n in reserve.meta["notes_editoriales"]}
    notes.update({n["titre"]: e.id for e in reserve.all_entities() for n in e.notes})
    notes.update({n["titre"]: c.id for c in reserve.chapters for n in c.notes})
    expected = {  # guide §B7, defect by defect
        "Description manquante": "char",  # 1. TODO
        "Deux formules contradictoires": "cout-progression",  # 2. cost formula
        "Noms de caractéristiques variables": "system",  # 3. naming
        "Un bonus rattaché à une action": "tres-grosse-pierre",  # 4. +7 en attaque
        "Seuils de mort et de folie": "non-defini",  # 5. >= vs >
        "Égalités": "non-defini",  # 6. missing rules
        "Coût d'un malus permanent": "tres-grosse-pierre",
        "Un texte inachevé": "system",
        "Liste aplatie": "faces-du-de",  # 7. the flattened list
        "Un texte sans titre ni auteur": "system",
    }
    for title, owner in expected.items():
        assert notes.get(title) == owner, title


@pytest.mark.sources
@pytest.mark.skipif(
    not SOURCES, reason="textes sources absents : make check-sources SOURCES=dossier"
)
def test_source_line_numbers_point_at_the_right_lines(reserve):
    text = Path(SOURCES) / reserve.meta["fichier_source"]
    lines = text.read_text(encoding="utf-8").splitlines()
    assert "TODO" in lines[18 - 1]
    assert "N*(N-1)/2" in lines[26 - 1]
    assert "11 dés" in lines[36 - 1]
    assert "+7 en attaque" in lines[40 - 1]
    assert "supérieur ou égal" in lines[66 - 1]
    for entity in reserve.all_entities():
        for number in re.findall(r"l\. (\d+)", entity.data["source"]):
            assert 1 <= int(number) <= len(lines)
