"""Shapes from the blind wild batch 63 (pygtfs), on small repos.

- docopt's usage pasted as a reST block quote, `gtfs2db delete <db> [-i, --interactive]`: the
  flag is `--interactive`, its synopsis bracket aside.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

CLI = '''\
"""gtfs2db - convert a feed

Usage:
  gtfs2db delete <database> [-i, --interactive]
"""
import argparse


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("database")
    parser.add_argument("-i", "--interactive", action="store_true")
    parser.parse_args()
'''

PAGE = """\
gtfs2db
=======

    Usage:
      gtfs2db delete <database> [-i, --interactive]
      gtfs2db delete <database> [-y, --yes]
"""


def test_a_synopsis_bracket_is_no_part_of_the_flag(tmp_path: Path) -> None:
    root = tmp_path / "gtfs"
    _write(
        root,
        {
            "pyproject.toml": '[project]\nname = "gtfs"\nversion = "1"\n'
            '[project.scripts]\ngtfs2db = "gtfs:main"\n',
            "gtfs/__init__.py": CLI,
            "docs/gtfs2db.rst": PAGE,
        },
    )
    # (the reference keeps the words as written, shell-quoted)
    assert {(f, n) for f, n, _ in _drift(root)} == {("docs/gtfs2db.rst", 6)}
