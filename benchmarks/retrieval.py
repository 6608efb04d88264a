"""Retrieval benchmark: recall@5 and MRR of semantic, lexical, graph and hybrid search.

Indexes click 8.1.7 (fetched once from PyPI through the JSON simple API, cached under
~/.cache/klaro-bench) with each offline embedding candidate, asks the hand-written questions of
`benchmarks/data/retrieval_questions.yaml` and prints a table, the index time and the median
query latency. Run: `python benchmarks/retrieval.py [--embeddings hash,wordllama]`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import tarfile
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import yaml

from klaro.knowledge.base import KnowledgeBase
from klaro.knowledge.embed import Embedder, HashEmbedder, OnnxEmbedder, WordLlamaEmbedder
from klaro.knowledge.store import ChromaStore
from klaro.scan.analyze import analyze_repository

QUESTIONS = Path(__file__).parent / "data" / "retrieval_questions.yaml"
CACHE = Path.home() / ".cache" / "klaro-bench"
MODES = {
    "semantic": ("semantic",),
    "lexical": ("lexical",),
    "graph": ("graph",),
    "hybrid": ("semantic", "lexical", "graph"),
}


def fetch_sdist(name: str, version: str) -> Path:
    """Download and unpack `name==version` once; return the unpacked root."""
    root = CACHE / f"{name}-{version}"
    if (root / "PKG-INFO").is_file():
        return root
    CACHE.mkdir(parents=True, exist_ok=True)
    url = f"https://pypi.org/simple/{name}/"
    request = urllib.request.Request(url, headers={"Accept": "application/vnd.pypi.simple.v1+json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        index = json.load(response)
    entry = next(f for f in index["files"] if f["filename"] == f"{name}-{version}.tar.gz")
    with urllib.request.urlopen(entry["url"], timeout=60) as response:
        data = response.read()
    if hashlib.sha256(data).hexdigest() != entry["hashes"]["sha256"]:
        raise SystemExit(f"sha256 mismatch for {entry['filename']}")
    archive = CACHE / entry["filename"]
    archive.write_bytes(data)
    with tarfile.open(archive) as tf:
        tf.extractall(CACHE, filter="data")
    return root


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


def evaluate(
    kb: KnowledgeBase, questions: list[dict[str, Any]], methods: tuple[str, ...]
) -> dict[str, float]:
    """Return recall@5, MRR@10 and the median query time in ms for one method set."""
    hits, reciprocal, times = 0, 0.0, []
    for item in questions:
        gold = set(item["symbols"])
        start = time.perf_counter()
        results = kb.search(item["q"], k=10, methods=methods)
        times.append((time.perf_counter() - start) * 1000)
        rank = next((i for i, r in enumerate(results, 1) if r.symbol in gold), None)
        if rank is not None:
            hits += rank <= 5
            reciprocal += 1 / rank
    n = len(questions)
    return {"recall@5": hits / n, "mrr": reciprocal / n, "p50_ms": statistics.median(times)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embeddings", default="hash,wordllama,onnx")
    args = parser.parse_args()
    spec = yaml.safe_load(QUESTIONS.read_text())
    root = fetch_sdist(spec["package"], spec["version"])
    questions = spec["questions"]
    analysis = analyze_repository(root)
    print(
        f"{spec['package']} {spec['version']}: {len(questions)} questions, {analysis.lines} lines"
    )
    print(f"{'embedding':28} {'method':9} {'recall@5':>8} {'MRR':>6} {'p50 ms':>7}")
    for embedder in candidates(args.embeddings.split(",")):
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
            missing = [s for q in questions for s in q["symbols"][:1] if s not in catalog]
            if missing:
                print(f"  gold symbols not indexed: {missing}", file=sys.stderr)
            for mode, methods in MODES.items():
                row = evaluate(kb, questions, methods)
                print(
                    f"{embedder.name:28} {mode:9} {row['recall@5']:8.3f} {row['mrr']:6.3f}"
                    f" {row['p50_ms']:7.1f}"
                )
            print(f"{embedder.name:28} index: {stats.added} chunks in {index_s:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
