"""`{@des}` tags: a tag is a button that shows the law of a plain sum of dice, so it may
only stand where the rule adds its dice and nothing else decides. Every tag of `data/` and
`content/` was read against its source: the plain sums are listed below, file by file; the
places where the dice are not a plain sum (exploding dice, doubles that decide on their
own, two dice compared, rerolls) are listed with their reason and must stay untagged."""

from __future__ import annotations

import re

import pytest

from generator import systems
from generator.pipeline.editor import original_systems

TAG = re.compile(r"\{@des\s+([^}|]*?)(?:\|([^}]*))?\}")

# Places where the text names dice that do not add up plainly: the expression stays plain
# text (a link to the calculator that computes the real law may follow). Each snippet is the
# untagged text as written (spaces collapsed); re-tagging its dice breaks the match.
NOT_SUMS = [
    (
        "data/divin6/equipement.yaml",
        "intermediaire} (2D6 de dégâts, 12 pas sans malus)",
        "pistolet d'Arquefeu : dés explosifs sur 6, sur 5+ avec des munitions hautement "
        "explosives (Divin, l. 350, 355) ; moyenne 8,4 et non 7",
    ),
    (
        "data/divin6/equipement.yaml",
        "lourde} (3D6 de dégâts, 18 pas sans malus)",
        "fusil d'Arquefeu : dés explosifs sur 6, sur 5+ avec des munitions hautement "
        "explosives (Divin, l. 351, 355) ; moyenne 12,6 et non 10,5",
    ),
    (
        "content/skillcraft/tests.md",
        "**Lancer 2d10.**",
        "un double décide seul d'un test, critique réussi ou raté (SkillCraft, l. 814) : "
        "atteindre 15 est à 23 %, pas à 21 % comme la somme",
    ),
    (
        "content/skillcraft/tests.md",
        "**Total = 2d10 + modificateur",
        "le total d'un test ne se calcule que sans double (SkillCraft, l. 814)",
    ),
    (
        "content/skillcraft/tests.md",
        "on remplace les 2d10 par **10**",
        "les 2d10 d'un test, doubles compris (SkillCraft, l. 814)",
    ),
    (
        "content/skillcraft/introduction.md",
        "la résolution (2d10, Espérance",
        "les 2d10 d'un test, doubles compris (SkillCraft, l. 814)",
    ),
    (
        "content/skillcraft/introduction.md",
        "jet de 2d10 auquel on ajoute",
        "les 2d10 d'un test, doubles compris (SkillCraft, l. 814)",
    ),
    (
        "data/skillcraft/table.yaml",
        "le total (2d10 + modificateur",
        "les 2d10 d'un test, doubles compris (SkillCraft, l. 814)",
    ),
    (
        "data/skillcraft/systeme.yaml",
        "la résolution en 2d10 (Espérance",
        "les 2d10 d'un test, doubles compris (SkillCraft, l. 814)",
    ),
    (
        "content/skillcraft/combat.md",
        "que lancer 2d10 pour comparer ses dés",
        "combattre la mort compare le dé d'Espérance au dé de Damnation (45/45/10 %), "
        "pas leur somme (SkillCraft, l. 2653–2656)",
    ),
    (
        "content/skillcraft/creation.md",
        "deux jets de 1d10 séparés, relancés tant qu'ils désignent le même",
        "le second jet est relancé tant qu'il égale le premier (note éditoriale, où l'on ne "
        "balise pas de dés)",
    ),
]

