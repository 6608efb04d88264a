"""Embedders: offline ones need no download; the ONNX one refuses to fetch and says how."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from klaro.config import load_config
from klaro.errors import KlaroError
from klaro.knowledge.embed import (
    HashEmbedder,
    OnnxEmbedder,
    WordLlamaEmbedder,
    make_embedder,
)
from klaro.knowledge.lexical import code_tokens


def test_code_tokens_split_identifiers() -> None:
    tokens = code_tokens("def parse_args(HTTPClient): parsing options")
    assert {"parse_args", "pars", "arg", "httpclient", "http", "client", "option"} <= set(tokens)


def test_code_tokens_expand_common_abbreviations() -> None:
    code = set(code_tokens("def resolve_envvar_value(self, ctx): ..."))
    question = set(code_tokens("read from an environment variable of the context"))
    assert {"environment", "variabl", "context"} <= code & question


def test_hash_embeddings_are_stable_and_relate_split_names() -> None:
    emb = HashEmbedder()
    a, b, c = emb.embed(["def apply_discount(amount)", "apply a discount", "render invoice"])
    assert np.isclose(np.linalg.norm(a), 1.0)
    assert float(a @ b) > float(a @ c)
    assert np.array_equal(emb.embed(["apply a discount"])[0], b)


def test_default_embedding_is_the_offline_hash(tmp_path: Path) -> None:
    assert make_embedder(load_config(tmp_path, env={})).name.startswith("klaro-hash")


def test_onnx_without_local_model_explains_how_to_fetch_it(tmp_path: Path) -> None:
    with pytest.raises(KlaroError, match="KLARO_ONNX_MODEL_DIR"):
        OnnxEmbedder(tmp_path / "missing").embed(["x"])


@pytest.mark.skipif(importlib.util.find_spec("wordllama") is None, reason="wordllama not installed")
def test_wordllama_loads_the_weights_shipped_in_its_wheel() -> None:
    vectors = WordLlamaEmbedder().embed(["shopping cart total", "sum the cart prices", ""])
    assert vectors.shape == (3, 256)
    assert not vectors[2].any()  # an empty text embeds to zeros, not NaN
