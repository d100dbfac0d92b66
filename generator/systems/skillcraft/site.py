"""SkillCraft, generator side: the talent trees, drawn from the prerequisites in the data."""

from __future__ import annotations

from collections.abc import Callable

from ... import urls

TREES = "arbres-de-talents"

Link = Callable[[str, str, str], str]  # (from page, to docs path, label) -> Markdown link


def _costs(system) -> dict[int, int]:
    """Tier -> cost in talent points, from the table of the data."""
    table = system.entity("table", "cout-des-talents")
    return {tier: cost for tier, cost in table.data["lignes"]}


def extra_pages(system, link: Link) -> list[tuple[str, str, str]]:
    """(title, docs path, Markdown body) of the pages this system adds: the 43 trees."""
    page = urls.system_page(system.id, TREES)
    talents = system.entities.get("talent", [])
    costs = _costs(system)
    children: dict[str | None, list] = {}
    for talent in talents:
        children.setdefault(talent.data.get("prerequis"), []).append(talent)

    lines = []

    def draw(talent, depth: int, total: int) -> None:
        tier = talent.data["tiers"]
        total += costs[tier]
        several = " · achats multiples" if talent.data.get("achats_multiples") else ""
        label = link(page, talent.docs_path, talent.name)
        lines.append(
            f"{'    ' * depth}- {label} · tiers {tier} · {costs[tier]} pts (chemin : {total}){several}"
        )
        for child in sorted(children.get(talent.id, []), key=lambda t: (t.data["tiers"], t.name)):
            draw(child, depth + 1, total)

    roots = sorted(children.get(None, []), key=lambda t: t.name)
    for root in roots:
        draw(root, 0, 0)
    intro = (
        f"Les {len(roots)} arbres des {len(talents)} talents, reconstruits d'après le talent "
        "requis de chacun (les dessins de l'annexe A n'ont pas survécu à l'extraction du "
        "texte). Chaque talent en retrait exige celui au-dessus de lui ; « chemin » est le "
        "coût cumulé de la racine jusqu'à lui, d'après le "
        f"{link(page, urls.entity(system.id, 'table', 'cout-des-talents'), 'coût des talents')}."
    )
    body = intro + '\n\n<div class="srd-arbre" markdown>\n\n' + "\n".join(lines) + "\n\n</div>\n"
    return [("Arbres de talents", page, body)]
