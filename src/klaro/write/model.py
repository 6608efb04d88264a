"""What a writer produces: the new content of one documentation file, beside the old."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from klaro.agent.trace import Trace
    from klaro.verify.fix import FixedLine
    from klaro.verify.model import Finding


@dataclass(frozen=True)
class DocChange:
    """A documentation file Klaro wants to write; `before` is None for a new file."""

    path: str  # POSIX path relative to the repository root
    before: str | None
    after: str
    summary: str = ""  # one line for PR bodies and logs: what changed and why

    @property
    def changed(self) -> bool:
        return self.before != self.after

    def diff(self) -> str:
        """Return a unified diff (`a/path` → `b/path`), empty when nothing changed."""
        if not self.changed:
            return ""
        before = (self.before or "").splitlines(keepends=True)
        after = self.after.splitlines(keepends=True)
        lines = difflib.unified_diff(
            before,
            after,
            fromfile="/dev/null" if self.before is None else f"a/{self.path}",
            tofile=f"b/{self.path}",
        )
        return "".join(
            line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
            for line in lines
        )


@dataclass(frozen=True)
class DocsRun:
    """What writing the docs produced: the changes, which writer, and what the model cost."""

    changes: list[DocChange]
    writer: str  # offline | agent
    statuses: dict[str, str] = field(default_factory=dict)  # path -> agent status
    findings: tuple[Finding, ...] = ()  # what the checker still reports on the result
    tokens: int = 0
    cost_usd: float | None = 0.0  # None: the model has no known price
    traces: tuple[Trace, ...] = ()
    references: int = 0  # code references in the changed text, checked against the code
    resolved: int = 0
    fixed: tuple[FixedLine, ...] = ()  # stale lines of people's docs repaired (renames)


def format_cost(cost_usd: float | None) -> str:
    """A cost as shown to people: dollars, or `unknown` when the model has no price."""
    return "unknown" if cost_usd is None else f"${cost_usd:.4f}"
