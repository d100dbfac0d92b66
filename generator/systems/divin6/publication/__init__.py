"""Divin (6)thème, generator side: an atout's structured condition → the French sentence.

The data keep the condition as structure (minimums, ranks, degrees, other atouts); the
sentence is written here, once, so every atout page words its condition the same way.
"""

from __future__ import annotations

from collections.abc import Callable

Link = Callable[[str, str], str]  # (kind, id) -> Markdown link


def _skill(rank: dict, link: Link) -> str:
    text = f"en {link('competence', rank['competence'])}"
    return text + (f" ({rank['specialisation']})" if rank.get("specialisation") else "")


def _one_of(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " ou " + items[-1]


def condition(atout: dict, link: Link) -> str:
    """'Score de 1 au moins en Sagesse ; 1 rang au moins en Connaissance (Arcanes) …'"""
    prerequis = atout.get("prerequis") or {}
    parts = []
    linked = atout.get("caracteristique_liee")
    minimums = {item["caracteristique"] for item in prerequis.get("caracteristiques", [])}
    if linked and linked not in minimums:  # a linked characteristic needs at least 1 (l. 941)
        parts.append(
            f"score de 1 au moins en {link('caracteristique', linked)} (caractéristique liée)"
        )
    for item in prerequis.get("caracteristiques", []):
        parts.append(
            f"score de {item['min']} au moins en {link('caracteristique', item['caracteristique'])}"
        )
    for rank in prerequis.get("rangs", []):
        unit = "rang" if rank["min"] == 1 else "rangs"
        options = [_skill(rank, link)] + [_skill(alt, link) for alt in rank.get("ou", [])]
        parts.append(f"{rank['min']} {unit} au moins {_one_of(options)}")
    for degree in prerequis.get("degres", []):
        unit = "degré" if degree["min"] == 1 else "degrés"
        parts.append(f"{degree['min']} {unit} au moins en {link('avantage', degree['avantage'])}")
    for atout in prerequis.get("atouts", []):
        parts.append(f"l'atout {link('atout', atout)}")
    if prerequis.get("atouts_un_parmi"):
        parts.append(
            "l'un des atouts " + _one_of([link("atout", a) for a in prerequis["atouts_un_parmi"]])
        )
    for atout in prerequis.get("atouts_exclus", []):
        parts.append(f"ne pas avoir l'atout {link('atout', atout)}")
    if prerequis.get("accord_conteur"):
        parts.append("l'accord du Conteur")
    if prerequis.get("autre"):
        parts.append(prerequis["autre"])
    if prerequis.get("creation_seulement"):
        parts.append("à prendre à la création")
    if not parts:
        return "Aucune."
    text = " ; ".join(parts)
    return text[0].upper() + text[1:] + "."
