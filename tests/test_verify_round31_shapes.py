"""Shapes from the blind drift round 31 (apprise, distro, portalocker), on small repos.

`-SPD`, an option of the project's at the documented state, is no placeholder in capitals
once dropped; `>>>` lines after `$ python` in a shell block are a Python session; "the
``-o mand`` mount option" is mount's, though the project once had a `-o` of its own.
"""

from __future__ import annotations

from pathlib import Path

from test_repair import _first_commit
from test_verify_round25_shapes import _drift_since_commit
from test_verify_wild import _write

CLI = """\
import argparse


def name(pretty=False):
    return "linux"


def main():
    parser = argparse.ArgumentParser(prog="dist")
    parser.add_argument("--storage-prune-days", "-SPD", type=int)
    parser.add_argument("--output", "-o")
    parser.add_argument("--json", "-j", action="store_true")
    parser.parse_args()
"""

PYPROJECT = """\
[project]
name = "dist"
version = "1.0"

[project.scripts]
dist = "dist:main"
"""

README = """\
# dist

Prune with `-SPD`, `--storage-prune-days=`. Write to `-o` a file.

```bash
$ python
>>> import dist
>>> dist.name(pretty=True)
'Linux'
```

The historical ``-o mand`` mount option cannot enable locking.
"""


def test_dropped_capital_flags_sessions_in_shell_blocks_and_owned_flags(
    tmp_path: Path,
) -> None:
    files = {"dist/__init__.py": CLI, "pyproject.toml": PYPROJECT, "README.md": README}
    _write(tmp_path, files)
    _first_commit(tmp_path)
    assert _drift_since_commit(tmp_path) == set()
    changed = CLI.replace(', "-SPD"', "").replace(', "-o"', "").replace("pretty", "formatted")
    (tmp_path / "dist/__init__.py").write_text(changed)
    assert {(line, r) for _, line, r in _drift_since_commit(tmp_path)} == {
        (3, "-SPD"),
        (3, "-o"),  # the project's own `-o`, dropped
        (8, "dist.name"),  # `pretty=True`, in the session a shell block starts
    }
