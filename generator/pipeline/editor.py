"""Editor support for authors: the schemas of the data files on disk, and the mapping that
gives a YAML editor (yaml-language-server, as in VS Code's YAML extension) completion and
validation in data/. Written by `python -m generator editeur`, before any build: the
schemas are local files, so it works offline and before any deployment."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from generator.pipeline import schemas

FOLDER = "build/editeur/schemas"  # from the project's root, like the mapping's paths
SETTINGS = ".vscode/settings.json"


def files(root: Path) -> dict[str, dict]:
    """Name under FOLDER -> schema: each kind's, its data file's (a list) and systeme.yaml's,
    as the build publishes them under api/schemas/."""
    return schemas.published(original_systems(root)) | schemas.list_schemas()


def original_systems(root: Path) -> list[str]:
    """The systems whose systeme.yaml says `origine: original` (their entities need no
    `source`); one that does not read yet is taken for a rewrite, as the loader does."""
    found = []
    for path in sorted((root / "data").glob("*/systeme.yaml")):
        try:
            meta = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            continue
        if isinstance(meta, dict) and meta.get("origine") == "original":
            found.append(path.parent.name)
    return found


def mapping() -> dict[str, list[str]]:
    """yaml.schemas: schema path -> the globs of the data files it describes."""
    found = {f"{FOLDER}/systeme.schema.json": ["data/*/systeme.yaml"]}
    for system in schemas.systems_with_schemas():
        for kind in schemas.kinds(system):
            found[f"{FOLDER}/{system}/{kind}.liste.schema.json"] = [
                f"data/{system}/{kind}.yaml",
                f"data/{system}/{kind}.*.yaml",  # a kind split in parts
            ]
    return found


def write(root: Path) -> Path | None:
    """Write the schemas under FOLDER, the mapping beside them (yaml-schemas.json), and
    merge it into .vscode/settings.json, the editor's other settings kept; return that file,
    or None when it holds comments (JSONC), left to the author to update."""
    for name, schema in files(root).items():
        path = root / FOLDER / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_json(schema, 1), "utf-8")
    (root / FOLDER / "yaml-schemas.json").write_text(_json({"yaml.schemas": mapping()}), "utf-8")
    settings_file = root / SETTINGS
    try:
        settings = json.loads(settings_file.read_text("utf-8")) if settings_file.is_file() else {}
    except json.JSONDecodeError:
        return None
    settings["yaml.schemas"] = mapping()
    settings_file.parent.mkdir(exist_ok=True)
    settings_file.write_text(_json(settings), "utf-8")
    return settings_file


def _json(value: object, indent: int = 2) -> str:
    return json.dumps(value, ensure_ascii=False, indent=indent) + "\n"
