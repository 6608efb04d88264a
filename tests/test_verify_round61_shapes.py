"""Shapes from the blind drift round 61 (crossplane), on small repos with the last commit as
the documented state.

- `create_subparser(minify, "...")` whose body runs `subparsers.add_parser(function.__name__)`:
  a helper that makes one sub-command per function it is handed, named after it; and the
  decorator form, `@subcommand([...])` over `def recent(args)`, whose factory returns a
  decorator running `parent.add_parser(func.__name__.replace("_", "-"))`.
- An option row of a gone sub-command's pasted help is not reported again: its usage line
  says the command is gone.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

CROSSPLANE = """\
from argparse import ArgumentParser


def minify(filename, out):
    pass


def lex(filename, out):
    pass


def parse_args(args=None):
    parser = ArgumentParser()
    subparsers = parser.add_subparsers(title="commands")

    def create_subparser(function, help):
        name = function.__name__
        p = subparsers.add_parser(name, help=help)
        p.set_defaults(_subcommand=function)
        return p

    p = create_subparser(minify, "removes all whitespace")
    p.add_argument("filename")
    p.add_argument("-o", "--out")

    p = create_subparser(lex, "lexes tokens")
    p.add_argument("filename")
    p.add_argument("-n", "--line-numbers", action="store_true")
    return parser.parse_args(args)


def main():
    parse_args()
"""

CROSSPLANE_README = """\
# crossplane

```
usage: crossplane <command> [options]

commands:
  minify      removes all whitespace
  lex         lexes tokens
```

```
usage: crossplane minify [-h] [-o OUT] filename

options:
  -h, --help         show this help message and exit
  -o OUT, --out OUT  write output to a file
```

Run `crossplane lex -n nginx.conf`.
"""


def test_sub_commands_a_helper_names_after_the_function_it_is_handed(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "crossplane"\nversion = "1"\n'
        '[project.scripts]\ncrossplane = "crossplane.__main__:main"\n',
        "crossplane/__init__.py": "",
        "crossplane/__main__.py": CROSSPLANE,
        "README.md": CROSSPLANE_README,
    }
    changes = {
        "crossplane/__main__.py": [
            ("def minify(", "def compact("),
            ("create_subparser(minify,", "create_subparser(compact,"),
            ('"-n", "--line-numbers"', '"--line-numbers"'),
        ]
    }
    # the commands row and the usage line of `minify`, not its help's option rows; `-n`
    assert _drift_after(tmp_path / "xp", files, changes) == {
        ("README.md", 7),
        ("README.md", 12),
        ("README.md", 19),
    }


STATS = """\
import argparse

cli = argparse.ArgumentParser()
subparsers = cli.add_subparsers(dest="subcommand")


def argument(*name_or_flags, **kwargs):
    return list(name_or_flags), kwargs


def subcommand(args=None, parent=subparsers):
    def decorator(func):
        parser = parent.add_parser(func.__name__.replace("_", "-"))
        for arg in args or []:
            parser.add_argument(*arg[0], **arg[1])
        parser.set_defaults(func=func)

    return decorator


@subcommand([argument("-p", "--period")])
def python_major(args):
    pass


@subcommand([argument("--mirrors")])
def overall(args):
    pass


def main():
    args = cli.parse_args()
    args.func(args)
"""

STATS_README = """\
# stats

Run `stats python-major pillow --period day` or `stats overall pillow --mirrors true`.
"""


def test_sub_commands_a_decorator_factory_names_after_the_function(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "stats"\nversion = "1"\n'
        '[project.scripts]\nstats = "stats.cli:main"\n',
        "stats/__init__.py": "",
        "stats/cli.py": STATS,
        "README.md": STATS_README,
    }
    changes = {"stats/cli.py": [("def python_major(", "def python_version(")]}
    assert _drift_after(tmp_path / "stats", files, changes) == {("README.md", 3)}
