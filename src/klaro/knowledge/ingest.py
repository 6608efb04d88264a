"""Chunking: style guides along Markdown headings, code per symbol, with stable content ids.

An id is a hash of what a chunk says and where it sits (path, symbol, line span, text), so
re-indexing an unchanged repository produces the same ids and writes nothing, and editing a
file changes only the ids of that file's chunks.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from klaro.redact import redact_source
from klaro.scan.model import Analysis, Class, Function, Module, iter_classes

GUIDE_CHUNK = 1000
GUIDE_OVERLAP = 200
_MAX_CODE_CHARS = 6000  # embedding text only; the line span still covers the whole symbol
_INDEXED_ROLES = frozenset({"package", "script", "example"})
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")

Metadata = dict[str, str | int]


@dataclass(frozen=True)
class Chunk:
    """One indexed passage: its id, the text embedded and searched, and where it came from."""

    id: str
    text: str
    metadata: Metadata

    @property
    def key(self) -> str:
        """What the chunk is about, independent of its content: a change keeps the key."""
        m = self.metadata
        where = m.get("path", m.get("source"))
        return f"{where}\0{m.get('symbol', m.get('heading'))}\0{m.get('kind', m.get('part'))}"


def _chunk_id(*parts: object) -> str:
    return hashlib.sha256("\0".join(map(str, parts)).encode()).hexdigest()[:32]


def _code_chunk(path: str, symbol: str, kind: str, start: int, end: int, body: str) -> Chunk:
    text = f"{path} {symbol} ({kind})\n{body[:_MAX_CODE_CHARS]}"
    meta: Metadata = {
        "path": path,
        "symbol": symbol,
        "kind": kind,
        "start_line": start,
        "end_line": end,
    }
    return Chunk(_chunk_id(path, symbol, kind, start, end, text), text, meta)


def _lines(lines: list[str], start: int, end: int, skip: Sequence[tuple[int, int]] = ()) -> str:
    """Return lines start..end (1-based), keeping only the first line of each skipped span."""
    out: list[str] = []
    i = start
    while i <= min(end, len(lines)):
        span = next((s for s in skip if s[0] == i), None)
        out.append(lines[i - 1])
        i = span[1] + 1 if span else i + 1
    return "\n".join(out)


def _function_text(func: Function, lines: list[str]) -> str:
    decorators = "".join(f"@{d}\n" for d in func.decorators)
    return decorators + _lines(lines, func.lineno, func.end_lineno)


def module_chunks(module: Module, source: str) -> Iterator[Chunk]:
    """Yield the chunks of one module: its header, each class, each function and method."""
    lines = source.splitlines()
    top = [(c.lineno, c.end_lineno) for c in module.classes]
    top += [(f.lineno, f.end_lineno) for f in module.functions]
    header = _lines(lines, 1, len(lines), sorted(top))
    yield _code_chunk(module.path, module.name, "module", 1, max(len(lines), 1), header)
    for func in module.functions:
        yield _code_chunk(
            module.path,
            func.fullname,
            "function",
            func.lineno,
            func.end_lineno,
            _function_text(func, lines),
        )
    for cls in iter_classes(module.classes):
        yield _class_chunk(module, cls, lines)
        for meth in cls.methods:
            if meth.name == "__init__":
                continue  # part of the class chunk
            yield _code_chunk(
                module.path,
                meth.fullname,
                "method",
                meth.lineno,
                meth.end_lineno,
                _function_text(meth, lines),
            )


def _class_chunk(module: Module, cls: Class, lines: list[str]) -> Chunk:
    """A class keeps its docstring, attributes, `__init__` and method signatures.

    Other method bodies are elided (they have chunks of their own). `__init__` stays whole and
    gets no chunk of its own: the attributes it sets describe the class, and measured on the
    click questions a separate `__init__` chunk outranked its class for questions about them.
    """
    methods = [m for m in cls.methods if m.name != "__init__"]
    inner = sorted([(m.lineno, m.end_lineno) for m in methods])
    inner += [(c.lineno, c.end_lineno) for c in cls.classes]
    body = "".join(f"@{d}\n" for d in cls.decorators)
    body += _lines(lines, cls.lineno, cls.end_lineno, sorted(inner))
    return _code_chunk(module.path, cls.fullname, "class", cls.lineno, cls.end_lineno, body)


def code_chunks(analysis: Analysis) -> list[Chunk]:
    """Chunk every shipped module of the analysis (tests are left out: docs describe the code)."""
    root = Path(analysis.root)
    chunks: list[Chunk] = []
    for module in analysis.modules:
        if module.role not in _INDEXED_ROLES:
            continue
        try:
            source = (root / module.path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue  # deleted since the analysis: its chunks go with the next index
        # the same mask the analysis applied: no credential is embedded, stored or searched
        chunks.extend(module_chunks(module, redact_source(source)))
    return chunks


def _sections(text: str) -> Iterator[tuple[str, str]]:
    """Split Markdown into (heading path, section text) along headings outside code fences."""
    path: list[tuple[int, str]] = []
    current: list[str] = []
    heading = ""
    fenced = False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
        match = None if fenced else _HEADING.match(line)
        if match:
            if "".join(current).strip():
                yield heading, "\n".join(current).strip()
            level = len(match.group(1))
            path = [p for p in path if p[0] < level] + [(level, match.group(2))]
            heading = " > ".join(p[1] for p in path)
            current = [line]
        else:
            current.append(line)
    if "".join(current).strip():
        yield heading, "\n".join(current).strip()


def split_text(text: str, size: int = GUIDE_CHUNK, overlap: int = GUIDE_OVERLAP) -> list[str]:
    """Cut text into pieces of at most `size` characters overlapping by about `overlap`.

    Cuts fall on a paragraph, line or word break where one is near, so no rule is cut mid-word.
    """
    if len(text) <= size:
        return [text]
    pieces: list[str] = []
    start = 0
    while start < len(text):
        end = min(start + size, len(text))
        if end < len(text):
            window = text[start:end]
            for sep in ("\n\n", "\n", " "):
                cut = window.rfind(sep)
                if cut > size // 2:
                    end = start + cut
                    break
        pieces.append(text[start:end].strip())
        if end >= len(text):
            break
        start = max(end - overlap, start + 1)
        while start < end and not text[start - 1].isspace():
            start += 1  # begin the overlap on a word boundary
    return [p for p in pieces if p]


def guide_chunks(guides: Sequence[tuple[str, str]]) -> list[Chunk]:
    """Chunk style guides (name, markdown) along headings, 1000 characters with 200 overlap."""
    chunks: list[Chunk] = []
    for name, text in guides:
        for heading, section in _sections(text):
            for index, piece in enumerate(split_text(section)):
                meta: Metadata = {"source": name, "heading": heading or name, "part": index}
                chunks.append(Chunk(_chunk_id(name, heading, index, piece), piece, meta))
    return chunks
