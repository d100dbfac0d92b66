"""SkillCraft, generator side: the talent trees, drawn from the prerequisites in the data."""

from __future__ import annotations

from collections.abc import Callable

from generator.core import urls
from generator.core.typographie import pluriel

TREES = "arbres-de-talents"

Link = Callable[[str, str, str], str]  # (from page, to docs path, label) -> Markdown link
Pin = Callable[[object], str]  # entity -> its « Épingler » button (HTML)


def _costs(system) -> dict[int, int]:
    """Tier -> cost in talent points, from the table of the data."""
    table = system.entity("table", "cout-des-talents")
    if table is None:
        raise ValueError("arbres de talents : table « cout-des-talents » introuvable")
    return {tier: cost for tier, cost in table.data["lignes"]}


def extra_pages(system, link: Link, pin: Pin) -> list[tuple[str, str, str]]:
    """(title, docs path, Markdown body) of the pages this system adds: the 43 trees, each
    talent with its « Épingler » button."""
    page = urls.system_page(system.id, TREES)
    talents = system.entities.get("talent", [])
    costs = _costs(system)
    children: dict[str | None, list] = {}
    for talent in talents:
        children.setdefault(talent.data.get("prerequis"), []).append(talent)

    lines = []
    drawn: set[str] = set()

    def draw(talent, depth: int, total: int) -> None:
        drawn.add(talent.id)
        tier = talent.data["tiers"]
        total += costs[tier]
        several = " · achats multiples" if talent.data.get("achats_multiples") else ""
        label = link(page, talent.docs_path, talent.name)
        lines.append(
            f"{'    ' * depth}- {label} · tiers {tier} · {costs[tier]} pts (chemin : {total}){several}"
            f" {pin(talent)}"
        )
        for child in sorted(children.get(talent.id, []), key=lambda t: (t.data["tiers"], t.name)):
            draw(child, depth + 1, total)

    missing = sorted({t.data["tiers"] for t in talents} - set(costs))
    if missing:
        raise ValueError(
            f"arbres de talents : tiers {', '.join(map(str, missing))} sans coût dans la "
            "table « cout-des-talents »"
        )
    roots = sorted(children.get(None, []), key=lambda t: t.name)
    for root in roots:
        draw(root, 0, 0)
    # Each talent hangs under the talent it requires: one the trees did not reach (its
    # requirement unknown, or in a loop) would be lost without a word.
    lost = [t.id for t in talents if t.id not in drawn]
    if lost:
        raise ValueError(
            f"arbres de talents : {len(lost)} {pluriel(len(lost), 'talent', 'talents')} hors de tout arbre "
            f"(prérequis inconnu ou en boucle) : {', '.join(lost)}"
        )
    intro = (
        f"Les {len(roots)} arbres des {len(talents)} talents, reconstruits d'après le talent "
        "requis de chacun (les dessins de l'annexe A n'ont pas survécu à l'extraction du "
        "texte). Chaque talent en retrait exige celui au-dessus de lui ; « chemin » est le "
        "coût cumulé de la racine jusqu'à lui, d'après le "
        f"{link(page, urls.entity(system.id, 'table', 'cout-des-talents'), 'coût des talents')}."
    )
    body = intro + '\n\n<div class="srd-arbre" markdown>\n\n' + "\n".join(lines) + "\n\n</div>\n"
    return [("Arbres de talents", page, body)]
