"""The encounters' file (pipeline/partie_fichier.py): its schema accepts what lib/partie.js
and lib/partie-fichier.js export (run by Node), and refuses what the browser's import
refuses; its bounds are those contrat.js gives the browser."""

from __future__ import annotations

import json
import shutil
import subprocess

import jsonschema
import pytest

from generator.pipeline import browser_contract, partie_fichier

LIB = browser_contract.SOURCE.parent

# An encounter with every part of the format: two combatants of three tracks' types, an
# order, states, a log with odds; exported as the page exports it.
SCRIPT = """
const P = await import(%(partie)s);
const F = await import(%(fichier)s);
const payload = {
  systeme: "essai",
  valeurs: [{ id: "pv", nom: "PV", defaut: 10, min: 1, max: 99 }, { id: "vit", nom: "Vit", defaut: 11 }],
  ordre: { mode: "jet", quand: "chaque-round", des: "1d6", loi: { lowest: 1, counts: [1, 1, 1, 1, 1, 1], outcomes: 6 },
           plus: "vit", departage: [], egalite: "ensemble", modificateurs: [{ id: "m", nom: "M", cle: "vit", valeur: 2 }] },
  pistes: [
    { id: "pv", nom: "PV", type: "compteur", max: "pv", seuils: [{ au_plus: 0, effet: "KO" }] },
    { id: "sante", nom: "Santé", type: "paliers", cumul: 3, malus: "plus-haut",
      niveaux: [{ nom: "L", nombre: 2, seuil: 2, malus: 0.5 }, { nom: "G", nombre: 1, seuil: 5, malus: 3 }] },
    { id: "fatigue", nom: "Fatigue", type: "niveaux", niveaux: [{ nom: "F1" }, { nom: "F2" }] },
  ],
  etats: { fin: "fin-du-round" },
};
let e = P.newEncounter(payload, { id: "r1", nom: "Auberge", now: "2026-12-02T08:00:00Z" });
e = P.addCombatant(e, payload, { id: "a", nom: "Aldo", origine: "personnage:p1", valeurs: { pv: 12 } });
e = P.addCombatant(e, payload, { id: "b", nom: "Brute", origine: "pnj:brute" });
e = P.toggleModifier(e, payload, "a", "m");
e = P.startRound(e, payload, (n) => 0);
e = P.harm(e, payload, "b", "sante", 6).partie;
e = P.harm(e, payload, "b", "fatigue", 1).partie;
e = P.putState(e, payload, "b", { genre: "etat", id: "etourdi", nom: "Étourdi", lien: "/essai/etats/etourdi/" }, 2);
e = P.putState(e, payload, "a", { nom: "Caché" }, 1);
e = P.withLogLine(e, { genre: "jet", texte: "Attaque", chances: "58 %%" });
console.log(JSON.stringify(F.partiesFile([e])));
"""


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    node = shutil.which("node")
    assert node, "node absent"
    script = tmp_path_factory.mktemp("partie") / "exporter.mjs"
    uris = {
        "partie": json.dumps((LIB / "partie.js").as_uri()),
        "fichier": json.dumps((LIB / "partie-fichier.js").as_uri()),
    }
    script.write_text(SCRIPT % uris, encoding="utf-8")
    done = subprocess.run([node, str(script)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def validator():
    schema = partie_fichier.file_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())


def test_the_schema_accepts_an_exported_file(exported, validator):
    assert list(validator.iter_errors(exported)) == []
    combatant = exported["parties"][0]["combattants"][1]
    assert set(combatant["pistes"]) == {"pv", "sante", "fatigue"}
    assert combatant["etats"][0]["ref"]["genre"] == "etat"


@pytest.mark.parametrize(
    "change",
    [
        lambda f: f.update(format=2),
        lambda f: f["parties"][0].update(annulables=[]),
        lambda f: f["parties"][0].update(round=-1),
        lambda f: f["parties"][0]["combattants"][0].update(origine="ailleurs"),
        lambda f: f["parties"][0]["combattants"][0]["valeurs"].update(pv=10**7),
        lambda f: f["parties"][0]["combattants"][0].update(nom="x" * 81),
        lambda f: f["parties"][0]["journal"][0].update(genre="autre"),
        lambda f: f["parties"][0]["combattants"][0]["etats"][0].update(reste="2"),
    ],
)
def test_the_schema_refuses_what_the_import_refuses(exported, validator, change):
    broken = json.loads(json.dumps(exported))
    change(broken)
    assert not validator.is_valid(broken)


def test_the_browser_has_the_bounds_of_the_schema():
    shared = {item.name: item.value for item in browser_contract.shared()}
    assert shared["PARTIE_STORAGE_KEY"] == "srd-parties"
    assert shared["PARTIE_FORMAT"] == partie_fichier.FORMAT
    schema = partie_fichier.file_schema()
    encounter = schema["properties"]["parties"]["items"]
    assert encounter["properties"]["journal"]["maxItems"] == shared["PARTIE_MAX_LOG"]
    assert encounter["properties"]["combattants"]["maxItems"] == shared["PARTIE_MAX_COMBATANTS"]
    assert encounter["properties"]["journal"]["items"]["properties"]["genre"]["enum"] == list(
        partie_fichier.LOG_KINDS
    )


def test_the_browsers_percent_is_the_engines(tmp_path):
    """lib/texte.js percentText writes a probability as engine/results.py format_percent."""
    from fractions import Fraction

    from generator.engine.results import format_percent

    cases = [(0, 1), (1, 1), (7, 12), (5, 36), (1, 3), (1, 2000), (1, 20000), (1, 1296)]
    cases += [(9995, 10000), (1, 1001), (2, 3), (73, 648), (1, 7)]
    script = tmp_path / "pourcents.mjs"
    script.write_text(
        f"const {{ percentText }} = await import({json.dumps((LIB / 'texte.js').as_uri())});\n"
        f"console.log(JSON.stringify({json.dumps(cases)}.map(([n, d]) => percentText(n, d))));\n",
        encoding="utf-8",
    )
    done = subprocess.run(["node", str(script)], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == [format_percent(Fraction(n, d)) for n, d in cases]
