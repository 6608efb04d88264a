"""Shapes met in drift round 14 (asciinema), on a small repo: each was drift the checker
missed, and each test pairs it with the true line beside it.

- A flag renamed in one sub-command while another keeps it: under the `rec` section, or on
  a `rec` command line, `--idle-time-limit` is no longer `rec`'s (argparse's prefix matching
  is per parser too).
- `-i, --idle-time-limit=<sec>` in a span lists two spellings of one option.
- A span running over two lines is reported on the line that holds the bad flag.
- "overridden by the RECORDER_API_URL environment variable" in an ini block's comment.
- In Markdown, a code fence's backticks under a line are no rst underline: the heading above
  a line is the `#` one.
- (wild batch 14, honcho) `recorder run sh -c '...'`: a sub-command whose positional takes
  argparse.REMAINDER hands the rest of the line to another program; flags before it are ours.
  A dotted span a command line of the page passes as a word (`Procfile.dev`) is a file.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "recorder"
version = "1.0"

[project.scripts]
recorder = "recorder.cli:main"
"""

CLI = '''\
"""The command line."""
import argparse
import os


def main(argv=None):
    parser = argparse.ArgumentParser(prog="recorder")
    commands = parser.add_subparsers()
    rec = commands.add_parser("rec")
    rec.add_argument("-i", "--max-idle", type=float)
    rec.add_argument("-t", "--title")
    play = commands.add_parser("play")
    play.add_argument("-i", "--idle-time-limit", type=float)
    play.add_argument("--out-format")
    run = commands.add_parser("run")
    run.add_argument("--quiet", action="store_true")
    run.add_argument("argv", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    return os.environ.get("RECORDER_SERVER_URL"), args
'''

README = """\
# Recorder

### `rec [filename]`

- `-t, --title=<title>` - The title.
- `-i, --idle-time-limit=<sec>` - Limit recorded idle time.

```console
$ recorder rec --title demo
$ recorder rec --idle-time-limit 2 demo.cast
```

### `play <filename>`

- `-i, --idle-time-limit=<sec>` - Limit replayed idle time.
- `-i, --idle-limit=<sec>` - No such option.

Replay it as JSON with `recorder
play --out-fmt=json demo.cast` or `recorder play --out-format=json demo.cast`.

```sh
recorder rec demo.cast
```

The `--idle-time-limit` option again, still in the `play` section below a fence.

```ini
[api]
; can also be overridden by the RECORDER_API_URL environment variable
; and RECORDER_SERVER_URL environment variable is the one read
url = https://example.org
```
"""


def test_flags_of_another_sub_command_and_spans_over_lines(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "recorder",
        {
            "pyproject.toml": PYPROJECT,
            "recorder/__init__.py": '"""Record."""\n',
            "recorder/cli.py": CLI,
            "README.md": README,
        },
    )
    lines = README.splitlines()
    assert {(lines[n - 1], ref) for _, n, ref in _drift(root)} == {
        (
            "- `-i, --idle-time-limit=<sec>` - Limit recorded idle time.",
            "-i, --idle-time-limit=<sec>",
        ),
        (
            "$ recorder rec --idle-time-limit 2 demo.cast",
            "recorder rec --idle-time-limit 2 demo.cast",
        ),
        ("- `-i, --idle-limit=<sec>` - No such option.", "-i, --idle-limit=<sec>"),
        (
            "play --out-fmt=json demo.cast` or `recorder play --out-format=json demo.cast`.",
            "recorder play --out-fmt=json demo.cast",
        ),
        (
            "; can also be overridden by the RECORDER_API_URL environment variable",
            "RECORDER_API_URL",
        ),
    }


def test_the_words_a_sub_command_hands_to_another_program_are_not_ours(tmp_path: Path) -> None:
    readme = (
        "# Recorder\n\n"
        "```console\n"
        "$ recorder run sh -c 'env | grep -i animal'\n"
        "$ recorder run --quiet python -X dev app.py\n"
        "$ recorder run --quite python app.py\n"
        "$ recorder play Procfile.dev\n"
        "```\n\n"
        "There `Procfile.dev` is a file given to `play`; `Procfile.load` reads one.\n"
    )
    root = _write(
        tmp_path / "recorder",
        {
            "pyproject.toml": PYPROJECT,
            "recorder/__init__.py": '"""Record."""\n\n\nclass Procfile:\n    pass\n',
            "recorder/cli.py": CLI,
            "README.md": readme,
        },
    )
    assert {(n, ref) for _, n, ref in _drift(root)} == {
        (6, "recorder run --quite python app.py"),
        (10, "Procfile.load"),
    }


