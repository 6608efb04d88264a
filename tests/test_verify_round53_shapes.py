"""Shapes from the blind drift rounds 53 and 45 (urlextract, youtube-transcript-api, watchgod,
tmdbv3api, ipwhois), on small repos with the last commit as the documented state.

- A `--help` pasted as the page's own text (a synopsis, then `optional arguments:` over an
  indented list, in no block) lists the program's options; a synopsis' bracketed flags
  (`urlextract [-h] [-u] [-dl]`) are its flags.
- `ipwhois_cli.py`, the file a console script of that name runs, is that program; its module
  is shipped code though its folder (`scripts/`, no `__init__.py`) reads as examples.
- A program the project no longer installs, in an untagged block, is stale.
- One console script and one argparse parser: the script runs it, however many calls away.
- A class an example hands on without importing it (`watcher_cls=RegExpWatcher`) is stale
  once the code lost it.
- A span that uses what a call made (``Authentication(user, pw).session_id``) checks the call.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

SETUP_CFG = """\
[metadata]
name = urlx
version = 1

[options]
packages = urlx, urlx.scripts

[options.entry_points]
console_scripts =
    urlx_cli = urlx.scripts.urlx_cli:main
    fetchx = urlx.fetch:main
"""

URLX_CLI = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="urlx_cli")
    parser.add_argument("-u", "--unique", action="store_true")
    parser.add_argument("-dl", "--disable-localhost", action="store_true")
    parser.add_argument("-i", "--ignore-file")
    parser.parse_args()
"""

FETCH = """\
import argparse


class FetchCli:
    def __init__(self, args):
        self.args = args

    def run(self):
        return self._parse_args()

    def _parse_args(self):
        parser = argparse.ArgumentParser()
        parser.add_argument("video_ids", nargs="+")
        parser.add_argument("--exclude-generated", action="store_true")
        return parser.parse_args(self.args)


def main():
    FetchCli(None).run()
"""

WATCH = """\
class RegExpWatcher:
    def __init__(self, root, re_files=None):
        self.root = root


class Authentication:
    def __init__(self, username, password):
        self.username = username

    @property
    def session_id(self):
        return "s"


def watch(path, watcher_cls=None, watcher_kwargs=None):
    return path
"""

CLI_RST = """\
urlx_cli
========

Usage: ``$ urlx_cli [-h] [-u] [-dl] [-i <ignore_file>]``

optional arguments:
  -h, --help            show this help message and exit
  -u, --unique          print out only unique URLs
  -dl, --disable-localhost
                        disable localhost
  -i <ignore_file>, --ignore-file <ignore_file>
                        URLs to exclude

Run it as ``urlx_cli.py --ignore-file notes.txt``.
"""

README = """\
# urlx

```
fetchx <first_video_id> --exclude-generated
```

```python
from urlx.watch import watch

watch("dir", watcher_cls=RegExpWatcher)
```

Get ``Authentication(username, password).session_id``.
"""


PROJECT = {
    "setup.cfg": SETUP_CFG,
    "setup.py": "from setuptools import setup\n\nsetup()\n",
    "urlx/__init__.py": "",
    "urlx/scripts/urlx_cli.py": URLX_CLI,
    "urlx/fetch.py": FETCH,
}


def test_pasted_help_script_files_moved_programs_and_call_spans(tmp_path: Path) -> None:
    files = {
        **PROJECT,
        "urlx/watch.py": WATCH,
        "docs/cli.rst": CLI_RST,
        "README.md": README,
    }
    changes = {
        "urlx/scripts/urlx_cli.py": [
            ('"-dl", ', ""),
            ('"--ignore-file"', '"--ignore"'),
        ],
        "urlx/fetch.py": [('"--exclude-generated"', '"--exclude-auto"')],
        "urlx/watch.py": [
            ("class RegExpWatcher:", "class RegexWatcher:"),
            ("def __init__(self, username, password)", "def __init__(self, *, username, password)"),
        ],
    }
    assert _drift_after(tmp_path / "urlx", files, changes) == {
        ("docs/cli.rst", 4),  # -dl in the synopsis
        ("docs/cli.rst", 9),  # -dl listed
        ("docs/cli.rst", 11),  # --ignore-file listed
        ("docs/cli.rst", 14),  # the script's file
        ("README.md", 4),
        ("README.md", 10),
        ("README.md", 13),
    }


def test_a_program_gone_from_an_untagged_block(tmp_path: Path) -> None:
    files = {
        **PROJECT,
        "README.md": "# urlx\n\n```\nfetchx abc --exclude-generated\n```\n",
    }
    changes = {"setup.cfg": [("fetchx = urlx.fetch:main", "fetch-video = urlx.fetch:main")]}
    assert _drift_after(tmp_path / "urlx", files, changes) == {("README.md", 4)}
