"""UnDéSix, generator side: each example spell links to the spell builder with its values."""

from __future__ import annotations

from urllib.parse import urlencode

from generator.systems.undesix.calculators import builder_query

# Jinja filters this system's templates use (registered by the generic renderer).
FILTERS = {"requete_sort": lambda spell: urlencode(builder_query(spell), safe=",")}
