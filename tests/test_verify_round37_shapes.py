"""Shapes from the blind drift round 37 (pipreqs, notify-run, codetiming), on small repos.

- A pasted docopt help: `Usage:` alone on its line, the program on the next, then `Options:`
  (pipreqs: all 14 option renames were missed).
- `notify-run register` alone in a `::` block, no prompt and no flag: a command line of the
  project's program.
- `@dataclass class Timer(ContextDecorator)`: a base of Python's with no `__init__` leaves
  the fields the signature, so `Timer(name=...)` is checked.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "reqs"
version = "1.0"

[project.scripts]
reqs = "reqs.cli:main"
"""

CLI = """\
import argparse


def main():
    parser = argparse.ArgumentParser(prog="reqs")
    sub = parser.add_subparsers()
    scan = sub.add_parser("scan")
    scan.add_argument("--use-local", action="store_true")
    sub.add_parser("create")
    parser.parse_args()
"""

TIMER = """\
from contextlib import ContextDecorator
from dataclasses import dataclass
from typing import Optional


@dataclass
class Timer(ContextDecorator):
    label: Optional[str] = None
    text: str = "Elapsed time: {:0.4f} seconds"
"""

README = """\
reqs
====

::

    Usage:
        reqs scan [options] [<path>]

    Options:
        --use-local           Use ONLY local package info
        --use-remote          Query PyPI

To register a channel::

    reqs register

and to create one::

    reqs create

Time it::

    from reqs import Timer

    with Timer(name="class", text="{:.2f}"):
        pass
"""


def test_docopt_help_one_line_commands_and_dataclasses_over_python_bases(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": PYPROJECT,
        "reqs/__init__.py": "from reqs.timer import Timer\n",
        "reqs/cli.py": CLI,
        "reqs/timer.py": TIMER,
        "README.rst": README,
    }
    assert _drift(_write(tmp_path / "reqs", files)) == {
        ("README.rst", 11, "reqs scan --use-remote"),
        ("README.rst", 15, "reqs register"),
        ("README.rst", 25, "reqs.Timer"),
    }


NOTIFY = """\
import argparse

from notify.common import shared_parent


def main():
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--quiet", action="store_true")
    parser = argparse.ArgumentParser(prog="notify")
    parser.add_argument("--api-server", "-a")
    sub = parser.add_subparsers()
    send = sub.add_parser("send", parents=[common])
    send.add_argument("--action")
    sub.add_parser("configure", parents=[common])
    sub.add_parser("import", aliases=["im"], parents=[shared_parent()])
    parser.parse_args()
"""

COMMON = """\
import argparse


def shared_parent():
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument("--workspace")
    return parent
"""

NOTIFY_README = """\
# notify

    $ notify -a https://example.org send "hello"
    $ notify send -a https://example.org "hello"
    $ notify send --quiet "hello"
    $ notify configure --quiet
    $ notify configure --action open
    $ notify im --workspace ~/code
    $ notify im --api-server x
"""


def test_an_argparse_programs_own_flags_are_not_read_after_its_sub_command(
    tmp_path: Path,
) -> None:
    """notify-run's `send -a` once only the root parser has `-a`: argparse hands the words
    after `send` to send's parser, so the root's flag there is an error. Flags a sub-command
    copies from `parents=[common]`, or from the parser a function of another module makes
    (vcspull's `parents=[_create_shared_parent()]`), are its own, by any of its names."""
    files = {
        "pyproject.toml": PYPROJECT.replace("reqs.cli", "notify.cli").replace("reqs", "notify"),
        "notify/__init__.py": "",
        "notify/cli.py": NOTIFY,
        "notify/common.py": COMMON,
        "README.md": NOTIFY_README,
    }
    assert _drift(_write(tmp_path / "notify", files)) == {
        ("README.md", 4, "notify send -a https://example.org hello"),
        ("README.md", 7, "notify configure --action open"),
        ("README.md", 9, "notify im --api-server x"),
    }
