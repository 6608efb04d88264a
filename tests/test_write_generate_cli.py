"""`klaro generate` as a user runs it: in place, --diff, --output, errors and the offline note."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from klaro.cli import main

NOTE = "using the offline writer"


@pytest.fixture(autouse=True)
def _no_model(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("KLARO_API_KEY", "OPENAI_API_KEY", "KLARO_BASE_URL", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("KLARO_CACHE_DIR", str(tmp_path / "cache"))


def test_default_writes_in_place_then_diff_reports_no_change(
    sample_repo: Callable[[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    root = sample_repo("wordlib")
    assert main(["generate", str(root)]) == 0
    err = capsys.readouterr().err
    assert err.count(NOTE) == 1
    assert "created README.md" in err and "created docs/api.md" in err
    assert (root / "README.md").read_text().startswith("<!-- klaro:begin title -->\n# wordlib\n")
    assert "## `wordlib.counting`" in (root / "docs" / "api.md").read_text()
    assert main(["generate", str(root), "--diff"]) == 0
    assert capsys.readouterr().out == ""


def test_diff_prints_changes_writes_nothing_and_exits_1(
    sample_repo: Callable[[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    root = sample_repo("todo_cli")
    before = (root / "README.md").read_bytes()
    assert main(["generate", str(root), "--diff", "--doc", "readme"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("--- a/README.md\n+++ b/README.md\n")
    assert "+<!-- klaro:begin usage -->" in out
    assert (root / "README.md").read_bytes() == before
    assert not (root / "docs").exists()


def test_output_dash_prints_one_document(
    sample_repo: Callable[[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    root = sample_repo("envconf")
    assert main(["generate", str(root), "--doc", "api", "-o", "-", "--offline"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("<!-- klaro:begin title -->\n# API reference\n")
    assert NOTE not in captured.err  # --offline asked for it: nothing to explain
    assert not (root / "docs").exists()


def test_output_file_and_its_misuse(
    sample_repo: Callable[[str], Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = sample_repo("envconf")
    target = tmp_path / "out" / "README.md"
    assert main(["generate", str(root), "--doc", "readme", "--output", str(target)]) == 0
    assert "| `ENVCONF_HOME` | ~/.envconf | `envconf` |" in target.read_text()
    assert not (root / "README.md").exists()
    assert main(["generate", str(root), "--doc", "all", "-o", "-"]) == 2
    assert "--output takes one document" in capsys.readouterr().err


def test_malformed_markers_exit_2_with_line_and_write_nothing(
    sample_repo: Callable[[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    root = sample_repo("wordlib")
    broken = "# wordlib\n\n<!-- klaro:begin usage -->\nold\n"
    (root / "README.md").write_text(broken)
    assert main(["generate", str(root)]) == 2
    err = capsys.readouterr().err
    assert "klaro: error: README.md:3: region 'usage' is never closed" in err
    assert (root / "README.md").read_text() == broken
    assert not (root / "docs").exists()  # no half-run: the API reference was not written either


def test_configured_model_skips_the_note(
    sample_repo: Callable[[str], Path],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("KLARO_BASE_URL", "http://127.0.0.1:9/v1")
    root = sample_repo("wordlib")
    assert main(["generate", str(root), "--diff"]) == 1
    assert NOTE not in capsys.readouterr().err


def test_repository_without_python_gets_no_empty_api_reference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "README.md").write_text("# notes\n\nJust text.\n")
    assert main(["generate", str(tmp_path), "--doc", "api", "-o", "-"]) == 0
    assert "nothing to write" in capsys.readouterr().err
    assert main(["generate", str(tmp_path)]) == 0
    assert not (tmp_path / "docs").exists()
    assert "API reference" not in (tmp_path / "README.md").read_text()
