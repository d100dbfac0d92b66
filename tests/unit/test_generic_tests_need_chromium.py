"""A project's phone test (generator/testing/generiques/test_site.py) fails, never skips,
when Chromium is missing: it says in French how to install it, before building anything."""

from __future__ import annotations

import pytest

from generator.testing import chromium
from generator.testing.generiques import test_site


def test_without_chromium_the_phone_test_fails_saying_how_to_install_it(monkeypatch):
    monkeypatch.setattr(chromium, "CHROMIUM", "/nulle-part/chromium")
    monkeypatch.setattr(test_site, "project_site", lambda: pytest.fail("site construit"))
    with pytest.raises(pytest.fail.Exception) as failed:
        test_site.test_every_page_type_fits_a_390_px_phone()
    said = str(failed.value)
    assert said.startswith("Chromium absent (/nulle-part/chromium)"), said
    assert "sudo apt-get install chromium" in said
