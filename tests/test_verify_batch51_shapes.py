"""Shapes from the blind wild batch 51 (nipoppy, orix, ipyparallel, ctapipe, macs3, kpops), on
small repos, each beside a line that must still be reported.

- A click group made in one module and registered on the program's group in another
  (`cli.add_command(pipeline)`, `pipeline` imported) is a sub-command by its own name: its
  sub-commands' options are checked under it, though its group class resolves words itself
  (an aliasing group: other words may reach a command too).
- lazy_loader's `__getattr__, __dir__, __all__ = lazy.attach_stub(__name__, __file__)` serves
  what the `.pyi` beside the package imports: those are the package's names.
- A traitlets application's `aliases` and `flags` tables are its options (`base_aliases` too,
  with IPython's base ones where it adds them), its `subcommands` its words.
- A sub-parser named by a parameter's default (`def add_pileup_parser(subparsers,
  name="pileup")`) is that command; `-odot` is `-o dot` where `-o` takes a value.
- A Python block under "we will get the following result:" holding one repr is output.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "nipo"
version = "1"

[project.scripts]
nipo = "nipo.cli:cli"
"""

CLI = """\
import click

from nipo.catalog import pipeline


@click.group()
def cli():
    pass


@cli.command()
@click.option("--dataset")
def init(dataset):
    pass


cli.add_command(pipeline)
"""

CATALOG = """\
import click

from nipo.groups import OrderedAliasedGroup


@click.group(cls=OrderedAliasedGroup)
def pipeline():
    pass


@pipeline.command("create")
@click.option("--type", "-t", "kind")
def pipeline_create(kind):
    pass
"""

GROUPS = """\
import click


class OrderedAliasedGroup(click.Group):
    def get_command(self, ctx, name):
        return super().get_command(ctx, name)
"""

README = """\
# nipo

```console
$ nipo init --dataset d
$ nipo pipeline create --type processing
$ nipo pipeline create --kind processing
```
"""


def test_click_group_added_from_another_module(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": PYPROJECT,
        "nipo/__init__.py": "",
        "nipo/cli.py": CLI,
        "nipo/catalog.py": CATALOG,
        "nipo/groups.py": GROUPS,
        "README.md": README,
    }
    assert _drift(_write(tmp_path / "nipo", files)) == {
        ("README.md", 6, "nipo pipeline create --kind processing")
    }


def test_lazy_loader_stub_names_are_the_package_names(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "orx"\nversion = "1"\n',
        "orx/__init__.py": "",
        "orx/vector/__init__.py": (
            "import lazy_loader\n\n"
            "__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)\n"
        ),
        "orx/vector/__init__.pyi": "from .vector3d import Vector3d\n\n__all__ = ['Vector3d']\n",
        "orx/vector/vector3d.py": "class Vector3d:\n    def angle(self, other):\n        pass\n",
        "README.md": (
            "# orx\n\n```python\nfrom orx.vector import Vector3d\n"
            "from orx.vector import Miller\n```\n"
        ),
    }
    assert _drift(_write(tmp_path / "orx", files)) == {("README.md", 5, "orx.vector.Miller")}


TRAITLETS_APP = """\
from IPython.core.application import base_aliases as base_ip_aliases
from traitlets.config import Application

from ipc.traits import flag

base_aliases = {}
base_aliases.update(base_ip_aliases)
base_aliases.update({"work-dir": "Controller.work_dir", "n": "Controller.n"})
flags = {}
flags.update({"reuse": ({"Controller": {"reuse_files": True}}, "reuse connection files")})
aliases = dict(ip="Controller.ip", location="Controller.location")


class Controller(Application):
    aliases = aliases
    flags = flags


class Cluster(Application):
    subcommands = {"start": (Controller, "start a cluster"), "list": (Controller, "list them")}


class Tool(Application):
    aliases = {("i", "input"): "Source.input_url", "max-events": "Source.max_events"}
    flags = {**flag("progress", "Tool.progress_bar", "show a bar", "hide it")}


def main():
    Controller.launch_instance()
"""

