"""Shapes from the blind wild batch 26 (django-haystack, mido, pyftpdlib, click-extra,
supervisor, agate), on small repos, each false alarm beside the drift that must still be
reported.

A class whose first base comes from another package gets that base's `__init__` (Django's
`Q` before the project's node); names a module writes through `glob = globals()` cannot be
listed; `vars(self).update(kw)` sets any attribute; a Sphinx object id in a link to a built
page or this page names the object; `python:render` is no `module:attribute` path; an
upper-case class attribute in a span is that attribute, no environment variable; click's
`"--a/--no-a"` literal spells two flags; an example patching a class (`pkg.Table.m = f`) or
importing a plugin named for the package (`import tabsql`) may give it members; a test
module's names are no owners for prose.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

FILES = {
    "pyproject.toml": '[project]\nname = "tab"\nversion = "1"\ndependencies = ["django"]\n',
    "tab/__init__.py": "from tab.query import SQ, SearchNode\nfrom tab.table import Table\n"
    "from tab.events import EventTypes\nfrom tab.message import Message\n"
    "from tab import backends\n",
    "tab/query.py": """\
from django.db.models import Q


class SearchNode:
    def __init__(self, children=None, connector=None, negated=False):
        self.children = children


class SQ(Q, SearchNode):
    pass


class Plain(SearchNode):
    pass
""",
    "tab/backends.py": """\
def set_backend(backend):
    glob = globals()
    for name in ("open_input", "open_output"):
        glob[name] = getattr(backend, name)
""",
    "tab/message.py": """\
class Message:
    def __init__(self, kind, **fields):
        vars(self).update(fields)
""",
    "tab/events.py": """\
class EventTypes:
    TAB_STATE_CHANGE = "state"


DEFAULT_SWITCH = "--telemetry/--no-telemetry"
""",
    "tab/table.py": """\
class Table:
    def print_table(self):
        pass
""",
    "tests/test_rpc.py": """\
class system:
    def other(self):
        pass
""",
}

DOC = """\
Tab
===

.. code-block:: python

    from tab import SQ, Message
    from tab.query import Plain

    SQ(content='foo')
    Plain(content='foo')
    Message('note_on', velocity=64).velocity

See `FTPHandler <api.html#tab.table.Table.print_table>`_ and
`gone <api.html#tab.table.Table.print_tables>`_, or `here <#tab.table.Table>`_.
Call ``tab.backends.open_input()``. The ``python:render`` directive runs code.
Subscribe to ``TAB_STATE_CHANGE`` and pass ``--no-telemetry``.
The XML-RPC ``system.listMethods`` method lists them.

.. code-block:: python

    import tab

    def new_method(self):
        pass

    tab.Table.new_method = new_method
    tab.Table.print_tabel()
"""

PLUGIN_DOC = """\
SQL
===

.. code-block:: python

    import tab
    import tabsql

    tab.Table.from_sql('sqlite://', 'name')
"""


def test_batch26_shapes(tmp_path: Path) -> None:
    root = _write(tmp_path / "tab", {**FILES, "docs/index.rst": DOC, "docs/sql.rst": PLUGIN_DOC})
    assert _drift(root) == {
        ("docs/index.rst", 10, "tab.query.Plain"),  # SearchNode.__init__ takes no `content`
        ("docs/index.rst", 14, "api.html#tab.table.Table.print_tables"),
        ("docs/index.rst", 27, "tab.Table.print_tabel"),
    }


RUNNING_PAGE = """\
# Colorize

Pass `--dry-run` to see it, or `--dry-runs` never; the [dark theme](#dark) is below.
Frameworks plug in as `tab.your_framework.tab_from`.

```{click:source}
import click

@click.command()
@click.option("--dry-run", is_flag=True)
def cli(dry_run):
    pass
```

```{click:run}
invoke(cli, args=["--help"])
```
"""


def test_a_myst_directive_that_runs_its_code_is_the_page_s_example(tmp_path: Path) -> None:
    """click-extra's `{click:source}` declares the page's own CLI; `{click:run}` prints
    what only the built page shows (a heading `#dark` links to)."""
    cli = (
        "import click\n\n\n@click.command()\n@click.option('--color')\ndef main(color):\n    pass\n"
    )
    files = {
        **FILES,
        "pyproject.toml": FILES["pyproject.toml"] + '[project.scripts]\ntab = "tab.cli:main"\n',
        "tab/cli.py": cli,
        "docs/colorize.md": RUNNING_PAGE,
    }
    root = _write(tmp_path / "tab", files)
    found = {f for f in _drift(root) if f[0] == "docs/colorize.md"}
    assert found == {("docs/colorize.md", 3, "--dry-runs")}
