"""Each system's package, tested without a full build: discovery, links, conditions, pages."""

from __future__ import annotations

import ast
import re

import pytest
from helpers import ROOT

from generator import systems
from generator.core import urls
from generator.engine import registry
from generator.engine.inputs import IntInput
from generator.engine.registry import Calculator
from generator.pipeline import schemas
from generator.pipeline.build import check
from generator.pipeline.export import engine_data
from generator.pipeline.pages import Renderer
from generator.pipeline.rulebook import engine_rules


@pytest.fixture(scope="module")
def checked(root):
    return check(root)


@pytest.fixture(scope="module")
def renderer(checked):
    corpus, links = checked
    return Renderer(corpus, links, engine_rules(engine_data(corpus)))


def test_every_data_folder_has_a_package_and_no_list_names_them(root):
    folders = sorted(p.name for p in (root / "data").iterdir() if p.is_dir())
    assert systems.ids() == folders
    assert systems.module("reserve-d6", "rules").__name__ == "generator.systems.reserve_d6.rules"
    assert systems.module("inconnu", "rules") is None


def _calls_calculator(node: ast.AST) -> bool:
    """`Calculator(...)`, or `registry.Calculator(...)`."""
    called = getattr(node, "func", None)
    return isinstance(node, ast.Call) and "Calculator" in (
        getattr(called, "id", None),
        getattr(called, "attr", None),
    )


def test_every_calculator_is_declared_and_listed_in_its_calculators_py():
    """One skeleton per system: a calculator is declared (`Calculator(...)`) in
    its system's calculators.py only, the other modules holding the model code it computes
    with; and each one it declares, each one the registry serves, is in its `CALCULATORS`."""
    elsewhere = []
    for system in systems.ids():
        folder = systems.folder(system)
        for path in sorted(folder.rglob("*.py")):
            if path == folder / "calculators.py":
                continue
            elsewhere += [
                f"{path.relative_to(systems.FOLDER)}:{node.lineno}"
                for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                if _calls_calculator(node)
            ]
    assert elsewhere == [], "calculateurs déclarés hors de calculators.py"
    for system in systems.ids():
        module = systems.module(system, "calculators")
        listed = [c.id for c in module.CALCULATORS]
        declared = [v.id for v in vars(module).values() if isinstance(v, Calculator)]
        assert set(declared) == set(listed), system
        assert [c.id for c in registry.of_system(system)] == listed, system
        assert {c.system for c in module.CALCULATORS} == {system}


def _package_files(system: str) -> list[str]:
    """Every file of the system's package, as a path inside it (compiled files aside)."""
    folder = systems.folder(system)
    return sorted(
        path.relative_to(folder).as_posix()
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    )


def test_every_file_of_a_system_has_a_declared_role_and_the_required_ones_are_there():
    """One skeleton per system: the roles are declared once (systems.ROLES);
    a file of no role, a required role missing, or a role without the ones it goes with
    fails, naming the system and the file."""
    problems = []
    for system in systems.ids():
        files = _package_files(system)
        present = {role.path for role in systems.ROLES if any(map(role.matches, files))}
        problems += [
            f"{system} : {path} n'a aucun rôle déclaré (generator/systems/__init__.py, ROLES)"
            for path in files
            if not any(role.matches(path) for role in systems.ROLES)
        ]
        for role in systems.ROLES:
            if role.required and role.path not in present:
                problems.append(f"{system} : rôle requis absent, {role.path}")
            if role.path in present:
                problems += [
                    f"{system} : {role.path} va avec {other}, absent"
                    for other in role.goes_with
                    if other not in present
                ]
    assert problems == []


