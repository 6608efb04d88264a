"""Hybrid retrieval: semantic, lexical and graph rankings fused by reciprocal rank.

Graph ranking follows the mini agentic RAG design: symbols named (or closely matched) in the
question are seeds at hop 0; the code graph adds their neighbours up to two hops away with a
penalty per hop. Each result says which rankings found it and at what hop.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from klaro.knowledge.lexical import split_identifier

if TYPE_CHECKING:
    from klaro.scan.graph import CodeGraph

# Low k lets a method's top hits count for more than broad agreement further down: at k=60,
# passages both rankings put at 10-20 outvoted one ranking's clear first (click questions).
RRF_K = 10
HOP_PENALTY = (1.0, 0.77, 0.63)
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")
_MAX_GRAPH = 60


@dataclass(frozen=True)
class Result:
    """A code passage found for a query, with how it was found."""

    path: str
    symbol: str
    kind: str
    start_line: int
    end_line: int
    score: float
    method: str  # semantic | lexical | graph | hybrid
    hop: int
    methods: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        """The JSON form `klaro search --format json` prints."""
        return {
            "path": self.path,
            "symbol": self.symbol,
            "start_line": self.start_line,
            "end_line": self.end_line,
            "score": round(self.score, 6),
            "method": self.method,
            "hop": self.hop,
        }


@dataclass(frozen=True)
class GuidePassage:
    """A style-guide chunk: which guide, which heading, the text."""

    source: str
    heading: str
    text: str
    score: float


def _norm(name: str) -> str:
    return "".join(split_identifier(name))


def graph_seeds(query: str, graph: CodeGraph) -> dict[str, float]:
    """Return graph nodes the query names, weighted by how exactly it names them.

    Identifiers (`parse_args`, `Context.invoke`, `ParamType`) count fully, near-misses of them
    a little less, and adjacent plain words that spell one identifier ("parameter source")
    too. Single plain words are left out: measured on real questions, words such as "option"
    seed half the graph and drown the other rankings.
    """
    by_norm: dict[str, list[str]] = {}
    for node in graph.graph.nodes:
        by_norm.setdefault(_norm(node.rsplit(".", 1)[-1]), []).append(node)
    seeds: dict[str, float] = {}
    words = [w.strip(".") for w in _WORD.findall(query)]
    for word in words:
        if not ("_" in word or "." in word or word[1:] != word[1:].lower()):
            continue
        exact = graph.resolve(word)
        for node in exact:
            seeds[node] = 1.0
        if not exact:
            last = _norm(word.rsplit(".", 1)[-1])
            for close in difflib.get_close_matches(last, by_norm.keys(), n=2, cutoff=0.85):
                for node in by_norm[close]:
                    seeds.setdefault(node, 0.8)
    plain = [w.lower().replace("_", "") for w in words]
    for size in (3, 2):
        for i in range(len(plain) - size + 1):
            for node in by_norm.get("".join(plain[i : i + size]), []):
                seeds.setdefault(node, 0.9)
    return seeds


def graph_ranking(query: str, graph: CodeGraph) -> list[tuple[str, int, float]]:
    """Rank graph nodes for a query: seeds and their neighbours within 2 hops, hop-penalised."""
    found: dict[str, tuple[int, float]] = {}
    for seed, weight in graph_seeds(query, graph).items():
        candidates = {seed: 0, **graph.neighbours(seed, k=len(HOP_PENALTY) - 1)}
        for node, hop in candidates.items():
            score = weight * HOP_PENALTY[hop]
            if node not in found or score > found[node][1]:
                found[node] = (hop, score)
    ranked = sorted(found.items(), key=lambda kv: (-kv[1][1], kv[1][0], kv[0]))
    return [(node, hop, score) for node, (hop, score) in ranked[:_MAX_GRAPH]]


def fuse(
    rankings: Mapping[str, Sequence[str]],
    hops: Mapping[str, int] | None = None,
    weights: Mapping[str, float] | None = None,
) -> list[tuple[str, float, tuple[str, ...], int]]:
    """Reciprocal-rank fusion: (id, score, methods that found it, hop), best first."""
    scores: dict[str, float] = {}
    found_by: dict[str, list[str]] = {}
    for method, ids in rankings.items():
        weight = (weights or {}).get(method, 1.0)
        for rank, cid in enumerate(ids):
            scores[cid] = scores.get(cid, 0.0) + weight / (RRF_K + rank + 1)
            found_by.setdefault(cid, []).append(method)
    ordered = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
    return [
        (
            cid,
            score,
            tuple(found_by[cid]),
            (hops or {}).get(cid, 0) if "graph" in found_by[cid] else 0,
        )
        for cid, score in ordered
    ]
