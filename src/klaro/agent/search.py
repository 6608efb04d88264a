"""Lexical stand-ins for the knowledge base, so the search tools work without an index.

`search_code` ranks analysed symbols by how many query words their name, path and docstring
share; `retrieve_knowledge` ranks the sections of the repository's style guides the same way.
Both are deterministic and need no model download.
"""

from __future__ import annotations

import re

from klaro.agent.workspace import ToolError, Workspace
from klaro.scan.model import Analysis, Class, Function

_WORD = re.compile(r"[A-Za-z][a-z0-9]+|[A-Z]+(?![a-z])|\d+")
_STOP = frozenset({"the", "a", "an", "of", "to", "in", "and", "or", "for", "is", "how", "what"})


def words(text: str) -> set[str]:
    """Split prose and identifiers (`parse_config`, `ParseConfig`) into lower-case words."""
    return {w.lower() for w in _WORD.findall(text)} - _STOP


def fallback_search(analysis: Analysis, query: str, k: int) -> list[str]:
    """Rank functions and classes by shared words with the query; best first."""
    wanted = words(query)
    scored: list[tuple[int, str]] = []
    paths = {m.name: m.path for m in analysis.modules}
    symbols: list[Function | Class] = [*analysis.iter_functions(), *analysis.iter_classes()]
    for sym in symbols:
        path = paths.get(sym.module, "")
        name_words = words(sym.qualname)
        score = 3 * len(wanted & name_words) + len(wanted & words(path))
        score += len(wanted & words(sym.docstring or ""))
        if score:
            scored.append((score, f"{path}:{sym.lineno}-{sym.end_lineno} {sym.fullname}"))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [f"{row} (score {score}, lexical)" for score, row in scored[:k]]


def fallback_guides(ws: Workspace, query: str, k: int, folder: str = "styleguides") -> list[str]:
    """Return the style-guide sections (split at headings) sharing most words with the query."""
    wanted = words(query)
    sections: list[tuple[int, str]] = []
    for rel in ws.under(folder) if ws.is_dir(folder) else []:
        if not rel.endswith((".md", ".txt", ".rst")):
            continue
        try:
            text = ws.read_text(rel)
        except ToolError:
            continue
        for part in re.split(r"\n(?=#{1,3} )", text):
            score = len(wanted & words(part))
            if score and part.strip():
                sections.append((score, f"[{rel}]\n{part.strip()[:1500]}"))
    sections.sort(key=lambda item: -item[0])
    return [text for _, text in sections[:k]]
