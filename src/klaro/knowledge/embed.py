"""Embedding functions: a small Protocol and the implementations Klaro can index with.

Klaro always computes embeddings itself and hands vectors to Chroma, so Chroma's default
embedder (which downloads a model on first use) never loads. The offline choices download
nothing at run time: `hash` (a hashed bag of code-aware tokens and character 3-grams, pure
numpy) and `wordllama` (static 256-d embeddings whose weights ship inside the `wordllama`
wheel). `default` is the offline choice measured best by `benchmarks/retrieval.py`.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from klaro.config import Config
from klaro.errors import KlaroError
from klaro.knowledge.lexical import code_tokens

DEFAULT = "hash"  # chosen by benchmarks/retrieval.py; see README "Knowledge base"
ONNX_DIR_ENV = "KLARO_ONNX_MODEL_DIR"
_ONNX_FILES = ("model.onnx", "tokenizer.json")


class Embedder(Protocol):
    """Turns texts into unit-length vectors; `name` and `dimension` are recorded in Chroma."""

    @property
    def name(self) -> str: ...

    @property
    def dimension(self) -> int: ...

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


def _normalise(matrix: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    normalised: np.ndarray = (matrix / norms).astype(np.float32)
    return normalised


class HashEmbedder:
    """A hashed bag of code-aware tokens plus character 3-grams: no model, no download."""

    def __init__(self, dimension: int = 2048) -> None:
        self._dimension = dimension

    @property
    def name(self) -> str:
        return f"klaro-hash-v1-{self._dimension}"

    @property
    def dimension(self) -> int:
        return self._dimension

    def _bucket(self, feature: str) -> tuple[int, float]:
        digest = hashlib.blake2b(feature.encode(), digest_size=8).digest()
        value = int.from_bytes(digest, "little")
        # A sign bit keeps collisions from only ever adding up.
        return value % self._dimension, 1.0 if value >> 63 else -1.0

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed texts as sublinear-tf hashed features, unit length."""
        out = np.zeros((len(texts), self._dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            counts: dict[str, int] = {}
            for token in code_tokens(text):
                counts[token] = counts.get(token, 0) + 1
                if len(token) > 3 and "_" not in token:
                    for i in range(len(token) - 2):
                        gram = "#" + token[i : i + 3]
                        counts[gram] = counts.get(gram, 0) + 1
            for feature, count in counts.items():
                index, sign = self._bucket(feature)
                weight = 1.0 + np.log(count)
                out[row, index] += sign * (weight if feature[0] != "#" else 0.5 * weight)
        return _normalise(out)


def _wordllama_folder() -> Path | None:
    """Locate the installed `wordllama` package without importing it (its import logs)."""
    spec = importlib.util.find_spec("wordllama")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


class WordLlamaEmbedder:
    """WordLlama's static token embeddings, mean-pooled; the weights ship inside its wheel."""

    _WEIGHTS = "weights/l2_supercat_256.safetensors"
    _TOKENIZER = "tokenizers/l2_supercat_tokenizer_config.json"

    def __init__(self) -> None:
        self._matrix: np.ndarray | None = None
        self._tokenizer: Any = None

    @property
    def name(self) -> str:
        return "wordllama-l2-supercat-256"

    @property
    def dimension(self) -> int:
        return 256

    def _load(self) -> None:
        # WordLlama's own loader looks in `tokenizer/` while the wheel has `tokenizers/`.
        folder = _wordllama_folder()
        if folder is None or not (folder / self._WEIGHTS).is_file():
            raise KlaroError(
                "embedding 'wordllama' needs the wordllama package: pip install wordllama"
            )
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        self._matrix = load_file(str(folder / self._WEIGHTS))["embedding.weight"].astype(np.float32)
        self._tokenizer = Tokenizer.from_file(str(folder / self._TOKENIZER))
        self._tokenizer.no_padding()
        self._tokenizer.no_truncation()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed texts as the mean of their token vectors, unit length."""
        if self._matrix is None:
            self._load()
        assert self._matrix is not None
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        encoded = self._tokenizer.encode_batch(list(texts), add_special_tokens=False)
        for row, enc in enumerate(encoded):
            ids = np.clip(np.asarray(enc.ids, dtype=np.int64), 0, self._matrix.shape[0] - 1)
            if ids.size:
                out[row] = self._matrix[ids].mean(axis=0)
        return _normalise(out)


class OpenAIEmbedder:
    """text-embedding-3-small through the openai client (no tiktoken), honouring base_url."""

    def __init__(self, config: Config, model: str = "text-embedding-3-small") -> None:
        self._config = config
        self._model = model
        self._client: Any = None

    @property
    def name(self) -> str:
        return f"openai-{self._model}"

    @property
    def dimension(self) -> int:
        return 1536

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed texts through the OpenAI embeddings endpoint, in batches."""
        if self._client is None:
            if not self._config.has_model:
                raise KlaroError(
                    "embedding 'openai' needs an API key: set KLARO_API_KEY (or OPENAI_API_KEY)"
                )
            import openai

            self._client = openai.OpenAI(
                api_key=self._config.api_key or "unused",
                base_url=self._config.base_url,
                timeout=self._config.request_timeout,
                max_retries=self._config.max_retries,
            )
        rows: list[list[float]] = []
        for start in range(0, len(texts), 256):
            batch = [t or " " for t in texts[start : start + 256]]
            response = self._client.embeddings.create(model=self._model, input=batch)
            rows.extend(item.embedding for item in sorted(response.data, key=lambda d: d.index))
        return _normalise(np.asarray(rows, dtype=np.float32).reshape(len(texts), -1))


def onnx_model_dir(env: dict[str, str] | None = None) -> Path:
    """Where the ONNX MiniLM files are looked for: $KLARO_ONNX_MODEL_DIR, else Chroma's cache."""
    env = dict(os.environ) if env is None else env
    explicit = env.get(ONNX_DIR_ENV)
    if explicit:
        return Path(explicit)
    return Path.home() / ".cache" / "chroma" / "onnx_models" / "all-MiniLM-L6-v2" / "onnx"


class OnnxEmbedder:
    """Chroma's ONNX all-MiniLM-L6-v2, only when its files are already on disk (no download)."""

    def __init__(self, model_dir: Path | None = None) -> None:
        self._dir = model_dir
        self._function: Any = None

    @property
    def name(self) -> str:
        return "onnx-all-MiniLM-L6-v2"

    @property
    def dimension(self) -> int:
        return 384

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed texts with the local ONNX model."""
        if self._function is None:
            folder = self._dir or onnx_model_dir()
            missing = [f for f in _ONNX_FILES if not (folder / f).is_file()]
            if missing:
                raise KlaroError(
                    f"embedding 'onnx': {', '.join(missing)} not found in {folder}; fetch the "
                    'model ahead of time (python -c "from chromadb.utils.embedding_functions '
                    "import ONNXMiniLM_L6_V2 as M; M()(['x'])\") or set "
                    f"{ONNX_DIR_ENV} to a folder holding model.onnx and tokenizer.json"
                )
            from chromadb.utils.embedding_functions import ONNXMiniLM_L6_V2

            function = ONNXMiniLM_L6_V2()
            # An instance attribute shadows the class's download path: files are found, not fetched.
            function.DOWNLOAD_PATH = folder.parent  # type: ignore[misc]
            function.EXTRACTED_FOLDER_NAME = folder.name  # type: ignore[misc]
            self._function = function
        return _normalise(np.asarray(self._function(list(texts)), dtype=np.float32))


EMBEDDERS = ("default", "hash", "wordllama", "openai", "onnx")


def make_embedder(config: Config) -> Embedder:
    """Return the embedder `config.embedding` names; nothing is loaded until first use."""
    choice = DEFAULT if config.embedding == "default" else config.embedding
    if choice == "hash":
        return HashEmbedder()
    if choice == "wordllama":
        return WordLlamaEmbedder()
    if choice == "openai":
        return OpenAIEmbedder(config)
    if choice == "onnx":
        return OnnxEmbedder()
    raise KlaroError(f"embedding '{config.embedding}' is not one of {', '.join(EMBEDDERS)}")
