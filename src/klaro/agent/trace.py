"""What the agent did, step by step: for a terminal, a JSON file and a job summary.

The graph's nodes append `Step`s while they run; arguments are redacted before they are
recorded, so a trace can be printed or uploaded as it is.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

_ARG_CHARS = 120  # arguments are shown, not archived: long drafts are cut


@dataclass
class Step:
    """One node run or one tool call."""

    index: int
    node: str
    tool: str | None = None
    arguments: dict[str, Any] = field(default_factory=dict)
    duration_s: float = 0.0
    input_tokens: int = 0
    output_tokens: int = 0
    error: str | None = None
    note: str = ""


@dataclass
class Trace:
    """The ordered steps of one agent run, plus its final status."""

    steps: list[Step] = field(default_factory=list)
    status: str = ""

    @contextmanager
    def step(self, node: str, tool: str | None = None, **arguments: Any) -> Iterator[Step]:
        """Record a step and time the block that performs it."""
        record = Step(len(self.steps) + 1, node, tool, _short(arguments))
        start = time.perf_counter()
        try:
            yield record
        finally:
            record.duration_s = round(time.perf_counter() - start, 4)
            self.steps.append(record)

    @property
    def tokens(self) -> tuple[int, int]:
        return (
            sum(s.input_tokens for s in self.steps),
            sum(s.output_tokens for s in self.steps),
        )

    def to_dict(self) -> dict[str, Any]:
        return {"status": self.status, "steps": [asdict(s) for s in self.steps]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2)

    def to_text(self) -> str:
        lines = [f"agent: {self.status or 'running'}, {len(self.steps)} steps"]
        for s in self.steps:
            what = f"{s.node}:{s.tool}" if s.tool else s.node
            args = json.dumps(s.arguments) if s.arguments else ""
            tokens = f" [{s.input_tokens}+{s.output_tokens} tok]" if s.input_tokens else ""
            error = f"  ERROR {s.error}" if s.error else ""
            note = f"  {s.note}" if s.note else ""
            lines.append(f"{s.index:>3}. {what} {args}{tokens} {s.duration_s:.2f}s{note}{error}")
        return "\n".join(lines)

    def to_markdown(self) -> str:
        given, taken = self.tokens
        lines = [
            f"### Klaro agent: {self.status or 'running'}",
            "",
            f"{len(self.steps)} steps, {given} input and {taken} output tokens.",
            "",
            "| # | node | tool | arguments | tokens | time | error |",
            "|---|---|---|---|---|---|---|",
        ]
        for s in self.steps:
            args = _cell(json.dumps(s.arguments)) if s.arguments else ""
            tokens = f"{s.input_tokens}+{s.output_tokens}" if s.input_tokens else ""
            lines.append(
                f"| {s.index} | {s.node} | {s.tool or ''} | {args} | {tokens} "
                f"| {s.duration_s:.2f}s | {_cell(s.error or '')} |"
            )
        return "\n".join(lines) + "\n"


def _short(arguments: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in arguments.items():
        text = value if isinstance(value, str) else json.dumps(value, default=str)
        out[key] = value if len(text) <= _ARG_CHARS else text[:_ARG_CHARS] + "..."
    return out


def _cell(text: str) -> str:
    """Keep Markdown table cells on one line and free of column breaks."""
    return text.replace("|", "\\|").replace("\n", " ")[:200]
