"""Passages once close to word for word to their source, now in the project's own words:
runs of their former wording must not come back (as for the SkillCraft talents in
test_data_skillcraft.py). The runs are the project's old text, not read from the sources."""

from __future__ import annotations

import pytest

from generator.pipeline.build import check


@pytest.fixture(scope="module")
def corpus(root):
    return check(root)[0]


def _words(text: str) -> str:
    return " ".join("".join(c if c.isalnum() or c == "'" else " " for c in text.lower()).split())


# (system, kind, id, field) of an entity, or (system, None, chapter id, None) of a chapter.
REWRITTEN = [
    (
        ("divin6", "atout", "compagnon", "option_de_jeu"),
        ("chaque tranche de 5 atouts libres d'un personnage de niveau 6 comme",),
    ),
    (
        ("divin6", "atout", "vision-analytique", "description"),
        ("vous avez investi au moins 1 rang, vous pouvez demander au Conteur",),
    ),
    (
        ("skillcraft", "talent", "bris", "description"),
        (
            "brise une arme improvisée en attaquant une créature, celle-ci doit",
            "elle est étourdie jusqu'au début de son prochain tour",
        ),
    ),
    (
        ("skillcraft", "categorie-equipement", "montures-et-vehicules", "description"),
        ("chaque pièce coûte 4 fois le prix et pèse 2 fois la masse d'une pièce",),
    ),
    (
        ("divin6", None, "combat", None),
        (
            "un personnage peut se déplacer de la valeur de son mouvement, attaquer, se défendre",
            "lâcher un objet, dégainer une arme, recharger un arc",
        ),
    ),
]


@pytest.mark.parametrize(("place", "runs"), REWRITTEN, ids=[p[2] for p, _ in REWRITTEN])
def test_a_rewritten_passage_keeps_no_run_of_its_former_wording(corpus, place, runs):
    system_id, kind, name, field = place
    system = corpus.systems[system_id]
    entity = system.entity(kind, name) if kind else None
    text = str(entity.data[field]) if entity else system.chapter(name).body
    assert not [run for run in runs if _words(run) in _words(text)], place
