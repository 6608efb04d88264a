"""Shapes from the blind drift round 36 (memory-profiler, objprint), on small repos with the
last commit as the documented state.

- `mprof`'s `main()` looks the first word up in `actions = {"rm": rm_action, ...}` and each
  action builds its own parser: `rm` and `plot` are its commands, each with its options.
- "... can be plotted using the ``s`` flag, such as" over an indented `mprof plot -s` with no
  `::`: an rst block quote that holds a command line of the project's program.
- `op = objprint = _objprint` names the instance `_objprint = ObjPrint()` again: `op.disable()`
  is `ObjPrint.disable`.
"""

from __future__ import annotations

from pathlib import Path

from test_repair import _first_commit
from test_verify_round25_shapes import _drift_since_commit
from test_verify_wild import _write

MPROF = """\
import sys
from argparse import ArgumentParser


def rm_action():
    parser = ArgumentParser(usage="mprof rm [options] numbers")
    parser.add_argument("--dry-run", action="store_true")
    parser.parse_args()


def plot_action():
    parser = ArgumentParser(usage="mprof plot [options] [file.dat]")
    parser.add_argument("--slope", "-s", action="store_true")
    parser.add_argument("--title", "-t")
    parser.parse_args()


def main():
    actions = {"rm": rm_action, "plot": plot_action}
    actions[sys.argv.pop(1)]()
"""

PRINTER = """\
class ObjPrint:
    def __call__(self, *objs, **kwargs):
        return objs

    def disable(self):
        pass

    def enable(self):
        pass


_objprint = ObjPrint()
op = objprint = _objprint
"""

README = """\
mprof
=====

Remove old runs with ``mprof rm --dry-run 1``, or ``mprof remove 1``.

Trend lines can be plotted using the ``s`` flag, such as

    mprof plot -s

and titled with ``mprof plot -t "a title"``.

Printing::

    from mprof import op

    op.disable()
    op.enable()
"""


def test_dispatch_tables_block_quote_commands_and_instance_aliases(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "mprof"\nversion = "1"\n\n'
        '[project.scripts]\nmprof = "mprof.cli:main"\n',
        "mprof/__init__.py": "from mprof.printer import op\n",
        "mprof/cli.py": MPROF,
        "mprof/printer.py": PRINTER,
        "README.rst": README,
    }
    _write(tmp_path, files)
    _first_commit(tmp_path)
    cli = (tmp_path / "mprof/cli.py").read_text().replace('"--slope", "-s"', '"--slope"')
    (tmp_path / "mprof/cli.py").write_text(cli)
    printer = (tmp_path / "mprof/printer.py").read_text().replace("def disable", "def mute")
    (tmp_path / "mprof/printer.py").write_text(printer)
    assert _drift_since_commit(tmp_path) == {
        ("README.rst", 4, "mprof remove 1"),
        ("README.rst", 8, "mprof plot -s"),
        ("README.rst", 16, "mprof.op.disable"),
    }
