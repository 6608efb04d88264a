"""Shapes from the blind drift round 60 (git-up), on small repos with the last commit as the
documented state.

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
