"""The Chroma side of the knowledge base: client choice, collection names, embedding checks.

Embedded `PersistentClient` under the repository by default; `HttpClient` when a server URL is
configured, so a team can share one server across repositories (collections are named per
repository). Klaro always passes its own vectors, so Chroma's default embedder never loads.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import numpy as np

from klaro import safeio
from klaro.errors import KlaroError
from klaro.knowledge.embed import Embedder
from klaro.knowledge.ingest import Chunk, Metadata

# Bump when chunk text or tokens change, so old collections are rebuilt rather than mixed.
# 2: `__init__` folded into its class chunk; abbreviations expanded in code tokens.
SCHEMA = 2
_BATCH = 500


def collection_name(repository: str, kind: str) -> str:
    """Return a valid Chroma collection name (3-512 of [a-zA-Z0-9._-], alnum at both ends)."""
    slug = re.sub(r"[^a-zA-Z0-9._-]+", "-", repository).strip("._-")
    slug = re.sub(r"\.{2,}", ".", slug) or "repo"
    if len(slug) > 400:
        slug = slug[:380].rstrip("._-") + "-" + hashlib.sha256(repository.encode()).hexdigest()[:12]
    return f"klaro-{slug}-{kind}"


def parse_url(url: str) -> tuple[str, int, bool]:
    """Split a Chroma server URL into host, port and whether to use TLS."""
    parsed = urlparse(url)
    if parsed.scheme not in ("http", "https") or not parsed.hostname:
        raise KlaroError(f"chroma.url: expected http(s)://HOST[:PORT], got {url!r}")
    ssl = parsed.scheme == "https"
    return parsed.hostname, parsed.port or (443 if ssl else 8000), ssl


class ChromaStore:
    """A Chroma client opened on first use; construction does no I/O."""

    def __init__(
        self, path: Path | None = None, url: str | None = None, *, base: Path | None = None
    ) -> None:
        if (path is None) == (url is None):
            raise ValueError("give exactly one of path or url")
        self.path = path
        self.url = url
        self.base = base or path  # the folder no file of the store may leave (the repository)
        self._client: Any = None

    @property
    def client(self) -> Any:
        """The chromadb client, created on first access."""
        if self._client is None:
            import chromadb
            from chromadb.config import Settings

            settings = Settings(anonymized_telemetry=False)
            if self.url is not None:
                host, port, ssl = parse_url(self.url)
                try:
                    self._client = chromadb.HttpClient(
                        host=host, port=port, ssl=ssl, settings=settings
                    )
                except ValueError as exc:  # chromadb reports "Could not connect" as ValueError
                    raise KlaroError(f"chroma.url: cannot reach {self.url}: {exc}") from None
            else:
                self._client = self._local(chromadb, settings)
        return self._client

    def _local(self, chromadb: Any, settings: Any) -> Any:
        """Open the embedded store after proving it, and all it holds, stays inside `base`."""
        assert self.path is not None and self.base is not None
        folder = safeio.ensure_dir(self.base, self.path, what="chroma.path")
        safeio.no_links_inside(self.base, folder, what="chroma.path")
        try:
            return chromadb.PersistentClient(path=str(folder), settings=settings)
        except Exception as exc:  # chromadb raises its own and sqlite3's errors on a bad file
            raise KlaroError(
                f"chroma.path {self.path}: the index store cannot be opened "
                f"({type(exc).__name__}: {' '.join(str(exc).split())[:200]}); "
                "delete the folder or run `klaro index --rebuild`"
            ) from None

    def open(self, name: str, embedder: Embedder, *, create: bool = True) -> Collection | None:
        """Open (or create) a collection, refusing one built with another embedding."""
        expected = {
            "klaro_embedding": embedder.name,
            "klaro_dimension": embedder.dimension,
            "klaro_schema": SCHEMA,
        }
        if create:
            raw = self.client.get_or_create_collection(
                name=name,
                metadata=expected,
                configuration={"hnsw": {"space": "cosine"}},
                embedding_function=None,
            )
        else:
            try:
                raw = self.client.get_collection(name=name, embedding_function=None)
            except Exception as exc:  # chromadb raises NotFoundError or ValueError by version
                if "does not exist" in str(exc) or type(exc).__name__ == "NotFoundError":
                    return None
                raise
        found = raw.metadata or {}
        same_embedding = all(found.get(k) == expected[k] for k in expected if k != "klaro_schema")
        if same_embedding and found.get("klaro_schema") != SCHEMA:
            raise KlaroError(
                f"collection '{name}' was built by another Klaro version (index schema "
                f"{found.get('klaro_schema')}, this one reads {SCHEMA}); "
                "run `klaro index --rebuild`"
            )
        if any(found.get(k) != v for k, v in expected.items()):
            raise KlaroError(
                f"collection '{name}' was built with embedding "
                f"'{found.get('klaro_embedding')}' ({found.get('klaro_dimension')}-d, schema "
                f"{found.get('klaro_schema')}), not '{embedder.name}' "
                f"({embedder.dimension}-d, schema {SCHEMA}); run `klaro index --rebuild`"
            )
        return Collection(raw)

    def delete(self, name: str) -> None:
        """Drop a collection if it exists."""
        if name in {c if isinstance(c, str) else c.name for c in self.client.list_collections()}:
            self.client.delete_collection(name)


class Collection:
    """The few operations Klaro needs on a Chroma collection, batched."""

    def __init__(self, raw: Any) -> None:
        self.raw = raw

    def catalog(self) -> dict[str, Metadata]:
        """Return every id with its metadata."""
        out: dict[str, Metadata] = {}
        total = self.raw.count()
        for offset in range(0, total, 5000):
            got = self.raw.get(include=["metadatas"], limit=5000, offset=offset)
            for cid, meta in zip(got["ids"], got["metadatas"], strict=True):
                out[cid] = dict(meta or {})
        return out

    def documents(self, ids: Sequence[str]) -> dict[str, str]:
        """Return the stored texts of the given ids."""
        out: dict[str, str] = {}
        for batch in _batches(list(ids)):
            got = self.raw.get(ids=batch, include=["documents"])
            out.update(zip(got["ids"], got["documents"], strict=True))
        return out

    def add(self, chunks: Sequence[Chunk], vectors: np.ndarray) -> None:
        """Add chunks with their precomputed vectors."""
        for start in range(0, len(chunks), _BATCH):
            part = chunks[start : start + _BATCH]
            self.raw.upsert(
                ids=[c.id for c in part],
                documents=[c.text for c in part],
                metadatas=[c.metadata for c in part],
                embeddings=vectors[start : start + _BATCH],
            )

    def remove(self, ids: Sequence[str]) -> None:
        """Delete chunks by id."""
        for batch in _batches(list(ids)):
            self.raw.delete(ids=batch)

    def query(self, vector: np.ndarray, k: int, where: dict[str, Any] | None = None) -> list[str]:
        """Return the ids of the k nearest chunks, best first."""
        count = self.raw.count()
        if count == 0:
            return []
        got = self.raw.query(
            query_embeddings=[vector], n_results=min(k, count), where=where, include=[]
        )
        return list(got["ids"][0])


def _batches(items: list[str]) -> Iterator[list[str]]:
    for start in range(0, len(items), _BATCH):
        yield items[start : start + _BATCH]
