"""Package du système reserve_d6 (voir generator/systems/__init__.py)."""
