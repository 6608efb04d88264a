"""Shapes from the blind wild batch 52 and the full wild run (contourpy, schemathesis, voila,
deap), on a small repo, each beside a line that must still be reported.

- MyST's {ref}`z_array` names a label, not code.
- `run = cli.command(...)(run_command)`: a command registered by calling the decorator,
  named as click names it (`run`).
- `--Executor.timeout=30` sets a trait a base class of another package may define.
- `doctest.run_docstring_examples(f, globals())` under `if __name__ == "__main__":` reads the
  module's names and makes none.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

COMMANDS = """\
import click

from stx.run import run_command


@click.group()
def stx():
    pass


run = stx.command(short_help="Run tests")(run_command)
"""

EXECUTE = """\
from nbclient import NotebookClient
from traitlets.config import Application


class Executor(NotebookClient):
    pass


class StxApp(Application):
    aliases = {"port": "StxApp.port"}


def main():
    StxApp.launch_instance()
"""

SUPPORT = """\
class Statistics:
    def compile(self, data):
        return data


if __name__ == "__main__":
    import doctest

    doctest.run_docstring_examples(Statistics, globals())
"""

README = """\
# stx

See {ref}`z_array` and {ref}`z_arrays`.

```console
$ stx run schema.yaml
$ stx runs schema.yaml
$ stx-app --Executor.timeout=30 --port 8 --StxApp.portz=3
```

Compute with `stx.support.Statistics.compile()` and `stx.support.Statistic`.
"""


def test_roles_called_decorators_foreign_traits_doctest_globals(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": (
            '[project]\nname = "stx"\nversion = "1"\ndependencies = ["traitlets", "nbclient"]\n'
            '\n[project.scripts]\nstx = "stx.commands:stx"\nstx-app = "stx.execute:main"\n'
        ),
        "stx/__init__.py": "",
        "stx/commands.py": COMMANDS,
        "stx/run.py": "def run_command(schema):\n    pass\n",
        "stx/execute.py": EXECUTE,
        "stx/support.py": SUPPORT,
        "README.md": README,
    }
    assert _drift(_write(tmp_path / "stx", files)) == {
        ("README.md", 7, "stx runs schema.yaml"),
        ("README.md", 8, "stx-app --Executor.timeout=30 --port 8 --StxApp.portz=3"),
        ("README.md", 11, "stx.support.Statistic"),
    }


OPTIONS = """\
import optparse


class OptionParser(optparse.OptionParser):
    def install_nodes_options(self):
        group = optparse.OptionGroup(self, "Selecting target nodes")
        group.add_option("-w", action="append", dest="nodes")
        group.add_option("-a", "--all", action="store_true")
        self.add_option_group(group)
"""

CLUSH = """\
from clu.options import OptionParser


def main():
    parser = OptionParser("%prog [options] command")
    parser.install_nodes_options()
    parser.add_option("--mode")
    parser.parse_args()
"""

CLU_README = """\
# clu

```console
$ clush -w node[1-4] --mode=x uptime
$ clush -a --modes=x uptime
```

The following man pages are also provided:

    clush(1), clush.conf(5)
"""


def test_a_parser_of_a_project_subclass_and_man_pages(tmp_path: Path) -> None:
    """clustershell's parser is its own `OptionParser` subclass, whose methods add options
    (`parser.install_nodes_options()`): the program's flags are not all in `main`; and
    `clush(1)` in a block names a manual page."""
    files = {
        "pyproject.toml": (
            '[project]\nname = "clu"\nversion = "1"\n\n[project.scripts]\nclush = "clu.cli:main"\n'
        ),
        "clu/__init__.py": "",
        "clu/options.py": OPTIONS,
        "clu/cli.py": CLUSH,
        "README.md": CLU_README,
    }
    assert _drift(_write(tmp_path / "clu", files)) == {
        ("README.md", 5, "clush -a --modes=x uptime")
    }
