"""Faulty projects end in French messages at `file:line`, never in a traceback,
and whatever `build` would reject, `check` rejects first, with every error of the run."""

import copy

import pytest
from helpers import edit, problems_of

from generator.pipeline.corpus import MAX_FILE_BYTES, MAX_ID_LENGTH
from generator.pipeline.yamlload import MAX_DEPTH


def line_of(project, relative, needle):
    lines = (project / relative).read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if needle in line)


def having(found, start, words):
    return [p for p in found if p.startswith(start) and words in p]


def test_links_folders_and_outsiders_are_reported_with_the_other_errors(project, tmp_path):
    data, content = project / "data/reserve-d6", project / "content/reserve-d6"
    (data / "table.boucle.yaml").symlink_to("table.boucle.yaml")  # a loop
    (content / "blessures.md").unlink()
    (content / "blessures.md").symlink_to("blessures.md")
    outside = tmp_path / "dehors.yaml"
    outside.write_text((data / "table.yaml").read_text())
    (data / "table.yaml").unlink()
    (data / "table.yaml").symlink_to(outside)  # leaves the project
    (content / "equipements.md").unlink()
    (content / "equipements.md").symlink_to(tmp_path)
    (project / "data/ailleurs").symlink_to(tmp_path, target_is_directory=True)
    (data / "formule.yaml").unlink()
    (data / "formule.yaml").mkdir()  # a folder where a file is expected
    (content / "resolution.md").unlink()
    (content / "resolution.md").mkdir()
    edit(project, "data/reserve-d6/caracteristique.yaml", "  abreviation: INTE\n", "  x: 1\n")
    found = problems_of(project)
    for start, words in [
        ("data/reserve-d6/table.boucle.yaml:1: ", "lien symbolique en boucle"),
        ("content/reserve-d6/blessures.md:1: ", "lien symbolique en boucle"),
        ("data/reserve-d6/table.yaml:1: ", "sort du projet"),
        ("content/reserve-d6/equipements.md:1: ", "sort du projet"),
        ("data/ailleurs:1: ", "sort du projet"),
        ("data/reserve-d6/formule.yaml:1: ", "est un dossier"),
        ("content/reserve-d6/resolution.md:1: ", "est un dossier"),
        ("data/reserve-d6/caracteristique.yaml:", "champ inconnu « x »"),
    ]:
        assert having(found, start, words), (start, found)


def test_a_broken_systeme_yaml_hides_none_of_the_other_errors(project):
    meta = project / "data/reserve-d6/systeme.yaml"
    meta.unlink()
    meta.mkdir()
    edit(project, "data/reserve-d6/caracteristique.yaml", "  abreviation: INTE\n", "  x: 1\n")
    edit(project, "content/reserve-d6/blessures.md", "## Mort", "## Mort\n\n{@sort feu}")
    found = problems_of(project)
    assert having(found, "data/reserve-d6/systeme.yaml:1: ", "est un dossier"), found
    assert having(found, "data/reserve-d6/caracteristique.yaml:", "champ inconnu « x »"), found
    assert having(found, "content/reserve-d6/blessures.md:", "balise de genre inconnu"), found
    # An invalid one, too.
    meta.rmdir()
    meta.write_text("id: reserve-d6\n")
    found = problems_of(project)
    assert having(found, "data/reserve-d6/systeme.yaml:", "champ obligatoire"), found
    assert having(found, "data/reserve-d6/caracteristique.yaml:", "champ inconnu « x »"), found


def test_deep_yaml_is_refused_at_its_line(project):
    deep = "  niveau_exemple: " + "[" * 500 + "]" * 500 + "\n"
    edit(project, "data/reserve-d6/competence.yaml", "  niveau_exemple: 3\n", deep)
    edit(
        project,
        "content/reserve-d6/blessures.md",
        "titre:",
        "x: " + "{a: " * 600 + "}" * 600 + "\ntitre:",
    )
    found = problems_of(project)
    line = line_of(project, "data/reserve-d6/competence.yaml", "niveau_exemple")
    assert having(found, f"data/reserve-d6/competence.yaml:{line}: ", f"au plus {MAX_DEPTH}"), found
    assert having(found, "content/reserve-d6/blessures.md:", "imbrication trop profonde"), found


def test_a_long_id_is_refused_with_its_limit(project):
    long_id = "tres-" * 60 + "long"
    edit(project, "data/reserve-d6/caracteristique.yaml", "- id: inte", f"- id: {long_id}")
    edit(
        project,
        "content/reserve-d6/caracteristiques.md",
        "{@caracteristique inte",
        "{@caracteristique " + long_id,
    )
    found = problems_of(project)
    line = line_of(project, "data/reserve-d6/caracteristique.yaml", long_id)
    assert having(
        found, f"data/reserve-d6/caracteristique.yaml:{line}: ", f"au plus {MAX_ID_LENGTH}"
    ), found


def test_an_id_ending_in_a_newline_is_refused_at_its_line(project):
    """A pattern matches the whole text, as JSON Schema (ECMA) reads `$`: Python's `$`
    also matches before a final newline, and this id passed `check` to fail in `build`."""
    relative = "data/divin6/avantage.yaml"
    edit(project, relative, "- id: attaque\n", '- id: "attaque-bis\\n"\n')
    found = problems_of(project)
    line = line_of(project, relative, "attaque-bis")
    assert having(
        found,
        f"{relative}:{line}: ",
        "« id » : « attaque-bis\n » n'a pas la forme attendue "
        "(minuscules sans accents, chiffres et tirets)",
    ), found


