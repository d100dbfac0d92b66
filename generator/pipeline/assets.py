"""Browser runtime assets: the self-hosted Pyodide files and the engine's wheel, written
under docs/assets/. The engine needs nothing outside the standard library."""

from __future__ import annotations

import base64
import functools
import hashlib
import io
import json
import zipfile
from collections.abc import Callable
from pathlib import Path

from generator import systems
from generator.engine.rules import DATA_FILE
from generator.pipeline import browser_contract
from generator.pipeline.npm import npm_advice
from generator.pipeline.pysource import without_docs

GENERATOR = Path(__file__).parent.parent  # the package the wheel ships a part of
# Only what loadPyodide fetches; source maps and the demo consoles stay out of the site.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# The YAML reader of « Règles maison » (maison.js pastes YAML or JSON): js-yaml's browser ES
# module, its source map left out as Pyodide's are.
JS_YAML = Path("js-yaml") / "dist" / "browser" / "js-yaml.esm.min.mjs"
JS_YAML_ASSET = "assets/js-yaml.mjs"
# The browser's own code (page scripts, their pure modules, the calculators' worker), copied
# as is under assets/; the service worker is a template that offline.py fills per build.
BROWSER = GENERATOR / "browser"
SERVICE_WORKER = BROWSER / "sw.js"
# The generator's packages the browser runs, beside the systems' rule code; the rest of the
# generator is the build's (tests/unit/test_imports.py holds the two apart).
BROWSER_PACKAGES = ("core", "engine", "house")
ENGINE_DIST = "srd_engine"
ENGINE_VERSION = "0.1.0"
FIXED_TIME = (2020, 1, 1, 0, 0, 0)  # same bytes for the same sources


class MissingRuntime(Exception):
    pass


def pyodide_dir(root: Path) -> Path:
    folder = root / "node_modules" / "pyodide"
    missing = [name for name in PYODIDE_FILES if not (folder / name).exists()]
    if missing:
        raise MissingRuntime(
            f"{folder}: fichiers Pyodide absents ({', '.join(missing)}) ; {npm_advice(root)}."
        )
    return folder


def js_yaml(root: Path) -> bytes:
    """js-yaml's browser module as the site has it: without its source map's comment."""
    path = root / "node_modules" / JS_YAML
    if not path.exists():
        raise MissingRuntime(f"{path} : js-yaml absent ; {npm_advice(root)}.")
    lines = path.read_bytes().splitlines(keepends=True)
    return b"".join(line for line in lines if not line.startswith(b"//# sourceMappingURL="))


def _sources(folder: Path, prefix: str, recursive: bool = True) -> dict[str, bytes]:
    paths = folder.rglob("*") if recursive else folder.glob("*")
    return {
        f"{prefix}/{path.relative_to(folder).as_posix()}": path.read_bytes()
        for path in sorted(paths)
        if path.is_file()
        and "__pycache__" not in path.parts
        and path.suffix in {".py", ".typed"}
        # A system's build-only part is never imported in the browser.
        and systems.PUBLICATION not in path.relative_to(folder).parts
    }


