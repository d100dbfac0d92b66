"""Rollable tables: a table declares its roll in the property marked
`x-loi`; `check` proves its rows cover each total once and names the row of a fault."""

from __future__ import annotations

from fractions import Fraction

import pytest
from helpers import edit, line_of, problems_of

from generator.core import urls
from generator.pipeline import table_law
from generator.pipeline.build import check, judge

TABLES = "data/skillcraft/table.yaml"


@pytest.fixture(scope="module")
def corpus(root):
    return check(root)[0]


def test_the_real_tables_are_rolled_with_their_die(corpus):
    rolled = {
        (e.system, e.id): table_law.roll_of(e)
        for s in corpus.systems.values()
        for e in s.entities.get("table", [])
        if table_law.roll_of(e)
    }
    assert rolled == {
        ("skillcraft", "aspects-et-attributs"): "1d10",
        ("skillcraft", "caracteres"): "1d20",
        ("undesix", "localisation-des-blessures"): "1d6",
        ("reserve-d6", "faces-du-de"): "1d6",
    }


def test_each_row_has_its_exact_chance(corpus):
    caracteres = corpus.systems["skillcraft"].entity("table", "caracteres")
    assert {r.chance for r in table_law.rows(caracteres)} == {Fraction(1, 20)}
    faces = corpus.systems["reserve-d6"].entity("table", "faces-du-de")
    assert [(r.faces, r.chance) for r in table_law.rows(faces)] == [
        ((1, 2, 3, 4), Fraction(2, 3)),
        ((5,), Fraction(1, 6)),
        ((6,), Fraction(1, 6)),
    ]


@pytest.mark.parametrize(
    ("cell", "found"),
    [(5, (5,)), ("05", (5,)), ("1–3", (1, 2, 3)), ("1-2", (1, 2)), ("1, 2 ou 4", (1, 2, 4))],
)
def test_a_first_cell_gives_faces(cell, found):
    assert table_law.faces(cell) == found


def test_the_law_field_is_found_by_its_keyword_not_its_name():
    schema = {"properties": {"tirage": {"type": "string", "x-loi": True}, "jet": {}}}
    assert table_law.law_field(schema) == "tirage"


def test_check_refuses_a_gap_at_the_row_after_it(project):
    edit(project, TABLES, '- [7, "Débrouillard"', '- [8, "Débrouillard"')
    found = problems_of(project)
    line = line_of(project, TABLES, '- [8, "Débrouillard"')
    wanted = f"{TABLES}:{line}: table à tirer « caracteres » : aucune ligne ne donne le résultat 7"
    assert any(p.startswith(wanted) for p in found), found


def test_check_refuses_an_overlap_at_the_row_that_repeats(project):
    edit(project, TABLES, '- [7, "Débrouillard"', '- ["6–7", "Débrouillard"')
    found = problems_of(project)
    line = line_of(project, TABLES, '- ["6–7", "Débrouillard"')
    wanted = (
        f"{TABLES}:{line}: table à tirer « caracteres » : le résultat 6 est déjà tiré par la "
        "ligne 6"
    )
    assert wanted in found, found


def test_check_refuses_a_face_the_die_cannot_give(project):
    edit(project, "data/undesix/table.yaml", "- [6, ", "- [7, ")
    found = problems_of(project)
    assert any("7 n'est pas un résultat de 1d6 (de 1 à 6)" in p for p in found), found


def test_the_partie_page_gets_the_rollable_tables_with_their_chances(corpus):
    tables = table_law.rollable_tables(corpus.systems["undesix"])
    assert [t["id"] for t in tables] == ["localisation-des-blessures"]
    (hits,) = tables
    assert hits["des"] == "1d6" and hits["loi"]["counts"] == [1] * 6
    assert [(r["de"], r["a"], r["chances"]) for r in hits["lignes"]][:2] == [
        (1, 1, "16,7\u202f%"),
        (2, 2, "16,7\u202f%"),
    ]
    assert hits["lignes"][0]["texte"] == "La tête ou le cou"


def test_a_rollable_tables_page_shows_each_rows_chance_and_a_roll_button(root):
    pages = judge(root).pages
    caracteres = pages[urls.entity("skillcraft", "table", "caracteres")]
    assert caracteres.count("| 5\u202f% |") == 20
    assert "| Don | Chances |\n|---|---|---|---|---|\n| 1 | Agile |" in caracteres
    assert "Lancer 1d20</button>" in caracteres
    plain = pages[urls.entity("skillcraft", "table", "modificateurs-d-attribut")]
    assert "Chances" not in plain and "srd-tirage" not in plain
