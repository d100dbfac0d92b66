"""The pipeline's cache (generator/pipeline/cache.py) rests on one invariant: what a system
contributes is made of its own files. A step that reads outside its system raises."""

from __future__ import annotations

import pytest
from helpers import ROOT
from import_graph import graph

from generator.pipeline import per_entity
from generator.pipeline.build import judge
from generator.pipeline.errors import WritingFailed
from generator.pipeline.links import CorpusLinks, _own_pages_only


def test_only_the_cache_layer_keeps_anything_between_judgements():
    importers = sorted(
        name
        for name, imported in graph().items()
        if "generator.pipeline.cache" in imported and name != "generator.pipeline.cache"
    )
    assert importers == ["generator.pipeline.build"]


def test_a_system_page_that_reads_the_corpus_raises():
    plan = judge(ROOT)
    corpus, renderer = plan.corpus, plan.renderer
    system = next(s for s in corpus.systems.values() if s.ready)
    template = renderer.env.from_string("{{ corpus.systems | length }}")
    renderer.env.get_template = lambda name: template
    with pytest.raises(WritingFailed) as failed:
        renderer._render("x.md.j2", "x.md", system)
    assert isinstance(failed.value.error, per_entity.ReadOutside)
    assert renderer._render("x.md.j2", "x.md") == str(len(corpus.systems))


def test_a_system_citing_another_raises():
    corpus = judge(ROOT).corpus
    first, second = [s for s in corpus.systems.values() if s.ready][:2]
    found = CorpusLinks(corpus)
    found.cited_by[second.docs_path] = [first.all_entities()[0]]
    with pytest.raises(per_entity.ReadOutside):
        _own_pages_only(first, found)
    _own_pages_only(second, CorpusLinks(corpus))  # nothing cited: nothing to say