def _builds_a_law(path) -> list[int]:
    """Lines of `path` that build a law: `Law(…)`, `Law.<constructor>(…)`, or the dice
    of the text read as one (`roll_tags.ways`, `roll_tags.law`)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        called = getattr(node, "func", None)
        if not isinstance(node, ast.Call):
            continue
        owner = getattr(getattr(called, "value", None), "id", None)
        if getattr(called, "id", None) == "Law" or owner in ("Law", "roll_tags"):
            found.append(node.lineno)
    return found


def test_a_system_builds_its_laws_in_its_dice_py_only():
    """The laws of a system's dice are Law values made in its dice.py, which
    the other modules only read."""
    elsewhere = []
    for system in systems.ids():
        folder = systems.folder(system)
        for path in sorted(folder.rglob("*.py")):
            if path != folder / "dice.py":
                elsewhere += [
                    f"{path.relative_to(systems.FOLDER)}:{line}" for line in _builds_a_law(path)
                ]
    assert elsewhere == [], "lois construites hors de dice.py"
    assert _builds_a_law(systems.folder("reserve-d6") / "dice.py")  # the check sees one


def test_a_system_with_a_character_has_one_sheet_shape():
    """character.py's CHARACTER names the sheet calculator, declared in
    calculators.py as SHEET_CALCULATOR, whose function is sheet.py's compute_sheet; the
    printed sheet is the character's PRINTOUT."""
    from generator.engine import character, printout

    with_sheet = [s for s in systems.ids() if systems.module(s, "character") is not None]
    assert len(with_sheet) >= 4
    for system in with_sheet:
        kind = systems.module(system, "character").CHARACTER
        sheet = systems.module(system, "calculators").SHEET_CALCULATOR
        assert (system, sheet.id) == kind.CALCULATOR, system
        assert sheet.compute is systems.module(system, "sheet").compute_sheet, system
        assert character.of_system(system) is kind
        assert printout.declaration(system, sheet.id) is kind.PRINTOUT
        assert isinstance(kind.PRINTOUT, printout.Imprimable)
    assert character.of_system("reserve-d6") is None


def test_divin6_relations_come_from_the_schema(checked):
    corpus, links = checked
    insomniaque = corpus.systems["divin6"].entity("atout", "insomniaque")
    que_d_un_oeil = corpus.systems["divin6"].entity("atout", "que-d-un-oeil")
    assert insomniaque in links.excluded_by[que_d_un_oeil.docs_path]
    tir_rapide = corpus.systems["divin6"].entity("atout", "tir-rapide")
    sagesse = corpus.systems["divin6"].entity("caracteristique", "sagesse")
    assert tir_rapide in links.required_by[sagesse.docs_path]


def test_talon_prerequisites_feed_required_by(checked):
    corpus, links = checked
    talon = corpus.systems["talon"]
    target = talon.entity("atout", "elargir-l-horizon-des-possibles")
    assert any(e.kind == "atout" for e in links.required_by[target.docs_path])


def test_divin6_condition_sentence():
    condition = systems.module("divin6", systems.PUBLICATION).condition
    text = condition(
        {
            "prerequis": {
                "caracteristiques": [{"caracteristique": "sagesse", "min": 2}],
                "atouts_exclus": ["x"],
            }
        },
        lambda kind, ref: f"[{ref}]",
    )
    assert text == "Score de 2 au moins en [sagesse] ; ne pas avoir l'atout [x]."
    assert condition({"prerequis": {}}, lambda kind, ref: ref) == "Aucune."
    linked = condition({"prerequis": {}, "caracteristique_liee": "charisme"}, lambda k, r: r)
    assert linked == "Score de 1 au moins en charisme (caractéristique liée)."


def test_a_linked_characteristic_is_a_condition_everywhere(renderer, checked):
    """Compagnon needs Charisme ≥ 1 (l. 941), on its page, in the index and
    in the characteristic's « Requis par », with the threshold."""
    pages = renderer.pages()
    assert "Score de 1 au moins en [Charisme]" in pages[urls.entity("divin6", "atout", "compagnon")]
    index = pages[urls.kind_index("divin6", "atout")]
    sagesse_rows = [
        line for line in index.splitlines() if "Sagesse" in line and line.startswith("|")
    ]
    assert len(sagesse_rows) >= 8
    sagesse = pages[urls.entity("divin6", "caracteristique", "sagesse")]
    required = sagesse.split("## Requis par")[1].split("##")[0]
    assert "[Tir rapide](../atout/tir-rapide.md) (au moins 2)" in required  # l. 1059
    charisme = pages[urls.entity("divin6", "caracteristique", "charisme")]
    assert "[Compagnon](../atout/compagnon.md) (au moins 1)" in charisme.split("## Requis par")[1]


def test_reserve_d6_item_costs_come_from_the_rules(renderer):
    page = renderer.pages()[urls.entity("reserve-d6", "equipement", "tres-grosse-pierre")]
    # +7 en attaque: 7·8/2 = 28 points by the kept formula, 7·6/2 = 21 by the printed one.
    assert "| +7 en attaque |" in page and "| 7 | 28 | 21 |" in page
    assert "Coût retenu N(N+1)/2 | Coût imprimé N(N−1)/2" in page


