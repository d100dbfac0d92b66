"""What the table prints: a character sheet per system on one A4 page, computed by the
engine (generator/engine/printout.py, generator/browser/fiche.js), and each system's GM
screen on landscape A4 pages it fills, in three columns (`ecran` in systeme.yaml,
templates/ecran.md.j2).
Printed to PDF in Chromium and read back with pypdf."""

from __future__ import annotations

import io
import json
from urllib.parse import urlencode

import pytest
from helpers import ROOT, repo_rules

from generator.core import urls
from generator.core.typographie import texte
from generator.engine import character, printout, registry
from generator.engine.results import Figures, Links, Text, format_number
from generator.pipeline.build import BuildFailed, check

A4_PORTRAIT = (595, 842)  # points, rounded (Chromium's own A4 is a point larger)
A4_LANDSCAPE = (842, 595)


def sizes_are(printed: list, expected: tuple[int, int], count: int) -> bool:
    """`count` pages, each of the `expected` size to within 2 points."""
    return len(printed) == count and all(
        abs(w - expected[0]) <= 2 and abs(h - expected[1]) <= 2 for (w, h), _ in printed
    )


# One character per sheet calculator, each with something the rules refuse (so the sheet
# prints the failed check) and with chosen entities (printed with their effect).
CHARACTERS = {
    "divin6": {"force": "4", "classes": "combattant", "atouts": "metier des armes"},
    "skillcraft": {"agilite": "12", "talents": "melee, resistance"},
    "talon": {"archetype": "combattant", "primaires": "combatif = armes blanches"},
    "undesix": {"phy": "6", "verbe": "voir"},
}


def sheet_calculators() -> list[tuple[str, str]]:
    return [t.CALCULATOR for t in character.types().values()]


