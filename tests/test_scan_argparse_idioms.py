"""argparse idioms of older drift rounds' packages that the scan could not read, so renaming
any of their flags went unnoticed (each test renames one and expects the page's line):

- buku's `addarg = general_grp.add_argument`, then `addarg('-a', '--add')`;
- xkcdpass's parser class (`class XkcdPassArgumentParser(argparse.ArgumentParser)`) whose
  methods add the flags to `self`, some through `self.add_mutually_exclusive_group()`;
- gcalcli's table of flags (`PROGRAM_OPTIONS = {'--nocache': {...}}`) spread by a loop
  of `parser.add_argument(option, **definition)`; and its crontab line;
- pew's sub-commands, picked by name from `globals()` (`ls_cmd` is `pew ls`), each parsing
  its own argv, some with a parser another function returns, one handing what it does not
  know to virtualenv (`parse_known_args`), which leaves the other commands' flags closed;
  and the synopsis in a code span (`usage: pew cp [-h] source target`), its flags clustered
  with argparse's `-h` (`[-hb]`).
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

from klaro.scan.analyze import analyze_repository

PYPROJECT = '[project]\nname = "{0}"\nversion = "1"\n[project.scripts]\n{0} = "{0}.cli:main"\n'

BUKU = """\
import argparse


def main(argv=None):
    parser = argparse.ArgumentParser(prog="buku")
    parser.add_argument("-v", "--version", action="version", version="1")
    general = parser.add_argument_group("general options")
    addarg = general.add_argument
    addarg("-a", "--add", nargs="+")
    addarg("--nostdin", action="store_true")
    search = parser.add_argument_group("search options")
    addarg = search.add_argument
    addarg("-s", "--sany", nargs="*")
    return parser.parse_args(argv)
"""


def test_flags_added_through_a_bound_method(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": PYPROJECT.format("buku"),
        "buku/__init__.py": "",
        "buku/cli.py": BUKU,
        "README.md": "# buku\n\n```\n$ buku --nostdin -a https://x.org\n$ buku -s kernel\n```\n",
    }
    changes = {"buku/cli.py": [('"--nostdin"', '"--no-stdin"')]}
    assert _drift_after(tmp_path / "buku", files, changes) == {("README.md", 4)}


XKCD = """\
import argparse


class PassParser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._add_arguments()

    def _add_arguments(self):
        self.add_argument("-w", "--wordfile", dest="wordfile")
        exclusive = self.add_mutually_exclusive_group()
        exclusive.add_argument("-n", "--numwords", type=int)
        exclusive.add_argument("-a", "--acrostic")
        self.add_argument("-C", "--case", default="lower")


def main(argv=None):
    parser = PassParser(prog="xkcd")
    parser.add_argument("-V", "--version", action="version", version="1")
    return parser.parse_args(argv)
"""


def test_flags_a_parser_class_adds_to_itself(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": PYPROJECT.format("xkcd"),
        "xkcd/__init__.py": "",
        "xkcd/cli.py": XKCD,
        "README.md": "# xkcd\n\n```\n$ xkcd -w a.txt -n 4\n$ xkcd --case upper --acrostic x\n```\n",
    }
    changes = {"xkcd/cli.py": [('"--case"', '"--capitalization"')]}
    assert _drift_after(tmp_path / "xkcd", files, changes) == {("README.md", 5)}
    # the program's parser has the class's flags as its own, not as some helper's
    modules = analyze_repository(tmp_path / "xkcd").modules
    (command,) = [c for m in modules for c in m.cli if c.function == "main"]
    flags = {f for o in command.options for f in o.flags}
    assert {"--wordfile", "--numwords", "--acrostic", "--capitalization"} <= flags


GCAL = """\
import argparse

PROGRAM_OPTIONS = {
    "--nocache": {"action": "store_false", "dest": "use_cache", "help": "no cache"},
    ("-q", "--quiet"): {"action": "store_true"},
    "--nocolor": {"action": "store_false", "dest": "color"},
}