TRAITLETS_README = """\
# ipc

```console
$ ipcontroller --ip=10.0.0.1 --location=server --reuse --debug
$ ipcontroller -i events.h5 --max-events 10 --no-progress
$ ipcontroller --usethreads
$ ipcontroller start --n=4 --profile=mine --work-dir=/tmp
$ ipcontroller stop
```
"""


def test_traitlets_application_tables_are_its_flags(tmp_path: Path) -> None:
    """ipyparallel's and ctapipe's applications: `aliases` and `flags` tables (module dicts
    updated in place, class attributes with tuple keys, `flag()` pairs) are the flags."""
    files = {
        "pyproject.toml": (
            '[project]\nname = "ipc"\nversion = "1"\ndependencies = ["traitlets"]\n\n'
            '[project.scripts]\nipcontroller = "ipc.app:main"\n'
        ),
        "ipc/__init__.py": "",
        "ipc/traits.py": "def flag(name, trait, on, off):\n    return {name: on}\n",
        "ipc/app.py": TRAITLETS_APP,
        "README.md": TRAITLETS_README,
    }
    assert _drift(_write(tmp_path / "ipc", files)) == {
        ("README.md", 6, "ipcontroller --usethreads"),
        ("README.md", 8, "ipcontroller stop"),
    }


MACS = """\
import argparse


def add_callpeak_parser(subparsers):
    parser = subparsers.add_parser("callpeak", help="call peaks")
    parser.add_argument("-t", dest="treatment")


def add_pileup_parser(subparsers, name="pileup"):
    parser = subparsers.add_parser(name, help="pile up reads")
    parser.add_argument("-o", "--output", dest="output")
    parser.add_argument("--extsize", type=int)


def main():
    parser = argparse.ArgumentParser(prog="mac")
    subparsers = parser.add_subparsers(dest="command")
    add_callpeak_parser(subparsers)
    add_pileup_parser(subparsers)
    parser.parse_args()
"""

MACS_README = """\
# mac

```console
$ mac callpeak -t reads.bam
$ mac pileup -oreads --extsize 200
$ mac pileup --extsize 200 -q
```
"""


def test_sub_parser_named_by_a_default_and_glued_short_values(tmp_path: Path) -> None:
    """macs3's `def add_pileup_parser(subparsers, name="pileup")` makes `pileup`; argparse
    reads LinkChecker's `-odot` as `-o dot` where `-o` takes a value."""
    files = {
        "pyproject.toml": (
            '[project]\nname = "mac"\nversion = "1"\n\n[project.scripts]\nmac = "mac.cli:main"\n'
        ),
        "mac/__init__.py": "",
        "mac/cli.py": MACS,
        "README.md": MACS_README,
    }
    assert _drift(_write(tmp_path / "mac", files)) == {
        ("README.md", 6, "mac pileup --extsize 200 -q")
    }


GRAPH_README = """\
# gql

```python
from gql import execute

print(execute("{ BoyHowdy }"))
```

Because we queried a non-existing field, we will get the following result:

```python
ExecutionResult(data=None, errors=[GraphError("Cannot query", locations=[(1, 3)])])
```

To run it again, call:

```python
execute("{ hero }", strict=True)
```
"""


def test_a_printed_result_is_output_not_a_call(tmp_path: Path) -> None:
    """graphql-core shows what `print(result)` wrote in a Python block under "we will get
    the following result:": a repr, whose `locations=` is no keyword of the class."""
    files = {
        "pyproject.toml": '[project]\nname = "gql"\nversion = "1"\n',
        "gql/__init__.py": "from gql.run import ExecutionResult, GraphError, execute\n",
        "gql/run.py": (
            "class GraphError(Exception):\n    def __init__(self, message, nodes=None):\n"
            "        self.message = message\n\n\nclass ExecutionResult:\n"
            "    def __init__(self, data, errors):\n        self.data = data\n\n\n"
            "def execute(source):\n    return source\n"
        ),
        "README.md": GRAPH_README,
    }
    assert _drift(_write(tmp_path / "gql", files)) == {("README.md", 18, "gql.execute")}
