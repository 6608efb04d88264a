"""Indexing: idempotent, incremental, refusing a collection built with another embedding."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from klaro.errors import KlaroError
from klaro.knowledge.base import KnowledgeBase
from klaro.knowledge.embed import HashEmbedder
from klaro.knowledge.ingest import guide_chunks, split_text
from klaro.knowledge.store import SCHEMA, ChromaStore, collection_name
from klaro.scan.analyze import analyze_repository

GUIDE = """# Voice

Write in the active voice. Address the reader as "you".

## Code examples

Every example must run as shown.

```python
# Not a heading inside a fence
```
"""


def _kb(state: Path, embedder: HashEmbedder | None = None) -> KnowledgeBase:
    store = ChromaStore(path=state / "chroma")
    return KnowledgeBase(store, embedder or HashEmbedder(), "shop", state / "index")


@pytest.fixture
def shop(sample_repo: Callable[[str], Path]) -> Path:
    return sample_repo("knowledge_shop")


def test_reindexing_an_unchanged_repository_writes_nothing(shop: Path, tmp_path: Path) -> None:
    first = _kb(tmp_path).index(analyze_repository(shop), [("voice", GUIDE)])
    assert first.added > 0 and first.updated == first.removed == 0
    second = _kb(tmp_path).index(analyze_repository(shop), [("voice", GUIDE)])
    assert second.written == 0
    assert second.unchanged == first.added


def test_editing_and_deleting_files_touches_only_their_chunks(shop: Path, tmp_path: Path) -> None:
    first = _kb(tmp_path).index(analyze_repository(shop))
    pricing = shop / "shop" / "pricing.py"
    pricing.write_text(pricing.read_text().replace("0.2) -> float", "0.19) -> float"))
    (shop / "shop" / "invoice.py").unlink()
    kb = _kb(tmp_path)
    stats = kb.index(analyze_repository(shop))
    # vat() changed in place; the module header of pricing.py shows its signature too.
    assert stats.updated == 2
    assert stats.removed == 2  # invoice module + render_invoice
    assert stats.added == 0
    assert stats.unchanged == first.added - 4
    symbols = {r.symbol for r in kb.search("render invoice for a customer", k=10)}
    assert "shop.invoice.render_invoice" not in symbols
    fresh = _kb(tmp_path)  # a new process reads the saved lexical index and graph
    assert {r.path for r in fresh.search("invoice", k=10)} <= {
        "shop/pricing.py",
        "shop/cart.py",
        "shop/__init__.py",
    }


def test_opening_with_another_embedding_names_the_fix(shop: Path, tmp_path: Path) -> None:
    _kb(tmp_path).index(analyze_repository(shop))
    other = _kb(tmp_path, HashEmbedder(dimension=512))
    with pytest.raises(KlaroError, match=r"klaro index --rebuild"):
        other.search("cart")
    other.rebuild()
    assert other.index(analyze_repository(shop)).added > 0
    assert other.search("add an item to the cart")[0].symbol == "shop.cart.Cart.add_item"


def test_an_index_from_an_older_schema_is_refused_then_rebuilt(shop: Path, tmp_path: Path) -> None:
    kb = _kb(tmp_path)
    kb.index(analyze_repository(shop))
    raw = kb.store.client.get_collection(collection_name("shop", "code"))
    raw.modify(metadata={**(raw.metadata or {}), "klaro_schema": SCHEMA - 1})
    # beside it, the state an older Klaro wrote: no schema stamp, no saved catalog or vectors
    meta = kb.code.folder / "meta.json"
    meta.write_text(json.dumps({"fingerprint": json.loads(meta.read_text())["fingerprint"]}))
    stale = _kb(tmp_path)
    with pytest.raises(KlaroError, match=rf"schema {SCHEMA - 1}.*klaro index --rebuild"):
        stale.search("cart")
    stale.rebuild()
    assert stale.index(analyze_repository(shop)).added > 0
    assert stale.search("add an item to the cart")[0].symbol == "shop.cart.Cart.add_item"


def test_search_finds_symbols_by_words_and_by_name(shop: Path, tmp_path: Path) -> None:
    kb = _kb(tmp_path)
    kb.index(analyze_repository(shop))
    best = kb.search("how is a coupon discount applied to an amount", k=3)
    assert best[0].symbol == "shop.pricing.apply_discount"
    assert (best[0].path, best[0].start_line, best[0].end_line) == ("shop/pricing.py", 6, 9)
    by_name = kb.search("what uses apply_discount", k=5)
    graph_hits = {r.symbol: r for r in by_name if "graph" in r.methods}
    assert graph_hits["shop.pricing.apply_discount"].hop == 0
    assert graph_hits["shop.cart.Cart.total"].hop == 1  # a caller, one hop away
    within = kb.search("total", k=5, path="shop/pricing.py")
    assert within and {r.path for r in within} == {"shop/pricing.py"}


def test_search_reads_the_saved_vectors_and_ranks_as_chroma_does(
    shop: Path, tmp_path: Path
) -> None:
    _kb(tmp_path).index(analyze_repository(shop))
    queries = ["add an item to the cart", "what uses apply_discount", "render an invoice"]
    local = _kb(tmp_path)
    saved = [local.search(q, k=5) for q in queries]
    assert local.store._client is None, "searching the embedded index opened no Chroma client"
    within = local.search("total", k=5, path="shop/pricing.py")
    assert within and {r.path for r in within} == {"shop/pricing.py"}
    # without the saved copy (an index from an older Klaro), Chroma answers
    folder = local.code.folder
    (folder / "catalog.json").unlink()
    (folder / "vectors.npy").unlink()
    from_chroma = _kb(tmp_path)
    # the best hits agree (further down, chunks with equal similarity may swap places)
    assert [from_chroma.search(q, k=1)[0].symbol for q in queries] == [
        results[0].symbol for results in saved
    ]
    assert from_chroma.store._client is not None
    from_chroma.index(analyze_repository(shop))  # the next `klaro index` writes the copy again
    assert (folder / "catalog.json").is_file() and (folder / "vectors.npy").is_file()


def test_class_chunks_keep_class_attributes(shop: Path, tmp_path: Path) -> None:
    kb = _kb(tmp_path)
    kb.index(analyze_repository(shop))
    assert kb.search("maximum number of items and currency", k=1)[0].symbol == "shop.cart.Cart"
    # Attributes set in __init__ belong to the class chunk; __init__ has no chunk of its own.
    symbols = {str(m["symbol"]) for m in kb.code.catalog().values()}
    assert "shop.cart.Cart.__init__" not in symbols
    assert kb.search("items dict of quantities", k=1)[0].symbol == "shop.cart.Cart"


def test_style_guides_are_chunked_along_headings(tmp_path: Path) -> None:
    chunks = guide_chunks([("voice", GUIDE)])
    headings = [c.metadata["heading"] for c in chunks]
    assert headings == ["Voice", "Voice > Code examples"]
    assert "Not a heading" in chunks[1].text
    kb = _kb(tmp_path)
    kb.guides.sync(chunks, None)
    found = kb.retrieve_guides("does the example code have to run?", k=1)
    assert (found[0].source, found[0].heading) == ("voice", "Voice > Code examples")


def test_long_sections_split_at_1000_with_overlap() -> None:
    text = " ".join(f"word{i}" for i in range(600))
    pieces = split_text(text)
    assert all(len(p) <= 1000 for p in pieces) and len(pieces) >= 4
    tail = pieces[0][-150:].split()[-1]
    assert tail in pieces[1][:260]  # the next piece starts inside the previous one


def test_collection_names_are_valid_for_any_repository() -> None:
    assert collection_name("octo-org/my repo!", "code") == "klaro-octo-org-my-repo-code"
    long = collection_name("x" * 900, "guides")
    assert 3 <= len(long) <= 512 and long.endswith("-guides")


def test_lexical_index_is_rebuilt_when_missing_or_stale(shop: Path, tmp_path: Path) -> None:
    kb = _kb(tmp_path)
    kb.index(analyze_repository(shop))
    meta = kb.code.folder / "meta.json"
    assert meta.is_file()
    meta.write_text('{"fingerprint": "from another index"}')
    assert _kb(tmp_path).search("value added tax", k=1)[0].symbol == "shop.pricing.vat"
    assert "another" not in meta.read_text()  # rebuilt from Chroma's documents and saved
    shutil.rmtree(kb.code.folder)
    assert _kb(tmp_path).search("value added tax", k=1)[0].symbol == "shop.pricing.vat"
