"""Entity pages kept from one judgement to the next (`serve`, generator/page_reads.py): a
page is kept only when nothing it read has changed, so that what is judged again is what
a fresh process gives, after edits chosen from the data of every system: its most cited
entity renamed, cited once more from another entity's summary and from a chapter."""

from __future__ import annotations

import yaml
from test_rejuger import cold, warm

from generator import page_reads, pages
from generator.build import judge


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


def kept_pages(renderer, system_id) -> dict:
    return dict(pages._ENTITY_PAGES.get((renderer._templates_digest(), system_id))[1])


def test_kept_entity_pages_are_those_a_fresh_process_renders(project, tmp_path):
    corpus, links, renderer, _ = judge(project)
    systems = [system for system in corpus.systems.values() if system.ready]
    chosen = {system.id: most_cited(system, links) for system in systems}
    before = {system.id: kept_pages(renderer, system.id) for system in systems}

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
    renamed = warm(project)
    assert renamed["problems"] == []
    assert renamed == cold(project, tmp_path)
    for system in systems:
        target = chosen[system.id]
        assert target.name + " bis" in renamed["pages"][target.docs_path]

    # Most pages were kept, not rendered again (the test would pass without keeping any).
    kept = total = 0
    for system in systems:
        after = kept_pages(renderer, system.id)
        kept += sum(after[page] is entry for page, entry in before[system.id].items())
        total += len(after)
    assert kept > 0.8 * total, (kept, total)

    # A paragraph added to a chapter cites it again: its « Cité par » gains the chapter.
    for system in systems:
        chapter = system.chapters[-1]
        target = chosen[system.id]
        text = chapter.file.read_text(encoding="utf-8")
        chapter.file.write_text(text + f"\n\nVoir {{@{target.kind} {target.id}}}.\n")
    cited = warm(project)
    assert cited["problems"] == []
    assert cited == cold(project, tmp_path)


def test_a_page_that_reads_what_it_cannot_write_down_is_rendered_each_time(project):
    corpus, links, renderer, _ = judge(project)
    system = next(s for s in corpus.systems.values() if s.ready)
    reads = page_reads.Reads()
    watched = page_reads.WatchedSystem(system, reads)
    assert watched.name == system.name and not reads.whole
    assert watched.entities is system.entities and reads.whole
    reads = page_reads.Reads()
    assert page_reads.WatchedLinks(links, reads).cited_by is links.cited_by
    assert reads.whole and not page_reads.unchanged(reads, system, links)
