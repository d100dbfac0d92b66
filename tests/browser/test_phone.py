"""Every page of the built site fits a 390 px phone — not a sample, all of them: every
page whose content could be wider than the screen, and one page of each other shape
(generator/testing/phone.py, the check a project's tests run too).
"""

from __future__ import annotations

import time

import pytest

from generator.testing.phone import (
    PHONE,
    READY,
    every_page,
    measure_pages,
    page_file,
    pages_to_measure,
    phone_failures,
)

pytestmark = pytest.mark.browser


def table_html(columns: int, index: bool = False) -> str:
    import markdown

    text = "| " + " | ".join(f"Col {n}" for n in range(columns)) + " |\n"
    text += "|" + "---|" * columns + "\n| " + " | ".join("x" * columns) + " |\n"
    if index:
        text = f'<div class="srd-liste" markdown>\n\n{text}\n</div>'
    return markdown.markdown(
        text, extensions=["tables", "md_in_html", "generator.pipeline.tableaux"]
    )


@pytest.mark.parametrize(
    ("columns", "shape"), [(2, None), (3, None), (4, "mesure"), (5, "mesure"), (6, "blocs")]
)
def test_a_table_shape_follows_its_number_of_columns(columns, shape):
    html = table_html(columns)
    if shape:
        assert f'<table data-forme="{shape}" role="table">' in html
        assert f'<td data-titre="Col {columns - 1}" role="cell">' in html
    else:
        assert "data-forme" not in html and "data-titre" not in html


def test_an_index_table_is_labelled_but_keeps_its_own_phone_layout():
    html = table_html(3, index=True)
    assert '<td data-titre="Col 2" role="cell">' in html
    assert "data-forme" not in table_html(7, index=True)


def test_a_reflowed_table_still_reads_as_a_table(browser, server):
    """At 390 px the « Coût en PSY » table is one block per row; a screen reader still
    gets a table with its column headers, and each cell without its label read twice."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, service_workers="block")
    page = context.new_page()
    page.goto(f"{server}/undesix/table/cout-en-psy/")
    page.wait_for_function(READY)
    table = page.locator("table").first
    assert table.evaluate("t => getComputedStyle(t).display") == "block"
    tree = table.aria_snapshot()
    context.close()
    assert 'columnheader "Coût en PSY"' in tree, tree
    assert '- cell "ordinaire"' in tree and "Coût en PSY :" not in tree, tree


def test_the_pages_measured_are_those_that_could_be_too_wide(site):
    every, measured = every_page(site), pages_to_measure(site)
    assert len(every) > 1000, "le site construit devrait compter plus de 1 000 pages"
    table = next(p for p in every if "<table" in page_file(site, p).read_text(encoding="utf-8"))
    assert table in measured
    assert "/" in measured and len(measured) < len(every)


SHARDS = 2  # the pages in two parts, which the test workers share out


@pytest.mark.parametrize("shard", range(SHARDS))
def test_every_page_fits_a_390_px_phone(site, server, shard):
    paths = pages_to_measure(site)[shard::SHARDS]
    start = time.perf_counter()
    found = measure_pages(server, paths)
    print(f"{len(paths)} pages mesurées à 390 px en {time.perf_counter() - start:.0f} s")
    assert not found, phone_failures(found)
