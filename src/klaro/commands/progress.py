"""Progress on stderr: a line per finished phase, with counts and seconds, TTY or not.

CI logs have no terminal, so a redrawn bar shows nothing there; a plain line per phase
(`klaro: analyse: 412 Python files (3 parsed, 409 from cache), 20345 lines in 0.84 s`) reads
the same in a log and in a terminal. On a terminal, long per-file work also draws a tqdm bar,
removed when done. `--quiet` silences both.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

Progress = Callable[[int, int, str], None]


class Phase:
    """What a running phase reports when it ends: set `summary` to its counts."""

    def __init__(self) -> None:
        self.summary = ""
        self.items = 0  # per-item callbacks seen (files parsed, chunks embedded)


@contextmanager
def phase(label: str, quiet: bool) -> Iterator[Phase]:
    """Time a phase and print its line on stderr when it ends (nothing if quiet or failed)."""
    started = time.perf_counter()
    current = Phase()
    yield current
    if not quiet:
        seconds = time.perf_counter() - started
        summary = f"{current.summary} " if current.summary else ""
        print(f"klaro: {label}: {summary}in {seconds:.2f} s", file=sys.stderr, flush=True)


def progress_bar(quiet: bool, label: str, current: Phase | None = None) -> Progress | None:
    """A per-item callback: counts items into `current`, and draws a bar on a TTY."""
    tty = not quiet and sys.stderr.isatty()
    if current is None and not tty:
        return None
    bar: dict[str, Any] = {}

    def update(done: int, total: int, item: str) -> None:
        if current is not None:
            current.items += 1
        if not tty:
            return
        if "bar" not in bar:
            from tqdm import tqdm

            bar["bar"] = tqdm(total=total, desc=label, unit="file", file=sys.stderr, leave=False)
        bar["bar"].update(1)
        if done >= total:
            bar["bar"].close()

    return update
