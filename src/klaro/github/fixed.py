"""The "Fixed drift" part of Klaro's pull requests and comments: which human lines it changed.

A refresh may touch documents beyond Klaro's own (a renamed function named in `docs/usage.md`);
those paths are allowed only because the repair changed them, and only Markdown or
reStructuredText, plus the `.klaro/state.json` snapshot that is the evidence for the next run.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from klaro.scan.state import STATE_PATH
from klaro.verify.model import DOCUMENT_SUFFIXES

if TYPE_CHECKING:
    from klaro.verify.fix import FixedLine
    from klaro.write.model import DocsRun

_ROWS = 50


def repaired_paths(run: DocsRun) -> tuple[str, ...]:
    """Paths a run may write beyond the configured docs: repaired documents and the snapshot."""
    paths = {row.file for row in run.fixed if row.file.lower().endswith(DOCUMENT_SUFFIXES)}
    if any(c.path == STATE_PATH for c in run.changes):
        paths.add(STATE_PATH)
    return tuple(sorted(paths))


def fixed_drift_table(rows: Sequence[FixedLine], source_sha: str, prefix: str = "") -> str:
    """Markdown for the PR body: file:line, old -> new, and the commit that made the change.

    Lines a model wrote (for removed or ambiguously renamed code) get a table of their own,
    so reviewers see which human lines were rewritten by a model rather than by proof.
    """
    proven = [r for r in rows if not r.proposed]
    proposed = [r for r in rows if r.proposed]
    if not rows:
        return ""
    lines = ["### Fixed drift", ""]
    if proven:
        lines += [
            "References in the docs to code that was renamed, rewritten in place (only these"
            " tokens on these lines changed):",
            "",
            "| Where | Old | New | Commit |",
            "|---|---|---|---|",
            *_rows(proven, source_sha, prefix),
        ]
    if proposed:
        lines += [
            *([""] if proven else []),
            "**Proposed by the model** (please review): passages naming removed or ambiguously"
            " renamed code, rewritten by the model and kept because the checker passes them:",
            "",
            "| Where | Stale name | Now reads | Commit |",
            "|---|---|---|---|",
            *_rows(proposed, source_sha, prefix),
        ]
    return "\n".join(lines) + "\n"


def _rows(rows: Sequence[FixedLine], source_sha: str, prefix: str) -> list[str]:
    out = []
    for row in rows[:_ROWS]:
        where = f"{prefix.strip('/')}/{row.file}" if prefix.strip("/") else row.file
        commit = (row.commit or source_sha)[:12]
        out.append(f"| `{where}:{row.line}` | {_code(row.old)} | {_code(row.new)} | {commit} |")
    if len(rows) > _ROWS:
        out.append(f"\n…and {len(rows) - _ROWS} more.")
    return out


def _code(text: str) -> str:
    """A table cell showing `text` as code, whatever backticks or pipes it holds."""
    fence = "``" if "`" in text else "`"
    return f"{fence}{text.replace('|', chr(92) + '|')}{fence}"
