"""`python -m generator tester`: the project's tests and the generator's generic ones
(generator/testing/generiques/), on its systems, by pytest with the generator.testing plugin.
Not imported from generator.testing: pytest must import the plugin itself to rewrite its
assertions."""

from __future__ import annotations

import sys
from pathlib import Path

GENERIC = Path(__file__).resolve().parent.parent / "testing" / "generiques"


def run_tests(project_root: Path, arguments: list[str]) -> int:
    """`python -m generator tester`: the project's tests/ and the generator's generic ones,
    on its systems; nothing written inside the generator (no bytecode beside its tests)."""
    try:
        import pytest
    except ImportError:
        print(
            "tester : pytest absent ; installez le générateur avec ses tests "
            "(pip install 'srd-jdr[test]', voir requirements.txt)",
            file=sys.stderr,
        )
        return 1
    sys.dont_write_bytecode = True
    own = project_root / "tests"
    paths = [str(p) for p in (own, GENERIC) if p.is_dir()]
    return pytest.main(
        [*paths, "--rootdir", str(project_root), "-p", "generator.testing", *arguments]
    )
