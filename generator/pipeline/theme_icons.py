"""The icons mkdocs.yml names (`theme.icon.*`, the palette's toggles): each must be one of
Material's, or one of the site's theme folder (`<custom_dir>/.icons/`, else the generator's). Said before MkDocs runs:
Material would fail on the first page with a template it cannot find, in English."""

from __future__ import annotations

from pathlib import Path

import material

MATERIAL_ICONS = Path(material.__file__).parent / "templates" / ".icons"
LIST = "https://squidfunk.github.io/mkdocs-material/reference/icons-emojis/"


def named(config: dict) -> list[tuple[tuple, str]]:
    """(keys of the value in mkdocs.yml, icon) for every icon the theme is given."""
    theme = config.get("theme") or {}
    found = []
    icons = theme.get("icon")
    if isinstance(icons, dict):
        for key, value in icons.items():
            if isinstance(value, str):
                found.append((("theme", "icon", key), value))
    palettes = theme.get("palette")
    for index, palette in enumerate(palettes if isinstance(palettes, list) else []):
        toggle = palette.get("toggle") if isinstance(palette, dict) else None
        if isinstance(toggle, dict) and isinstance(toggle.get("icon"), str):
            found.append((("theme", "palette", index, "toggle", "icon"), toggle["icon"]))
    return found


def missing(theme: Path, config: dict) -> list[tuple[tuple, str]]:
    """The icons of `named` that neither Material nor the site's `theme` folder has."""
    own = theme / ".icons"
    return [
        (keys, icon)
        for keys, icon in named(config)
        if not any((folder / f"{icon}.svg").is_file() for folder in (own, MATERIAL_ICONS))
    ]
