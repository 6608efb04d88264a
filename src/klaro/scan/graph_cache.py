"""The code graph and its ranking, kept with the analysis so a cached run rebuilds nothing.

`graph_of(analysis)` is how every command gets the graph of an analysis. Within a process the
graph is built once per analysis. When the analysis came from the on-disk cache
(`analyze_repository(..., cache_dir=...)`), the graph, with its PageRank already computed, is
stored beside it: keyed by the content hash of every Python file, the analyser's version and a
fingerprint of Klaro's own scan code, so an edited file or an upgraded Klaro rebuilds it. Like
the analysis cache, it lives in the user's cache folder, never in the analysed repository.
"""

from __future__ import annotations

import gc
import hashlib
import pickle
from pathlib import Path

from klaro import safeio
from klaro.errors import KlaroError
from klaro.scan.files import is_python_module
from klaro.scan.graph import CodeGraph, build_graph
from klaro.scan.model import Analysis
from klaro.scan.names_build import names_of

# Bump when the graph or its pickled form changes for the same analysis and the same code.
GRAPH_CACHE_VERSION = 2

_MEMO: list[tuple[Analysis, CodeGraph]] = []  # analyses are immutable; keep the object itself
_MEMO_SIZE = 4
_SOURCES: list[tuple[Analysis, Path, str]] = []  # analysis -> (cache file, fingerprint of code)


def remember_source(analysis: Analysis, cache_dir: Path, code_fingerprint: str) -> None:
    """Note that `analysis` was made with a cache folder, so its graph may be cached there."""
    digest = hashlib.sha256(f"{analysis.root}\0{code_fingerprint}".encode()).hexdigest()[:16]
    file = cache_dir / f"graph-v{GRAPH_CACHE_VERSION}-{digest}.pickle"
    _SOURCES.insert(0, (analysis, file, code_fingerprint))
    del _SOURCES[_MEMO_SIZE:]


def graph_of(analysis: Analysis) -> CodeGraph:
    """Return the code graph of an analysis, ranked, from memory or the cache when possible."""
    for known, remembered in _MEMO:
        if known is analysis:
            return remembered
    source = next(((f, c) for a, f, c in _SOURCES if a is analysis), None)
    graph: CodeGraph | None = None
    key = ""
    if source is not None:
        key = _content_key(analysis, source[1])
        graph = _load(source[0], key)
    if graph is not None:
        graph.names = names_of(analysis)
    else:
        graph = build_graph(analysis)
        graph.ranks()  # computed once here, so a cached copy carries the ranking too
        if source is not None:
            _save(source[0], key, graph)
    _MEMO.insert(0, (analysis, graph))
    del _MEMO[_MEMO_SIZE:]
    return graph


def _content_key(analysis: Analysis, code_fingerprint: str) -> str:
    """Everything the graph depends on: each Python file's hash, and the code that built it."""
    h = hashlib.sha256(code_fingerprint.encode())
    for f in sorted(analysis.files, key=lambda f: f.path):
        if is_python_module(f) or f.path.endswith(".pyi"):  # stubs add run-time names
            h.update(f"{f.path}\0{f.sha256}\n".encode())
    return h.hexdigest()


def _load(file: Path, key: str) -> CodeGraph | None:
    # tens of thousands of small acyclic dicts: the cyclic collector would only slow the load
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        with file.open("rb") as fh:
            data = pickle.load(fh)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, TypeError, ValueError):
        return None
    finally:
        gc.freeze()  # long-lived: keep the collector from rescanning them (see analyze.py)
        if gc_was_enabled:
            gc.enable()
    if not isinstance(data, dict) or data.get("key") != key:
        return None
    graph = data.get("graph")
    return graph if isinstance(graph, CodeGraph) else None


def _save(file: Path, key: str, graph: CodeGraph) -> None:
    """Write atomically; a cache that cannot be written only costs time on the next run."""
    data = pickle.dumps({"key": key, "graph": graph}, protocol=pickle.HIGHEST_PROTOCOL)
    try:
        safeio.write_bytes(file.parent, file, data)
    except KlaroError:
        return
