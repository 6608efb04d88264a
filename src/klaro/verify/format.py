"""Render a `CheckReport` for people (text), machines (json) or GitHub (workflow commands)."""

from __future__ import annotations

import json

from klaro.verify.check import DRIFT, CheckReport
from klaro.verify.model import Finding

_MAX_UNDOCUMENTED = 20


def render(report: CheckReport, fmt: str) -> str:
    """Render the report in one of the formats `klaro check --format` offers."""
    if fmt == "json":
        return json.dumps(report.to_dict(), indent=2) + "\n"
    if fmt == "github":
        return render_github(report)
    return render_text(report)


def _hint(finding: Finding) -> str:
    if not finding.suggestions:
        return ""
    return " (did you mean " + ", ".join(f"`{s}`" for s in finding.suggestions) + "?)"


def _summary(report: CheckReport) -> str:
    ratio = f" ({report.resolved / report.references:.0%})" if report.references else ""
    unresolved = sum(1 for f in report.findings if f.kind == "unresolved")
    dead = sum(1 for f in report.findings if f.kind == "dead-link")
    cover = ", ".join(
        f"{name.replace('_', ' ')} {c['documented']}/{c['total']}"
        for name, c in report.coverage.items()
    )
    return (
        f"{len(report.documents)} documents, {report.references} references, "
        f"{report.resolved} resolved{ratio}; {unresolved} unresolved, {dead} dead links\n"
        f"coverage: {cover}\n"
    )


def render_text(report: CheckReport) -> str:
    """One line per drift finding, a summary, then a short list of undocumented items."""
    out = [
        f"{f.file}:{f.line}: {f.kind}: {f.message}{_hint(f)}\n"
        for f in report.findings
        if f.kind in DRIFT
    ]
    out.append(_summary(report))
    undocumented = [f for f in report.findings if f.kind == "undocumented"]
    if undocumented:
        out.append(f"undocumented ({len(undocumented)}):\n")
        out += [f"  {f.reference}  {f.file}:{f.line}\n" for f in undocumented[:_MAX_UNDOCUMENTED]]
        if len(undocumented) > _MAX_UNDOCUMENTED:
            rest = len(undocumented) - _MAX_UNDOCUMENTED
            out.append(f"  ... and {rest} more (use --format json for all)\n")
    return "".join(out)


def escape_data(text: str) -> str:
    """Escape a workflow command's message, as the runner decodes it."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a workflow command's property value (`file=`, `title=`)."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(report: CheckReport) -> str:
    """A `::warning` annotation per drift finding and one `::notice` with the coverage."""
    out = []
    for f in report.findings:
        if f.kind not in DRIFT:
            continue
        props = f"file={escape_property(f.file)},line={f.line},title={escape_property(f.kind)}"
        out.append(f"::warning {props}::{escape_data(f.message + _hint(f))}\n")
    out.append(f"::notice title=klaro check::{escape_data(_summary(report).strip())}\n")
    return "".join(out)