def test_reserve_d6_permanent_modifiers_last_while_the_item_is_owned(renderer):
    """The text ties them to owning the item (« possède », l. 38), not to wearing it: the
    page and the house form's help say the same."""
    page = renderer.pages()[urls.entity("reserve-d6", "equipement", "tres-grosse-pierre")]
    line = next(x for x in page.splitlines() if "Modificateurs permanents" in x)
    schema = schemas.kinds("reserve-d6")["equipement"].schema["properties"]["permanents"]
    for text in (line, schema["description"]):
        assert "possède" in text and "porté" not in text, text


def test_chapters_index_lists_every_chapter(renderer, checked):
    corpus, _ = checked
    for system in corpus.systems.values():
        if not system.ready:
            continue
        page = renderer.pages()[urls.chapters_index(system.id)]
        for chapter in system.chapters:
            assert f"[{chapter.title}](" in page


def test_enum_values_show_as_french_words(renderer):
    page = renderer.pages()[urls.entity("divin6", "competence", "artisanat")]
    assert "Famille\n:   spécialisée" in page


def test_a_calculator_whose_function_does_not_match_its_inputs_fails_at_import():
    def compute(a, b):
        return ()

    with pytest.raises(TypeError, match="calculateur essai/mauvais"):
        Calculator("essai", "mauvais", "T", "R", (IntInput("a", "A", 0, 0, 1),), compute)
    ok = Calculator("essai", "bon", "T", "R", (IntInput("a", "A", 0, 0, 1),), lambda regles, a: ())
    assert ok.needs_rules


def _total(valeurs) -> int:
    """A helper handed the values: what it reads counts as read by its caller."""
    return valeurs.a + valeurs.b


def test_a_function_taking_valeurs_gets_one_read_only_object_checked_at_import():
    """`valeurs` instead of one parameter per field; the fields it reads,
    in its code and in the helpers of its module it hands them to, are the declared ones."""
    inputs = (IntInput("a", "A", 2, 0, 9), IntInput("b", "B", 3, 0, 9))

    def compute(regles, valeurs):
        return (regles, _total(valeurs), [valeurs.a for _ in range(2)])

    def issues(regles, valeurs):
        with pytest.raises(AttributeError):
            valeurs.a = 1  # read-only
        return ()

    calc = Calculator("essai", "valeurs", "T", "R", inputs, compute, issues=issues)
    assert calc.run({"b": "4"}, "R").blocks == ("R", 6, [2, 2])
    assert calc.outcomes({"a": 1, "b": 2}, "R") == ()

    def misspelt(regles, valeurs):
        return valeurs.a + valeurs.bb

    def half(regles, valeurs):
        return valeurs.a

    def mixed(regles, valeurs, b):
        return ()

    for wrong, said in (
        (misspelt, "compute_misspelt lit valeurs.bb"),
        (half, "ne lit les champs déclarés ['b']"),
        (mixed, "avec « valeurs », elle ne prend rien d'autre"),
    ):
        wrong.__name__ = f"compute_{wrong.__name__}"
        with pytest.raises(TypeError, match=f"calculateur essai/faux : .*{re.escape(said)}"):
            Calculator("essai", "faux", "T", "R", inputs, wrong)
    with pytest.raises(TypeError, match="calculateur essai/faux : sa fonction d'issues"):
        Calculator("essai", "faux", "T", "R", inputs, compute, issues=lambda regles, a, b: ())


def test_a_field_shown_only_for_some_choices_is_hidden_otherwise_and_checked_at_import():
    from generator.engine.form import calculator_html
    from generator.engine.inputs import ChoiceInput
    from generator.engine.registry import ShownWhen

    inputs = (
        ChoiceInput("mode", "Contre", "dd", (("dd", "DD"), ("oppose", "Opposé"))),
        IntInput("dd", "DD", 15, 1, 60),
        IntInput("adverse", "Bonus adverse", 2, 0, 9),
    )
    calc = Calculator(
        "essai",
        "affichage",
        "T",
        "R",
        inputs,
        lambda mode, dd, adverse: (),
        shown_when=(ShownWhen(("adverse",), "mode", ("oppose",)),),
    )
    html = calculator_html(calc, "")
    assert '<div class="srd-field" data-si="mode" data-si-valeurs="oppose" hidden>' in html
    assert html.count(" hidden>") == 1  # the DD, needed by the default choice, stays
    for wrong in (
        ShownWhen(("adverse",), "mode", ("contre",)),  # not a value of the choice
        ShownWhen(("inconnu",), "mode", ("oppose",)),  # not a field
        ShownWhen(("adverse",), "dd", ("1",)),  # not a choice
    ):
        with pytest.raises(TypeError, match="calculateur essai/faux"):
            Calculator(
                "essai", "faux", "T", "R", inputs, lambda mode, dd, adverse: (), shown_when=(wrong,)
            )


