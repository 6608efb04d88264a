"""Shapes from the blind drift round 62 (sparklines), on small repos with the last commit as
the documented state.

- "`TERM=dumb` turns colours off": a variable given a value in a span, its name without an
  underscore, is a claim that the code reads it, once the code reads it or read it at the
  documented state (other upper-case words with `=` are not).
- "colour emphasis via --emphasize": a long flag written plainly in a sentence is stale once
  a command of the project took it at the documented state and none takes it now; without
  history, or while the code takes it, a plain word claims nothing.
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
    dropped = ('return os.environ.get("TERM") != "dumb"', "return True")
    changes = {"spark/__init__.py": [dropped]}
    assert _drift_after(tmp_path / "spark", files, changes) == {("README.md", 3)}


CLI = """\
import argparse


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--emphasize", action="append")
    parser.add_argument("--wrap", type=int)
    parser.add_argument("--lines", type=int)
    parser.parse_args()
"""

FEATURES = """\
# spark

Features:

- colour emphasis via --emphasize
- line wrapping via --wrap
- several rows via --lines, see https://example.org/a--b and pip's --user
"""


def test_a_flag_in_a_sentence_that_the_code_took_and_takes_no_more(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "spark"\nversion = "1"\n'
        '[project.scripts]\nspark = "spark:main"\n',
        "spark/__init__.py": CLI,
        "README.md": FEATURES,
    }
    # `--wrap` removed, `--emphasize` renamed; `--lines` kept, `--user` never the project's
    changes = {
        "spark/__init__.py": [
            ('    parser.add_argument("--wrap", type=int)\n', ""),
            ('"--emphasize"', '"--highlight"'),
        ]
    }
    assert _drift_after(tmp_path / "spark", files, changes) == {("README.md", 5), ("README.md", 6)}
