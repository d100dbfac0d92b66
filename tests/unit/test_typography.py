"""French typography and words (the reader's side): the typography function, then every
page of the built site read as a reader sees it (the text of its HTML, code left out)."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from helpers import BREAKABLE_BEFORE, html_text

from generator.core.typographie import FINE, INSECABLE, html, pluriel, texte
from generator.engine import registry
from generator.engine.results import format_percent


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Coût : 3", f"Coût{INSECABLE}: 3"),
        ("Vraiment ? Oui ! Bien ; fin", f"Vraiment{FINE}? Oui{FINE}! Bien{FINE}; fin"),
        ("le « Talon » ici", f"le «{FINE}Talon{FINE}» ici"),
        ("le «Talon» ici", f"le «{FINE}Talon{FINE}» ici"),
        ("mot\n:", f"mot{INSECABLE}:"),
        (f"déjà{INSECABLE}: fait", f"déjà{INSECABLE}: fait"),
        ("Réussite : 66 % des jets", f"Réussite{INSECABLE}: 66{FINE}% des jets"),
        ("à 33,3\u00a0%", f"à 33,3{FINE}%"),
        ("un malus de -13", "un malus de \u221213"),
        ("(X) -0/15/20/40", "(X) \u22120/15/20/40"),
    ],
)
def test_text_gets_non_breaking_spaces(raw, expected):
    assert texte(raw) == expected


@pytest.mark.parametrize(
    "raw",
    [
        "http://127.0.0.1:8000/a?b=1",
        "10:30",
        "voir ?modificateur=99",
        "a :b",
        "»",
        "",
        "100%",
        "x %",
        "PSY-5, 1-3, 2,5-3, Demi-elfe",
        "-- -x",
    ],
)
def test_what_is_not_prose_punctuation_is_left_alone(raw):
    assert texte(raw) == raw


def test_html_changes_text_only():
    page = (
        '<p title="Coût : 3" data-x="a ; b"><a href="/x/?q=1 ;r">Coût</a> : 3 !</p>'
        "<code>a : b</code><pre>x ! y <b>z ?</b></pre>"
        '<script>if (a < b) { s = " : "; }</script><style>a:hover { x: y ; }</style>'
        "<!-- note : ici --><p>mot <em>!</em></p><p>mot <code>x</code>: y</p>"
    )
    expected = (
        f'<p title="Coût : 3" data-x="a ; b"><a href="/x/?q=1 ;r">Coût</a>{INSECABLE}: 3{FINE}!</p>'
        "<code>a : b</code><pre>x ! y <b>z ?</b></pre>"
        '<script>if (a < b) { s = " : "; }</script><style>a:hover { x: y ; }</style>'
        f"<!-- note : ici --><p>mot{FINE}<em>!</em></p><p>mot <code>x</code>: y</p>"
    )
    assert html(page) == expected


def test_plurals_follow_the_count():
    assert [pluriel(n, "point", "points") for n in (0, 1, 2, -3)] == [
        "point",
        "point",
        "points",
        "points",
    ]


@pytest.mark.parametrize(
    "text",
    ["Coût : 3 ; « Talon » ! Quoi ? 12 %", "<p>a <i>:</i> « <a href='u'>b</a> »</p>"],
)
def test_typography_is_idempotent(text):
    once = html(text)
    assert html(once) == once
    assert texte(texte(text)) == texte(text)


def test_a_percentage_keeps_its_sign_on_its_line():
    """A result's probabilities, as the engine writes them in the browser (no page pass
    there): a narrow no-break space between the number and « % »."""
    for p in (Fraction(0), Fraction(1), Fraction(2, 3), Fraction(7, 10000), Fraction(1, 10**7)):
        shown = format_percent(p)
        assert shown.endswith(f"{FINE}%") and " " not in shown, shown


def test_every_calculator_result_follows_french_typography(rules):
    """Every calculator's result as the engine draws it, the HTML the browser receives
    (the pages' final typography pass never sees a recomputed result)."""
    found = []
    for calc in registry.all_calculators():
        text, _ = html_text(calc.default_html(rules.get(calc.system)))
        for match in BREAKABLE_BEFORE.finditer(text):
            found.append(f"{calc.system}/{calc.id} : {match.group(0)!r}")
    assert not found, found


def test_the_search_box_applies_the_same_rules(tmp_path):
    """Pagefind's excerpts get the non-breaking spaces in the browser, from the rules
    search.py writes out: JavaScript's RegExp reads them as Python does."""
    import json
    import shutil
    import subprocess

    from generator.core.typographie import regles

    node = shutil.which("node")
    assert node, "node absent"
    samples = [
        "Coût : 3 ; voir « Talon » ! Quoi ?",
        "le «Talon» ici, http://a.b:80/?q=1 à 10:30",
        "mot\n: fin",
        "déjà\u00a0: fait",
        "Réussite à 66 % ; 100% ou 0,07 %",
    ]
    script = tmp_path / "regles.mjs"
    script.write_text(
        f"const rules = {json.dumps(regles())}.map(([p, r]) => [new RegExp(p, 'g'), r]);\n"
        f"const samples = {json.dumps(samples)};\n"
        "console.log(JSON.stringify(samples.map((s) => rules.reduce((t, [p, r]) => "
        "t.replace(p, r), s))));\n",
        encoding="utf-8",
    )
    done = subprocess.run([node, str(script)], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == [texte(sample) for sample in samples]


# --- the strings the scripts write --------------------------------------------------------
ROOT = Path(__file__).resolve().parents[2]


SCRIPTS = [
    *sorted((ROOT / "generator" / "browser").rglob("*.js")),
    *sorted((ROOT / "generator" / "browser").rglob("*.mjs")),
    *sorted((ROOT / "generator" / "serve" / "direct").glob("*.js")),
]


# A string literal on one line: "…", '…' or `…` (its ${…} parts are code, not text).
LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`|\'(?:[^\'\\\n]|\\.)*\'')


CODE = re.compile(r"\$\{[^}]*(?:\}|$)")


BREAKABLE = re.compile(r" (?=[:;!?](?:\s|$))|« | »")


def script_texts(path: Path):
    """(line, text) of each French string literal of a script, its ${…} parts left out."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.lstrip().startswith("//"):
            continue
        for literal in LITERAL.finditer(line):
            text = CODE.sub("", literal.group(0)[1:-1])
            # words, or a label around a value (`${name} : `: the name is French text too)
            if re.search(r"[a-zéèàç]{3}", text) or re.fullmatch(r"\s*[:;!?]\s*", text):
                yield number, text


def test_the_scripts_strings_follow_french_typography():
    """What the scripts write (calculator states, search notes, offline and
    `serve` messages) has its no-break spaces too, typed in the source as \\u00a0 or
    \\u202f."""
    found = [
        f"{path.relative_to(ROOT)}:{number} : {text[:80]}"
        for path in SCRIPTS
        for number, text in script_texts(path)
        if BREAKABLE.search(text)
    ]
    assert len(SCRIPTS) > 10
    assert not found, "\n".join(found)


def test_the_scripts_check_sees_a_breakable_space(tmp_path):
    script = tmp_path / "essai.js"
    script.write_text(
        'show("Votre résultat : prêt");\nshow(`ok\\u00a0: ${a ? b : c}`);\n'
        "label.textContent = `${name} : `;\n"
    )
    assert [n for n, t in script_texts(script) if BREAKABLE.search(t)] == [1, 3]


# A subtraction written with spaces, « 10 - 4 »: the hyphen is not glued to the number, so
# the typography leaves it; the text writes « − ». Quoted source wording (« … ») is kept.
SPACED_MINUS = re.compile(r"\d\)?\s+-\s+\(?\d")
QUOTED = re.compile(r"«[^»]*»")


def _texts(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from _texts(value)
    elif isinstance(node, list):
        for value in node:
            yield from _texts(value)


def test_no_hyphen_stands_for_a_minus_between_two_numbers(root):
    """In the chapters, the data and the help texts of the schemas (the house rules forms
    show them), a subtraction is written with the minus sign."""
    import json

    from generator import systems
    from generator.pipeline.build import check

    corpus, _ = check(root)
    places = [(c.file, c.body) for s in corpus.systems.values() for c in s.chapters]
    places += [(e.docs_path, e.data) for s in corpus.systems.values() for e in s.all_entities()]
    for path in systems.FOLDER.glob("*/publication/schemas/*.json"):
        places.append((path, json.loads(path.read_text(encoding="utf-8"))))
    found = [
        (str(place), match.group(0))
        for place, node in places
        for text in _texts(node)
        for match in SPACED_MINUS.finditer(QUOTED.sub("", text))
    ]
    assert not found, found
    assert SPACED_MINUS.search("Prendre 6 (10 - 4)") and not SPACED_MINUS.search("1-2-3")
