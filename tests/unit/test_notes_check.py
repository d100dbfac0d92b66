"""An editorial note names the section it applies to; check refuses one that
names nothing, at its line."""

from helpers import edit, line_of, problems_of


def test_a_section_that_names_nothing_is_refused_at_its_line(project):
    chapter = "content/skillcraft/attributs-et-competences.md"
    edit(project, chapter, "section: formation", "section: formations")
    entity = "data/reserve-d6/equipement.yaml"
    edit(project, entity, "    - titre: Un bonus", "    - section: prix\n      titre: Un bonus")
    meta = "data/reserve-d6/systeme.yaml"
    edit(project, meta, "  - titre: Un texte sans", "  - section: sante\n    titre: Un texte sans")
    found = problems_of(project)
    line = line_of(project, meta, "section: sante")
    assert any(p.startswith(f"{meta}:{line}: ") and "sans « section »" in p for p in found), found
    line = line_of(project, chapter, "section: formations")
    assert any(
        p.startswith(f"{chapter}:{line}: ") and "section « formations » introuvable" in p
        for p in found
    ), found
    line = line_of(project, entity, "section: prix")
    assert any(
        p.startswith(f"{entity}:{line}: ") and "section « prix » introuvable" in p for p in found
    ), found


def test_a_chapters_notes_come_in_reading_order(root):
    """Notes are numbered as the reader meets their places (Divin's combat chapter read
    « note 3, 4, 1, 2 »): by the heading each names, those naming none last."""
    from generator.pipeline.anchors import chapter_anchors
    from generator.pipeline.build import check

    corpus, _ = check(root)
    found = []
    for system in corpus.systems.values():
        for chapter in system.chapters:
            ranks = {anchor: rank for rank, anchor in enumerate(chapter_anchors(chapter))}
            order = [ranks.get(note.get("section"), len(ranks)) for note in chapter.notes]
            if order != sorted(order):
                found.append(f"{system.id}/{chapter.id} : {order}")
    assert not found, found
