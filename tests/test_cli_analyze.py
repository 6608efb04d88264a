"""`klaro analyze` as a user runs it: output formats, exit codes, one-line errors."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from klaro.cli import main


def test_text_summary_lists_the_facts(
    sample_repo: Callable[[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    root = sample_repo("analysis_lib")
    assert main(["analyze", str(root), "--no-cache"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("shapes-kit 1.4.0\n")
    for fact in (
        "shapes.core.scale(circle: Circle, factor: float = 2.0) -> Circle",
        "shapes = shapes.cli:main",
        "draw [click] src/shapes/clickcli.py:17  name, --size -s, --fill --no-fill, --color",
        "SHAPES_HOME  src/shapes/cli.py:23",
        "src/shapes/broken.py:1: syntax error",
    ):
        assert fact in out


def test_json_is_the_documented_schema(
    sample_repo: Callable[[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    root = sample_repo("analysis_lib")
    assert main(["analyze", str(root), "--format", "json", "--no-cache"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["schema_version"] == 1
    assert set(data) == {
        "schema_version", "root", "metadata", "files", "skipped", "errors", "modules", "central",
    }  # fmt: skip
    assert data["central"][0]["name"] == "shapes.core.Shape"


def test_missing_path_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyze", str(tmp_path / "nope")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "does not exist" in err and "Traceback" not in err


def test_bad_config_names_file_and_key(
    sample_repo: Callable[[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    root = sample_repo("analysis_lib")
    (root / ".klaro.yml").write_text("recursion_limit: fifty\n")
    assert main(["analyze", str(root)]) == 2
    err = capsys.readouterr().err.strip()
    assert ".klaro.yml" in err and "recursion_limit" in err and "fifty" in err


def test_config_excludes_apply_to_analysis(
    sample_repo: Callable[[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    root = sample_repo("analysis_lib")
    (root / ".klaro.yml").write_text("exclude:\n  - src/shapes/broken.py\n")
    assert main(["analyze", str(root), "--no-cache"]) == 0
    assert "syntax error" not in capsys.readouterr().out


def test_a_repositorys_invalid_escapes_are_not_warned_about(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "tasks.py").write_text('PATTERN = "\\(\\d+\\)"\n\n\ndef run():\n    return 1\n')
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert main(["analyze", str(tmp_path), "--no-cache"]) == 0
    assert [str(w.message) for w in caught] == []
    assert "1 functions" in capsys.readouterr().out
