"""The built site tells its host which files to ask for afresh at each visit: `_headers`
at its root, read by Netlify and Cloudflare Pages (docs/publier.md)."""

from __future__ import annotations

import json

from generator.pipeline.offline import MANIFEST


def test_the_host_is_told_to_ask_again_for_the_service_worker_and_its_manifest(site):
    text = (site / "_headers").read_text(encoding="utf-8")
    rules = [line for line in text.splitlines() if line and not line.startswith("#")]
    # The test site is served at its host's root (conftest.py: site_url ends in « :port/ »).
    assert rules == [
        "/sw.js",
        "  Cache-Control: no-cache",
        "/hors-ligne.json",
        "  Cache-Control: no-cache",
    ]
    for path in rules[::2]:
        assert (site / path.lstrip("/")).is_file(), path


def test_the_hosts_file_is_not_part_of_the_offline_copy(site):
    """A host that reads `_headers` does not serve it: a copy that listed it would fail."""
    files = json.loads((site / MANIFEST).read_text(encoding="utf-8"))["fichiers"]
    assert "_headers" not in files and files
