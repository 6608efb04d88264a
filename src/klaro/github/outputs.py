"""The runner's side channels: step outputs, the job summary, annotations and masks.

Workflow commands are lines on stdout (`::error file=F,line=L::message`); outputs and the summary
are files the runner names in `$GITHUB_OUTPUT` and `$GITHUB_STEP_SUMMARY`. Values are written with
a random heredoc delimiter so a value containing newlines (or a forged delimiter) cannot inject
another output.
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TextIO

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
