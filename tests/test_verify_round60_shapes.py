"""Shapes from the blind drift round 60 (git-up, wakeonlan), on small repos with the last
commit as the documented state.

- wakeonlan's `-4`: a digit short flag in a pasted help text is a flag like any other,
  where the parsers take digit flags; elsewhere `-1` is a number.
- ``git up -q`` and `$ git up --no-fetch`: git runs the `git-up` the project installs, so
  their flags are that program's; `git clone` stays git's own.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

GITUP = """\
import argparse


def run():
    parser = argparse.ArgumentParser()
    parser.add_argument("-q", "--quiet", action="store_true")
    parser.add_argument("--no-fetch", action="store_true")
    parser.parse_args()
"""

README = """\
# gitup

Run ``git up -q`` to say less, after ``git clone --depth 1 url``.

```console
$ git up --no-fetch
```
"""


def test_git_runs_the_projects_git_dash_command(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "gitup"\nversion = "1"\n'
        '[project.scripts]\ngit-up = "gitup.cli:run"\n',
        "gitup/__init__.py": "",
        "gitup/cli.py": GITUP,
        "README.md": README,
    }
    changes = {
        "gitup/cli.py": [('"-q", "--quiet"', '"--quiet"'), ('"--no-fetch"', '"--skip-fetch"')]
    }
    assert _drift_after(tmp_path / "gitup", files, changes) == {("README.md", 3), ("README.md", 6)}


WOL = """\
import argparse


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-4", "--ipv4", action="store_true")
    parser.add_argument("-6", "--ipv6", action="store_true")
    parser.add_argument("--count", type=int, default=1)
    parser.parse_args()
"""

WOL_README = """\
# wol

```
usage: wol [-h] [-4] [-6] [--count COUNT]

options:
  -h, --help   show this help message and exit
  -4, --ipv4   use IPv4
  -6, --ipv6   use IPv6
```

Run `wol --count -1` to send forever, or `wol -6`.
"""


def test_a_digit_flag_dropped_from_the_parser_is_stale(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "wol"\nversion = "1"\n'
        '[project.scripts]\nwol = "wol:main"\n',
        "wol/__init__.py": WOL,
        "README.md": WOL_README,
    }
    # `-4` dropped: the usage's `[-4]` and the row `-4, --ipv4` are stale; `--count -1`
    # passes a number, and `-6` is still there
    changes = {"wol/__init__.py": [('"-4", "--ipv4"', '"--ipv4"')]}
    assert _drift_after(tmp_path / "wol", files, changes) == {("README.md", 4), ("README.md", 8)}
