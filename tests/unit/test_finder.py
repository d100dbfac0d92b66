"""The finder's index: requirements as clauses, read from what the schemas declare."""

import pytest

from generator.pipeline import finder
from generator.pipeline.build import check
from generator.pipeline.links import CorpusLinks


@pytest.fixture(scope="module")
def rows(root):
    corpus, _ = check(root)
    return {row["i"]: row for row in finder.rows(corpus, CorpusLinks(corpus))}


def test_alternatives_form_one_clause(rows):
    conjuration = rows["divin6/atout/conjuration"]["q"]
    # « l'un des atouts … »: one clause of five alternatives, none with a minimum.
    assert [len(clause) for clause in conjuration] == [5, 1]
    assert all(minimum is None for _, minimum in conjuration[0])
    assert conjuration[1] == [["divin6/caracteristique/sagesse", 1]]


def test_an_alternative_without_minimum_takes_its_clause_minimum(rows):
    # Connaissance (Arcanes) 1 « ou » Connaissance (Mystères): the same skill, at 1.
    assert ["divin6/competence/connaissance", 1] in [
        clause[0] for clause in rows["divin6/atout/arme-mystique"]["q"]
    ]
    assert all(len(clause) == 1 for clause in rows["divin6/atout/arme-mystique"]["q"])


def test_every_required_entity_is_in_the_index(rows):
    required = {key for row in rows.values() for clause in row.get("q", []) for key, _ in clause}
    assert required <= set(rows)
    assert rows["skillcraft/talent/commandement"]["q"] == [
        [["skillcraft/talent/poigne-de-fer", None]]
    ]
    assert "q" not in rows["divin6/atout/attaque-en-finesse"]  # no prerequisite


def test_a_column_read_from_a_list_shows_its_values(root, rows):
    """A column of one value per item of a list (the XP cost of each level of a Talon
    atout) is in the row, so a card prints it rather than the raw printed cost
    (« Coût imprimé (XP) : (X) -0/15/20/40 »)."""
    from generator.pipeline import schemas

    corpus, _ = check(root)
    checked = 0
    for system in corpus.systems.values():
        for kind_id, entities in system.entities.items():
            kind = schemas.kinds(system.id)[kind_id]
            titles = dict(kind.columns)
            for field, sub in kind.subfields:
                for entity in entities:
                    values = [r.get(sub) for r in entity.data.get(field) or []]
                    if any(v is not None for v in values):
                        shown = rows[f"{system.id}/{kind_id}/{entity.id}"]["f"][titles[field]]
                        assert shown.replace("\u2212", "-").split(" / ") == [
                            "—" if v is None else str(v) for v in values
                        ], entity.id
                        checked += 1
    assert checked
