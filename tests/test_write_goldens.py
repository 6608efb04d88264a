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
from klaro.write.regions import outside_regions

GOLDENS = Path(__file__).parent / "data" / "goldens"
CASES = ("wordlib", "todo_cli", "envconf", "harvest")
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


def test_whole_readme_shows_harvested_examples(
    sample_repo: Callable[[str], Path], update_goldens: bool
) -> None:
    """Without a README, Usage shows examples from docstrings, tests and the command's tests."""
    root = sample_repo("harvest")
    (root / "README.md").unlink()
    readme = _generate(root)["README.md"]
    assert_golden(readme, GOLDENS / "harvest" / "README.fresh.md", update_goldens)


def test_human_sections_are_matched_by_meaning_and_left_alone(
    sample_repo: Callable[[str], Path],
) -> None:
    root = sample_repo("harvest")
    before = (root / "README.md").read_text(encoding="utf-8")
    after = _generate(root)["README.md"]
    kept = [line for line in after.splitlines() if line in before.splitlines()]
    assert [ln for ln in before.splitlines() if ln] == [ln for ln in kept if ln]
    # "Installing harvest", "Library usage", "How to contribute", "Settings" mean these sections
    for key in ("installation", "usage", "development", "configuration"):
        assert f"klaro:begin {key} " not in after
    # nothing lands inside another tool's include markers
    start, end = after.index("<!-- usage-start -->"), after.index("<!-- usage-end -->")
    assert "klaro:" not in after[start:end]
    # the sections people did not write go after theirs, not before the introduction
    assert after.index("klaro:begin project-structure") > after.index("## Settings")


def test_rst_readme_is_updated_in_rst_and_no_markdown_readme_appears(
    sample_repo: Callable[[str], Path], update_goldens: bool
) -> None:
    root = sample_repo("rstlib")
    before = (root / "README.rst").read_text(encoding="utf-8")
    config = load_config(root, env={})
    analysis = app.analyze(config)
    changes = app.generate(config, analysis, build_graph(analysis))
    assert [c.path for c in changes] == ["README.rst", "docs/api.md"]
    after = changes[0].after
    assert_golden(after, GOLDENS / "rstlib" / "README.rst", update_goldens)
    people = "".join(p for p in outside_regions(after, "README.rst") if not p.startswith("<"))
    assert people.split() == before.split()  # every human line kept, in order
    assert ".. klaro:begin usage" in after and "<!--" not in after
    assert ".. klaro:begin installation" not in after  # "Installing" is the human's section
    app.write_changes(config, changes)
    again = app.generate(config, app.analyze(config), build_graph(analysis))
    assert [c.changed for c in again] == [False, False]
    assert not (root / "README.md").exists()
