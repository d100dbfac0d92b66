"""Package du système undesix (voir generator/systems/__init__.py)."""