def pdf_pages(pdf: bytes) -> list[tuple[tuple[int, int], str]]:
    """Each page's size in points and its text, blanks collapsed."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    return [
        (
            (round(float(page.mediabox.width)), round(float(page.mediabox.height))),
            " ".join(page.extract_text().split()),
        )
        for page in reader.pages
    ]


def flat(text: str) -> str:
    """In French typography, blanks of any width collapsed (as pypdf reads them)."""
    text = texte(text)
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


# --- the engine's sheet -------------------------------------------------------------------


@pytest.mark.parametrize("system,calc_id", sheet_calculators())
def test_each_sheet_calculator_declares_a_printed_sheet(system, calc_id):
    sheet = printout.declaration(system, calc_id)
    assert sheet is not None and sheet.genres, system
    answer = printout.sheet_html(
        registry.get(system, calc_id), sheet, CHARACTERS[system], repo_rules()[system]
    )
    assert answer["ok"], answer
    assert "<form" not in answer["html"] and 'data-page="' in answer["html"]


def test_the_divin_sheet_has_a_box_for_each_value_counted_in_play():
    """Current PV, PE and Destin are written in by hand: each declared figure is printed
    with an empty box beside its maximum, first on the sheet."""
    sheet = printout.declaration("divin6", "feuille")
    assert sheet.suivis == ("Points de vie", "Points d'énergie", "Points de Destin")
    rules = repo_rules()["divin6"]
    calc = registry.get("divin6", "feuille")
    outcome = calc.run(CHARACTERS["divin6"], rules)
    counted = printout.tracked(sheet, outcome.blocks)
    assert [f.label for f in counted] == list(sheet.suivis)
    html = printout.sheet_html(calc, sheet, CHARACTERS["divin6"], rules)["html"]
    assert html.startswith('<section class="srd-fiche-suivi">')
    assert html.count('class="srd-fiche-case"') == 3
    assert f"/ {counted[0].value}</span>" in html


@pytest.mark.parametrize("system,calc_id", sheet_calculators())
def test_every_value_a_sheet_counts_in_play_is_one_its_result_computes(system, calc_id):
    sheet = printout.declaration(system, calc_id)
    outcome = registry.get(system, calc_id).run(CHARACTERS[system], repo_rules()[system])
    assert len(printout.tracked(sheet, outcome.blocks)) == len(sheet.suivis), system


def test_a_sheet_refused_names_the_fields():
    calc = registry.get("divin6", "feuille")
    answer = printout.sheet_html(
        calc, printout.declaration("divin6", "feuille"), {"force": "x"}, repo_rules()["divin6"]
    )
    assert not answer["ok"] and "force" in answer["errors"]


def test_no_printed_sheet_for_a_calculator_that_is_not_a_sheet():
    reply = json.loads(printout.sheet_json("skillcraft", "test", "{}"))
    assert not reply["ok"] and "Pas de fiche à imprimer" in reply["message"]
    assert printout.declaration("reserve-d6", "reserve") is None


# --- the GM screen's declaration ---------------------------------------------------------


def test_every_system_declares_a_screen_of_three_panels():
    corpus, _ = check(ROOT)
    for system in corpus.systems.values():
        assert len(system.meta["ecran"]) == 3, system.id


@pytest.mark.parametrize(
    "old,new,message",
    [
        ("{genre: etat}", "{genre: etats}", "genre « etats » introuvable"),
        ("id: abris}", "id: abri}", "entité « table abri » introuvable"),
    ],
)
def test_a_screen_naming_nothing_is_reported_at_its_line(project, old, new, message):
    path = project / "data" / "skillcraft" / "systeme.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1
    with pytest.raises(BuildFailed) as failure:
        check(project)
    found = [str(p) for p in failure.value.problems.items]
    assert any(
        p.startswith(f"data/skillcraft/systeme.yaml:{line}: ") and message in p for p in found
    ), found


def test_a_screen_without_a_panel_is_refused_by_the_schema(project):
    """A screen holds one panel or more (a small game may have one or two)."""
    path = project / "data" / "reserve-d6" / "systeme.yaml"
    text = path.read_text(encoding="utf-8")
    start, end = text.index("\necran:\n"), text.index("\npartie:")
    path.write_text(f"{text[:start]}\necran: []{text[end:]}", encoding="utf-8")
    with pytest.raises(BuildFailed) as failure:
        check(project)
    assert "data/reserve-d6/systeme.yaml" in failure.value.problems.report()


# --- printed in Chromium -----------------------------------------------------------------


def screen_titles(system) -> list[str]:
    """What the screen of a system must show: its panels' titles, and the name of each
    declared entity, or the title given to a declared kind (its plural by default)."""
    from generator.pipeline import schemas

    kinds = schemas.kinds(system.id)
    titles = []
    for volet in system.meta["ecran"]:
        titles.append(volet["titre"])
        for item in volet["contenu"]:
            kind = item["genre"]
            found = system.entity(kind, item["id"]) if "id" in item else None
            titles.append(found.name if found else item.get("titre", kinds[kind].plural))
    return titles


def pdf_runs(pdf: bytes) -> list[tuple[int, float, float, float, str]]:
    """Every text run of the PDF: (page, x, y from the top of the page, type size in
    points, text), in the order the page paints them."""
    from pypdf import PdfReader

    runs = []
    for number, page in enumerate(PdfReader(io.BytesIO(pdf)).pages):
        height = float(page.mediabox.height)

        def visit(text, cm, tm, font, size, number=number, height=height):
            if not text.strip():
                return
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            scale = (tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3])
            points = size * (scale[0] ** 2 + scale[1] ** 2) ** 0.5
            runs.append((number, x, height - y, points, text))

        page.extract_text(visitor_text=visit)
    return runs


def screen_pdf(page, server: str, system_id: str) -> bytes:
    page.goto(server + urls.url(urls.gm_screen(system_id)), wait_until="load")
    return page.pdf(format="A4", prefer_css_page_size=True)


def systems_with_screens() -> list[str]:
    corpus, _ = check(ROOT)
    return [s.id for s in corpus.systems.values() if "ecran" in s.meta]


@pytest.mark.browser
def test_each_gm_screen_prints_on_landscape_pages_in_type_of_8_points(browser, server):
    corpus, _ = check(ROOT)
    page = browser.new_page()
    for system in corpus.systems.values():
        pdf = screen_pdf(page, server, system.id)
        printed = pdf_pages(pdf)
        assert sizes_are(printed, A4_LANDSCAPE, len(printed)), system.id
        assert all(text for _, text in printed), (system.id, "a blank page")
        text = flat(" ".join(t for _, t in printed))
        missing = [t for t in screen_titles(system) if flat(t) not in text]
        assert not missing, (system.id, missing)
        smallest = min(size for *_, size, _ in pdf_runs(pdf))
        assert smallest >= 7.9, (system.id, smallest)
        calculators = [c for c in registry.all_calculators() if c.system == system.id]
        links = page.locator(".srd-ecran-intro a").all_inner_texts()
        running = ["Mener la partie"] if "partie" in system.meta else []
        assert links == [c.title for c in calculators] + running, system.id
    page.close()


# Réserve-d6's text is 67 lines: its rules played at the table fill half a page.
@pytest.mark.browser
@pytest.mark.parametrize("system_id", systems_with_screens())
def test_a_printed_gm_screen_fills_each_of_its_pages(browser, server, system_id):
    """Text reaches the last fifth of every page (8 mm margins take 4 % of it; the last page
    is balanced, its three columns end level). A screen that holds less than a page (a
    short rules text) prints on one page: there is no page to fill but that one."""
    page = browser.new_page()
    pdf = screen_pdf(page, server, system_id)
    page.close()
    runs = pdf_runs(pdf)
    pages = len(pdf_pages(pdf))
    reach = [max(y for n, _, y, *_ in runs if n == number) for number in range(pages)]
    filled = reach if pages > 1 else []  # one page: nothing else to fill, all is on it
    assert reach and all(y >= 0.8 * A4_LANDSCAPE[1] for y in filled), (system_id, reach)


def text_finder(runs: list, label: str):
    """find(text, after) -> (offset past it, run): where a text (or its first words) is
    printed, searched in the runs' text from an offset on."""
    stream, starts = "", []
    for run in runs:
        starts.append(len(stream))
        stream += flat(run[4]) + " "

    def find(needle: str, after: int) -> tuple[int, tuple]:
        words = flat(needle)  # whole, or its first words if it wraps on a hyphen
        found = stream.find(words, after)
        if found < 0:
            words = " ".join(words.split()[:2])
            found = stream.find(words, after)
        assert found >= 0, (label, needle)
        run = runs[max(i for i, start in enumerate(starts) if start <= found)]
        return found + len(words), run

    return find


