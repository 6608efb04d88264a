"""Shapes from the blind wild batch 44 (cadwyn, sdmx1), on small repos, each beside a line
that must still be reported.

- A typer sub-app added with `app.add_typer(render_subapp)` is the command `render` of the
  program, whatever `name=` the root app carries (cadwyn: 4 false alarms).
- `self` may be positional-only (`def __init__(self, first, /, *rest)`): the attributes the
  method sets are the instance's (cadwyn's `VersionBundle.versions`).
- A class `__getattr__` looking the name up in an Enum (`partial(self.get, Resource[name])`)
  serves the Enum's members; a module `__getattr__` bound by assignment
  (`__getattr__ = CF.getattr`) serves names we cannot list (sdmx1: 13).
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

MAIN = """\
import typer

app = typer.Typer(name="tool")
render_subapp = typer.Typer(name="render")
app.add_typer(render_subapp)


@render_subapp.command(name="model")
def model(path: str, raw: bool = False) -> None:
    pass


@app.command()
def check() -> None:
    pass
"""

CLIENT = """\
from enum import Enum
from functools import partial


class Resource(Enum):
    data = "data"
    datastructure = "datastructure"


class Client:
    def __init__(self, source, /, *others, timeout=None):
        self.sources = (source, *others)

    def get(self, resource, key=None):
        return resource

    def __getattr__(self, name):
        try:
            return partial(self.get, Resource[name])
        except KeyError:
            raise AttributeError(name)
"""

README = """\
# tool

    $ tool render model app:Model --raw
    $ tool check
    $ tool draw model

```python
from tool.client import Client
from tool import model as m

c = Client("ECB")
c.data("EXR")
c.datastructure("EXR")
c.dataflow("EXR")
c.sources
m.KeyValue
```
"""


def test_typer_sub_apps_enum_served_members_and_assigned_module_hooks(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": (
            '[project]\nname = "tool"\nversion = "1"\n[project.scripts]\ntool = "tool.main:app"\n'
        ),
        "tool/__init__.py": "",
        "tool/main.py": MAIN,
        "tool/client.py": CLIENT,
        "tool/model.py": "from tool import common as CF\n\n__getattr__ = CF.getattr\n",
        "tool/common.py": "def getattr(name):\n    return name\n",
        "README.md": README,
    }
    assert _drift(_write(tmp_path / "tool", files)) == {
        ("README.md", 5, "tool draw model"),
        ("README.md", 14, "tool.client.Client.dataflow"),
    }
