"""Long work reports a line per phase on stderr, with counts and seconds, TTY or not (CI logs)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from klaro.cli import main


def test_check_prints_a_line_per_phase_without_a_terminal(
    sample_repo: Callable[[str], Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("KLARO_CACHE_DIR", str(tmp_path / "cache"))
    root = sample_repo("analysis_lib")
    main(["check", str(root)])
    lines = capsys.readouterr().err.splitlines()
    assert re.fullmatch(
        r"klaro: analyse: \d+ Python files \((\d+) parsed, 0 from cache\), \d+ lines in [\d.]+ s",
        lines[0],
    )
    assert re.fullmatch(
        r"klaro: check: \d+ documents, \d+ references \(\d+ resolved\) in [\d.]+ s", lines[1]
    )
    main(["check", str(root)])
    assert "(0 parsed, " in capsys.readouterr().err  # the second run reads the cache


def test_quiet_prints_no_progress(
    sample_repo: Callable[[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    # a repository with documents: with none, check says so even when quiet (not progress)
    main(["check", str(sample_repo("verify_basic")), "--no-cache", "-q"])
    assert capsys.readouterr().err == ""
