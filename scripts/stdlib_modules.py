"""Lists the standard-library files the engine imports under Pyodide (every calculator,
default values and bad ones), plus the modules Pyodide needs to report an error, and
writes them to generator/engine/stdlib.txt. Run it after adding a calculator that imports
a new module (tests/build/test_pyodide.py says when):

    .venv/bin/python scripts/stdlib_modules.py site
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIST = ROOT / "generator" / "engine" / "stdlib.txt"
# Imported only when something goes wrong (a traceback), or lazily by the modules above.
ALWAYS = [
    "traceback.py",
    "linecache.py",
    "tokenize.py",
    "token.py",
    "inspect.py",
    "typing.py",
    "warnings.py",
    "weakref.py",
    "types.py",
    "operator.py",
    "keyword.py",
    "reprlib.py",
    "heapq.py",
    "string.py",
    "textwrap.py",
    "random.py",
    "numbers.py",
    "copy.py",
]
PROBE = """
import sys, json
import generator.systems  # hands the systems down to the engine
from generator.engine import registry, api
for c in registry.all_calculators():
    api.run_json(c.system, c.id, "{}")
    api.run_json(c.system, c.id, json.dumps({i.name: "x" for i in c.inputs}))
from generator.house import reader  # house rules: a collection read from a link
reader.decode_link(reader.encode_link({"format": 1, "regles": [{}]}), reader.Context.from_json({}, []))
json.dumps(sorted({m.__file__.split(".zip/")[1] for m in list(sys.modules.values())
    if getattr(m, "__file__", None) and ".zip/" in (m.__file__ or "")}))
"""


def used_files(site: Path, full_stdlib: bool = True) -> list[str]:
    runner = ROOT / "generator" / "testing" / "pyodide_run.mjs"
    args = ["node", str(runner), str(site)] + (["--stdlib-complet"] if full_stdlib else [])
    done = subprocess.run(args, input=PROBE, capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(done.stdout)


def main() -> None:
    site = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "site")
    keep = sorted(set(used_files(site)) | set(ALWAYS))
    header = [line for line in LIST.read_text().splitlines() if line.startswith("#")]
    LIST.write_text("\n".join(header + keep) + "\n")
    print(f"{len(keep)} fichiers dans {LIST.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
