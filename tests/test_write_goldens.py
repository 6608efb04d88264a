"""Golden tests: the offline writer's README and API reference for three sample repositories.

Run `pytest tests/test_write_goldens.py --update-goldens` to rewrite the expected files after
an intended change, then review them with `git diff`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from golden import assert_golden
from klaro import app
from klaro.config import load_config
from klaro.scan.graph import build_graph

GOLDENS = Path(__file__).parent / "data" / "goldens"
CASES = ("wordlib", "todo_cli", "envconf")
OUTPUTS = {"README.md": "README.md", "docs/api.md": "api.md"}


def _generate(root: Path) -> dict[str, str]:
    config = load_config(root, env={})
    analysis = app.analyze(config)
    changes = app.generate(config, analysis, build_graph(analysis))
    return {c.path: c.after for c in changes}


@pytest.mark.parametrize("case", CASES)
def test_generated_documents_match_goldens(
    case: str, sample_repo: Callable[[str], Path], update_goldens: bool
) -> None:
    outputs = _generate(sample_repo(case))
    assert set(outputs) == set(OUTPUTS)
    for path, golden in OUTPUTS.items():
        assert_golden(outputs[path], GOLDENS / case / golden, update_goldens)


@pytest.mark.parametrize("case", CASES)
def test_second_run_changes_nothing(case: str, sample_repo: Callable[[str], Path]) -> None:
    root = sample_repo(case)
    config = load_config(root, env={})
    analysis = app.analyze(config)
    graph = build_graph(analysis)
    first = app.generate(config, analysis, graph)
    assert app.write_changes(config, first) == ["README.md", "docs/api.md"]
    again = app.generate(config, app.analyze(config), graph)
    assert [c.changed for c in again] == [False, False]
    assert all(c.diff() == "" for c in again)


def test_hand_written_readme_text_survives_byte_for_byte(
    sample_repo: Callable[[str], Path],
) -> None:
    root = sample_repo("todo_cli")
    before = (root / "README.md").read_text(encoding="utf-8")
    after = _generate(root)["README.md"]
    # every hand-written line is still there, in order, and Installation is not duplicated
    kept = [line for line in after.splitlines() if line in before.splitlines()]
    assert [ln for ln in before.splitlines() if ln] == [ln for ln in kept if ln]
    assert after.count("## Installation") == 1
    assert "<!-- klaro:begin installation -->" not in after
    assert after.startswith(before.split("## Thanks")[0])
    assert after.endswith("## Thanks\n\nTo everyone who filed an issue.\n")
