"""`_headers` names the service worker and its manifest under the path the site is
served at: the root of its host, or a sub-path (a GitHub project page, say)."""

import tomllib

import pytest
import yaml
from helpers import ROOT

from generator.pipeline.hosting import base_path, headers


@pytest.mark.parametrize(
    ("site_url", "base"),
    [
        ("https://exemple.org/", "/"),
        ("https://exemple.org", "/"),
        (None, "/"),
        ("https://exemple.org/srd/", "/srd/"),
        ("https://auteur.github.io/mon-jeu", "/mon-jeu/"),
        ("http://127.0.0.1:8000/a/b/", "/a/b/"),
    ],
)
def test_the_rules_start_at_the_path_the_site_is_served_at(site_url, base):
    assert base_path(site_url) == base
    rules = [line for line in headers(site_url).splitlines() if not line.startswith("#")]
    assert rules == [
        f"{base}sw.js",
        "  Cache-Control: no-cache",
        f"{base}hors-ligne.json",
        "  Cache-Control: no-cache",
    ]


def test_the_publishing_workflow_builds_for_the_pages_address_and_publishes_the_site():
    """The template a new project copies (docs/publier.md): the project's own commands,
    the site built for the address GitHub Pages gives it, `site/` published."""
    workflow = ROOT / "generator" / "pipeline" / "scaffold_files" / "publier.yml"
    jobs = yaml.safe_load(workflow.read_text(encoding="utf-8"))["jobs"]
    steps = jobs["construire"]["steps"]
    runs = [step["run"] for step in steps if "run" in step]
    assert runs == ["make check", "make site"]
    built = next(step for step in steps if step.get("run") == "make site")
    assert built["env"]["SRD_SITE_URL"] == "${{ steps.pages.outputs.base_url }}/"
    uploaded = next(s for s in steps if s.get("uses", "").startswith("actions/upload-pages"))
    assert uploaded["with"]["path"] == "site"
    assert jobs["publier"]["needs"] == "construire"
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "pipeline/scaffold_files/*" in data["tool"]["setuptools"]["package-data"]["generator"]
