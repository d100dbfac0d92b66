"""SkillCraft data: counts of every kind against the source (guide §4.0), trees, links."""

import os
import sys
from pathlib import Path

import pytest

from generator.pipeline.build import check

SOURCES = os.environ.get("SRD_SOURCES")


@pytest.fixture(scope="module")
def system(root):
    corpus, _ = check(root)
    return corpus.systems["skillcraft"]


def test_counts_match_the_source(system):
    counts = {kind: len(entities) for kind, entities in system.entities.items()}
    expected = {
        "talent": 160,
        "attribut": 7,
        "competence": 20,
        "aspect": 10,
        "caractere": 20,
        "don": 29,
        "handicap": 18,
        "etat": 18,  # 17 conditions + Fatigue
        "activite": 30,
        "propriete-armure": 6,
        "propriete-arme": 13,
    }
    for kind, count in expected.items():
        assert counts[kind] == count, kind
    tiers = [t.data["tiers"] for t in system.entities["talent"]]
    assert [tiers.count(n) for n in range(4)] == [32, 46, 50, 32]


def test_talents_form_43_trees_with_117_prerequisites(system):
    talents = system.entities["talent"]
    required = [t for t in talents if t.data["prerequis"]]
    assert len(required) == 117 and len(talents) - len(required) == 43
    ids = {t.id for t in talents}
    assert all(t.data["prerequis"] in ids for t in required)


def test_every_skill_has_its_tier_0_talent(system):
    talents = {t.id: t for t in system.entities["talent"]}
    for skill in system.entities["competence"]:
        talent = talents[skill.data["talent"]]
        assert talent.data["tiers"] == 0 and talent.data["formation"] == skill.id


def test_no_licence_is_claimed_and_the_author_is_credited(system):
    assert system.meta["licence"] == "non indiquée"
    assert system.meta["auteurs"] == ["Francis Pion"]
    assert ".txt" not in system.meta["source"]


def _notes(item) -> list[dict]:
    data = item.meta if hasattr(item, "meta") else item.data
    return data.get("notes_editoriales", [])


@pytest.mark.parametrize(
    ("where", "title", "line"),
    [
        (("table", "sauts"), "« Au-dessous » de la hauteur du saut", "l. 2283"),
        (("chapitre", "aventure"), "« Au-dessous » de la hauteur du saut", "l. 2283"),
        (("chapitre", "creation"), "« Par les 3 attributs obligatoires restants »", "l. 212"),
    ],
)
def test_silent_readings_have_their_own_note(system, where, title, line):
    """Faithful sources: each reading has its own note naming the source line."""
    kind, ident = where
    if kind == "chapitre":
        item = next(c for c in system.chapters if c.id == ident)
    else:
        item = next(e for e in system.entities[kind] if e.id == ident)
    note = next(n for n in _notes(item) if n["titre"] == title)
    assert line in note["constat"]


def test_the_acknowledgements_name_no_private_person(system):
    """The book's thanks are mentioned, the persons it thanks are not
    named: a paragraph of thanks holds no capitalised word past its first, and no family
    tie."""
    intro = next(c for c in system.chapters if c.id == "introduction")
    thanks = [p for p in intro.body.split("\n\n") if "remerci" in p.lower()]
    assert thanks == [
        "Le livre s'ouvre sur les remerciements de l'auteur à ses lecteurs, à ses proches et aux\n"
        "joueurs qui ont testé le système ou aidé à le concevoir."
    ]
    for chapter in system.chapters:
        for paragraph in chapter.body.split("\n\n"):
            if "remerci" in paragraph.lower():
                words = paragraph.split()[1:]
                assert not [w for w in words if w[:1].isupper()], chapter.id
    family = ("conjointe", "cousine", "frère", "frérot")
    assert not [w for w in family if w in intro.body.lower()]


def _words(text: str) -> str:
    return " ".join("".join(c if c.isalnum() or c == "'" else " " for c in text.lower()).split())


@pytest.mark.parametrize(
    ("talent", "runs"),
    [
        ("armes-improvisees", ("coup de luth louche", "arrache clou d'un marteau", "brides d'une")),
        ("attaques-multiples", ("plusieurs attaques avec le même membre pendant son tour",)),
        ("chasse-mage", ("qu'il peut atteindre par une attaque de mêlée",)),
        ("optimisation-magique", ("le degré de difficulté de son test",)),
        ("disparition", ("située à 9 mètres ou moins du personnage",)),
    ],
)
def test_rewritten_talents_keep_no_run_of_the_source_wording(system, talent, runs):
    """In our own words: these effects were close to word for word; they are ours now
    (runs of the former, near-verbatim wording must not come back)."""
    text = _words(next(t for t in system.entities["talent"] if t.id == talent).data["description"])
    assert not [run for run in runs if _words(run) in text]


def _proximite(root):
    sys.path.insert(0, str(root / "scripts"))
    import proximite

    return proximite


def test_the_closeness_measure_tells_a_copy_from_a_rewrite(root):
    proximite = _proximite(root)
    source = set(
        proximite.grams(
            proximite.words(
                "Les créatures immunisées aux charmes ne sont pas affectées par ce talent."
            )
        )
    )

    def share(sentence):
        found = proximite.grams(proximite.words(sentence))
        return sum(gram in source for gram in found) / len(found)

    assert (
        share("Les {@etat charme|créatures} immunisées aux charmes ne sont pas affectées.")
        >= proximite.THRESHOLD
    )
    assert (
        share("Ce talent reste sans effet sur une créature immunisée contre les charmes.")
        < proximite.THRESHOLD
    )


@pytest.mark.sources
@pytest.mark.skipif(
    not SOURCES, reason="textes sources absents : make check-sources SOURCES=dossier"
)
def test_talents_are_no_closer_to_the_source_than_the_chapters(root):
    """The talents are written in our own words, like the chapters."""
    proximite = _proximite(root)
    measured = proximite.measure(root, Path(SOURCES))
    counts = proximite.shares(measured)
    talents, chapters = counts["skillcraft/talent"], counts["skillcraft/chapitres"]
    near = [
        s.place
        for s in measured
        if s.group == "skillcraft/talent" and s.share >= proximite.THRESHOLD
    ]
    assert talents[0] / talents[1] <= chapters[0] / chapters[1], near


def test_the_one_to_four_hours_of_poison_are_drunkenness_not_intoxication(system):
    """The third phase of drunkenness poisons for 1d4 hours (l. 2452); a failed intoxication
    save poisons too, but the text gives it no duration (l. 2896)."""
    poisoned = next(e for e in system.entities["etat"] if e.id == "empoisonne")
    sentences = poisoned.data["description"].replace("\n", " ").split(". ")
    intoxication = [s for s in sentences if "intoxication" in s]
    assert intoxication and not any("1d4" in s or "heure" in s for s in intoxication)
    assert any("ébriété" in s and "1d4} heures" in s for s in sentences)
