"""UnDéSix data: counts against the source (guide §A4), spells against their parts."""

import pytest

from generator.build import check


@pytest.fixture(scope="module")
def system(root):
    corpus, _ = check(root)
    return corpus.systems["undesix"]


def test_counts_match_the_source(system):
    counts = {kind: len(entities) for kind, entities in system.entities.items()}
    assert counts["caracteristique"] == 5
    assert counts["sort"] == 51
    assert counts["qualite"] == 8 and counts["defaut"] == 13
    verbs = [v for v in system.entities["verbe"] if v.id != "tout-autre-verbe"]
    assert len(verbs) == 13


def test_every_spell_cites_known_verbs_and_essences(system):
    verbs = {v.id for v in system.entities["verbe"]}
    essences = {e.id for e in system.entities["essence"]}
    for spell in system.entities["sort"]:
        assert set(spell.data.get("verbes", [])) <= verbs, spell.id
        assert set(spell.data.get("essences", [])) <= essences, spell.id


def test_spells_whose_printed_total_differs_carry_a_note(system):
    for spell in system.entities["sort"]:
        if spell.data.get("verification") == "different":
            assert spell.data.get("notes_editoriales"), spell.id


def test_no_personal_details_and_no_file_name(system):
    import re

    assert ".txt" not in system.meta["source"]
    assert not re.search(r"[\w.-]+@[\w-]+\.\w+", str(system.meta))  # no e-mail address
