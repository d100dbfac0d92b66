"""The browser code as the site ships it (assets.without_comment_lines): the same program as
its source, line for line. Node's espree (ESLint's parser, pinned in package.json) parses
both; their syntax trees, positions aside, must be equal — a line starting with « // » inside
a multi-line string or template would change the tree and fail here."""

from __future__ import annotations

import json
import subprocess

from helpers import ROOT

from generator.pipeline import assets

COMPARE = """
const espree = require("espree");
const pairs = JSON.parse(require("fs").readFileSync(0, "utf8"));
const tree = (text, sourceType) => JSON.stringify(
  espree.parse(text, { ecmaVersion: 2022, sourceType }),
  (key, value) => (["start", "end", "loc", "range"].includes(key) ? undefined : value),
);
const differ = [];
for (const [name, source, shipped] of pairs) {
  const type = /\\b(import|export)\\b/.test(source) ? "module" : "script";
  if (tree(source, type) !== tree(shipped, type)) differ.push(name);
}
process.stdout.write(JSON.stringify(differ));
"""


def test_comment_lines_are_left_empty_and_nothing_else_changes():
    script = 'const a = 1; // kept\n  // gone\nconst b = "// kept";\n// gone'
    assert assets.without_comment_lines(script) == 'const a = 1; // kept\n\nconst b = "// kept";\n'


def test_every_shipped_script_is_its_source_program_line_for_line():
    pairs = []
    for path in sorted(assets.BROWSER.rglob("*.*js")):
        source = path.read_text(encoding="utf-8")
        shipped = assets.without_comment_lines(source)
        assert shipped.count("\n") == source.count("\n"), path.name
        pairs.append((path.name, source, shipped))
    assert len(pairs) > 20
    answer = subprocess.run(
        ["node", "-e", COMPARE],
        input=json.dumps(pairs),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert json.loads(answer.stdout) == []
