"""Package du système divin6 (voir generator/systems/__init__.py)."""
