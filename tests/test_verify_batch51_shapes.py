"""Shapes from the blind wild batch 51 (nipoppy, orix, ipyparallel, ctapipe, macs3, kpops), on
small repos, each beside a line that must still be reported.

- A click group made in one module and registered on the program's group in another
  (`cli.add_command(pipeline)`, `pipeline` imported) is a sub-command by its own name: its
  sub-commands' options are checked under it, though its group class resolves words itself
  (an aliasing group: other words may reach a command too).
- lazy_loader's `__getattr__, __dir__, __all__ = lazy.attach_stub(__name__, __file__)` serves
  what the `.pyi` beside the package imports: those are the package's names.
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
