"""A `partie` declaration (« Mener la partie ») that tests write into a scratch
copy of one system, in place of any the system declares itself: every mode, track type,
states, non-player characters and an action, with tags in its texts."""

from __future__ import annotations

import re
from pathlib import Path

from helpers import ROOT

SYSTEM = "talon"  # a system with health tracks, NPC categories and calculators

# Every mode of `ordre` below is tried by replacing this one.
FIXTURE = """\
partie:
  valeurs:
    - {id: celerite, nom: Célérité, defaut: 0, min: 0, max: 10}
    - {id: initiative, nom: Initiative, defaut: 2, min: -20, max: 99}
    - {id: pv, nom: PV maximum, defaut: 10, min: 1, max: 999}
  ordre:
    mode: jet
    quand: chaque-round
    des: 1d6
    plus: initiative
    departage: [celerite]
    egalite: ensemble
    texte: "Chacun lance {@des 1d6}, voir {@regle combat#initiative} et {@atout celerite}."
    source: "l. 1"
    modificateurs:
      - {id: vif, nom: Vif, cle: initiative, valeur: 2, texte: "Voir {@action adrenaline}."}
    notes_editoriales:
      - {titre: Égalité, constat: "Le texte se tait.", decision: "Ils agissent ensemble."}
  pistes:
    - id: pv
      nom: Points de vie
      type: compteur
      max: pv
      min: -10
      seuils:
        - {au_plus: -10, effet: Mort, texte: "Voir {@piste vitalite}."}
        - {au_plus: 0, effet: Inconscient}
    - id: endurance
      nom: Endurance
      type: paliers
      genre: piste
      entite: endurance
      champs: {niveaux: niveaux, nom: nom, nombre: nombre, seuil: seuil, malus: malus_par_niveau, cumul: cumul_max, depassement: depassement}
      malus: plus-haut
    - id: fatigue
      nom: Fatigue
      type: niveaux
      niveaux:
        - {nom: Fatigue 1, effet: "−1", texte: "{@regle combat}"}
        - {nom: Fatigue 2}
  etats:
    genres: [action]
    fin: fin-du-round
  pnj:
    genre: piste
    valeurs: {pv: cumul_max}
  actions:
    - id: test
      nom: Test
      calculateur: test
      champs: {valeur: initiative}
      cible: {autres: celerite}
"""


def with_declaration(project: Path, declaration: str) -> str:
    """Write `declaration` at the end of the system's systeme.yaml in `project`, in place of
    its own `partie`; return the text before it (its lines shift the declaration's)."""
    text = (ROOT / "data" / SYSTEM / "systeme.yaml").read_text(encoding="utf-8")
    own = re.sub(r"^partie:\n(?:[ #].*\n|\n)*", "", text, flags=re.M).rstrip("\n")
    path = project / "data" / SYSTEM / "systeme.yaml"
    path.write_text(own + "\n" + declaration, encoding="utf-8")
    return own
