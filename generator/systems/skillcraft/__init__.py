"""Package du système skillcraft (voir generator/systems/__init__.py)."""
