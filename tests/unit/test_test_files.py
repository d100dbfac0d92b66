"""Test files are imported by their base name (no __init__.py in the tiers): two files of
the same name in two tiers would stop pytest from collecting one of them."""

from __future__ import annotations

from collections import Counter

from helpers import ROOT


def test_no_two_test_files_share_a_name():
    names = Counter(path.name for path in (ROOT / "tests").rglob("test_*.py"))
    assert [name for name, count in names.items() if count > 1] == []
