"""Rules of the graph the schemas draw between entities, checked on the whole corpus.

Read from the schemas, never from a system's name: a reference marked `x-relation: requis`
is a prerequisite, `x-relation: exclu` an exclusion (see `schemas`).
  - nothing requires or excludes itself;
  - prerequisites never loop: A requires B which requires A could never be bought, and
    the code that walks the chain of prerequisites (trees, planners) would never stop.
A loop is reported once, where its first entity states its requirement, with its path:
« A → B → A », each step at its `file:line`.
"""

from __future__ import annotations

from generator.core.schema_refs import follow
from generator.pipeline.corpus import Corpus, Entity, System
from generator.pipeline.errors import Problems
from generator.pipeline.schemas import kinds as kinds_of

VERB = {"requis": "se requiert", "exclu": "s'exclut"}


def check(corpus: Corpus, problems: Problems) -> None:
    for system in corpus.systems.values():
        edges = _requirements(system, problems)
        for cycle in _cycles(edges):
            _report(cycle, problems)


Edge = tuple[Entity, tuple]  # (required entity, path of the field that requires it)


def _requirements(system: System, problems: Problems) -> dict[str, list[tuple[Entity, Edge]]]:
    """docs path of each requiring entity -> [(itself, (required entity, field path))]."""
    kinds = kinds_of(system.id)
    edges: dict[str, list[tuple[Entity, Edge]]] = {}
    for entity in system.all_entities():
        if entity.kind not in kinds:
            continue
        for pattern, target_kind, relation, _ in kinds[entity.kind].references():
            if relation not in VERB:
                continue
            for path, value in follow(entity.data, pattern, ()):
                target = system.entity(target_kind, value)
                if target is None:  # reported by the links
                    continue
                if target is entity:
                    field = ".".join(str(p) for p in path if not isinstance(p, int))
                    problems.add(
                        entity.file,
                        entity.line(path),
                        f"« {field} » : {entity.kind} « {entity.id} » {VERB[relation]} lui-même",
                    )
                elif relation == "requis":
                    edges.setdefault(entity.docs_path, []).append((entity, (target, path)))
    return edges


def _cycles(edges: dict[str, list[tuple[Entity, Edge]]]) -> list[list[tuple[Entity, tuple]]]:
    """Each loop of requirements once: [(entity, path of its requirement of the next)…].
    Depth-first, without recursion (a chain may be as long as the data)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    found: list[list[tuple[Entity, tuple]]] = []
    seen_loops: set[frozenset[str]] = set()
    for start in list(edges):
        if state.get(start):
            continue
        # The current path: (docs path, its outgoing edges, index of the next edge to try)
        stack: list[list] = [[start, edges.get(start, []), 0]]
        state[start] = 1
        while stack:
            frame = stack[-1]
            node, out, index = frame
            if index == len(out):
                state[node] = 2
                stack.pop()
                continue
            frame[2] += 1
            entity, (target, path) = out[index]
            nxt = target.docs_path
            if state.get(nxt) == 1:  # back to a node of the current path: a loop
                nodes = [f[0] for f in stack]
                loop = stack[nodes.index(nxt) :]
                key = frozenset(f[0] for f in loop)
                if key not in seen_loops:
                    seen_loops.add(key)
                    found.append([(f[1][f[2] - 1][0], f[1][f[2] - 1][1]) for f in loop])
            elif not state.get(nxt):
                state[nxt] = 1
                stack.append([nxt, edges.get(nxt, []), 0])
    return found


def _report(cycle: list[tuple[Entity, tuple]], problems: Problems) -> None:
    """`cycle`: [(entity, (required entity, field path))…], each requiring the next."""
    steps = [
        f"{entity.kind} « {entity.id} » ({problems.relative(entity.file)}:{entity.line(path)})"
        for entity, (_, path) in cycle
    ]
    first, (_, path) = cycle[0]
    steps.append(f"{first.kind} « {first.id} »")
    problems.add(
        first.file,
        first.line(path),
        "prérequis en boucle, impossibles à remplir : " + " → ".join(steps),
    )
