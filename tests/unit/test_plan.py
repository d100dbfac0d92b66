"""One build plan (generator/pipeline/plan.py): `judge` names every file of the docs folder
once, for `check` and `build` alike; a failure to write a page carries the file it is
blamed on (errors.WritingFailed), whatever the code's variables are named."""

from __future__ import annotations

import pytest
from helpers import ROOT
from jinja2 import FileSystemLoader

from generator import systems
from generator.pipeline import cartes, finder, house_context
from generator.pipeline.assets import JS_YAML_ASSET, PYODIDE_FILES, engine_wheel
from generator.pipeline.build import _pages, judge
from generator.pipeline.errors import Origin, Problems, WritingFailed
from generator.pipeline.pages import TEMPLATES, Renderer

TEMPLATE_ERROR = "{{ e.inexistant }}"


@pytest.fixture(scope="module")
def plan():
    return judge(ROOT)


def test_the_plan_names_every_file_the_build_writes(plan):
    """The runtime's files and the browser's indexes are named by what makes them."""
    expected = {cartes.INDEX, finder.INDEX, house_context.INDEX, JS_YAML_ASSET}
    expected |= {f"assets/pyodide/{name}" for name in PYODIDE_FILES}
    expected |= {"assets/wheels/manifest.json", "api/index.json", *plan.pages}
    assert expected <= set(plan.files)
    wheel = next(p for p in plan.files if p.endswith(".whl"))
    assert wheel == f"assets/wheels/{engine_wheel(plan.rules.data)[0]}"
    assert set(plan.rules.built) == set(plan.rules.data) == set(plan.rules.markers)


def faulty(plan, tmp_path, template: str | None):
    """A fresh renderer whose template for the first kind of the first system is broken:
    a file of its own (`template`), else a text with no file."""
    renderer = Renderer(plan.corpus, plan.links, plan.rules.built, markers=plan.rules.markers)
    system = next(s for s in plan.corpus.systems.values() if s.ready)
    kind = next(iter(system.entities))
    if template is not None:
        (tmp_path / "panne.md.j2").write_text(f"Première ligne\n{template}\n", encoding="utf-8")
        renderer.env.loader = FileSystemLoader([tmp_path, TEMPLATES, systems.FOLDER])
    else:
        broken, found = renderer.env.from_string(TEMPLATE_ERROR), renderer.env.get_template
        renderer.env.get_template = lambda name, *rest: (
            broken if name == "panne.md.j2" else found(name, *rest)
        )
    renderer._templates[system.id, kind] = "panne.md.j2"
    return renderer, system.entities[kind][0]


def test_a_failing_template_names_its_line_and_the_file_of_the_page(plan, tmp_path):
    renderer, entity = faulty(plan, tmp_path, TEMPLATE_ERROR)
    problems = Problems(ROOT)
    assert _pages(renderer, plan.rules, problems) is None
    [said] = problems.items
    assert (said.path, said.line) == ((tmp_path / "panne.md.j2").as_posix(), 2)
    where = f"{problems.relative(entity.file)}:{entity.line(('id',))}"
    assert said.message == (
        f"gabarit : champ « inexistant » absent de la valeur lue en écrivant la page de {where}"
        " ; corrigez le gabarit (ou la donnée, si c'est elle qui manque)"
    )


def test_a_failing_page_is_blamed_on_its_entity(plan, tmp_path):
    renderer, entity = faulty(plan, tmp_path, None)
    with pytest.raises(WritingFailed) as failed:
        renderer.pages()
    assert failed.value.origin == Origin(entity.file, entity.line(("id",)), entity.docs_path)
    assert failed.value.template is None
    problems = Problems(ROOT)
    assert _pages(renderer, plan.rules, problems) is None
    [said] = problems.items
    assert (said.path, said.line) == (problems.relative(entity.file), entity.line(("id",)))
    assert said.message.startswith("page impossible à écrire : UndefinedError (")
    assert said.message.endswith("; vérifiez les valeurs que cette page lit")


def test_a_page_is_blamed_on_its_chapter_else_its_system_else_the_generator(plan):
    renderer = plan.renderer
    system = next(s for s in plan.corpus.systems.values() if s.chapters)
    chapter = system.chapters[0]
    assert renderer.origin(chapter.docs_path, system) == Origin(
        chapter.file, chapter.body_line, chapter.docs_path
    )
    assert renderer.origin("x.md", system) == Origin(system.file, 1, "x.md")
    assert renderer.origin("x.md", None) == Origin("generator", 1, "x.md")
