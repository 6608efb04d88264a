"""Retrieval benchmark: recall@5 and MRR of semantic, lexical, graph and hybrid search.

Two question sets, each about a real package fetched once from PyPI through the JSON simple
API (cached under ~/.cache/klaro-bench): `retrieval_questions.yaml` (click 8.1.7) is the tuning
set; `retrieval_heldout.yaml` (httpx 0.27.0) was written before any tuning and is only ever used
to confirm. For each set and offline embedding candidate it prints recall@5, MRR and median
query latency per method, and the index time. `--misses` lists, per question, the rank each
method gave the gold symbol (for diagnosis on the tuning set).
Run: `python benchmarks/retrieval.py [--embeddings hash,wordllama] [--sets click,httpx]`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml
from sdists import fetch_sdist

from klaro.knowledge.base import KnowledgeBase
from klaro.knowledge.embed import Embedder, HashEmbedder, OnnxEmbedder, WordLlamaEmbedder
from klaro.knowledge.store import ChromaStore
from klaro.scan.analyze import analyze_repository

DATA = Path(__file__).parent / "data"
SETS = {"click": DATA / "retrieval_questions.yaml", "httpx": DATA / "retrieval_heldout.yaml"}
MODES = {
    "semantic": ("semantic",),
    "lexical": ("lexical",),
    "graph": ("graph",),
    "hybrid": ("semantic", "lexical", "graph"),
}


def candidates(names: list[str]) -> list[Embedder]:
    """The embedders to compare; onnx only when its model is already on disk."""
    out: list[Embedder] = []
    for name in names:
        if name == "hash":
            out.append(HashEmbedder())
        elif name == "wordllama":
            out.append(WordLlamaEmbedder())
        elif name == "onnx":
            out.append(OnnxEmbedder())
    return out


def gold_rank(kb: KnowledgeBase, item: dict[str, Any], methods: tuple[str, ...]) -> int | None:
    """Return the 1-based rank of the first gold symbol in the top 10, or None."""
    gold = set(item["symbols"])
    results = kb.search(item["q"], k=10, methods=methods)
    return next((i for i, r in enumerate(results, 1) if r.symbol in gold), None)


def evaluate(
    kb: KnowledgeBase, questions: list[dict[str, Any]], methods: tuple[str, ...]
) -> dict[str, Any]:
    """Return recall@5, MRR@10, the median query time in ms and each question's rank."""
    hits, reciprocal, times, ranks = 0, 0.0, [], []
    for item in questions:
        start = time.perf_counter()
        rank = gold_rank(kb, item, methods)
        times.append((time.perf_counter() - start) * 1000)
        ranks.append(rank)
        if rank is not None:
            hits += rank <= 5
            reciprocal += 1 / rank
    n = len(questions)
    return {
        "recall@5": hits / n,
        "mrr": reciprocal / n,
        "p50_ms": statistics.median(times),
        "ranks": ranks,
    }


def print_misses(questions: list[dict[str, Any]], rows: dict[str, dict[str, Any]]) -> None:
    """Print each question that some method misses at 5, with every method's rank."""
    print("  " + " ".join(f"{m[:4]:>4}" for m in rows) + "  question")
    for i, item in enumerate(questions):
        ranks = [rows[m]["ranks"][i] for m in rows]
        if all(r is not None and r <= 5 for r in ranks):
            continue
        cells = " ".join(f"{'-' if r is None else r:>4}" for r in ranks)
        print(f"  {cells}  {item['q']}")


def run_set(name: str, embedders: list[Embedder], misses: bool) -> None:
    """Index one question set's package with each embedder and print the figures."""
    spec = yaml.safe_load(SETS[name].read_text())
    root = fetch_sdist(spec["package"], spec["version"])
    questions = spec["questions"]
    analysis = analyze_repository(root)
    print(
        f"{spec['package']} {spec['version']}: {len(questions)} questions, {analysis.lines} lines"
    )
    print(f"{'embedding':28} {'method':9} {'recall@5':>8} {'MRR':>6} {'p50 ms':>7}")
    for embedder in embedders:
        with tempfile.TemporaryDirectory() as tmp:
            kb = KnowledgeBase(ChromaStore(path=Path(tmp) / "chroma"), embedder, "bench", Path(tmp))
            start = time.perf_counter()
            try:
                stats = kb.index(analysis)
            except Exception as exc:  # a candidate that cannot run is reported, not fatal
                print(f"{embedder.name:28} skipped: {exc}")
                continue
            index_s = time.perf_counter() - start
            catalog = {str(m["symbol"]) for m in kb.code.catalog().values()}
            missing = [s for q in questions for s in q["symbols"] if s not in catalog]
            if missing:
                print(f"  gold symbols not indexed: {missing}", file=sys.stderr)
            rows = {}
            for mode, methods in MODES.items():
                row = rows[mode] = evaluate(kb, questions, methods)
                print(
                    f"{embedder.name:28} {mode:9} {row['recall@5']:8.3f} {row['mrr']:6.3f}"
                    f" {row['p50_ms']:7.1f}"
                )
            print(f"{embedder.name:28} index: {stats.added} chunks in {index_s:.1f} s")
            if misses:
                print_misses(questions, rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embeddings", default="hash,wordllama,onnx")
    parser.add_argument("--sets", default=",".join(SETS), help="question sets: click,httpx")
    parser.add_argument("--misses", action="store_true", help="list questions a method misses")
    args = parser.parse_args()
    embedders = candidates(args.embeddings.split(","))
    for number, name in enumerate(args.sets.split(",")):
        if number:
            print()
        run_set(name, embedders, args.misses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