def test_choices_drawn_from_the_rules_reach_the_form_and_the_reading():
    from generator.engine.form import calculator_html
    from generator.engine.inputs import ChoiceInput

    calc = Calculator(
        "essai",
        "liste",
        "T",
        "R",
        (ChoiceInput("talent", "Talent", "b", lambda rules: rules["talents"]),),
        lambda regles, talent: (),
    )
    rules = {"talents": (("a", "Alpha"), ("b", "Bêta"))}
    assert calc.read({"talent": "a"}, rules).values == {"talent": "a"}
    assert "Choisissez" in calc.read({"talent": "z"}, rules).errors["talent"]
    html = calculator_html(calc, "", rules)
    assert '<option value="b" selected>Bêta</option>' in html


def test_talon_atout_costs_read_as_numbers(renderer):
    """The index shows each level's XP cost, not the printed « (X) -0/15 »."""
    index = renderer.pages()[urls.kind_index("talon", "atout")]
    assert "| [Arcaniste](arcaniste.md) | 0 / 15 / 20 / 40 |" in index
    assert "(X)" not in index.split("## ")[0]


def test_no_raw_data_on_any_page(renderer):
    """No « None » or « null », no source file name, no decimal point in a
    fact, no empty header band on a fact sheet."""
    import re

    for page, text in renderer.pages().items():
        for pattern in (r"\bNone\b", r"\bnull\b", r"\.txt\b", r":   −?\d+\.\d", r"^\| \| \|$"):
            assert not re.search(pattern, text, re.M), (page, pattern)


def test_every_module_the_generic_code_asks_of_a_system_exists_in_one():
    """`module(system, "name")` returns None for a system without that file: a name no
    system has (after a rename) would turn a feature off without a word."""
    asked = set()
    for path in (ROOT / "generator").rglob("*.py"):
        asked |= set(re.findall(r'\.module\([^)]*?,\s*"(\w+)"\)', path.read_text(encoding="utf-8")))
    assert {"calculators", "rules", "character"} <= asked
    for name in asked:
        assert any(systems.module(s, name) for s in systems.ids()), name


def test_a_site_without_some_features_has_none_of_their_pages_links_or_menu_entries(checked):
    """projet.yaml, site: fonctions: the GM screen and « Mener la partie » are left out
    of every system that declares them, the lists and house rules of the entity pages."""
    corpus, links = checked
    shown = Renderer(corpus, links, engine_rules(engine_data(corpus)), site={"fonctions": []})
    every = Renderer(corpus, links, engine_rules(engine_data(corpus)))
    titles = {title for item in shown.nav() for title in item}
    assert titles.isdisjoint({"Trouver", "Mes listes", "Mes personnages", "Règles maison"})
    assert {"Trouver", "Règles maison"} <= {title for item in every.nav() for title in item}
    for system in corpus.systems.values():
        assert shown.screen_page(system) == shown.partie_page(system) == {}
        section = str([item for item in shown.nav() if system.name in item])
        assert "Écran du MJ" not in section and "Mener la partie" not in section
        home = shown._render("systeme.md.j2", urls.system_home(system.id), system)
        assert "[Mener la partie](" not in home, system.id
        kind, [entity, *_] = next(iter(system.entities.items()))
        values = {"entity": entity, "kind": schemas.kinds(system.id)[kind], "e": entity.data}
        template = shown.entity_template(system.id, kind)
        page = shown._render(template, entity.docs_path, system, **values)
        assert "srd-epingler" not in page and "maison/" not in page, system.id
        page = every._render(template, entity.docs_path, system, **values)
        assert "srd-epingler-bouton" in page and "maison/" in page, system.id
    declares = [s for s in corpus.systems.values() if "partie" in s.meta and "ecran" in s.meta]
    assert declares  # else the test proves nothing of them
    assert all(every.screen_page(s) and every.partie_page(s) for s in declares)
    home = every._render("systeme.md.j2", urls.system_home(declares[0].id), declares[0])
    assert "[Mener la partie](" in home
