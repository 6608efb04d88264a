"""Shapes from the blind drift round 46 (gprof2dot, zipapps), on a small repo with the last
commit as the documented state.

- The project's program in the middle of a pipeline (`perf script | gprof2dot.py -f perf |
  dot -Tpng`), named by its file: its options are checked there too.
- A flat argparse program keeping what `parse_known_args()` leaves (`args, pip_args =
  parser.parse_known_args()`) hands unknown flags on (zipapps' `-r requirements.txt` goes
  to pip): they are no findings; leftovers only reported (`parser.error(...)`, cutadapt)
  keep the program strict.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

PYPROJECT = """\
[project]
name = "prof"
version = "1.0"

[project.scripts]
prof = "prof:main"
"""

MODULE = """\
import argparse
import subprocess


def main():
    parser = argparse.ArgumentParser(prog="prof")
    parser.add_argument("-f", "--format", choices=["perf", "pstats"])
    parser.add_argument("-o", "--output")
    args, pip_args = parser.parse_known_args()
    subprocess.call(["pip", "install", *pip_args])
"""

README = """\
# prof

    $ perf script | c++filt | prof.py -f perf -o out.dot | dot -Tpng -o output.png
    $ prof -o app.pyz -r requirements.txt
"""

FILES = {"pyproject.toml": PYPROJECT, "prof.py": MODULE, "README.md": README}


def test_the_project_in_the_middle_of_a_pipeline(tmp_path: Path) -> None:
    edits = {"prof.py": [('"-o", "--output"', '"-O", "--output"')]}
    assert _drift_after(tmp_path, FILES, edits) == {("README.md", 3), ("README.md", 4)}


STRICT = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="trim")
    parser.add_argument("--poly-a", action="store_true")
    args, leftover_args = parser.parse_known_args()
    if leftover_args:
        parser.error("unrecognized arguments: " + " ".join(leftover_args))
"""


def test_leftovers_reported_as_errors_keep_the_program_strict(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "trim"\nversion = "1"\n'
        '[project.scripts]\ntrim = "trim:main"\n',
        "trim.py": STRICT,
        "README.md": "# trim\n\n    $ trim --poly-a\n",
    }
    edits = {"trim.py": [('"--poly-a"', '"--poly-tail"')]}
    assert _drift_after(tmp_path, files, edits) == {("README.md", 3)}
