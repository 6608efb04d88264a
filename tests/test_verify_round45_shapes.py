"""Shapes from the blind drift round 45 (ipwhois, mailmerge), on a small repo with the last
commit as the documented state.

- Examples whose prompts have four chevrons (`>>>> obj.lookup_rdap(depth=1)`, all of
  ipwhois' reference pages: 13 misses) are doctests all the same.
- click never makes `--no-X` of an option `--X`: `--no-limit` once renamed `--all` is gone,
  though `--limit` (a valued option) remains.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

PYPROJECT = """\
[project]
name = "mailer"
version = "1.0"

[project.scripts]
mailer = "mailer.cli:main"
"""

CLI = """\
import click


class Whois:
    def lookup_rdap(self, depth=0, inc_raw=False):
        return {}


@click.command()
@click.option("--limit", type=int, default=1)
@click.option("--no-limit", is_flag=True)
@click.option("--dry-run/--no-dry-run", default=True)
def main(limit, no_limit, dry_run):
    pass
"""

README = """\
mailer
======

Look up::

    >>>> from mailer.cli import Whois
    >>>> obj = Whois()
    >>>> results = obj.lookup_rdap(depth=1)

Send everything with ``mailer --no-limit --no-dry-run``, or a few with ``mailer --limit 3``.
"""

FILES = {
    "pyproject.toml": PYPROJECT,
    "mailer/__init__.py": "",
    "mailer/cli.py": CLI,
    "README.rst": README,
}


def test_four_chevron_prompts(tmp_path: Path) -> None:
    edits = {"mailer/cli.py": [("depth=0", "max_depth=0")]}
    assert _drift_after(tmp_path, FILES, edits) == {("README.rst", 8)}


def test_no_negation_click_does_not_make(tmp_path: Path) -> None:
    edits = {"mailer/cli.py": [('"--no-limit", is_flag', '"--all", is_flag')]}
    assert _drift_after(tmp_path, FILES, edits) == {("README.rst", 10)}