@pytest.mark.browser
def test_no_printed_screen_table_leaves_its_heading_or_breaks_across_columns(browser, server):
    """Each table's heading, header row and last row are printed on one page, in one
    column, in that order (read back from the PDF's text runs). The last row is found by
    all its cells: its first one may also head a column (« Serviable » of the attitudes)."""
    page = browser.new_page()
    for system_id in systems_with_screens():
        pdf = screen_pdf(page, server, system_id)
        tables = page.evaluate(
            """() => [...document.querySelectorAll('.srd-ecran-bloc table')].map(t => {
                const bloc = t.closest('.srd-ecran-bloc');
                const titles = [...bloc.querySelectorAll('h3, h4')]
                  .filter(h => h.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING);
                const rows = t.querySelectorAll('tbody tr');
                return [titles.at(-1).innerText.replace('¶', ''), t.querySelector('th').innerText,
                        rows[rows.length - 1].innerText];
            })"""
        )
        run_at = text_finder(pdf_runs(pdf), system_id)
        cursor, column = 0, (A4_LANDSCAPE[0] - 45) / 3
        for title, head, last in tables:
            cursor, heading = run_at(title, cursor)
            cursor, header = run_at(head, cursor)
            cursor, bottom = run_at(last, cursor)
            assert heading[0] == header[0] == bottom[0], (system_id, title, "split by a page")
            assert abs(header[1] - heading[1]) < column / 2, (system_id, title, "header moved")
            assert abs(bottom[1] - heading[1]) < column / 2, (system_id, title, "column break")
            assert heading[2] < header[2] <= bottom[2], (system_id, title)
    page.close()


@pytest.mark.browser
@pytest.mark.parametrize("width", [820, 390])
def test_each_gm_screen_fits_a_tablet_and_a_phone(browser, server, width):
    """On a tablet (820 px) and a phone, the screen neither scrolls sideways nor holds a
    table wider than its box (a wide table reflows into blocks)."""
    context = browser.new_context(viewport={"width": width, "height": 1000})
    page = context.new_page()
    for system_id in systems_with_screens():
        page.goto(server + urls.url(urls.gm_screen(system_id)), wait_until="load")
        faults = page.evaluate(
            """() => {
                const out = [];
                const root = document.documentElement;
                if (root.scrollWidth > root.clientWidth) out.push('défile sur le côté');
                for (const t of document.querySelectorAll('.srd-ecran table')) {
                    if (t.getBoundingClientRect().width > t.parentElement.clientWidth + 1) {
                        out.push(t.closest('.srd-ecran-bloc').querySelector('h3, h4').innerText);
                    }
                }
                return out;
            }"""
        )
        assert not faults, (system_id, width, faults)
    context.close()


@pytest.mark.browser
def test_each_printed_gm_screen_table_fits_its_column(browser, server):
    """In print media, at the width of a landscape A4 page inside its margins, no table
    of a screen is wider than one of its three columns (Talon's « Qualités de PNJ » has
    six)."""
    width = round((A4_LANDSCAPE[0] - 2 * 8 / 25.4 * 72) * 96 / 72)  # 8 mm margins, in px
    context = browser.new_context(viewport={"width": width, "height": 1000})
    page = context.new_page()
    page.emulate_media(media="print")
    for system_id in systems_with_screens():
        page.goto(server + urls.url(urls.gm_screen(system_id)), wait_until="load")
        faults = page.evaluate(
            """() => {
                const screen = document.querySelector('.srd-ecran');
                const style = getComputedStyle(screen);
                const count = Number(style.columnCount);
                const column = (screen.clientWidth - parseFloat(style.paddingLeft)
                  - parseFloat(style.paddingRight) - parseFloat(style.columnGap) * (count - 1)) / count;
                return [...screen.querySelectorAll('table')]
                  .filter((t) => t.getBoundingClientRect().width > column + 1)
                  .map((t) => [t.closest('.srd-ecran-bloc').querySelector('h3, h4').innerText,
                               Math.round(t.getBoundingClientRect().width), Math.round(column)]);
            }"""
        )
        assert not faults, (system_id, faults)
    context.close()


