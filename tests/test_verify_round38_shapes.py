"""Shapes from the blind drift round 38 (pytest-watch, ghp-import), on a small repo with the
last commit as the documented state.

- A docopt help pasted in the README lists `-n --nobeep` with no comma: both are options.
- `pytest_args.extend(['-c', path])` builds another program's command line: its `-c` is
  pytest's, not an option of ours that the docs may still name.
- `opts = {defaults}; opts.update(kwargs)`, then `opts['push']`: the keywords the function
  takes are the keys it reads (ghp-import's `ghp_import(srcdir, **kwargs)`).
"""

from __future__ import annotations

from pathlib import Path

from test_repair import _first_commit
from test_verify_round25_shapes import _drift_since_commit
from test_verify_wild import _write

PYPROJECT = """\
[project]
name = "watch"
version = "1.0"

[project.scripts]
watch = "watch.command:main"
"""

COMMAND = '''\
"""
Usage: watch [options] [<directory>...]

Options:
  -c --clear     Clear the screen before each run.
  -n --nobeep    Do not beep on failure.
"""

import docopt


def main(argv=None):
    args = docopt.docopt(__doc__, argv=argv)
    pytest_args = []
    if args["--clear"]:
        pytest_args.extend(["-c", "setup.cfg"])
    return pytest_args
'''

IMPORT = """\
def options():
    return [(("-p", "--push"), dict(dest="push", default=False))]


def publish(srcdir, **kwargs):
    opts = {kw["dest"]: kw["default"] for _, kw in options()}
    opts.update(kwargs)
    if opts["push"]:
        return srcdir
    return None
"""

README = """\
# watch

```
Usage: watch [options] [<directory>...]

Options:
  -c --clear     Clear the screen before each run.
  -n --nobeep    Do not beep on failure.
```

```python
from watch.publish import publish
publish("docs", push=True)
```
"""


def test_help_rows_argv_words_and_merged_keyword_dicts(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": PYPROJECT,
        "watch/__init__.py": "",
        "watch/command.py": COMMAND,
        "watch/publish.py": IMPORT,
        "README.md": README,
    }
    _write(tmp_path, files)
    _first_commit(tmp_path)
    command = (tmp_path / "watch/command.py").read_text()
    command = command.replace("-c --clear ", "   --clear ").replace("--nobeep ", "--no-beep")
    (tmp_path / "watch/command.py").write_text(command)
    publish = (tmp_path / "watch/publish.py").read_text().replace('"push"', '"publish"')
    (tmp_path / "watch/publish.py").write_text(publish)
    assert _drift_since_commit(tmp_path) == {
        ("README.md", 7, "watch -c"),
        ("README.md", 8, "watch --nobeep"),
        ("README.md", 13, "watch.publish.publish"),
    }
