"""The runner's side channels: step outputs, the job summary, annotations and masks.

Workflow commands are lines on stdout (`::error file=F,line=L::message`); outputs and the summary
are files the runner names in `$GITHUB_OUTPUT` and `$GITHUB_STEP_SUMMARY`. Values are written with
a random heredoc delimiter so a value containing newlines (or a forged delimiter) cannot inject
another output.
"""

from __future__ import annotations

import secrets
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from klaro.verify.model import Finding

SUMMARY_LIMIT = 1024 * 1024  # GitHub refuses step summaries over 1 MiB


def escape_data(text: str) -> str:
    """Escape a workflow command's message so `%`, CR and LF survive as data."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a workflow command's property value (also `:` and `,`, which end properties)."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(name: str, message: str, out: TextIO | None = None, **props: object) -> None:
    """Print one workflow command, e.g. `::warning file=README.md,line=3::stale reference`."""
    shown = ",".join(f"{k}={escape_property(str(v))}" for k, v in props.items() if v is not None)
    line = f"::{name}{' ' + shown if shown else ''}::{escape_data(message)}\n"
    (out or sys.stdout).write(line)


def error(message: str, *, file: str | None = None, line: int | None = None) -> None:
    """Annotate the run with an error (shown on the run page and, with a file, on the diff)."""
    command("error", message, file=file, line=line)


def warning(message: str, *, file: str | None = None, line: int | None = None) -> None:
    """Annotate the run with a warning."""
    command("warning", message, file=file, line=line)


def notice(message: str) -> None:
    """Annotate the run with a notice."""
    command("notice", message)


def add_mask(value: str | None) -> None:
    """Ask the runner to hide `value` in every later log line (each line of it, if several)."""
    if not value:
        return
    for part in value.splitlines():
        if part.strip():
            sys.stdout.write(f"::add-mask::{escape_data(part)}\n")
    sys.stdout.flush()


def write_outputs(path: str | None, values: Mapping[str, str]) -> None:
    """Append step outputs to `$GITHUB_OUTPUT`; without it (a local run) print them instead."""
    if not path:
        for name, value in values.items():
            sys.stdout.write(f"{name}={value}\n")
        return
    with open(path, "a", encoding="utf-8") as handle:
        for name, value in values.items():
            delimiter = f"ghadelimiter_{secrets.token_hex(16)}"
            while delimiter in value:  # astronomically unlikely, but never ambiguous
                delimiter = f"ghadelimiter_{secrets.token_hex(16)}"
            handle.write(f"{name}<<{delimiter}\n{value}\n{delimiter}\n")


def write_summary(path: str | None, markdown: str) -> None:
    """Append Markdown to the job summary, cut to GitHub's limit with a note."""
    if not path:
        return
    data = markdown if markdown.endswith("\n") else markdown + "\n"
    if len(data.encode("utf-8")) > SUMMARY_LIMIT:
        note = "\n\n_Summary truncated: GitHub keeps 1 MiB per step._\n"
        budget = SUMMARY_LIMIT - len(note.encode("utf-8")) - 1024
        data = data.encode("utf-8")[:budget].decode("utf-8", "ignore") + note
    with Path(path).open("a", encoding="utf-8") as handle:
        handle.write(data)


@dataclass
class Phase:
    """One phase of a run; set `result` to what it counted (\"3 files changed\")."""

    title: str
    result: str = "done"


@contextmanager
def group(title: str) -> Iterator[Phase]:
    """Fold a phase's log lines under `title`, ending with what it counted and its seconds."""
    phase = Phase(title)
    sys.stdout.write(f"::group::{escape_data(title)}\n")
    sys.stdout.flush()
    start = time.monotonic()
    try:
        yield phase
    finally:
        seconds = time.monotonic() - start
        sys.stdout.write(f"{title}: {phase.result} ({seconds:.1f} s)\n::endgroup::\n")
        sys.stdout.flush()


def annotate_findings(
    findings: Sequence[Finding], *, prefix: str = "", as_error: bool = False, limit: int = 50
) -> None:
    """One file/line annotation per finding (GitHub shows at most 50 per step)."""
    emit = error if as_error else warning
    for finding in findings[:limit]:
        path = f"{prefix.strip('/')}/{finding.file}" if prefix.strip("/") else finding.file
        hint = ""
        if finding.suggestions:
            hint = " (did you mean " + ", ".join(finding.suggestions[:3]) + "?)"
        emit(f"{finding.kind}: {finding.message}{hint}", file=path, line=finding.line)
    if len(findings) > limit:
        notice(f"{len(findings) - limit} more finding(s) are listed in the job summary")