# Every tag, file by file in reading order, each read against its source: a plain sum
# of dice (with a constant), whose law is the law of what the rule rolls.
AUDITED = {
    "data/divin6/systeme.yaml": ("1D6",),  # partie: the initiative roll (l. 513)
    "data/skillcraft/systeme.yaml": ("1d10", "1d10"),  # partie: the initiative test (l. 2475)
    "data/talon/systeme.yaml": ("1D6",),  # partie: Adrénaline (l. 235)
    "content/divin6/avantages.md": (
        "3D6",
        "3D6 + 3 + 2",
    ),
    "content/divin6/chocs-et-stress.md": (
        "1D6",
        "2D6",
        "3D6",
    ),
    "content/divin6/combat.md": (
        "1D6",
        "1D6",
        "1D6",
        "1D6",
        "2D6",
        "3D6",
        "1D6",
        "1D6",
        "2D6",
        "3D6",
        "1D6",
        "1D6",
        "1D6",
        "2D6",
    ),
    "content/divin6/competences.md": (
        "2D6",
        "3D6",
        "3D6",
        "3D6",
    ),
    "content/divin6/creation.md": (
        "3d6+5",
        "3d6+4",
        "3d6+3",
        "2d6+3",
        "3d6+7",
        "2d6+5",
        "2D6",
        "3d6+6",
        "3d6+4",
        "3D6+2",
        "3D6",
        "3d6+3",
    ),
    "content/divin6/dangers.md": (
        "1D6",
        "1D6",
        "2D6",
        "3D6",
        "1D6",
        "2D6",
        "1D6",
        "2D6",
    ),
    "content/divin6/equipement.md": (
        "1D6",
        "2D6",
        "3D6",
        "1D6",
        "3D6",
        "1D6",
    ),
    "content/divin6/introduction.md": ("3D6",),
    "content/divin6/mecanique.md": (
        "3D6",
        "4D6",
        "2D6",
        "1D6",
        "1D6",
    ),
    "content/divin6/mouvement-initiative.md": ("1D6",),
    "content/divin6/recuperation.md": (
        "2D6",
        "2D6",
        "4D6",
    ),
    "content/divin6/usages-competences.md": (
        "1D6",
        "1D6",
        "2D6",
        "1D6",
        "1D6",
        "1D6",
        "4D6",
        "1D6",
    ),
    "data/divin6/atout.aventure.yaml": (
        "1D6",
        "3d6",
        "5d6",
        "2D6",
        "1D6",
        "1D6",
        "1D6",
        "4D6",
        "3D6",
        "2D6",
    ),
    "data/divin6/atout.mystique.yaml": (
        "1D6",
        "1D6",
        "1D6",
        "1D6",
        "1D6",
        "1D6",
        "1D6",
        "1D6",
        "1D6",
        "1D6",
        "1D6",
        "1D6",
        "2D6",
        "3D6",
        "1D6",
        "1D6",
        "1D6",
        "3D6",
        "1D6",
        "3D6",
        "1D6",
        "3D6",
        "1D6",
        "1D6",
        "1D6",
    ),
    "data/divin6/atout.origine-combat.yaml": (
        "2D6",
        "2D6",
        "1D6",
        "1D6",
        "1D6",
        "2D6",
        "1D6",
        "1D6",
        "1D6",
        "1D6",
        "1D6",
        "1D6",
        "2D6",
        "1D6",
        "1D6",
    ),
    "data/divin6/avantage.yaml": (
        "3D6",
        "3D6",
        "3D6",
    ),
    "data/divin6/categorie-arme.yaml": (
        "1D6",
        "1D6",
        "2D6",
        "1D6",
        "3D6",
        "2D6",
        "1D6",
    ),
    "data/divin6/competence.yaml": (
        "1D6",
        "1D6",
        "2D6",
        "1D6",
        "2d6",
        "1D6",
        "2d6",
        "2d6",
        "2D6",
        "2D6",
        "4D6",
        "2d6",
        "2d6",
        "2d6",
    ),
    "data/divin6/danger.yaml": (
        "1D6",
        "1D6",
        "2D6",
        "3D6",
        "1D6",
        "2D6",
        "1D6",
        "2D6",
    ),
    "data/divin6/equipement.yaml": (
        "1D6",
        "1D6",
        "3D6",
        "3D6",
    ),
    "data/divin6/etat.yaml": (
        "2D6",
        "2D6",
        "1D6",
        "1D6",
    ),
    "data/divin6/manoeuvre.yaml": (
        "1d6",
        "1D6",
        "1d6",
        "1D6",
        "2D6",
        "3D6",
        "1D6",
        "1D6",
        "2D6",
        "3D6",
        "1D6",
        "1d6",
        "1D6",
        "1D6",
        "2D6",
    ),
    "data/divin6/rituel.yaml": (
        "1D6",
        "1D6",
        "4D6",
        "1D6",
    ),
    "data/divin6/table.yaml": ("3d6+5",),
    "data/divin6/usage-qualite.yaml": (
        "1D6",
        "1D6",
        "2D6",
        "1D6",
    ),
    "content/skillcraft/aventure.md": (
        "3d6",
        "1d6",
        "4d6",
        "2d4",
        "4d4",
        "2d6",
        "6d6",
        "2d8",
        "9d8",
        "2d10",
        "11d10",
        "1d4",
        "1d4",
        "2d6",
        "2d6",
        "1d4",
        "3d6",
        "2d4",
        "1d10",
        "4d10",
        "1d6",
        "2d6",
    ),
    "content/skillcraft/combat.md": (
        "1d10",
        "1d100",
        "1d100",
    ),
    "content/skillcraft/creation.md": (
        "1d20",
        "7d6",
    ),
    "content/skillcraft/equipement.md": (
        "8d6",
        "1d4",
    ),
    "content/skillcraft/introduction.md": ("1d100",),
    "content/skillcraft/lacunes.md": ("1d100",),
    "content/skillcraft/personnalisation.md": (
        "1d20",
        "1d10 + 5",
        "1d10 + 5",
    ),
    "data/skillcraft/categorie-equipement.yaml": ("1d4",),
    "data/skillcraft/don.yaml": ("1d10+5",),
    "data/skillcraft/etat.yaml": (
        "1d4",
        "2d4",
    ),
    "data/skillcraft/handicap.yaml": ("1d10+5",),
    "data/skillcraft/statistique.yaml": ("1d10",),
    "data/skillcraft/table.yaml": (
        "2d4",
        "3d6",
        "1d6",
        "4d6",
    ),
    "data/skillcraft/talent.tiers-0.yaml": (
        "1d4",
        "1d4",
        "1d4",
    ),
    "data/skillcraft/talent.tiers-1.yaml": (
        "1d6",
        "1d6",
    ),
    "data/skillcraft/talent.tiers-2.yaml": (
        "1d6",
        "2d6",
        "1d4+1",
        "1d8",
    ),
    "data/skillcraft/talent.tiers-3.yaml": (
        "1d6",
        "1d10",
        "1d10",
        "1d10",
    ),
    "content/talon/atouts.md": ("1D10",),
    "content/talon/attributs-et-competences.md": (
        "2D6",
        "1D10",
        "1D8",
        "1D6",
    ),
    "content/talon/combat.md": (
        "1D6",
        "1D20",
        "1D6",
        "1D4",
        "1D8",
        "1D10",
        "1D8",
        "1D10",
        "1D10+2",
    ),
    "content/talon/creation.md": ("1D10",),
    "content/talon/lacunes.md": (
        "1D4",
        "1D6",
    ),
    "data/talon/action.yaml": ("1D6",),
    "data/talon/competence.yaml": (
        "2D6",
        "1D10",
        "1D8",
        "1D6",
    ),
    "content/undesix/creation.md": ("1d6",),
    "content/undesix/lacunes.md": ("1D6",),
    "content/undesix/magie.md": ("1d6",),
    "content/undesix/oppositions.md": ("1d6",),
    "content/undesix/test.md": ("1d6",),
    "data/undesix/variante.yaml": ("1d6",),
}


