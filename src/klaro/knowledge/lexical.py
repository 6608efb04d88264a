"""Code-aware tokens and a BM25 ranking that lives beside Chroma (local Chroma has no sparse index).

Identifiers are split on case changes and underscores (`parse_args` → parse, args, parse_args;
`HTTPClient` → http, client, httpclient), lower-cased and lightly stemmed, and common
programming abbreviations also yield the word they stand for (`envvar` → environment, variable;
`ctx` → context), so a question in plain words meets the code that names the same things.
`bm25s` ranks over those tokens with its numpy backend (no scipy); the index is saved in the
knowledge base's state folder.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

import bm25s
import numpy as np

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\d+")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_STOP_WORDS = """a an and are as at be by can do does for from has have how i if in into is it
its of on or that the their then there these this to was what when where which who why will
with you your self cls def return none true false pass not else elif import"""
_STOP = frozenset(_STOP_WORDS.split())
# Abbreviations common across Python code, not any one project's: measured on the click
# questions, "environment variable" never met `envvar` and "context" never met `ctx` without them.
_ABBREVIATIONS = {
    "env": "environment",
    "envvar": "environment variable",
    **dict.fromkeys(("var", "vars"), "variable"),
    **dict.fromkeys(("arg", "args", "argv"), "argument"),
    **dict.fromkeys(("param", "params"), "parameter"),
    **dict.fromkeys(("opt", "opts"), "option"),
    **dict.fromkeys(("cfg", "conf", "config"), "configuration"),
    **dict.fromkeys(("tmp", "temp"), "temporary"),
    **dict.fromkeys(("func", "fn"), "function"),
    **dict.fromkeys(("util", "utils"), "utility"),
    "ctx": "context",
    "cmd": "command",
    "dir": "directory",
    "msg": "message",
    "cb": "callback",
    "attr": "attribute",
    "str": "string",
    "int": "integer",
    "bool": "boolean",
    "num": "number",
    "len": "length",
    "exc": "exception",
    "err": "error",
    "buf": "buffer",
    "val": "value",
    "obj": "object",
    "req": "request",
    "resp": "response",
    "prog": "program",
    "dest": "destination",
    "src": "source",
    "idx": "index",
    "pos": "position",
    "info": "information",
    "sep": "separator",
    "fmt": "format",
    "init": "initialize",
    "proc": "process",
    "col": "column",
    "auth": "authentication",
    "db": "database",
    "doc": "documentation",
    "eof": "end file",
    "stdin": "standard input",
    "stdout": "standard output",
    "stderr": "standard error",
    "dict": "dictionary",
    "iter": "iterate",
    "addr": "address",
    "ref": "reference",
    "repr": "representation",
    "sys": "system",
    "lib": "library",
    "impl": "implementation",
}


def _stem(word: str) -> str:
    """Fold the commonest English endings so `options`/`option` and `parsing`/`parse` meet."""
    for suffix, keep in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            word = word[: -len(suffix)] + keep
            break
    # `parse`, `parsed`, `parsing` all end up as `pars`.
    return word[:-1] if word.endswith("e") and len(word) > 4 else word


def split_identifier(name: str) -> list[str]:
    """Split `parse_args`, `HTTPClient`, `getValue2` into their lower-case words."""
    return [p.lower() for part in name.split("_") for p in _CAMEL.findall(part)]


def code_tokens(text: str) -> list[str]:
    """Return the code-aware tokens of a text: words, identifier parts and whole identifiers."""
    out: list[str] = []
    for ident in _IDENT.findall(text):
        parts = split_identifier(ident)
        whole = ident.lower().strip("_")
        if len(parts) > 1 and whole:
            out.append(whole)
        for part in parts:
            if part in _STOP or len(part) < 2:
                continue
            out.append(_stem(part))
            if part in _ABBREVIATIONS:
                out.extend(_stem(word) for word in _ABBREVIATIONS[part].split())
    return out


class LexicalIndex:
    """BM25 over code-aware tokens; ids map rows back to chunks."""

    def __init__(self, ids: Sequence[str], retriever: bm25s.BM25 | None) -> None:
        self.ids = list(ids)
        self._retriever = retriever

    @classmethod
    def build(cls, ids: Sequence[str], texts: Sequence[str]) -> LexicalIndex:
        """Index the texts; an empty corpus gives an index that finds nothing."""
        if not ids:
            return cls([], None)
        retriever = bm25s.BM25(csc_backend="numpy")
        retriever.index([code_tokens(t) or ["_empty_"] for t in texts], show_progress=False)
        return cls(ids, retriever)

    def search(self, query: str, k: int) -> list[tuple[str, float]]:
        """Return up to k (id, score) pairs, best first, leaving out zero scores."""
        tokens = [t for t in code_tokens(query) if self._known(t)]
        if self._retriever is None or not tokens:
            return []
        k = min(k, len(self.ids))
        docs, scores = self._retriever.retrieve([tokens], k=k, show_progress=False, n_threads=1)
        return [
            (self.ids[int(d)], float(s))
            for d, s in zip(np.asarray(docs)[0], np.asarray(scores)[0], strict=True)
            if s > 0
        ]

    def _known(self, token: str) -> bool:
        return self._retriever is not None and token in self._retriever.vocab_dict

    def save(self, folder: Path) -> None:
        """Write the index to `folder` (replacing what was there)."""
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "ids.json").write_text(json.dumps(self.ids))
        if self._retriever is not None:
            self._retriever.save(str(folder / "bm25"))

    @classmethod
    def load(cls, folder: Path) -> LexicalIndex:
        """Read an index written by `save`; raises OSError/ValueError when it is unreadable."""
        ids = json.loads((folder / "ids.json").read_text())
        if not ids:
            return cls([], None)
        retriever = bm25s.BM25.load(str(folder / "bm25"), load_corpus=False)
        return cls(ids, retriever)
