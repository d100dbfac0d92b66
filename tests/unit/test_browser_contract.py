"""The values the browser code shares with the Python (generator/pipeline/browser_contract.py):
written once in the Python, handed to the browser as assets/lib/contrat.js. The committed
copy must be what the Python says, and the site gets the Python's text whatever that copy."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

from generator.engine import form, saved, tirage
from generator.house import reader as house
from generator.pipeline import assets, browser_contract


def test_the_committed_contract_is_what_the_python_says():
    committed = browser_contract.SOURCE.read_text(encoding="utf-8")
    assert committed == browser_contract.text(), (
        f"{browser_contract.SOURCE.name} n'est plus ce que dit le Python : "
        f"lancez « {browser_contract.COMMAND} »"
    )


def test_the_site_gets_the_pythons_text_not_the_committed_copy(monkeypatch):
    monkeypatch.setattr(browser_contract, "text", lambda: "export const A = 1;\n")
    assert assets.browser_files()[browser_contract.ASSET] == b"export const A = 1;\n"
    assert browser_contract.SOURCE.read_bytes() != b"export const A = 1;\n"


def test_every_constant_of_the_form_is_exported_or_said_the_pythons_own():
    """A new class or attribute of form.py is one calc.js may need: it is sorted here."""
    public = {
        name
        for name, value in vars(form).items()
        if re.fullmatch(r"[A-Z][A-Z_]*", name) and isinstance(value, (str, tuple))
    }
    sorted_out = (
        browser_contract.FORM_CLASSES
        + browser_contract.FORM_SUFFIXES
        + browser_contract.FORM_ATTRIBUTES
        + browser_contract.FORM_PYTHON_ONLY
    )
    assert len(sorted_out) == len(set(sorted_out))
    assert public == set(sorted_out)


def test_javascript_reads_each_value_as_the_python_wrote_it(tmp_path):
    """contrat.js imported by Node: the same strings, numbers and expressions."""
    node = shutil.which("node")
    assert node, "node absent"
    script = tmp_path / "lire.mjs"
    script.write_text(
        f"const c = await import({json.dumps(browser_contract.SOURCE.as_uri())});\n"
        "console.log(JSON.stringify(Object.fromEntries(Object.entries(c).map(([k, v]) =>"
        " [k, v instanceof RegExp ? {source: v.source, flags: v.flags} : v]))));\n",
        encoding="utf-8",
    )
    done = subprocess.run([node, str(script)], capture_output=True, text=True, check=True)
    read = json.loads(done.stdout)
    expected = {
        item.name: (
            {"source": item.value.pattern, "flags": ""}
            if isinstance(item.value, re.Pattern)
            else item.value
        )
        for item in browser_contract.shared()
    }
    assert read == expected
    assert read["ROOT"] == f".{form.ROOT}" and read["KIND"] == form.KIND
    assert read["WORDS_PER_ROLL"] == tirage.WORDS_PER_ROLL
    assert read["HOUSE_MAX_DEPTH"] == house.MAX_DEPTH
    assert read["SAVED_MAX_FILE_CHARS"] == saved.MAX_FILE_CHARS


def test_the_searchs_article_rule_drops_the_same_articles_in_javascript(tmp_path):
    node = shutil.which("node")
    assert node, "node absent"
    titles = ["le combat", "l’arme", "l'arme", "les dés", "lecture", "de la magie", "delta"]
    script = tmp_path / "articles.mjs"
    script.write_text(
        f"const {{ SEARCH_ARTICLES }} = await import({json.dumps(browser_contract.SOURCE.as_uri())});\n"
        f"console.log(JSON.stringify({json.dumps(titles)}.map((t) => t.replace(SEARCH_ARTICLES, ''))));\n",
        encoding="utf-8",
    )
    done = subprocess.run([node, str(script)], capture_output=True, text=True, check=True)
    from generator.pipeline.search import ARTICLES

    assert json.loads(done.stdout) == [ARTICLES.sub("", title) for title in titles]
    assert json.loads(done.stdout)[0] == "combat"


def test_a_value_javascript_cannot_hold_is_refused():
    import pytest

    with pytest.raises(ValueError):
        browser_contract._literal(re.compile("a", re.IGNORECASE))
    with pytest.raises(TypeError):
        browser_contract._literal(1.5)
    assert browser_contract._literal(1_000_000) == "1_000_000"
    assert browser_contract._literal("« x »") == '"« x »"'
