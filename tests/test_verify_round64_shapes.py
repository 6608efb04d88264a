"""Shapes from the blind drift round 64 (unidiff, shyaml, puremagic), on small repos with the
last commit as the documented state.

- `patch[0].is_added_file` where `class PatchSet(list[PatchedFile])`: indexing an instance of
  a class that inherits `list.__getitem__` gives one of its elements.
- shyaml's `[entry_points]` section of setup.cfg (pbr's and older setuptools' spelling)
  declares the console script, so its command lines are the project's.
- puremagic's `:code:`from_file(filename, mime)``: inline code, read like a literal.
- shyaml's pasted help: `Usage:` alone, a blank line, then the program's lines.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

PATCH = """\
class PatchedFile(list[str]):
    @property
    def is_added_file(self) -> bool:
        return True


class PatchSet(list[PatchedFile]):
    def __init__(self, text: str) -> None:
        super().__init__()
"""

README = """\
# diffs

```python
>>> from diffs import PatchSet
>>> patch = PatchSet(text)
>>> patch[0].is_added_file
True
```
"""


def test_an_element_through_an_inherited_getitem(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "diffs"\nversion = "1"\n',
        "diffs/__init__.py": PATCH,
        "README.md": README,
    }
    changes = {"diffs/__init__.py": [("def is_added_file", "def is_new_file")]}
    assert _drift_after(tmp_path / "diffs", files, changes) == {("README.md", 6)}


SETUP_CFG = """\
[metadata]
name = yamlsh

[entry_points]
console_scripts =
    yamlsh = yamlsh:entrypoint
"""

YAMLSH = """\
import sys


def entrypoint():
    for flag in sys.argv[1:]:
        if flag in ("-q", "--quiet"):
            pass
"""

YAMLSH_README = """\
yamlsh
======

Run ``yamlsh --quiet get-value key`` on a file.

See :code:`magic(filename, mime=False)`.
"""


def test_legacy_entry_points_and_code_roles(tmp_path: Path) -> None:
    files = {
        "setup.cfg": SETUP_CFG,
        "setup.py": "from setuptools import setup\nsetup()\n",
        "yamlsh.py": YAMLSH + "\n\ndef magic(filename, mime=False):\n    pass\n",
        "README.rst": YAMLSH_README,
    }
    changes = {"yamlsh.py": [('("-q", "--quiet")', '("-q", "--silent")'), ("mime=", "as_mime=")]}
    assert _drift_after(tmp_path / "yamlsh", files, changes) == {
        ("README.rst", 4),
        ("README.rst", 6),
    }


TOOL = """\
import argparse


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-q", "--quiet", action="store_true")
    parser.add_argument("-L", "--line-buffer", action="store_true")
    parser.parse_args()
"""

TOOL_README = """\
# tool

```
$ tool --help

Usage:

    tool [-q|--quiet] [-L|--line-buffer] KEY

Options:

    -q, --quiet        say less
    -L, --line-buffer  read stdin line by line
```
"""


def test_a_usage_label_alone_then_a_blank_line(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "tool"\nversion = "1"\n'
        '[project.scripts]\ntool = "tool:main"\n',
        "tool/__init__.py": TOOL,
        "README.md": TOOL_README,
    }
    changes = {"tool/__init__.py": [('"-L", "--line-buffer"', '"-L", "--unbuffered"')]}
    assert _drift_after(tmp_path / "tool", files, changes) == {("README.md", 8), ("README.md", 13)}
