"""Offline reading by consent: a first visit fetches what the page
needs and nothing more; what the reader uses is kept for offline use; the whole site only
when the reader asks for it, on a page that says what it costs, and can be undone."""

from __future__ import annotations

import json
import re

from generator.pipeline.offline import MANIFEST, spelled_size


def full_copy_size(site) -> str:
    files = json.loads((site / MANIFEST).read_text(encoding="utf-8"))["fichiers"]
    return spelled_size(sum(entry["taille"] for entry in files.values()))


def test_the_offline_page_says_what_the_full_copy_costs_from_the_manifest(site):
    html = (site / "hors-ligne" / "index.html").read_text(encoding="utf-8")
    size = full_copy_size(site)
    assert re.fullmatch(r"≈\u00a0\d+\u00a0Mo", size), size
    assert f"Garder tout le site hors ligne ({size})" in html
    assert "TAILLEDELACOPIE" not in html


def test_the_home_page_and_the_footer_say_the_site_works_offline(site):
    home = (site / "index.html").read_text(encoding="utf-8")
    assert re.search(r"fonctionne aussi hors ligne[^<]*<a href=\"hors-ligne/\"", home)
    chapter = (site / "divin6" / "regles" / "combat" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="[./]*hors-ligne/">Consulter hors ligne</a>', chapter)
