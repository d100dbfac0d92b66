"""The engine under the real Pyodide runtime (Node + the npm package), from the site's wheels."""

import json
import subprocess

import pytest
from helpers import ROOT

from generator.engine import api, registry

pytestmark = pytest.mark.pyodide

QUERIES = [
    ("skillcraft", "test", {"avantages": "1"}),
    (
        "skillcraft",
        "test",
        {"mode": "oppose", "modificateur": "4", "rang": "0", "bonus_adverse": "2"},
    ),
    (
        "undesix",
        "sort",
        {"psy": "6", "verbes": "creer", "essences": "feu", "taille": "taille-petit"},
    ),
    ("undesix", "test", {"caracteristique": "4", "modificateur": "-1"}),
    ("undesix", "opposition", {"valeur_a": "2", "valeur_b": "4"}),
    ("undesix", "attaque", {"phy": "2", "arme": "2", "ca": "0"}),
    ("reserve-d6", "reserve", {}),
    (
        "reserve-d6",
        "reserve",
        {"caracteristique": "4", "competence": "3", "equipement": "4", "blessures_physiques": "2"},
    ),
    ("reserve-d6", "reserve", {"caracteristique": "x"}),
    ("reserve-d6", "combat", {"attaquant": "11", "defenseur": "9"}),
    ("reserve-d6", "combat", {"attaquant": "4", "defenseur": "4"}),
    ("reserve-d6", "cout", {"niveau": "7", "bonus_objet": "4, 7", "formule": "imprimee"}),
    ("talon", "test", {"mode": "avantage", "lames_revelees": "13E,1C,A5"}),
    ("talon", "sante", {}),
    ("talon", "talon-virtuel", {"graine": "7", "journal": "t cE r1 a n"}),
    ("divin6", "jet", {"mode": "opposition", "destin": "oui", "science_du_critique": "oui"}),
    ("divin6", "degats", {"explosion": "5"}),
    ("undesix", "creation", {"mode": "creation-aleatoire", "essences": "Feu"}),
    ("undesix", "sante", {"degats": "6", "bonus_vitalite": "1", "option_moins_10": "oui"}),
    (
        "undesix",
        "attaque",
        {"formule": "fiche-8", "dex_cible": "5", "armure": "2", "bouclier": "oui"},
    ),
    ("skillcraft", "attaque", {"talent_critique": "critique-accru", "avantages": "1"}),
    ("skillcraft", "encombrement", {"vigueur": "13", "taille": "petite"}),
    ("skillcraft", "cout-pouvoir", {"tiers": "2", "niveau": "4", "energie": "10"}),
    ("skillcraft", "progression", {"experience": "5000", "tiers": "1"}),
    ("skillcraft", "fiche", {}),
    ("skillcraft", "fiche", {"experience": "100", "progression": "vigueur", "rangs": "Mêlée 3"}),
    ("skillcraft", "planificateur", {"possedes": "Mêlée", "points": "10", "cible": "commandement"}),
    ("divin6", "feuille", {"atouts": "insomniaque, que d'un oeil"}),
]


