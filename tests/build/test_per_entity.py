"""What is made from one entity (its page, its finder row, its card) is kept from one
judgement to the next (`serve`, generator/pipeline/per_entity.py) only when nothing it read has
changed: what is built again is what a fresh process builds, after edits chosen from the
data of every system: its most cited entity renamed, cited once more from another
entity's summary and from a chapter."""

from __future__ import annotations

import pickle
import subprocess
import sys

import yaml
from helpers import ROOT

from generator.pipeline import cache, per_entity
from generator.pipeline.build import generate_files, judge

COLD = """
import pickle, sys
from pathlib import Path
from generator.pipeline.build import generate_files
files = generate_files(Path(sys.argv[1]))[1]
files = {path: content for path, content in files.items() if not path.startswith("assets/pyodide/")}
Path(sys.argv[2]).write_bytes(pickle.dumps(files))
"""


def built(project, tmp_path=None) -> dict[str, bytes]:
    """The docs files of `project` (Pyodide's own files aside): made in this process,
    after the builds before it, or by a fresh process (nothing kept) given `tmp_path`."""
    if tmp_path is None:
        files = generate_files(project)[1]
        return {path: content for path, content in files.items() if "assets/pyodide/" not in path}
    out = tmp_path / "froid.pickle"
    subprocess.run(
        [sys.executable, "-c", COLD, str(project), str(out)], cwd=ROOT, check=True, timeout=600
    )
    return pickle.loads(out.read_bytes())


def most_cited(system, links):
    """The entity of `system` with the most backlinks."""
    return max(
        system.all_entities(),
        key=lambda entity: sum(map(len, links.backlinks(entity).values())),
    )


def rewrite(path, change) -> None:
    """`path`'s entity list, changed by `change(list)` and written back as YAML."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def kept(renderer, system_id) -> dict:
    """What is kept of the system's entities: their pages, rows and cards (the pages under
    the key pages.py gives them, the features shown included)."""
    features = tuple(sorted(renderer.features))
    return {
        what: dict(cache._EARLIER.get(key)[1])
        for what, key in (
            ("pages", ("pages", renderer._templates_digest(), system_id, features)),
            ("rows", ("trouveur", system_id)),
            ("cards", ("cartes", system_id)),
        )
    }


def test_what_is_kept_of_each_entity_is_what_a_fresh_process_makes(project, tmp_path):
    renderer, _ = generate_files(project)
    corpus, links = renderer.corpus, renderer.links
    systems = [system for system in corpus.systems.values() if system.ready]
    chosen = {system.id: most_cited(system, links) for system in systems}
    before = {system.id: kept(renderer, system.id) for system in systems}

    # Renamed, and cited from the summary of an entity that did not cite it.
    for system in systems:
        target = chosen[system.id]
        citing = next(
            e
            for e in system.all_entities()
            if e is not target and e not in links.backlinks(target)["cite"]
        )
        tag = f" {{@{target.kind} {target.id}}}"

        def rename(data, target=target):
            data[target.index]["nom"] = target.name + " bis"

        def cite(data, citing=citing, tag=tag):
            data[citing.index]["resume"] = data[citing.index]["resume"] + tag

        rewrite(target.file, rename)
        rewrite(citing.file, cite)
    renamed = built(project)
    assert renamed == built(project, tmp_path)
    for system in systems:
        target = chosen[system.id]
        assert (target.name + " bis").encode() in renamed[target.docs_path]

    # Most were kept, not made again (the test would pass without keeping any).
    for what in ("pages", "rows", "cards"):
        same = total = 0
        for system in systems:
            after = kept(renderer, system.id)[what]
            same += sum(after[name] is entry for name, entry in before[system.id][what].items())
            total += len(after)
        assert same > 0.8 * total, (what, same, total)

    # A paragraph added to a chapter cites it again: its « Cité par » gains the chapter.
    for system in systems:
        chapter = system.chapters[-1]
        target = chosen[system.id]
        text = chapter.file.read_text(encoding="utf-8")
        chapter.file.write_text(text + f"\n\nVoir {{@{target.kind} {target.id}}}.\n")
    assert built(project) == built(project, tmp_path)


def test_a_page_that_reads_what_it_cannot_write_down_is_rendered_each_time(project):
    plan = judge(project)
    corpus, links = plan.corpus, plan.links
    system = next(s for s in corpus.systems.values() if s.ready)
    reads = per_entity.Reads()
    watched = per_entity.WatchedSystem(system, reads)
    assert watched.name == system.name and not reads.whole
    assert watched.entities is system.entities and reads.whole
    reads = per_entity.Reads()
    assert per_entity.WatchedLinks(links, reads).cited_by is links.cited_by
    assert reads.whole and not per_entity.unchanged(reads, system, links)
