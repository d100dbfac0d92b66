"""Whole-site properties of the built files: what every page carries, what none holds."""

from __future__ import annotations

from generator.pipeline import csp


def test_every_built_page_starts_its_head_with_the_policy(site):
    pages = list(site.rglob("*.html"))
    assert len(pages) > 1000
    for page in pages:
        html = page.read_text(encoding="utf-8")
        head = csp.HEAD.search(html)
        assert head and html.startswith(csp.META, head.end()), page


def test_no_personal_address_is_published(site):
    for path in site.rglob("*"):
        if path.suffix in {".html", ".json", ".md", ".txt", ".xml"}:
            text = path.read_text(encoding="utf-8", errors="ignore")
            assert "gmail" not in text and "For your eyes" not in text, path
