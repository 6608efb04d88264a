"""Golden-file comparison with a readable diff and `pytest --update-goldens` to regenerate."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest


def assert_golden(actual: str, golden: Path, update: bool) -> None:
    """Compare `actual` with the golden file; rewrite it instead when `update` is set."""
    if update or not golden.exists():
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(actual, encoding="utf-8")
        if not update:
            pytest.fail(f"golden {golden} did not exist; written now, review and commit it")
        return
    expected = golden.read_text(encoding="utf-8")
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                actual.splitlines(keepends=True),
                fromfile=f"golden {golden.name}",
                tofile="actual",
            )
        )
        pytest.fail(f"output differs from {golden} (run pytest --update-goldens):\n{diff}")
