"""Verification: every code reference in the documentation must resolve against the code.

`verify(text, analysis)` is what writers call on each draft: it parses the Markdown, resolves
every reference against an index of the project (built once per analysis and cached) and
returns the `unresolved` and `dead-link` findings. `klaro check` adds coverage on top
(`klaro.verify.check`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from klaro.scan.model import Analysis
from klaro.scan.names_build import PerAnalysis
from klaro.verify.index import build_index
from klaro.verify.model import FINDING_KINDS, Finding
from klaro.verify.outcome import Outcome
from klaro.verify.refs import Reference, extract_references, read_document
from klaro.verify.resolve import Resolver

if TYPE_CHECKING:
    from klaro.scan.graph import CodeGraph

__all__ = [
    "FINDING_KINDS",
    "Finding",
    "Outcome",
    "Reference",
    "Resolver",
    "extract_references",
    "project_index",
    "to_finding",
    "verify",
]

# the index of an analysis, built on first use and kept while the analysis lives
project_index = PerAnalysis(build_index)


def to_finding(outcome: Outcome) -> Finding:
    """Turn an unresolved or dead-link outcome into the finding reported to people."""
    ref = outcome.reference
    return Finding(
        "dead-link" if outcome.status == "dead-link" else "unresolved",
        ref.file,
        ref.line,
        ref.text,
        outcome.message,
        outcome.suggestions,
    )


def verify(
    text: str,
    analysis: Analysis,
    *,
    path: str = "README.md",
    graph: CodeGraph | None = None,
    ignore: Sequence[str] = (),
    resolver: Resolver | None = None,
) -> list[Finding]:
    """Return the unresolved references and dead links of one Markdown (or `.rst`) text.

    `graph` is accepted for callers that hold one; the index carries what resolution needs
    (re-exports, inherited methods), so it is not required. Pass a prebuilt `resolver` to
    share link-target anchors across many calls.
    """
    del graph  # resolution works from the analysis index alone
    resolver = resolver or Resolver(project_index(analysis), ignore)
    doc = read_document(text, path)
    return [
        to_finding(o)
        for o in resolver.resolve_document(doc)
        if o.status in {"unresolved", "dead-link"}
    ]
