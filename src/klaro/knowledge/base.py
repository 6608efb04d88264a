"""The knowledge base: index a repository and its style guides, then search them.

Chroma holds texts, metadata and vectors. Beside it, in a state folder, live what Chroma cannot
hold: the BM25 index and the code graph, each stamped with a fingerprint of the collection's
ids so a stale copy (another runner changed a shared server, a rebuild) is rebuilt, not used.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from klaro import safeio
from klaro.config import Config
from klaro.knowledge.embed import Embedder, make_embedder
from klaro.knowledge.ingest import Chunk, Metadata, code_chunks, guide_chunks
from klaro.knowledge.lexical import LexicalIndex
from klaro.knowledge.retrieve import GuidePassage, Result, fuse, graph_ranking
from klaro.knowledge.store import ChromaStore, Collection, collection_name
from klaro.scan.graph import CodeGraph
from klaro.scan.graph_cache import graph_of
from klaro.scan.model import Analysis

Progress = Callable[[int, int, str], None]
METHODS = ("semantic", "lexical", "graph")
_CANDIDATES = 50
_EMBED_BATCH = 64
# Graph hops are a hint, not evidence: at equal weight they outvoted both text rankings.
# Lexical is the stronger ranking on code (benchmarks/retrieval.py), so it leads the fusion.
WEIGHTS = {"semantic": 1.0, "lexical": 1.5, "graph": 0.5}


@dataclass(frozen=True)
class IndexStats:
    """What an index run wrote: chunks added, updated in place, removed, left as they were."""

    added: int = 0
    updated: int = 0
    removed: int = 0
    unchanged: int = 0

    def __add__(self, other: IndexStats) -> IndexStats:
        return IndexStats(
            self.added + other.added,
            self.updated + other.updated,
            self.removed + other.removed,
            self.unchanged + other.unchanged,
        )

    @property
    def written(self) -> int:
        return self.added + self.updated + self.removed


def repository_name(config: Config, env: Mapping[str, str] | None = None) -> str:
    """Name collections after $GITHUB_REPOSITORY in Actions (the workspace folder is generic)."""
    env = os.environ if env is None else env
    return env.get("GITHUB_REPOSITORY") or config.root.name or "repo"


def _fingerprint(ids: Sequence[str]) -> str:
    return hashlib.sha256("\n".join(sorted(ids)).encode()).hexdigest()


class _Part:
    """One collection (code or guides) with its catalog and lexical index, loaded lazily."""

    def __init__(self, kb: KnowledgeBase, kind: str) -> None:
        self.kb = kb
        self.name = collection_name(kb.repository, kind)
        self.folder = kb.state_dir / self.name
        self._collection: Collection | None = None
        self._catalog: dict[str, Metadata] | None = None
        self._lexical: LexicalIndex | None = None

    def collection(self, create: bool = False) -> Collection | None:
        if self._collection is None:
            self._collection = self.kb.store.open(self.name, self.kb.embedder, create=create)
        return self._collection

    def catalog(self) -> dict[str, Metadata]:
        if self._catalog is None:
            coll = self.collection()
            self._catalog = coll.catalog() if coll else {}
        return self._catalog

    def lexical(self) -> LexicalIndex:
        """Load the saved BM25 index if it matches the collection, else rebuild and save it."""
        if self._lexical is None:
            catalog = self.catalog()
            try:
                meta = json.loads((self.folder / "meta.json").read_text())
                if meta.get("fingerprint") != _fingerprint(list(catalog)):
                    raise ValueError("stale")
                self._lexical = LexicalIndex.load(self.folder / "lexical")
            except (OSError, ValueError, KeyError):
                coll = self.collection()
                docs = coll.documents(list(catalog)) if coll else {}
                ids = sorted(docs)
                self._lexical = LexicalIndex.build(ids, [docs[i] for i in ids])
                self._save_lexical(ids)
        return self._lexical

    def _save_lexical(self, ids: list[str]) -> None:
        assert self._lexical is not None
        base = self.kb.base
        shutil.rmtree(self.folder / "lexical", ignore_errors=True)  # never follows a link
        self._lexical.save(safeio.ensure_dir(base, self.folder / "lexical"))
        meta = json.dumps({"fingerprint": _fingerprint(ids)})
        safeio.write_text(base, self.folder / "meta.json", meta)  # last: marks the index whole

    def sync(self, chunks: Sequence[Chunk], progress: Progress | None) -> IndexStats:
        """Make the collection hold exactly `chunks`: add new ids, drop vanished ones."""
        coll = self.collection(create=True)
        assert coll is not None
        old = coll.catalog()
        new = {c.id: c for c in chunks}
        fresh = [c for cid, c in new.items() if cid not in old]
        gone = [cid for cid in old if cid not in new]
        old_keys = {Chunk(cid, "", meta).key for cid, meta in old.items() if cid in gone}
        updated = sum(1 for c in fresh if c.key in old_keys)
        for start in range(0, len(fresh), _EMBED_BATCH):
            batch = fresh[start : start + _EMBED_BATCH]
            coll.add(batch, self.kb.embedder.embed([c.text for c in batch]))
            if progress is not None:
                for i, chunk in enumerate(batch, start + 1):
                    progress(i, len(fresh), str(chunk.metadata.get("path", "")))
        coll.remove(gone)
        self._catalog = {cid: c.metadata for cid, c in new.items()}
        if fresh or gone or not (self.folder / "meta.json").is_file():
            ids = sorted(new)
            self._lexical = LexicalIndex.build(ids, [new[i].text for i in ids])
            self._save_lexical(ids)
        return IndexStats(
            added=len(fresh) - updated,
            updated=updated,
            removed=len(gone) - updated,
            unchanged=len(new) - len(fresh),
        )


class KnowledgeBase:
    """Style guides and code of one repository in Chroma, searched by hybrid retrieval."""

    def __init__(
        self,
        store: ChromaStore,
        embedder: Embedder,
        repository: str,
        state_dir: Path,
        base: Path | None = None,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.repository = repository
        self.state_dir = state_dir
        self.base = base or state_dir  # every file of the index stays inside this folder
        self.code = _Part(self, "code")
        self.guides = _Part(self, "guides")
        self._graph: CodeGraph | None = None
        self._graph_loaded = False

    @classmethod
    def from_config(
        cls, config: Config, *, embedder: Embedder | None = None, repository: str | None = None
    ) -> KnowledgeBase:
        """Build the knowledge base a config describes; nothing is opened yet."""
        if config.chroma.url:
            store = ChromaStore(url=config.chroma.url)
            state = config.root / ".klaro" / "index"
        else:
            store = ChromaStore(path=config.root / config.chroma.path, base=config.root)
            state = config.root / config.chroma.path / "klaro-index"
        embedder = embedder or make_embedder(config)
        return cls(store, embedder, repository or repository_name(config), state, config.root)

    def rebuild(self) -> None:
        """Drop both collections and the state beside them."""
        for part in (self.code, self.guides):
            self.store.delete(part.name)
            shutil.rmtree(part.folder, ignore_errors=True)
        self.code = _Part(self, "code")
        self.guides = _Part(self, "guides")
        self._graph, self._graph_loaded = None, False

    def index(
        self,
        analysis: Analysis,
        guides: Sequence[tuple[str, str]] = (),
        progress: Progress | None = None,
    ) -> IndexStats:
        """Bring the index up to date with the analysis and guides; unchanged chunks stay."""
        stats = self.code.sync(code_chunks(analysis), progress)
        stats += self.guides.sync(guide_chunks(guides), None)
        self._graph = graph_of(analysis)
        self._graph_loaded = True
        _save_graph(self._graph, self.base, self.code.folder / "graph.json", self.code.catalog())
        return stats

    def graph(self) -> CodeGraph | None:
        """The code graph saved with the index, if it belongs to the current collection."""
        if not self._graph_loaded:
            self._graph = _load_graph(self.code.folder / "graph.json", self.code.catalog())
            self._graph_loaded = True
        return self._graph

    def search(
        self,
        query: str,
        k: int = 5,
        path: str | None = None,
        *,
        methods: Sequence[str] = METHODS,
    ) -> list[Result]:
        """Return the k code passages best matching the query, by fused hybrid ranking."""
        catalog = self.code.catalog()
        if not catalog or not query.strip():
            return []
        allowed = None
        if path:
            prefix = path.strip("/")
            allowed = {cid for cid, m in catalog.items() if str(m["path"]).startswith(prefix)}
        rankings: dict[str, list[str]] = {}
        hops: dict[str, int] = {}
        if "semantic" in methods:
            rankings["semantic"] = self._semantic(query, catalog, allowed)
        if "lexical" in methods:
            hits = self.code.lexical().search(query, _CANDIDATES * 4 if allowed else _CANDIDATES)
            rankings["lexical"] = [cid for cid, _ in hits if allowed is None or cid in allowed]
        graph = self.graph() if "graph" in methods else None
        if graph is not None:
            by_symbol = {str(m["symbol"]): cid for cid, m in catalog.items()}
            ranked = []
            for node, hop, _ in graph_ranking(query, graph):
                cid = by_symbol.get(node)
                if cid and (allowed is None or cid in allowed):
                    ranked.append(cid)
                    hops[cid] = hop
            rankings["graph"] = ranked
        out = []
        for cid, score, found_by, hop in fuse(rankings, hops, WEIGHTS)[:k]:
            meta = catalog[cid]
            out.append(
                Result(
                    path=str(meta["path"]),
                    symbol=str(meta["symbol"]),
                    kind=str(meta["kind"]),
                    start_line=int(meta["start_line"]),
                    end_line=int(meta["end_line"]),
                    score=score,
                    method=found_by[0] if len(found_by) == 1 else "hybrid",
                    hop=hop,
                    methods=found_by,
                )
            )
        return out

    def _semantic(
        self, query: str, catalog: dict[str, Metadata], allowed: set[str] | None
    ) -> list[str]:
        coll = self.code.collection()
        if coll is None:
            return []
        where: dict[str, Any] | None = None
        if allowed is not None:
            paths = sorted({str(catalog[c]["path"]) for c in allowed})
            if not paths:
                return []
            where = {"path": {"$in": paths}}
        return coll.query(self.embedder.embed([query])[0], _CANDIDATES, where)

    def passages(self, results: Sequence[Result]) -> dict[str, str]:
        """Return the indexed text of each result, keyed by symbol (for citing answers)."""
        catalog = self.code.catalog()
        coll = self.code.collection()
        wanted = {str(m["symbol"]): cid for cid, m in catalog.items()}
        ids = [wanted[r.symbol] for r in results if r.symbol in wanted]
        docs = coll.documents(ids) if coll else {}
        return {str(catalog[cid]["symbol"]): docs.get(cid, "") for cid in ids}

    def retrieve_guides(self, query: str, k: int = 3) -> list[GuidePassage]:
        """Return the k style-guide chunks most relevant to the query, with their source."""
        catalog = self.guides.catalog()
        coll = self.guides.collection()
        if not catalog or coll is None or not query.strip():
            return []
        rankings = {
            "semantic": coll.query(self.embedder.embed([query])[0], _CANDIDATES),
            "lexical": [cid for cid, _ in self.guides.lexical().search(query, _CANDIDATES)],
        }
        fused = fuse(rankings)[:k]
        docs = coll.documents([cid for cid, *_ in fused])
        return [
            GuidePassage(
                source=str(catalog[cid]["source"]),
                heading=str(catalog[cid]["heading"]),
                text=docs.get(cid, ""),
                score=score,
            )
            for cid, score, _, _ in fused
        ]


def _save_graph(graph: CodeGraph, base: Path, file: Path, catalog: Mapping[str, Metadata]) -> None:
    nodes = [[n, dict(a)] for n, a in graph.graph.nodes(data=True)]
    edges = [[u, v, key] for u, v, key in graph.graph.edges(keys=True)]
    data = {"fingerprint": _fingerprint(list(catalog)), "nodes": nodes, "edges": edges}
    safeio.write_text(base, file, json.dumps(data))


def _load_graph(file: Path, catalog: Mapping[str, Metadata]) -> CodeGraph | None:
    try:
        data = json.loads(file.read_text())
    except (OSError, ValueError):
        return None
    if data.get("fingerprint") != _fingerprint(list(catalog)):
        return None  # built for other chunks: graph hops would point at stale symbols
    import networkx as nx

    graph = nx.MultiDiGraph()
    graph.add_nodes_from((n, a) for n, a in data["nodes"])
    graph.add_edges_from((u, v, key) for u, v, key in data["edges"])
    return CodeGraph(graph)
