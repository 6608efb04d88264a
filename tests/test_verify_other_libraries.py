"""Names a sentence gives to another library are that library's, even when they look like a
typo of ours (met on cachier, qrcode and pyparsing): "Python's built-in `lru_cache`" beside
our `clear_cache`, "ElementTree's `tostring()`" beside our `to_string`, "a SQLAlchemy engine
(created with `create_async_engine`)" beside our `has_async_engine`, "the `Diagram()`
constructor of the underlying library" beside our `Diagrams`, "``huggingface_hub`` runs
this in its ``clear_caches()``" beside our `clear_cache`. The same typo in a sentence
about the project, or given to the project's own class, stays a finding.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_repair import _first_commit, _git
from test_verify_wild import _drift, _write

from klaro.cli import main

PYPROJECT = """\
[project]
name = "memo"
version = "1.0"
dependencies = ["sqlalchemy>=2"]
"""

CODE = '''\
"""Memoize functions."""
import xml.etree.ElementTree as ET


def clear_cache(func):
    """Forget what `func` remembered."""


def has_async_engine(engine):
    return hasattr(engine, "sync_engine")


class Diagrams:
    def to_string(self, **kwargs):
        return ET.tostring(self.root, **kwargs)
'''

README = """\
# Memo

For a cache in one process, Python's built-in `lru_cache` is a better choice.
Keyword arguments are forwarded to ElementTree's `tostring()`.
Async functions need a SQLAlchemy `AsyncEngine` (created with `create_async_engine`).
Extra keywords go to the `Diagram()` constructor of the underlying library.
`huggingface_hub` runs this pattern in its `clear_caches()` helper.

Call `clear_caches` to forget everything, or `has_async_engines()` to test an engine.
Our own Diagrams's `to_strings()` method renders one.
`Diagrams` renders one with its `to_strin()` method.
"""


def test_names_given_to_another_library_are_its_own(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "memo",
        {"pyproject.toml": PYPROJECT, "memo/__init__.py": CODE, "README.md": README},
    )
    assert _drift(root) == {
        ("README.md", 9, "clear_caches"),
        ("README.md", 9, "has_async_engines()"),
        ("README.md", 10, "to_strings()"),
        ("README.md", 11, "to_strin()"),
    }


@pytest.mark.skipif(shutil.which("git") is None, reason="needs a git binary")
def test_history_still_says_a_name_was_ours_whatever_the_sentence_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A project function renamed since the docs were written is stale even in a sentence
    that names another library: the documented state had it."""
    readme = "# Memo\n\nWrap a SQLAlchemy engine with `make_engine_cache`.\n"
    files = {"pyproject.toml": PYPROJECT, "memo/__init__.py": CODE, "README.md": readme}
    root = _write(tmp_path / "memo", files)
    (root / "memo/__init__.py").write_text(CODE + "\n\ndef make_engine_cache(engine):\n    pass\n")
    _first_commit(root)
    code = (root / "memo/__init__.py").read_text().replace("make_engine_cache", "engine_cache")
    (root / "memo/__init__.py").write_text(code)
    _git(root, "commit", "-qam", "rename")
    assert main(["check", str(root), "--no-cache", "-q"]) == 1
    assert "README.md:3: unresolved: `make_engine_cache` is no longer" in capsys.readouterr().out