def run_in_pyodide(site, code: str) -> str:
    done = subprocess.run(
        ["node", str(ROOT / "generator/testing/pyodide_run.mjs"), str(site)],
        input=code,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_pyodide_runs_its_python_with_the_site_wheels(site):
    out = json.loads(
        run_in_pyodide(
            site,
            "import sys, json\njson.dumps([sys.platform, sys.version_info[:2]])",
        )
    )
    lock = json.loads((ROOT / "node_modules/pyodide/pyodide-lock.json").read_text())
    python = [int(part) for part in lock["info"]["python"].split(".")[:2]]
    assert out[0] == "emscripten" and out[1] == python


def test_exact_values_under_pyodide(site):
    code = (
        "from generator.systems.reserve_d6 import dice as r\n"
        "from generator.engine.rules import shipped\n"
        "R = shipped('reserve-d6')\n"
        "o = r.opposed(R, 11, 9)\n"
        "' '.join(map(str, [r.successes(R, 7).at_least(3), r.successes(R, 11).at_least(4), o['attaquant'], o['degats'].mean, r.opposed(R, 4, 4)['degats'].mean]))"
    )
    assert run_in_pyodide(site, code).split() == [
        "481/729",
        "137435/177147",
        "169582367355397/304679870005248",
        "194016581637281/101559956668416",
        "118265/139968",
    ]


def test_browser_replies_equal_cpython_replies(site, rules):
    """The worker's entry point gives, byte for byte, what the generator gives on CPython;
    in Pyodide the rule data come from the wheel, on CPython from the corpus."""
    code = (
        "import json\nimport generator.systems\nfrom generator.engine.api import run_json\nQ = "
        + repr(QUERIES)
        + "\njson.dumps([run_json(s, c, json.dumps(q)) for s, c, q in Q])"
    )
    replies = json.loads(run_in_pyodide(site, code))
    expected = [api.reply(registry.get(s, c), q, rules.get(s)) for s, c, q in QUERIES]
    assert replies == expected
    assert (
        json.loads(replies[8])["errors"]["caracteristique"]
        == "«\u202fx\u202f» n'est pas un nombre entier."  # French typography
    )
    assert (
        "incompatible avec" in json.loads(replies[-1])["html"]
    )  # atout conditions read in the browser


def test_the_trimmed_standard_library_holds_every_module_the_engine_imports(site):
    """The site ships only the stdlib files listed in generator/engine/stdlib.txt; every
    calculator, on good and bad values, imports nothing else."""
    import sys

    sys.path.insert(0, str(ROOT / "scripts"))
    from stdlib_modules import LIST, used_files

    kept = {line for line in LIST.read_text().splitlines() if line and not line.startswith("#")}
    missing = sorted(set(used_files(site)) - kept)
    assert not missing, f"lancez scripts/stdlib_modules.py : il manque {missing}"


def test_every_shipped_python_file_compiles_without_its_documentation(site):
    """The stdlib travels without comments and docstrings (generator/pipeline/pysource.py): Pyodide's
    own Python compiles every one of those files."""
    code = (
        "import zipfile, glob, sys, json\n"
        "bad = []\n"
        "stdlib = zipfile.ZipFile(next(p for p in sys.path if p.endswith('.zip')))\n"
        "files = [(n, stdlib.read(n)) for n in stdlib.namelist() if n.endswith('.py')]\n"
        "for name, source in files:\n"
        "    try:\n"
        "        compile(source, name, 'exec')\n"
        "    except SyntaxError as error:\n"
        "        bad.append(f'{name}: {error}')\n"
        "json.dumps([len(files), bad])"
    )
    count, bad = json.loads(run_in_pyodide(site, code))
    assert count > 100 and bad == []


def test_a_request_nested_ten_thousand_deep_gets_a_french_reply_and_pyodide_lives_on(site):
    """Hostile input: such JSON exhausted Pyodide's stack and killed the runtime; it is refused
    before it is parsed, and the next request is answered as usual."""
    code = (
        "import json\nimport generator.systems\nfrom generator.engine.api import run_json\n"
        "deep = run_json('reserve-d6', 'reserve', '[' * 10000 + ']' * 10000)\n"
        "after = run_json('reserve-d6', 'reserve', json.dumps({'caracteristique': '5'}))\n"
        "json.dumps([json.loads(deep), json.loads(after)['ok']])"
    )
    deep, after = json.loads(run_in_pyodide(site, code))
    assert deep["ok"] is False and "trop imbriquée" in deep["message"] and after is True


def test_a_character_file_nested_three_thousand_deep_is_refused_and_pyodide_lives_on(site):
    """Hostile input: such a file, imported on « Mes personnages »,
    killed Pyodide (« Maximum call stack size exceeded »); it is refused in French before it
    is parsed, and the next import is read as usual."""
    code = (
        "import json\nimport generator.systems\nfrom generator.engine.saved import saved_json\n"
        "field = '[' * 3000 + ']' * 3000\n"
        'text = \'{"format": 1, "personnages": [{"nom": "K", "personnage": %s}]}\'\n'
        "deep = saved_json('importer', json.dumps({'texte': text % field}))\n"
        "after = saved_json('importer', json.dumps({'texte': text % '{}'}))\n"
        "json.dumps([json.loads(deep), json.loads(after)])"
    )
    deep, after = json.loads(run_in_pyodide(site, code))
    assert "trop imbriqué" in deep["message"] and deep["personnages"] == []
    assert after["message"] == "" and after["problemes"][0]["message"].startswith("Système")