CLICK_CLI = '''\
"""Save data to SQLite."""
import click


def load_token(path):
    return path


@click.group()
def cli():
    "Save data."


@cli.command()
@click.option("-a", "--auth", default="auth.json")
def auth(auth):
    "Save credentials."


@cli.command()
@click.option("--number", "issue_ids", multiple=True)
@click.option("-a", "--auth", default="auth.json")
def issues(issue_ids, auth):
    "Save issues."
    token = load_token(auth)
    issues = list(issue_ids)
    print(token, issues)


@cli.command(name="issue-comments")
@click.option("--issue")
def issue_comments(issue):
    "Save comments."
'''


def test_a_parameter_named_like_a_command_is_not_the_group_given_to_plugins(
    tmp_path: Path,
) -> None:
    """(drift round 16, github-to-sqlite) `load_token(auth)` inside `issues(..., auth)` hands
    over the parameter, not the `auth` command: the group gets no sub-commands from plugins,
    so a flag of `issue-comments` on an `issues` command line is drift."""
    root = _write(
        tmp_path / "saver",
        {
            "pyproject.toml": '[project]\nname = "saver"\nversion = "1"\n'
            '[project.scripts]\nsaver = "saver:cli"\n',
            "saver/__init__.py": CLICK_CLI,
            "README.md": "# saver\n\n    $ saver issues --number=1\n    $ saver issues --issue=1\n"
            "    $ saver issue-comments --issue=1\n",
        },
    )
    assert {(n, ref) for _, n, ref in _drift(root)} == {(4, "saver issues --issue=1")}


DATACLASS_CLI = '''\
"""Options declared as dataclass fields (clickdc)."""
from dataclasses import dataclass

import click
import clickdc


@dataclass
class CliArgs:
    host: str = clickdc.option("-h", "--hostname", "host", type=str)
    completions: str = clickdc.option(type=click.Choice(["bash", "zsh"]))


@click.command()
@clickdc.adddc("args", CliArgs)
def cli(args: CliArgs) -> None:
    "Connect."
'''


def test_options_declared_as_dataclass_fields_are_named_after_the_field(tmp_path: Path) -> None:
    """(wild batch 15, mycli) `completions: str = clickdc.option(type=...)` is `--completions`;
    a field with a long flag of its own (`--hostname`) is only that."""
    root = _write(
        tmp_path / "dbcli",
        {
            "pyproject.toml": '[project]\nname = "dbcli"\nversion = "1"\n'
            '[project.scripts]\ndbcli = "dbcli:cli"\n',
            "dbcli/__init__.py": DATACLASS_CLI,
            "README.md": "# dbcli\n\n    $ dbcli --completions zsh\n    $ dbcli --hostname db\n"
            "    $ dbcli --completion zsh\n",
        },
    )
    assert {(n, ref) for _, n, ref in _drift(root)} == {(5, "dbcli --completion zsh")}


def test_a_group_of_another_module_named_like_the_program_does_not_make_it_one(
    tmp_path: Path,
) -> None:
    """(wild batch 16, click-man) the script's `cli` is a single command taking `name`; an
    example repository in the sdist has a group also called `cli`. `tool commandname` passes
    a word to the command, not a sub-command."""
    command = (
        "import click\n\n\n@click.command()\n@click.option('--target')\n"
        "@click.argument('name')\ndef cli(target, name):\n    'Make man pages.'\n"
    )
    example = (
        "import click\n\n\n@click.group()\ndef cli():\n    'Repo.'\n\n\n"
        "@cli.command()\ndef clone():\n    'Clone.'\n"
    )
    root = _write(
        tmp_path / "manpages",
        {
            "pyproject.toml": '[project]\nname = "manpages"\nversion = "1"\n'
            '[project.scripts]\nmanpages = "manpages.shell:cli"\n',
            "manpages/__init__.py": "",
            "manpages/shell.py": command,
            "examples/repo/__main__.py": example,
            "README.md": "# manpages\n\n    $ manpages commandname\n    $ manpages --targte man\n",
        },
    )
    assert {(n, ref) for _, n, ref in _drift(root)} == {(4, "manpages --targte man")}