def expected_on_sheet(system: str, calc_id: str) -> list[str]:
    """Values the engine computes for the test character, the failed checks, and the
    effect of one chosen entity, as the data says it."""
    corpus, _ = check(ROOT)
    outcome = registry.get(system, calc_id).run(CHARACTERS[system], repo_rules()[system])
    figures = next(b for b in outcome.blocks if isinstance(b, Figures))
    first = figures.items[0]
    value = first.value if isinstance(first.value, str) else format_number(first.value)
    found = [first.label, value]
    warnings = [b.text for b in outcome.blocks if isinstance(b, Text) and b.tone != "info"]
    checks = [b.text for b in outcome.blocks if hasattr(b, "failed") and b.failed]
    found += [text[:40] for text in warnings + checks]
    chosen = [item.page for b in outcome.blocks if isinstance(b, Links) for item in b.items]
    for field, kind in printout.declaration(system, calc_id).choix:
        if field in CHARACTERS[system]:
            chosen.append(urls.entity(system, kind, CHARACTERS[system][field]))
    assert chosen, system
    for page in (chosen[0], chosen[-1]):
        kind, entity_id = page.split("/")[1], page.split("/")[2][: -len(".md")]
        found.append(corpus.systems[system].entity(kind, entity_id).data["resume"][:40])
    return found


@pytest.mark.browser
@pytest.mark.parametrize("system,calc_id", sheet_calculators())
def test_each_character_sheet_prints_on_one_a4_page(browser, server, system, calc_id):
    page = browser.new_page()
    query = urlencode(CHARACTERS[system])
    page.goto(server + urls.url(urls.printable_sheet(system, calc_id)) + "?" + query)
    page.wait_for_selector(".srd-fiche[data-state='ok']", timeout=120_000)
    printed = pdf_pages(page.pdf(format="A4"))
    assert sizes_are(printed, A4_PORTRAIT, 1), (system, [s for s, _ in printed])
    text = flat(printed[0][1])
    missing = [v for v in expected_on_sheet(system, calc_id) if flat(v) not in text]
    assert not missing, (system, missing, text[:2000])
    assert "Revenir au calculateur" not in text  # the page's tools are not printed
    smallest = min(size for *_, size, _ in pdf_runs(page.pdf(format="A4")))
    assert smallest >= 7.9, (system, smallest)  # notes included: 8 pt at least
    # A box for each value counted in play, big enough to write a number in.
    boxes = page.locator(".srd-fiche-suivi .srd-fiche-case")
    assert boxes.count() == len(printout.declaration(system, calc_id).suivis)
    for box in boxes.all():
        size = box.bounding_box()
        assert size["width"] >= 30 and size["height"] >= 14, (system, size)
    page.close()


@pytest.mark.browser
def test_the_sheet_calculator_links_to_its_printed_sheet_with_its_query(browser, server):
    page = browser.new_page()
    calc = urls.url(urls.calculator("divin6", "feuille"))
    page.goto(server + calc + "?force=4", wait_until="load")
    link = page.get_by_role("link", name="Imprimer la fiche")
    page.fill("#feuille-charisme", "3")
    page.wait_for_function("location.search.includes('charisme=3')")
    link.focus()
    href = link.get_attribute("href")
    assert urls.url(urls.printable_sheet("divin6", "feuille")) in href
    assert "force=4" in href and "charisme=3" in href
    link.click()
    page.wait_for_selector(".srd-fiche[data-state='ok']", timeout=120_000)
    assert "charisme=3" in page.url
    figures = page.locator(".srd-fiche-corps dl").first.inner_text()
    assert "Charisme" in figures and "3" in figures
    page.close()


@pytest.mark.browser
def test_a_refused_sheet_says_which_fields(browser, server):
    page = browser.new_page()
    page.goto(server + urls.url(urls.printable_sheet("divin6", "feuille")) + "?force=douze")
    page.wait_for_selector(".srd-fiche[data-state='invalid']", timeout=120_000)
    assert page.locator(".srd-fiche-corps li").first.inner_text().startswith("Force\u00a0: ")
    page.close()
