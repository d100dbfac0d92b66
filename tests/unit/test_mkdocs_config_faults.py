"""mkdocs.yml missing, or naming an icon no one has: a French message at its place, before
MkDocs runs (never its English traceback)."""

import pytest
from helpers import edit, line_of

from generator.pipeline import mkdocs_yml
from generator.pipeline.errors import BuildFailed


def said(project) -> list[str]:
    with pytest.raises(BuildFailed) as failure:
        mkdocs_yml.read(project)
    return [str(p) for p in failure.value.problems.items]


def test_no_configuration_nor_project_is_named_with_what_to_do(project):
    """Without mkdocs.yml the configuration is written from projet.yaml: without that too,
    the message says where a project keeps it and how to make one."""
    (project / "mkdocs.yml").unlink()
    (project / "projet.yaml").unlink()
    [message] = said(project)
    assert message.startswith("projet.yaml:1: fichier du projet introuvable"), message
    assert "nouveau-projet DOSSIER" in message and "--racine" in message


def test_an_unknown_logo_icon_is_refused_at_its_line(project):
    edit(project, "mkdocs.yml", "logo: material/dice-multiple", "logo: material/de-magique")
    line = line_of(project, "mkdocs.yml", "material/de-magique")
    [message] = said(project)
    assert message.startswith(
        f"mkdocs.yml:{line}: theme.icon.logo : icône « material/de-magique » introuvable"
    ), message
    assert message.endswith("corrigez cette ligne")


def test_an_unknown_toggle_icon_is_refused_at_its_line(project):
    edit(project, "mkdocs.yml", "icon: material/weather-night", "icon: material/nuit")
    [message] = said(project)
    assert "theme.palette.0.toggle.icon : icône « material/nuit »" in message, message


def test_the_project_s_own_icon_is_accepted(project):
    own = project / "theme" / ".icons" / "jeu"
    own.mkdir(parents=True)
    (own / "de.svg").write_text("<svg/>")
    edit(project, "mkdocs.yml", "logo: material/dice-multiple", "logo: jeu/de")
    edit(project, "mkdocs.yml", "theme:\n", "theme:\n  custom_dir: theme\n")
    assert mkdocs_yml.read(project)["theme"]["icon"]["logo"] == "jeu/de"
