"""The « Épingler » button of an entity a generated page lists (a row of a talent tree):
the markup assets/listes.js binds, as the finder's cards and the search hits draw it.
Hidden until that script shows it: without it, the button would do nothing."""

from __future__ import annotations

from generator.core.echappement import escape
from generator.core.entity_index import key
from generator.pipeline import schemas


def pin_button(entity, system_name: str) -> str:
    """The button pinning `entity` to the reader's lists, named as its row is read."""
    where = f"{schemas.kinds(entity.system)[entity.kind].label} · {system_name}"
    name = escape(entity.name)
    return (
        f'<button type="button" class="srd-epingler-bouton" '
        f'data-cle="{escape(key(entity.system, entity.kind, entity.id))}" data-nom="{name}" '
        f'aria-label="Épingler {name} ({escape(where)})" data-pagefind-ignore hidden>Épingler</button>'
    )