def _texts(root):
    """{path relative to the project: text} of every chapter and data file of every system
    that rewrites a source text: an original system's dice are its authors' own rule,
    with no source to read them against (`check` still judges every tag)."""
    found = {}
    originals = original_systems(root)
    for system in (s for s in systems.ids() if s not in originals):
        for base, pattern in (("content", "*.md"), ("data", "*.yaml")):
            for path in sorted((root / base / system).rglob(pattern)):
                found[path.relative_to(root).as_posix()] = path.read_text(encoding="utf-8")
    return found


@pytest.fixture(scope="module")
def texts(root):
    return _texts(root)


def test_every_dice_tag_was_read_against_its_source(texts):
    """A new tag, or one moved, must be read against the source and entered above: is the
    rule a plain sum of its dice? If not, it goes untagged, in NOT_SUMS."""
    tagged = {}
    for path, text in texts.items():
        expressions = tuple(m.group(1).strip() for m in TAG.finditer(text))
        if expressions:
            tagged[path] = expressions
    assert tagged == AUDITED


@pytest.mark.parametrize(
    ("path", "snippet", "why"), NOT_SUMS, ids=[f"{p}-{i}" for i, (p, _, _) in enumerate(NOT_SUMS)]
)
def test_dice_that_are_not_a_plain_sum_stay_untagged(texts, path, snippet, why):
    text = " ".join(texts[path].split())
    assert snippet in text, f"{path} : « {snippet} » ne doit pas être balisé : {why}"


def test_the_audit_covers_files_of_known_systems():
    known = set(systems.ids())
    for path, _, _ in NOT_SUMS:
        assert path.split("/")[1] in known, path
    for path in AUDITED:
        assert path.split("/")[1] in known, path