def main(argv=None):
    parser = argparse.ArgumentParser(prog="gcal")
    for option, definition in PROGRAM_OPTIONS.items():
        parser.add_argument(option, **definition)
    parser.add_argument("command")
    return parser.parse_args(argv)
"""

GCAL_README = """\
# gcal

```
$ gcal --nocache -q agenda
```

Put your agenda in a file every five minutes:

```
*/5 * * * * gcal --nocolor agenda > /tmp/agenda.txt
```
"""


def test_flags_spread_from_a_table_and_a_crontab_line(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": PYPROJECT.format("gcal"),
        "gcal/__init__.py": "",
        "gcal/cli.py": GCAL,
        "README.md": GCAL_README,
    }
    changes = {"gcal/cli.py": [('"--nocolor"', '"--no-color"'), ('"-q", ', "")]}
    assert _drift_after(tmp_path / "gcal", files, changes) == {("README.md", 4), ("README.md", 10)}
    (command,) = [c for m in analyze_repository(tmp_path / "gcal").modules for c in m.cli]
    nocache = next(o for o in command.options if "--nocache" in o.flags)
    assert (nocache.dest, nocache.help, nocache.is_flag) == ("use_cache", "no cache", True)


PEW = """\
import argparse
import sys


def mkvirtualenv_argparser():
    parser = argparse.ArgumentParser()
    parser.add_argument("-p", "--python")
    return parser


def new_cmd(argv):
    parser = mkvirtualenv_argparser()
    parser.add_argument("envname")
    args, rest = parser.parse_known_args(argv)
    make(args.envname, args.python, rest)


def mktmpenv_cmd(argv):
    parser = mkvirtualenv_argparser()
    args, rest = parser.parse_known_args(argv)
    make("tmp", args.python, rest)


def cp_cmd(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("source")
    parser.add_argument("target")
    print(parser.parse_args(argv))


def ls_cmd(argv):
    parser = argparse.ArgumentParser()
    group = parser.add_mutually_exclusive_group()
    group.add_argument("-b", "--brief", action="store_false")
    group.add_argument("-l", "--long", action="store_true")
    args = parser.parse_args(argv)
    print(args.long)


def install_cmd(argv):
    make_pythons(argv)


def make(name, python, rest):
    print(name, python, rest)


def make_pythons(argv):
    print(argv)


def main():
    cmds = dict((cmd[:-4], fun) for cmd, fun in globals().items() if cmd.endswith("_cmd"))
    if sys.argv[1] in cmds:
        command = cmds[sys.argv[1]]
        return command(sys.argv[2:])
"""

PEW_README = """\
# pew

```
$ pew new -p python3 myenv
$ pew mktmpenv --system-site-packages
$ pew ls --long
$ pew install 3.12 --type pypy
```

### ls ###

`usage: pew ls [-hb]`

### cp ###

`usage: pew cp [-h] source target`
"""


def test_commands_picked_by_name_from_globals(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": PYPROJECT.format("pew"),
        "pew/__init__.py": "",
        "pew/cli.py": PEW,
        "README.md": PEW_README,
    }
    changes = {
        "pew/cli.py": [
            ('"--long"', '"--verbose"'),
            ("args.long", "args.verbose"),
            ("mktmpenv_cmd", "tmpenv_cmd"),
        ]
    }
    changes["pew/cli.py"].append(("def cp_cmd", "def copy_cmd"))
    stale = {("README.md", 5), ("README.md", 6), ("README.md", 16)}
    assert _drift_after(tmp_path / "pew", files, changes) == stale
    commands = {c.name: c for m in analyze_repository(tmp_path / "pew").modules for c in m.cli}
    # `new` takes the maker's flags and its own; what it does not know goes to virtualenv
    assert {f for o in commands["new"].options for f in o.flags} == {"-p", "--python", "envname"}
    assert any(o.unnamed for o in commands["new"].options)
    assert not any(o.unnamed for o in commands["ls"].options)