def test_a_huge_data_file_is_refused_before_it_is_read(project):
    path = project / "data/reserve-d6/formule.yaml"
    path.write_text(path.read_text() + "#" * MAX_FILE_BYTES)
    found = problems_of(project)
    assert having(found, "data/reserve-d6/formule.yaml:1: ", "fichier trop gros"), found


def test_a_malformed_rules_table_is_reported_at_its_line(project):
    relative = "data/skillcraft/table.yaml"
    edit(project, relative, "    - [1, 3]\n", "    - [1]\n")
    found = problems_of(project)
    line = line_of(project, relative, "    - [1]")
    assert having(found, f"{relative}:{line}: ", "les règles de skillcraft"), found
    assert having(found, f"{relative}:{line}: ", "cout-des-talents"), found


def test_a_requirement_loop_is_reported_with_its_path(project):
    relative = "data/skillcraft/talent.tiers-0.yaml"
    edit(project, relative, "  prerequis: null", "  prerequis: armes-improvisees")
    edit(project, relative, "  prerequis: null", "  prerequis: acrobaties")
    edit(project, relative, "  prerequis: null", "  prerequis: artisanat")
    found = problems_of(project)
    first = line_of(project, relative, "prerequis: armes-improvisees")
    second = line_of(project, relative, "prerequis: acrobaties")
    loops = having(found, f"{relative}:{first}: ", "prérequis en boucle")
    assert loops and len(having(found, relative, "en boucle")) == 1, found
    assert (
        f"talent « acrobaties » ({relative}:{first}) → talent « armes-improvisees » "
        f"({relative}:{second}) → talent « acrobaties »"
    ) in loops[0]
    itself = line_of(project, relative, "prerequis: artisanat")
    assert having(found, f"{relative}:{itself}: ", "se requiert lui-même"), found


def test_check_refuses_the_links_mkdocs_refuses(project):
    relative = "content/reserve-d6/blessures.md"
    edit(
        project,
        relative,
        "## Mort",
        "## Mort\n\n[perdu](nulle-part.md) et ![carte](carte.png)\n\n"
        "[absolu](/reserve-d6/) [ancre](#pas-la) [page](../caracteristique/dext.md#rien)\n\n"
        "`[code](ignore.md)` [bon](resolution.md) [bon](#mort) ![ok](../../api/index.json)",
    )
    found = problems_of(project)
    line = line_of(project, relative, "[perdu]")
    for words in ("nulle-part.md", "image « carte.png »"):
        assert having(found, f"{relative}:{line}: ", words), (words, found)
    line += 2
    assert having(found, f"{relative}:{line}: ", "lien absolu « /reserve-d6/ »"), found
    assert having(found, f"{relative}:{line}: ", "« #pas-la »"), found
    assert having(found, f"{relative}:{line}: ", "ancre « #rien » absente"), found
    assert len(found) == 5, found


def test_the_planner_stops_on_a_loop_instead_of_running_forever():
    import dataclasses

    from helpers import repo_rules

    from generator.engine import registry

    rules = repo_rules()["skillcraft"]
    talents = dict(rules.talents)
    a, b = "acrobaties", "armes-improvisees"
    talents[a] = dataclasses.replace(talents[a], prerequisite=b)
    talents[b] = dataclasses.replace(talents[b], prerequisite=a)
    looping = dataclasses.replace(rules, talents=talents)
    outcome = registry.get("skillcraft", "planificateur").run({"cible": a}, looping)
    assert "Prérequis en boucle" in outcome.errors["cible"], outcome


def test_the_talent_trees_lose_no_talent_without_a_word():
    from helpers import ROOT

    from generator.pipeline.corpus import load_corpus
    from generator.pipeline.errors import Problems
    from generator.systems.skillcraft import publication as site

    # A copy: the loaded system is kept for the next loads (serve), never changed.
    system = copy.deepcopy(load_corpus(ROOT, Problems(ROOT)).systems["skillcraft"])
    talents = {t.id: t for t in system.entities["talent"]}
    talents["acrobaties"].data["prerequis"] = "armes-improvisees"
    talents["armes-improvisees"].data["prerequis"] = "acrobaties"
    with pytest.raises(ValueError, match="hors de tout arbre.*acrobaties"):
        site.extra_pages(system, lambda page, target, label: label, lambda entity: "")


def test_a_wrong_type_is_reported_once_at_its_own_line(project):
    """Not also as a failure of the rules, blamed on the last value they read elsewhere."""
    relative = "data/skillcraft/talent.tiers-0.yaml"
    edit(project, relative, "  tiers: 0", "  tiers: zéro")
    found = problems_of(project)
    line = line_of(project, relative, "tiers: zéro")
    assert having(found, f"{relative}:{line}: ", "type incorrect"), found
    assert not having(found, "", "les règles de skillcraft"), found


def test_invalid_yaml_is_said_in_french(project):
    relative = "data/reserve-d6/competence.yaml"
    edit(project, relative, "  nom: Escalade\n", "  nom: Escalade: oups\n")
    assert problems_of(project) == [
        f"{relative}:{line_of(project, relative, 'Escalade: oups')}: YAML invalide : « : » "
        "inattendu ; un texte qui contient « : » s'écrit entre guillemets"
    ]
