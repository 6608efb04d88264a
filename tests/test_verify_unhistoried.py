"""Drift that needs no history to see, on a small repo that is no git checkout.

A user who installs Klaro on a project whose docs went stale long ago has no documented
state to compare with: the checker must see renames from the code alone. A program run under
the project's own name while it installs another command, a variable the code now reads
under the project's prefix, a flag spelled no more while its option keeps the inner name,
and a method called on a class whose `__getattr__` only gives values. Each test pairs what is
true with what is stale.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "tool"
version = "1.0"

[project.scripts]
tool-cli = "tool.cli:main"
"""

CLI = '''\
"""The command line."""
import argparse
import os


def main(argv=None):
    parser = argparse.ArgumentParser(prog="tool-cli")
    parser.add_argument("-s", "--remote", dest="source", help="where pages come from")
    parser.add_argument("--no-cache", dest="cache", action="store_false")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    color = os.environ.get("TOOL_NO_COLOR")
    home = os.environ.get("TOOL_HOME")
    return args, color, home
'''

WHEN = '''\
"""Moments."""
import datetime


class Moment:
    def __init__(self) -> None:
        self._datetime = datetime.datetime.now()

    def floor(self, frame: str) -> "Moment":
        return self

    def __getattr__(self, name: str) -> int:
        if name == "week":
            return 1
        return int(getattr(self._datetime, name))


def now() -> Moment:
    return Moment()
'''

README = """\
# tool

```console
$ tool-cli --remote https://example.org --verbose
$ tool --verbose
```

Use `--remote` to pick the source, not `--source`; `--no-cache` skips the cache.
Set `TOOL_NO_COLOR` to turn colours off (`NO_COLOR` is no longer read); pages live in
`$HOME/.tool` unless `TOOL_HOME` says otherwise.

```python
>>> import tool.when
>>> tool.when.now().floor("hour").week
1
>>> tool.when.now().ceil("hour")
```
"""


def test_renames_are_seen_without_history(tmp_path: Path) -> None:
    root = _write(
        tmp_path,
        {
            "pyproject.toml": PYPROJECT,
            "tool/__init__.py": '"""Tool."""\n',
            "tool/cli.py": CLI,
            "tool/when.py": WHEN,
            "README.md": README,
        },
    )
    assert not (root / ".git").exists()
    assert _drift(root) == {
        ("README.md", 5, "tool --verbose"),  # the project installs `tool-cli`
        ("README.md", 8, "--source"),  # the option with dest `source` is `--remote`
        ("README.md", 9, "NO_COLOR"),  # the code reads `TOOL_NO_COLOR`
        ("README.md", 16, "tool.when.now.ceil"),  # `__getattr__ -> int` gives no method
    }
