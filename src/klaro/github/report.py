"""The docs pull request's description: what changed, why, what was checked, what it cost.

The body is built in one place from a `PullReport` by the functions in `BODY_SECTIONS`, in
order; each returns Markdown or "" to leave its part out. A feature that has more to tell the
reviewer (a table of fixed drift, say) adds a field to the report and a function to the list.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from klaro.github.fixed import fixed_drift_table
from klaro.github.publish import repo_path
from klaro.verify.model import Finding
from klaro.write.model import DocChange, format_cost
from klaro.write.regions import RegionError, find_regions

if TYPE_CHECKING:
    from klaro.verify.fix import FixedLine

MAX_LISTED = 20  # findings listed in the body; the job summary has all of them


@dataclass(frozen=True)
class PullReport:
    """Everything the PR description says, gathered by the refresh flow."""

    changes: Sequence[DocChange]
    source_sha: str
    prefix: str = ""
    previous_sha: str | None = None  # the source the last Klaro refresh documented
    repo_url: str = ""  # https://github.com/owner/name, for the compare link
    run_url: str = ""
    writer: str = ""  # offline | agent
    references: int | None = None  # code references checked in the new docs
    resolved: int | None = None
    findings: Sequence[Finding] = ()  # what the checker still reports on the new docs
    fixed: Sequence[Finding] = ()  # drift in the current docs that the new docs no longer have
    tokens: int = 0
    cost_usd: float | None = 0.0  # None: the model has no known price
    command: str = "/docs"
    repaired: Sequence[FixedLine] = ()  # stale lines of people's docs rewritten (renames)


def rewritten_sections(change: DocChange) -> list[str]:
    """Names of Klaro's regions that are new or differ between the old and new text."""
    try:
        found = find_regions(change.after, change.path)
        after = {r.name: change.after[r.start : r.end] for r in found}
        old = find_regions(change.before, change.path) if change.before else []
        before = {r.name: (change.before or "")[r.start : r.end] for r in old}
    except RegionError:
        return []
    return [name for name, text in after.items() if before.get(name) != text]


def _intro(report: PullReport) -> str:
    sha = report.source_sha
    if report.previous_sha and report.previous_sha != sha and report.repo_url:
        span = (
            f"[{report.previous_sha[:12]}…{sha[:12]}]"
            f"({report.repo_url}/compare/{report.previous_sha}...{sha})"
        )
        where = f"the code changes in {span}"
    else:
        where = f"the code at {sha[:12]}"
    writer = {"agent": " (agent)", "offline": " (offline writer)"}.get(report.writer, "")
    return f"Klaro refreshed the documentation{writer} from {where}."


def _changes(report: PullReport) -> str:
    lines = ["### What changed", ""]
    for change in report.changes:
        line = f"- `{repo_path(report.prefix, change.path)}`"
        if change.summary:
            line += f": {change.summary}"
        sections = rewritten_sections(change)
        if sections:
            line += " (sections rewritten: " + ", ".join(f"`{s}`" for s in sections) + ")"
        lines.append(line)
    return "\n".join(lines)


def _references(report: PullReport) -> str:
    lines = ["### References", ""]
    if report.references is not None:
        lines.append(
            f"{report.references} code reference(s) in the new text checked against the code, "
            f"{report.resolved} resolved."
        )
    if report.fixed:
        lines.append(f"Drift fixed: {len(report.fixed)} finding(s) in the current docs are gone.")
    if report.findings:
        lines.append(f"Still reported ({len(report.findings)}):")
        lines += [
            f"- `{f.file}:{f.line}` {f.kind}: `{f.reference}`" for f in report.findings[:MAX_LISTED]
        ]
    elif report.references is not None:
        lines.append("Nothing left to report.")
    return "\n".join(lines) if len(lines) > 2 else ""


def _usage(report: PullReport) -> str:
    if report.writer != "agent" and not report.tokens:
        return "Written by the deterministic offline writer: no model call, no cost."
    return f"Model usage: {report.tokens} tokens, cost {format_cost(report.cost_usd)}."


def _asking(report: PullReport) -> str:
    cmd = report.command
    return (
        "### Asking for changes\n\n"
        f"Comment on this pull request: `{cmd}` regenerates the docs onto this branch, "
        f"`{cmd} check` lists references that no longer match the code, "
        f"`{cmd} ask <question>` answers from the code with citations, `{cmd} help` lists "
        "the commands. Edits you push here are kept only outside Klaro's marked regions."
    )


def _footer(report: PullReport) -> str:
    run = f"[Run]({report.run_url})\n\n" if report.run_url else ""
    return f"{run}<!-- klaro:source={report.source_sha} -->"


def _repaired(report: PullReport) -> str:
    return fixed_drift_table(report.repaired, report.source_sha, report.prefix)


BodySection = Callable[[PullReport], str]
BODY_SECTIONS: list[BodySection] = [
    _intro,
    _changes,
    _repaired,
    _references,
    _usage,
    _asking,
    _footer,
]


def pull_body(report: PullReport, sections: Sequence[BodySection] | None = None) -> str:
    """The PR description: each section of `BODY_SECTIONS` that has something to say."""
    parts = [part(report) for part in (BODY_SECTIONS if sections is None else sections)]
    return "\n\n".join(p.strip("\n") for p in parts if p.strip()) + "\n"
