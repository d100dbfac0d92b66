"""A calculator's `computes` (the rules it computes, where the site writes them) is checked
like a tag: a section, chapter or entity it names must exist."""

from helpers import ROOT, edit, problems_of

from generator.engine import registry


def _declared_at(ref: str) -> str:
    """`calculators.py:N`, where the declaration is written in the repository."""
    calc = next(c for c in registry.all_calculators() if ref in c.computes)
    file = ROOT / "generator/systems" / calc.system.replace("-", "_") / "calculators.py"
    lines = file.read_text(encoding="utf-8").splitlines()
    quoted = '"' + ref + '"'
    return f"calculators.py:{[i for i, text in enumerate(lines, 1) if quoted in text][0]}:"


def test_a_section_a_calculator_computes_cannot_disappear(project):
    edit(project, "content/divin6/combat.md", "## Dégâts\n", "## Les dégâts\n")
    found = [p for p in problems_of(project) if "« regle combat#degats »" in p]
    assert len(found) == 1 and _declared_at("regle combat#degats") in found[0], found
    assert "calculateur « degats »" in found[0] and "ancre « #degats » absente" in found[0]


def test_an_entity_a_calculator_computes_cannot_disappear(project):
    edit(project, "data/divin6/manoeuvre.yaml", "- id: degats\n", "- id: les-degats\n")
    found = [p for p in problems_of(project) if "« manoeuvre degats »" in p]
    assert len(found) == 1 and _declared_at("manoeuvre degats") in found[0], found


def test_a_calculator_declares_the_rules_its_fields_apply():
    """Divin's roll takes 10 or 15 (field « prendre »); Réserve's pool counts wounds and
    permanent modifiers: each declares the rule's page, which then links to it."""
    declared = {(c.system, c.id): c.computes for c in registry.all_calculators()}
    assert {"regle mecanique#prendre-10-et-prendre-15", "table prendre-10-ou-15"} <= set(
        declared["divin6", "jet"]
    )
    assert {
        "regle blessures",
        "regle equipements#bonus-et-malus-permanents",
    } <= set(declared["reserve-d6", "reserve"])
