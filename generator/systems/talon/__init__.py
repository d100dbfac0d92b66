"""Package du système talon (voir generator/systems/__init__.py)."""
