"""UnDéSix data: counts against the source (guide §A4), spells against their parts."""

import re

import pytest

from generator.pipeline.build import check


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
    assert ".txt" not in system.meta["source"]
    assert not re.search(r"[\w.-]+@[\w-]+\.\w+", str(system.meta))  # no e-mail address


def _chapter(system, chapter_id):
    return next(c for c in system.chapters if c.id == chapter_id)


def _notes_text(notes):
    return [" ".join(str(v) for v in note.values()) for note in notes or ()]


def test_the_operation_example_is_summed_right_and_its_errors_are_noted(system):
    """Faithful sources: « 4 + 3 + 1 − 5 = 2 » (l. 337, 665) makes 3; −5 is beyond the scale,
    whose « extrême » is −4 (l. 773)."""
    test = _chapter(system, "test")
    assert "4 + 3 + 1 − 5 = 3" in test.body and "= 2" not in test.body
    assert "difficulté extrême" not in test.body
    notes = _notes_text(test.meta["notes_editoriales"])
    assert any("l. 337" in n and "l. 665" in n and "= 2" in n for n in notes)
    assert any("l. 773" in n and "−5" in n and "extrême" in n for n in notes)


def test_the_ten_metre_cube_has_one_size_and_a_note(system):
    """Faithful sources: the spell counts the 10 m cube « Très grand » (−20); the scale's
    « Très très Grand » no longer cites it; the spell's note names l. 579 and the bounds."""
    cube = system.entity("sort", "cube-de-pierre")
    assert cube.data["taille"]["echelle"] == "taille-tres-grand"
    assert any(
        "l. 579" in n and "l. 399" in n and "l. 401" in n
        for n in _notes_text(cube.data["notes_editoriales"])
    )
    assert "cube" not in system.entity("echelle", "taille-tres-tres-grand").data["description"]


def test_the_gaps_say_the_scales_are_extended_as_their_notes_decide(system):
    """Faithful sources: lacunes (systeme.yaml and its chapter) no longer say there is no value
    beyond the tables, which the scales (and a spell) extend with notes."""
    gaps = " ".join(system.meta["lacunes"])
    chapter = _chapter(system, "lacunes").body
    for text in (gaps, chapter):
        assert "pas de valeur" not in text
        assert "prolonge" in text
    for step in ("taille-de-10-km-a-100-km", "duree-jusqu-a-10-000-ans"):
        assert system.entity("echelle", step).data.get("pas_au_dela")


def test_the_random_creation_reroll_is_the_players_choice(system):
    """« le joueur peut relancer les dés » (l. 1013, 1027): a choice, never a must."""
    creation = _chapter(system, "creation")
    rows = next(e for e in system.entities["table"] if e.id == "modes-de-creation")
    texts = [
        *creation.body.splitlines(),
        *(str(cell) for row in rows.data["lignes"] for cell in row),
    ]
    said = [t for t in texts if "relance" in t and "13 ou moins" in t]
    assert said and all(re.search(r"\bpeut relancer\b|relance permise", t) for t in said), said
