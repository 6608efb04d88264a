"""Shapes from the blind drift round 40 (mackup, homeassistant-cli, beautifultable), on a
small repo with the last commit as the documented state.

- `docstring = __doc__` inside `main()`, then `docopt(docstring)`: the usage is read, with
  `[options]` before the command word and `link install` a command of `link`; `link` also
  takes an argument, so a word of it that is gone is found by history.
- A group whose sub-commands also come from plugins still knows its own commands' flags:
  `state edit --json` once only `state list` has `--json`.
- A decorator factory whose decorator hands every argument on (`@deprecated_param("1.0",
  "max_width")`) keeps the signature checked.
"""

from __future__ import annotations

from pathlib import Path

from test_repair import _first_commit
from test_verify_round25_shapes import _drift_since_commit, _edit
from test_verify_wild import _write

PYPROJECT = """\
[project]
name = "sync"
version = "1.0"

[project.scripts]
sync = "sync.main:main"
hass = "sync.hass:cli"
"""

MAIN = '''\
"""Sync.

Usage:
  sync [options] list
  sync [options] link install [<application>]
  sync [options] link uninstall [<application>]
  sync [options] link [<application>]

Options:
  -n --dry-run   Show steps without executing.
"""

from docopt import docopt


def main():
    docstring = __doc__
    return docopt(docstring)
'''

HASS = """\
import click
from click_plugins import with_plugins
from importlib.metadata import entry_points


@with_plugins(entry_points(group="hass.plugins"))
@click.group()
def cli():
    pass


@cli.group()
def state():
    pass


@state.command()
@click.option("--json")
def edit(json):
    pass


@state.command("show")
@click.option("--json", is_flag=True)
def list_states(json):
    pass
"""

TABLE = """\
import functools


def deprecated_param(deprecated_in, old_name):
    def decorator(f):
        @functools.wraps(f)
        def wrapper(*args, **kwargs):
            return f(*args, **kwargs)

        return wrapper

    return decorator


class Table:
    @deprecated_param("1.0", "width")
    def __init__(self, max_width=80):
        self.max_width = max_width
"""

README = """\
# sync

    $ sync --dry-run list
    $ sync link uninstall vim
    $ hass state edit --json '{}'

```python
from sync.table import Table
Table(max_width=60)
```
"""


def test_docopt_text_in_main_plugin_groups_and_decorator_factories(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": PYPROJECT,
        "sync/__init__.py": "",
        "sync/main.py": MAIN,
        "sync/hass.py": HASS,
        "sync/table.py": TABLE,
        "README.md": README,
    }
    _write(tmp_path, files)
    _first_commit(tmp_path)
    changes = {
        "sync/main.py": [("[options] list", "[options] ls"), ("link uninstall", "link remove")],
        "sync/hass.py": [('("--json")\ndef edit', '("--data")\ndef edit')],
        "sync/table.py": [("max_width=80", "maxwidth=80"), ("= max_width", "= maxwidth")],
    }
    _edit(tmp_path, changes)
    assert _drift_since_commit(tmp_path) == {
        ("README.md", 3, "sync --dry-run list"),
        ("README.md", 4, "sync link uninstall vim"),
        ("README.md", 5, "hass state edit --json '{}'"),
        ("README.md", 9, "sync.table.Table"),
    }


COOLER = """\
import click


@click.group()
def cli():
    pass


@cli.group()
def cload():
    pass


def register_subcommand(func):
    return cload.command()(click.option("--metadata")(func))


@register_subcommand
def pairs(metadata):
    pass


@cli.command()
@click.option("--out")
def merge(out):
    pass


@cli.command()
@click.option("--format")
@click.option("--metadata")
def show(format, metadata):
    pass
"""

COOLER_DOCS = """\
cooler cload pairs
------------------

.. option:: --metadata <metadata>

cooler merge
------------

.. option:: --format <format>
"""


def test_flags_under_a_heading_naming_a_command_we_cannot_see_are_no_claim(
    tmp_path: Path,
) -> None:
    """cooler registers `cload pairs` through a helper decorator: the flags listed under
    "cooler cload pairs" are that command's, not `cload`'s; under "cooler merge", `show`'s
    `--format` is not merge's."""
    files = {
        "pyproject.toml": '[project]\nname = "cooler"\nversion = "1"\n\n'
        '[project.scripts]\ncooler = "cooler.cli:cli"\n',
        "cooler/__init__.py": "",
        "cooler/cli.py": COOLER,
        "docs/cli.rst": COOLER_DOCS,
    }
    _write(tmp_path, files)
    _first_commit(tmp_path)
    assert _drift_since_commit(tmp_path) == {("docs/cli.rst", 9, "--format")}
