"""Shapes from the blind wild batch 56 (tockloader), on small repos with the last commit as
the documented state.

- A Markdown page's setext headings (`Title` over `-----`) end the section of a `####`
  heading naming a sub-command: a flag named under them is not that command's claim.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

CLI = """\
import argparse


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    tickv = sub.add_parser("tickv")
    tickv.add_argument("--key")
    install = sub.add_parser("install")
    install.add_argument("--jlink", action="store_true")
    parser.parse_args()
"""

README = """\
# tl

#### `tl tickv get|append [key]`

Interact with a key-value database; `--key` names the key.


Specifying the Channel
----------------------

To use a JTAG interface, specify `--jlink`.
"""


def test_setext_headings_end_a_commands_section(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "tl"\nversion = "1"\n'
        '[project.scripts]\ntl = "tl.main:main"\n',
        "tl/__init__.py": "",
        "tl/main.py": CLI,
        "README.md": README,
    }
    changes = {"tl/main.py": [('"--jlink"', '"--jtag"')]}
    assert _drift_after(tmp_path / "tl", files, changes) == {("README.md", 11)}
