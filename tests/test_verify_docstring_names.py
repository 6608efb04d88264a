"""Names docstrings use, as the API reference copies them: parameters, instance attributes,
imported types and data files are true references, while names the code lacks stay drift."""

from __future__ import annotations

from pathlib import Path

from klaro.scan.analyze import analyze_repository
from klaro.verify import verify

CODE = '''"""Tasks."""
from typing import TextIO


class Tracker:
    """Track tasks."""

    def __init__(self, task_id: int, show_default: bool = False) -> None:
        self.task_id = task_id
        self.show_default = show_default

    def advance(self, steps: int, file: TextIO) -> None:
        """Move `steps` forward."""


def load_template(template_dir: str) -> dict:
    """Read `cookiecutter.json` from `template_dir`."""
    return {}
'''


def _package(tmp_path: Path) -> Path:
    (tmp_path / "tasks").mkdir()
    (tmp_path / "tasks" / "__init__.py").write_text(CODE)
    (tmp_path / "tasks" / "json.py").write_text('"""A module whose name is a file suffix."""\n')
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "tasks"\nversion = "1.0"\n')
    return tmp_path


def test_names_a_docstring_grounds_resolve(tmp_path: Path) -> None:
    analysis = analyze_repository(_package(tmp_path))
    text = (
        "- `task_id` (`int`): the task; `steps` and `template_dir` are parameters.\n"
        "- `file` (`TextIO`): where to write; see `Tracker.show_default` and"
        " `tasks.Tracker.task_id`.\n"
        "- Reads `cookiecutter.json` next to `tasks.json`.\n"
    )
    assert verify(text, analysis, path="docs/api.md") == []


def test_names_the_code_lacks_are_still_reported(tmp_path: Path) -> None:
    analysis = analyze_repository(_package(tmp_path))
    text = "Use `Tracker.show_defaults`, `load_templates()` or `tasks.jsonl_reader`.\n"
    found = {f.reference: f.suggestions for f in verify(text, analysis)}
    assert set(found) == {"Tracker.show_defaults", "load_templates()", "tasks.jsonl_reader"}
    assert "Tracker.show_default" in found["Tracker.show_defaults"]