def build_wheel(name: str, version: str, files: dict[str, bytes]) -> tuple[str, bytes]:
    """A pure-Python wheel (PEP 427) holding `files`; Pyodide unpacks it as is."""
    info = f"{name}-{version}.dist-info"
    files = dict(files)
    files[f"{info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode()
    )
    files[f"{info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: srd-jdr\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    record = []
    for arcname, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{arcname},sha256={digest},{len(data)}")
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for arcname, data in files.items():
            archive.writestr(
                zipfile.ZipInfo(arcname, FIXED_TIME), data, zipfile.ZIP_DEFLATED, compresslevel=9
            )
    return wheel_name(name, version), buffer.getvalue()


def wheel_name(name: str, version: str) -> str:
    """The file name of a pure-Python wheel (PEP 427), as `build_wheel` names it."""
    return f"{name}-{version}-py3-none-any.whl"


def engine_wheel(data: dict[str, dict]) -> tuple[str, bytes]:
    """The browser's packages (the data core, the calculators' runtime, house rules) and
    every system's calculators, each system with the data its rules read."""
    files = {"generator/__init__.py": (GENERATOR / "__init__.py").read_bytes()}
    for package in BROWSER_PACKAGES:
        files.update(_sources(GENERATOR / package, f"generator/{package}"))
    files.update(_sources(systems.FOLDER, "generator/systems", recursive=False))
    for system_id in systems.ids():
        prefix = f"generator/systems/{systems.package_of(system_id)}"
        files.update(_sources(systems.folder(system_id), prefix))
        if system_id in data:
            # In data order: the rules keep the book's order (skills, characteristics…).
            files[f"{prefix}/{DATA_FILE}"] = json.dumps(
                data[system_id], ensure_ascii=False
            ).encode()
    return _engine_wheel(tuple(files.items()))


# A pure function of what the wheel holds: compressing it is slow, and an edit rarely
# changes the data the rules read.
@functools.lru_cache(maxsize=4)
def _engine_wheel(files: tuple) -> tuple[str, bytes]:
    return build_wheel(ENGINE_DIST, ENGINE_VERSION, dict(files))


STDLIB = "python_stdlib.zip"
LOCK = "pyodide-lock.json"
STDLIB_LIST = GENERATOR / "engine" / "stdlib.txt"


def trimmed_stdlib(full: bytes) -> bytes:
    """Pyodide's standard library reduced to the files the engine needs (stdlib.txt),
    without their documentation."""
    keep = {
        line.strip()
        for line in STDLIB_LIST.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(full)) as source, zipfile.ZipFile(buffer, "w") as target:
        for info in source.infolist():
            if info.filename in keep:
                code = source.read(info)
                if info.filename.endswith(".py"):
                    code = without_docs(code)
                target.writestr(info, code, zipfile.ZIP_DEFLATED, compresslevel=9)
    return buffer.getvalue()


def lock_without_packages(full: bytes) -> bytes:
    """Pyodide's lock file lists ~380 packages it could download from its CDN; the site
    loads none of them (the worker unpacks the engine wheel itself), so it keeps the header."""
    lock = json.loads(full)
    return json.dumps({**lock, "packages": {}}, separators=(",", ":")).encode()


# Files rewritten on their way into the site.
REWRITE = {STDLIB: trimmed_stdlib, LOCK: lock_without_packages}


def without_comment_lines(script: str) -> str:
    """A script as the site ships it: each line that is only a comment left empty. The code is
    written for its reader, with many comments; a first visit downloads every page module, and
    its byte budget is the reader's. Lines stay where they are, so an error in the browser
    names the source's own line (tests/unit/test_shipped_scripts.py: same syntax tree)."""
    return "".join(
        ("\n" if line.endswith("\n") else "") if line.lstrip().startswith("//") else line
        for line in script.splitlines(keepends=True)
    )


def browser_files() -> dict[str, bytes]:
    """{path under docs/: content} of the browser code: generator/browser/ under assets/,
    its contract with the Python as the Python says it now, whatever the committed copy."""
    files = {
        f"assets/{path.relative_to(BROWSER).as_posix()}": without_comment_lines(
            path.read_text(encoding="utf-8")
        ).encode()
        for path in sorted(BROWSER.rglob("*"))
        if path.suffix in {".js", ".mjs"} and path != SERVICE_WORKER
    }
    files[browser_contract.ASSET] = without_comment_lines(browser_contract.text()).encode()
    return files


def asset_files(root: Path, data: dict) -> dict[str, Callable[[], bytes]]:
    """{path under docs/: what makes its content} of the runtime: the browser code,
    Pyodide's files, the engine's wheel and js-yaml. Named at once, made only when written:
    `check` needs the names alone (the links it judges), and no `npm ci`."""
    files = {
        relative: functools.partial(bytes, content) for relative, content in browser_files().items()
    }
    files.update(
        {
            f"assets/pyodide/{name}": functools.partial(_pyodide_file, root, name)
            for name in PYODIDE_FILES
        }
    )
    filename = wheel_name(ENGINE_DIST, ENGINE_VERSION)
    files[f"assets/wheels/{filename}"] = lambda: engine_wheel(data)[1]
    files["assets/wheels/manifest.json"] = functools.partial(_manifest, root, filename)
    files[JS_YAML_ASSET] = functools.partial(js_yaml, root)
    return files


def _manifest(root: Path, wheel: str) -> bytes:
    """What the browser's worker reads first: Pyodide's version, and the wheels to unpack."""
    version = json.loads((pyodide_dir(root) / "package.json").read_text())["version"]
    manifest = {"pyodide": version, "wheels": [wheel]}
    return (json.dumps(manifest, indent=1) + "\n").encode()


def _pyodide_file(root: Path, name: str) -> bytes:
    path = pyodide_dir(root) / name
    stat = path.stat()
    return _rewritten(str(path), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=len(PYODIDE_FILES))
def _rewritten(path: str, mtime_ns: int, size: int) -> bytes:
    """A Pyodide file as the site has it; kept while the file is unchanged (trimming the
    standard library takes a second, on every rebuild of `serve` otherwise)."""
    name = Path(path).name
    return REWRITE.get(name, bytes)(Path(path).read_bytes())


def write_assets(root: Path, docs: Path, data: dict) -> None:
    for relative, make in asset_files(root, data).items():
        target = docs / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(make())
