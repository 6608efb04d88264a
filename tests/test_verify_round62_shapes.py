"""Shapes from the blind drift round 62 (sparklines), on small repos with the last commit as
the documented state.

- "`TERM=dumb` turns colours off": a variable given a value in a span, its name without an
  underscore, is a claim that the code reads it, once the code reads it or read it at the
  documented state (other upper-case words with `=` are not).
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

ANSI = """\
import os


def ansi_ok():
    if os.environ.get("NO_COLOR"):
        return False
    return os.environ.get("TERM") != "dumb"
"""

README = """\
# spark

Set `NO_COLOR=1` or `TERM=dumb` to turn colours off; `MODE=fast` is a word of the docs.
"""


def test_a_variable_given_a_value_is_one_the_code_reads(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "spark"\nversion = "1"\n',
        "spark/__init__.py": ANSI,
        "README.md": README,
    }
    changes = {
        "spark/__init__.py": [
            ('        return False\n    return os.environ.get("TERM") != "dumb"', "        return False\n    return True")
        ]
    }
    assert _drift_after(tmp_path / "spark", files, changes) == {("README.md", 3)}
