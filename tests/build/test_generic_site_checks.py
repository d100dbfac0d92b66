"""The generic tests of a project's built site (generator/testing/generiques/test_site.py)
fail when they should, each saying what is wrong: in a project that `nouveau-projet` made
outside the repository, its entity template links to a page that does not exist and holds a
field wider than a phone, and its JSON export, once built, loses an entity and breaks its
schema with another (the export follows the data, which `check` holds to the same schema:
only a built site altered afterwards can show it). One build, for a sub-path; three tests
run by `python -m generator tester`, as the project's `make test` runs them."""

from __future__ import annotations

import os
import subprocess
import sys

from helpers import ROOT

SYSTEM = "mon-jeu"
TEMPLATE = "systemes/mon_jeu/publication/templates/don.md.j2"
# Built for a sub-path, as a repository's pages are served: its own links under that path
# are no broken links, and the phone test serves it there.
SUB_PATH_ADDRESS = "http://127.0.0.1:8000/mon-depot/"
# In the project's conftest.py: the site its tests build, its export then altered.
ALTERED_EXPORT = """
import functools
import json

import generator.testing

_built = generator.testing.project_site


@functools.cache
def _altered():
    site = _built()
    path = site / "api" / "mon-jeu" / "don.json"
    entities = [e for e in json.loads(path.read_text()) if e["id"] != "don-d-exemple"]
    entities[0]["jet"] = 7  # a number where the schema wants a dice text
    path.write_text(json.dumps(entities))
    return site


generator.testing.project_site = _altered
"""


def _environment(**extra: str) -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("SRD_TESTS_")} | extra


def test_the_generic_site_tests_fail_on_a_broken_link_export_or_phone_page(tmp_path):
    project = tmp_path / "jeu"
    subprocess.run(
        [sys.executable, "-m", "generator", "nouveau-projet", str(project), "--id", SYSTEM],
        cwd=tmp_path, check=True, capture_output=True, env=_environment(),
    )  # fmt: skip
    (project / "node_modules").symlink_to(ROOT / "node_modules")  # no npm install in tests
    template = project / TEMPLATE
    text = template.read_text(encoding="utf-8")
    assert text.endswith("{% endblock %}\n")
    broken = (
        '<a href="../nulle-part/">Nulle part</a>\n\n<input size="300" aria-label="Trop large">\n'
    )
    template.write_text(text.replace("{% endblock %}", broken + "{% endblock %}"))
    with (project / "conftest.py").open("a", encoding="utf-8") as conftest:
        conftest.write(ALTERED_EXPORT)

    done = subprocess.run(
        [sys.executable, "-m", "generator", "tester", "-p", "no:cacheprovider", "-k", "test_site"],
        cwd=project, capture_output=True, text=True, timeout=900,
        env=_environment(SRD_SITE_URL=SUB_PATH_ADDRESS),
    )  # fmt: skip
    said = done.stdout
    assert done.returncode == 1 and "3 failed" in said, said[-3000:] + done.stderr[-2000:]
    assert "Liens cassés (2) :" in said, said
    assert f"/{SYSTEM}/don/don-avance/index.html: ../nulle-part/ (fichier absent)" in said
    assert f"api/{SYSTEM}/don.json : entités absentes de l'export : don-d-exemple" in said
    assert (
        f"« don-avance » ne suit pas api/schemas/{SYSTEM}/don.schema.json (jet, selon jsonschema : "
        in said
    )
    assert "Pages trop larges pour un téléphone de 390 px (1) :" in said
    assert f"/{SYSTEM}/don/don-avance/ : la page défile de " in said
