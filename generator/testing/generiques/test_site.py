"""The generator's tests of a project's built site, the checks the repository runs on its
own (one definition each, in generator/testing/): every internal link resolves, the JSON
export holds every entity of the data, valid for the schema published beside it, and every
page type of each system fits a 390 px phone. Driven by the registry: the project's systems,
their kinds and calculators; run by `python -m generator tester` (`make test` of a project).
"""

from __future__ import annotations

import pytest

from generator import systems
from generator.testing import project_corpus, project_site, project_site_url
from generator.testing.api_export import expected_entities, export_problems
from generator.testing.chromium import chromium_problem
from generator.testing.page_types import page_types
from generator.testing.phone import measure_pages, pages_to_measure, phone_failures
from generator.testing.site_links import check_links, link_failures
from generator.testing.static import serving

SYSTEMS = systems.ids()  # the plugin has loaded the project: its systems only


def _fail_saying(failures: str | None) -> None:
    """Fail with the check's own French report, not the assertion's repr of it."""
    if failures:
        pytest.fail(failures, pytrace=False)


def test_every_internal_link_and_anchor_of_the_site_resolves():
    report = check_links(project_site(), project_site_url())
    assert report.pages and report.checked, "le site construit n'a ni page ni lien"
    _fail_saying(link_failures(report))


def test_the_json_export_holds_every_entity_valid_for_its_published_schema():
    expected = expected_entities(project_corpus())
    assert set(expected) == set(SYSTEMS)
    problems = export_problems(project_site(), expected)
    if problems:
        _fail_saying("export JSON du site (api/) :\n" + "\n".join(problems[:50]))


def test_every_page_type_fits_a_390_px_phone():
    """One page of each type of each system (registry), and every page whose content could
    be wider than a phone (phone.py), measured in Chromium."""
    _fail_saying(chromium_problem())
    site = project_site()
    typed = page_types(site, every_kind=True)
    for system in SYSTEMS:
        assert any(path.startswith(f"/{system}/") for path in typed), f"{system} sans page"
    paths = list(dict.fromkeys(typed + pages_to_measure(site)))
    with serving(site, project_site_url()) as address:
        found = measure_pages(address, paths)
    _fail_saying(phone_failures(found))
