"""What the search box reads besides Pagefind's index (generator/pipeline/search.py)."""

import re

from helpers import edit, line_of, problems_of

from generator.pipeline.corpus import load_corpus
from generator.pipeline.errors import Problems
from generator.pipeline.search import (
    abbreviations,
    fold,
    synonyms,
    system_texts,
    title_key,
    titles,
    vocabulary,
)


def test_titles_match_whatever_the_accents_case_and_article():
    assert fold("Épée BÂTARDE") == "epee batarde"
    assert title_key("Le combat") == title_key("combat") == "combat"
    assert title_key("L'encombrement") == "encombrement"
    assert title_key("Lecteur") == "lecteur"  # an article only when it is a word


def test_the_vocabulary_holds_each_long_word_once_with_the_rules_spelling():
    words = vocabulary(["Dextérité et dextérité", "Épée, arme à 2 mains ; Commandement, façon"])
    assert words == {
        "commandement": "commandement",
        "dexterite": "dextérité",
        "facon": "façon",  # « faucon » is corrected to « façon », as the rules write it
        "mains": "mains",
    }


def test_each_system_says_what_its_abbreviations_stand_for(root):
    """« PV » is looked up as what it stands for, in each system that uses it."""
    shorts = abbreviations(load_corpus(root, Problems(root)))
    assert ["divin6", "points de vie"] in shorts["pv"]
    assert {row[0] for row in shorts["dd"]} == {"divin6", "skillcraft"}
    assert shorts["psy"][0][:2] == ["undesix", "Psychique"]


def test_list_pages_come_first_among_exact_titles(root):
    """« Talents » is first the list of SkillCraft's talents, then the chapter."""
    rows = [row for row in titles(load_corpus(root, Problems(root))) if row[0] == "talents"]
    assert [row[2] for row in rows] == ["skillcraft/talent/", "skillcraft/regles/talents/"]


def test_an_abbreviation_the_text_never_uses_is_refused_at_its_line(project):
    edit(project, "data/undesix/systeme.yaml", "  SAV: [Savoir]\n", "  PPX: [Savoir]\n")
    found = problems_of(project)
    assert any(p.startswith("data/undesix/systeme.yaml:") and "« PPX »" in p for p in found), found
    edit(project, "data/undesix/systeme.yaml", "  PPX: [Savoir]\n", "  ppx: Savoir\n")
    assert any("ppx" in p for p in problems_of(project))


def test_the_words_the_table_uses_for_one_another_are_folded_groups(root, tmp_path):
    """At the table: « fiche » ≈ « feuille », in every system."""
    assert ["fiche", "feuille"] in synonyms(root)
    assert ["degat", "dommage"] in synonyms(root)  # as the search box compares them
    assert synonyms(tmp_path) == []  # a project without the file: no equivalents


def test_the_game_master_is_found_by_each_systems_word_for_him(root):
    """Divin says only « Conteur », the others « MJ » or « meneur »: one group, and each
    system's text uses one of its words."""
    group = next(g for g in synonyms(root) if "mj" in g)
    assert "conteur" in group
    corpus = load_corpus(root, Problems(root))
    for system in corpus.systems.values():
        text = fold(" ".join(system_texts(system)))  # a word may end a sentence: « meneur. »
        assert any(re.search(rf"\b{re.escape(word)}s?\b", text) for word in group), system.id


def test_a_group_of_one_word_is_refused_at_its_line(project):
    edit(project, "data/synonymes.yaml", "- [fiche, feuille]\n", "- [fiche]\n")
    found = problems_of(project)
    line = line_of(project, "data/synonymes.yaml", "- [fiche]")
    assert f"data/synonymes.yaml:{line}: attendu un groupe d'au moins deux mots" in "\n".join(found)
