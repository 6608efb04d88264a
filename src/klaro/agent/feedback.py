"""What the checker says about a draft, in the words the model and the run act on.

One place turns findings into feedback lines (with the names the code does have), decides which
findings block publication, and salvages what verifies when the model could not fix the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from klaro.agent.state import Status
from klaro.verify.model import Finding

Verifier = Callable[[str, str], list[Finding]]  # (path, text) -> findings
BLOCKING = ("unresolved", "dead-link")


def blocking(findings: Sequence[Finding]) -> list[Finding]:
    """Keep the findings that must never be published: invented names and dead links."""
    return [f for f in findings if f.kind in BLOCKING]


def finding_line(f: Finding) -> str:
    """One feedback line: where, what, why, and what might have been meant."""
    hint = f" (did you mean: {', '.join(f.suggestions[:3])})" if f.suggestions else ""
    return f"- line {f.line}: `{f.reference}`: {f.message}{hint}"


def strip_lines(text: str, findings: Sequence[Finding]) -> str:
    """Remove the lines that carry failing references, so no invented name is published."""
    lines = text.splitlines(keepends=True)
    drop = {f.line - 1 for f in findings if 0 < f.line <= len(lines)}
    for f in findings:
        if not 0 < f.line <= len(lines):
            drop.update(i for i, line in enumerate(lines) if f.reference and f.reference in line)
    return "".join(line for i, line in enumerate(lines) if i not in drop)


def salvage(
    verifier: Verifier, target: str, draft: str, bad: list[Finding] | None = None
) -> dict[str, Any]:
    """Keep what verifies: the draft without its failing lines, else the best earlier one."""
    bad = blocking(verifier(target, draft)) if bad is None else bad
    if not bad:
        return {"verified_draft": draft, "findings": []}
    repaired = strip_lines(draft, bad)
    left = blocking(verifier(target, repaired))
    if not left and repaired.strip():
        return {"status": Status.REPAIRED, "verified_draft": repaired, "removed": bad}
    return {"status": Status.REJECTED, "findings": bad}
