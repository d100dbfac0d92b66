"""Writing a new system: a fault in its code, schema or template is said once, in
French, at its own file and line, with what to do; never as a traceback."""

import json
import subprocess
import sys

import pytest
from helpers import checked, copy_generator, edit, line_of

PACKAGE = "generator/systems/reserve_d6"


@pytest.fixture
def code(project):
    return copy_generator(project)


def only(found: list[str]) -> str:
    """The one error of a run, with the count line that follows it."""
    assert found[-1] == "1 erreur : le site n'a pas été reconstruit.", found
    assert len(found) == 2 and "Traceback" not in found[0], found
    return found[0]


def test_a_template_bug_is_reported_at_the_template(code):
    template = "generator/systems/skillcraft/publication/templates/talent.md.j2"
    edit(code, template, "{% block fields %}\n", "{% block fields %}\n{{ e.inexistant }}\n")
    said = only(checked(code))
    assert said.startswith(f"{template}:{line_of(code, template, 'e.inexistant')}: gabarit : ")
    assert "champ « inexistant » absent" in said and "data/skillcraft/talent." in said, said
    assert "corrigez le gabarit" in said


def test_a_trailing_comma_in_a_schema_is_named_at_its_line(code):
    schema = f"{PACKAGE}/publication/schemas/formule.json"
    edit(code, schema, '"Formule retenue"\n', '"Formule retenue",\n')
    said = only(checked(code))
    line = line_of(code, schema, '"Formule retenue",')
    assert (
        said
        == f"{schema}:{line}: JSON invalide : virgule en trop après le dernier élément ; retirez-la"
    )


def test_a_compute_function_that_does_not_take_its_fields(code):
    module = f"{PACKAGE}/calculators.py"
    edit(
        code,
        module,
        "def compute_cost(regles, niveau, bonus_objet, formule):",
        "def compute_cost(regles, niveau, bonus, formule):",
    )
    said = only(checked(code))
    assert said.startswith(f"{module}:"), said
    assert (
        "le module ne se charge pas : calculateur reserve-d6/cout : la fonction compute_cost"
        in said
    )
    assert said.endswith("corrigez ce fichier")


def test_a_kind_with_a_wrong_gender_is_refused_at_its_line(code):
    schema = f"{PACKAGE}/publication/schemas/competence.json"
    data = json.loads((code / schema).read_text())
    data = {"x-genre": "féminin", **data}  # the value is written without accent
    (code / schema).write_text(json.dumps(data, ensure_ascii=False, indent=2))
    said = only(checked(code))
    line = line_of(code, schema, '"x-genre"')
    assert said.startswith(
        f"{schema}:{line}: « x-genre » vaut « masculin » ou « feminin », pas « féminin »"
    ), said


def test_a_property_without_title_is_refused(code):
    schema = f"{PACKAGE}/publication/schemas/competence.json"
    data = json.loads((code / schema).read_text())
    del data["properties"]["description"]["title"]
    (code / schema).write_text(json.dumps(data, ensure_ascii=False, indent=2))
    said = only(checked(code))
    line = line_of(code, schema, '"description": {')
    assert (
        said
        == f"{schema}:{line}: propriété « description » sans « title » : donnez-lui son libellé français"
    )


def test_a_misnamed_package_is_said_once(code):
    (code / PACKAGE).rename(code / "generator/systems/reserve_dd6")
    said = only(checked(code))
    assert said.startswith(
        "data/reserve-d6/systeme.yaml:1: aucun paquet generator/systems/reserve_d6/"
    ), said
    assert said.endswith("paquets sans dossier de données : reserve_dd6")


def test_a_threshold_among_several_references_is_a_warning_at_its_line(code):
    """`check` passes, but says where a schema's `x-seuil` would serve several references."""
    schema = "generator/systems/divin6/publication/schemas/atout.json"
    edit(
        code,
        schema,
        '"title": "Caractéristique"\n              },\n',
        '"title": "Caractéristique"\n              },\n'
        '              "competence": {"type": "string", "x-ref": "competence", "title": "Rang"},\n',
    )
    done = subprocess.run(
        [sys.executable, "-m", "generator", "--racine", str(code), "check"],
        cwd=code,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    lines = (code / schema).read_text().splitlines()
    line = next(i for i, text in enumerate(lines, 1) if '"x-seuil": "min"' in text)
    assert done.stderr.splitlines() == [
        f"{schema}:{line}: avertissement : « x-seuil: min » vaudrait pour chacun des renvois "
        "« caracteristique », « competence » de cet objet : donnez aux autres leur "
        "« x-seuil-fixe », ou mettez chaque renvoi et son seuil dans un objet à lui"
    ]
    assert done.stdout.startswith("Données valides : ")


def test_an_undefined_name_in_a_calculator_is_said_at_its_line_not_at_the_data(code):
    module = f"{PACKAGE}/calculators.py"
    edit(
        code, module, "    chosen = regles.formulas[formule]\n", "    chosen = formules[formule]\n"
    )
    said = only(checked(code))
    assert said == (
        f"{module}:{line_of(code, module, 'chosen = formules[formule]')}: calculateur « cout » : "
        "le résultat par défaut ne se calcule pas : nom « formules » non défini à cet endroit "
        "du code ; corrigez cette ligne du code du système"
    ), said


def test_an_undefined_name_in_the_rules_is_said_at_its_line(code):
    module = f"{PACKAGE}/rules.py"
    edit(code, module, '    variants = data["formule"]', '    variants = donnees["formule"]')
    said = only(checked(code))
    assert said.startswith(f"{module}:{line_of(code, module, 'donnees[')}: "), said
    assert "nom « donnees » non défini" in said and "data/" not in said, said


def test_a_syntax_error_is_said_at_its_own_file_and_line(code):
    module = f"{PACKAGE}/calculators.py"
    edit(
        code,
        module,
        "def compute_cost(regles, niveau, bonus_objet, formule):",
        "def compute_cost(regles, niveau, bonus_objet, formule)",
    )
    said = only(checked(code))
    assert said == (
        f"{module}:{line_of(code, module, 'def compute_cost(')}: le module ne se charge pas : "
        "erreur de syntaxe Python (« expected ':' ») ; corrigez ce fichier"
    ), said
