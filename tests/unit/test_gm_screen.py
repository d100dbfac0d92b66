"""The GM screen of each system (`ecran` in systeme.yaml): what it declares, read from the
data, and the declaration's faults reported at their line."""

from __future__ import annotations

import pytest
from helpers import edit

from generator.core import urls
from generator.pipeline.build import BuildFailed, check, judge


@pytest.fixture(scope="module")
def corpus(root):
    return check(root)[0]


def shown(corpus, system_id: str) -> list[tuple[str, str | None]]:
    """(kind, id or None) of everything the screen shows, in order."""
    return [
        (item["genre"], item.get("id"))
        for volet in corpus.systems[system_id].meta["ecran"]
        for item in volet["contenu"]
    ]


# What a GM consults in play, system by system.
WANTED = {
    "divin6": [
        ("table", "difficultes"),
        ("table", "difficultes-fixes"),
        ("table", "bareme-de-soutien"),
        ("table", "prendre-10-ou-15"),
        ("table", "jets-opposes"),
        ("table", "tir-a-distance"),
        ("table", "sans-metier-des-armes"),
        ("categorie-arme", None),
        ("equipement", None),
    ],
    "talon": [
        ("qualite-pnj", None),
        ("categorie-pnj", None),
        ("arme", None),
        ("armure", None),
        ("piste", None),
        ("honneur", None),
        ("table", "regle-du-1-en-defense"),
        ("table", "dommages-encaisses"),
    ],
    "undesix": [
        ("table", "ca-de-base"),
        ("table", "armures"),
        ("verbe", None),
        ("essence", None),
        ("echelle", None),
        ("table", "degats-d-un-coup"),
        ("caracteristique", None),
        ("table", "sources-de-perte-de-phy"),
    ],
    "reserve-d6": [
        ("table", "opposition-et-combat"),
        ("table", "blessures-mort-et-folie"),
        ("table", "des-de-la-reserve"),
    ],
    "skillcraft": [("activite", None), ("table", "changement-d-attitude")],
}


@pytest.mark.parametrize("system_id", sorted(WANTED))
def test_each_screen_holds_what_a_gm_consults_in_play(corpus, system_id):
    items = shown(corpus, system_id)
    missing = [wanted for wanted in WANTED[system_id] if wanted not in items]
    assert not missing, (system_id, missing)


def test_screens_leave_out_what_is_not_consulted_in_play(corpus):
    # Talon's numbered honours are the deck's nine « Honneur de valeur N » cards: only the
    # As and the Roi, which change a test, are shown. Réserve-d6's skill and equipment are
    # the example character's.
    honours = [
        item
        for volet in corpus.systems["talon"].meta["ecran"]
        for item in volet["contenu"]
        if item["genre"] == "honneur"
    ]
    assert [sorted(item["filtre"]["id"]) for item in honours] == [["as", "roi"]]
    assert not {("competence", None), ("equipement", None)} & set(shown(corpus, "reserve-d6"))


def test_a_kind_shown_as_a_table_names_fields_of_its_schema(corpus):
    """Every kind shown as a table (`colonnes`) or through one of its fields (`table`) keeps
    entities after its filter, and shows a value for each of them."""
    for system in corpus.systems.values():
        for volet in system.meta["ecran"]:
            for item in volet["contenu"]:
                if "id" in item or not ({"colonnes", "table"} & set(item)):
                    continue
                kept = [
                    e
                    for e in system.entities[item["genre"]]
                    if all(e.data.get(f) in v for f, v in item.get("filtre", {}).items())
                ]
                assert kept, (system.id, item)
                if "table" in item:
                    assert all(e.data.get(item["table"]) for e in kept), (system.id, item)


@pytest.mark.parametrize(
    "old,new,message",
    [
        (
            "colonnes: [bonus_attaque,",
            "colonnes: [bonus_attaques,",
            "le genre « categorie-arme » n'a pas de champ « bonus_attaques »",
        ),
        (
            "filtre: {type: [armure]}",
            "filtre: {sorte: [armure]}",
            "le genre « equipement » n'a pas de champ « sorte »",
        ),
    ],
)
def test_a_screen_column_naming_no_field_is_reported_at_its_line(project, old, new, message):
    path = project / "data" / "divin6" / "systeme.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1
    with pytest.raises(BuildFailed) as failure:
        check(project)
    found = [str(p) for p in failure.value.problems.items]
    assert any(
        p.startswith(f"data/divin6/systeme.yaml:{line}: ") and message in p for p in found
    ), found


def test_a_sub_table_column_is_read_in_the_objects_of_its_field(project):
    path = project / "data" / "talon" / "systeme.yaml"
    text = path.read_text(encoding="utf-8")
    old = "colonnes: [nom, nombre, seuil, malus]"
    assert old in text
    path.write_text(text.replace(old, "colonnes: [nom, nombres, seuil, malus]", 1), "utf-8")
    with pytest.raises(BuildFailed) as failure:
        check(project)
    assert "le genre « piste » n'a pas de champ « nombres »" in failure.value.problems.report()


@pytest.mark.parametrize(
    ("old", "new", "count", "said"),
    [
        (
            "  - titre: Opposition et combat\n    contenu:\n"
            "      - {genre: table, id: opposition-et-combat}\n"
            "  - titre: Blessures, mort et folie\n    contenu:\n"
            "      - {genre: table, id: blessures-mort-et-folie}\n",
            "",
            1,
            "en un volet :",
        ),
        (
            "  - titre: Opposition et combat\n",
            "  - titre: Caractéristiques\n    contenu:\n      - {genre: caracteristique}\n"
            "  - titre: Opposition et combat\n",
            4,
            "en quatre volets :",
        ),
    ],
)
def test_a_screen_has_as_many_panels_as_its_system_declares(project, old, new, count, said):
    edit(project, "data/reserve-d6/systeme.yaml", old, new)
    page = judge(project).pages[urls.gm_screen("reserve-d6")]
    assert page.count('<section class="srd-ecran-volet"') == count
    assert said in page
