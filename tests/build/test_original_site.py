"""A site of one original game: its home page and its footer say its authors wrote its
rules, never that they were rewritten from source texts."""

from __future__ import annotations

import re

from helpers import only_original_system

from generator.pipeline.build import build

SYSTEM = "reserve-d6"


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_home_page_and_the_footer_of_an_original_game(project, tmp_path):
    build(only_original_system(project, SYSTEM), site=tmp_path / "site", work=tmp_path / "w")
    home = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    footer = _text(re.search(r'<div class="md-copyright">.*?</div>', home, re.S)[0])
    assert footer.startswith(
        "Règles écrites par leurs auteurs, chacune sous la licence de son système"
    ), footer
    text = _text(home)
    assert "écrites par leurs auteurs et reliées entre elles" in text
    for rewrite in ("réécrit", "textes sources", "textes d'origine"):
        assert rewrite not in text, rewrite
