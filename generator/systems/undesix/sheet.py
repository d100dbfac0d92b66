"""The character sheet of UnDéSix, its creation, as its calculator « creation » (declared
in calculators.py) shows it: the five characteristics checked against the chosen mode
(Fiche 9, l. 1005–1145), and the values they give (l. 1037–1075)."""

from __future__ import annotations

from fractions import Fraction

from generator.engine.names import require_known, slug
from generator.engine.results import Figure, Figures, Text, format_number
from generator.systems.undesix.character import UndesixCharacter
from generator.systems.undesix.dice import low_total_chance
from generator.systems.undesix.rules import Mode, Rules


def characteristic_problems(rules: Rules, mode: Mode, values: dict[str, int]) -> list[str]:
    """What breaks the mode's rules, each naming its characteristic."""
    found = []
    total = sum(values.values())
    if mode.method == "repartition" and mode.points is not None and total != mode.points:
        found.append(f"Total : {total} points répartis pour {mode.points}.")
    for key, value in values.items():
        name = rules.caracs[key]
        low, high = mode.minimum, mode.caps.get(key, mode.maximum)
        if mode.method == "aleatoire":
            low, high = 1, mode.faces
            if mode.transfer and key == mode.transfer["vers"]:
                high = mode.transfer["plafond"]  # points moved from the others
        if low is not None and value < low:
            found.append(f"{name} : {value}, sous le minimum {low} de ce mode.")
        if high is not None and value > high:
            found.append(f"{name} : {value}, au-dessus du maximum {high} de ce mode.")
    return found


def magic_problems(
    mode: Mode, essences: list[str], bonus_essences: int, bonus_verbe: int, verbe: str
) -> list[str]:
    magic = mode.magic
    if not magic:
        if essences or bonus_essences or bonus_verbe or verbe != "aucun":
            return ["Bonus magique : ce mode n'en donne pas."]
        return []
    found = []
    if not magic["essences_min"] <= len(essences) <= magic["essences_max"]:
        found.append(
            f"Essences : {magic['essences_min']} ou {magic['essences_max']} à choisir "
            f"({len(essences)} choisie{'s' if len(essences) > 1 else ''})."
        )
    if magic["verbes"] and verbe == "aucun":
        found.append("Verbe : à choisir, il reçoit une part du bonus.")
    if bonus_essences + bonus_verbe != magic["points"]:
        found.append(
            f"Bonus magique : {bonus_essences + bonus_verbe} points répartis pour {magic['points']}."
        )
    return found


def derived_figures(rules: Rules, values: dict[str, int]) -> tuple[Figure, ...]:
    figures = []
    for key, value in rules.derived:
        if key not in values:
            continue  # a characteristic the form does not have (copies in the ×10 data)
        if value.get("table"):
            figures.append(
                Figure(value["nom"], rules.base_armour(values[key]), note=value["formule"])
            )
            continue
        number = (
            Fraction(str(value["constante"])) + Fraction(str(value["coefficient"])) * values[key]
        )
        note = value["formule"]
        if value.get("minimum") is not None and number < Fraction(str(value["minimum"])):
            number = Fraction(str(value["minimum"]))  # the formula would go below what makes sense
            note += f" ; jamais moins de {format_number(number)} (note éditoriale)"
        unit = f" {value['unite']}" if value.get("unite") else ""
        figures.append(Figure(value["nom"], format_number(number) + unit, note=note))
    return tuple(figures)


def read_essences(regles, text: str) -> list[str]:
    """The essences of the magic bonus, by name or id; an unknown one is reported at its
    field with the nearest known name."""
    picked = [slug(e) for e in text.split(",") if e.strip()]
    names = {k: name for k, (name, _) in regles.essences.items()}
    require_known(
        "essences", ("Essence inconnue", "Essences inconnues"), picked, names, regles.essences
    )
    return picked


def compute_sheet(regles, **values):
    """The calculator: the character read from the form, checked against its mode (Fiche
    9), its values and its draw assembled."""
    c = UndesixCharacter.from_values(values, regles)
    chosen = regles.modes[c.mode]
    values = {"phy": c.phy, "dex": c.dex, "sav": c.sav, "psy": c.psy, "sens": c.sens}
    picked = read_essences(regles, c.essences)
    problems = characteristic_problems(regles, chosen, values) + magic_problems(
        chosen, picked, c.bonus_essences, c.bonus_verbe, c.verbe
    )
    if chosen.method not in ("aleatoire", "repartition"):
        verdict = Text(
            "Ce mode prend les caractéristiques de la description du monstre, que le Meneur "
            "ajuste : aucune règle de total à vérifier{@source 1141–1145}.",
            "info",
        )
    elif problems:
        verdict = Text("À vérifier : " + " ".join(problems), "avertissement")
    else:
        verdict = Text(f"Caractéristiques conformes au mode « {chosen.name} ».", "info")
    totals = [Figure("Total des caractéristiques", sum(values.values()))]
    if chosen.reroll_at_most is not None:
        total = sum(values.values())
        totals.append(
            Figure(
                f"Relance permise (total de {chosen.reroll_at_most} ou moins)",
                "oui" if total <= chosen.reroll_at_most else "non",
            )
        )
        totals.append(
            Figure(
                "Chance qu'un tirage permette la relance",
                low_total_chance(chosen.faces, chosen.reroll_at_most),
                percent=True,
            )
        )
    return (
        verdict,
        Figures("Valeurs de la fiche", derived_figures(regles, values)),
        Figures("Tirage et total", tuple(totals)),
    )
