"""No text of the data or of a chapter can run code, restyle the page or drop its policy."""

from __future__ import annotations

import pytest
from helpers import edit, problems_of

from generator.pipeline import csp, markdown_safety

# One line each, as a writer could type them; each must be refused at its own line.
MALICIOUS_LINES = [
    "Un paragraphe qui prend le focus.\n{: onfocus=alert(1) autofocus}",
    "[un lien](cible.md){: onclick=alert(1)}",
    'Un paragraphe.\n{: href="javascript:alert(1)"}',
    "Un bouton.\n{: formaction=https://ailleurs.example}",
    'Un voile.\n{: style="position:fixed;inset:0"}',
    "## Titre piégé {: onclick=alert(1)}",
    "[ref]: javascript:alert(1)",
    "[ref2]: <javascript:alert(2)>",
    "[encodé](&#106;avascript:alert(1))",
    "![image](data:image/svg+xml;base64,PHN2Zz4=)",
    "[à plat](vbscript:msgbox)",
]


SAFE = [
    "## Titre {#ancre}",
    "[relatif](../regles/combat.md#tour)",
    "[externe](https://exemple.org/page)",
    "Voir {@atout onde-de-choc}.",  # an id starting with « on » is no event handler
    "Un ensemble {1, 2} dans la phrase.",
]


@pytest.mark.parametrize("text", MALICIOUS_LINES)
def test_each_markdown_form_is_refused(text):
    found = [
        *markdown_safety.attribute_list_problems(text),
        *markdown_safety.reference_problems(text),
        *markdown_safety.rendered_problems(text),
    ]
    assert found, text


@pytest.mark.parametrize("text", SAFE)
def test_ordinary_markdown_passes(text):
    def words(block):
        return block.replace("{@atout onde-de-choc}", "onde-de-choc")

    assert not list(markdown_safety.rendered_problems(text, words)), text
    assert not list(markdown_safety.reference_problems(text)), text
    assert not list(markdown_safety.attribute_list_problems(text)), text


def test_check_refuses_every_form_in_a_chapter_at_its_line(project):
    relative = "content/reserve-d6/blessures.md"
    edit(project, relative, "## Mort", "## Mort\n\n" + "\n\n".join(MALICIOUS_LINES) + "\n")
    lines = (project / relative).read_text().splitlines()
    found = problems_of(project)
    for text in MALICIOUS_LINES:
        last = text.split("\n")[-1]
        expected = lines.index(last) + 1
        assert any(p.startswith(f"{relative}:{expected}: ") for p in found), (text, found)


def test_check_refuses_an_attribute_list_in_a_data_text(project):
    relative = "data/reserve-d6/caracteristique.yaml"
    edit(
        project,
        relative,
        "  resume: Force physique du personnage.",
        '  resume: "Force physique {: onmouseover=alert(1)}"',
    )
    line = next(
        i
        for i, text in enumerate((project / relative).read_text().splitlines(), 1)
        if "onmouseover" in text
    )
    found = problems_of(project)
    assert any(p.startswith(f"{relative}:{line}: ") and "onmouseover" in p for p in found), found


def test_the_policy_is_written_by_structure_not_by_the_page_text(tmp_path):
    """A page whose text quotes the policy's own markup still gets the policy."""
    page = tmp_path / "index.html"
    quoted = 'Le texte cite http-equiv="Content-Security-Policy" tel quel.'
    page.write_text(
        f"<!doctype html><html><head><title>t</title></head><body><p>{quoted}</p></body></html>"
    )
    csp.protect(tmp_path)
    html = page.read_text()
    assert html.startswith(f"<!doctype html><html><head>{csp.META} content=")
    csp.protect(tmp_path)  # a second pass adds nothing
    assert page.read_text() == html


def test_the_policy_allows_no_inline_style():
    assert "'unsafe-inline'" not in csp.policy("<html><head></head></html>")


def test_the_texts_of_systeme_yaml_are_checked_too(tmp_path):
    """Its cover text is rendered on the system's home page: same rules, same file:line."""
    from helpers import copy_project

    project = copy_project(tmp_path / "projet")
    relative = "data/reserve-d6/systeme.yaml"
    text = (project / relative).read_text()
    start = text.index("couverture: |\n") + len("couverture: |\n")
    indent = text[start:].split("\n")[0][: -len(text[start:].split("\n")[0].lstrip())]
    (project / relative).write_text(
        text[:start] + f"{indent}[piège](javascript:alert(1)) {{@atout inconnu}}\n" + text[start:]
    )
    line = text[:start].count("\n") + 1
    found = problems_of(project)
    assert any(p.startswith(f"{relative}:{line}: ") and "javascript" in p for p in found), found
    assert any(p.startswith(f"{relative}:{line}: ") and "inconnu" in p for p in found), found
