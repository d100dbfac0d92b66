"""What the search box reads besides Pagefind's index (generator/search.py)."""

from generator.search import fold, title_key, vocabulary


def test_titles_match_whatever_the_accents_case_and_article():
    assert fold("Épée BÂTARDE") == "epee batarde"
    assert title_key("Le combat") == title_key("combat") == "combat"
    assert title_key("L'encombrement") == "encombrement"
    assert title_key("Lecteur") == "lecteur"  # an article only when it is a word


def test_the_vocabulary_holds_each_long_word_once_without_accents():
    words = vocabulary(["Dextérité et dextérité", "Épée, arme à 2 mains ; Commandement"])
    assert words == ["commandement", "dexterite", "mains"]
