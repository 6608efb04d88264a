"""Shapes from the blind sets of 2026-11-24 (drift round 20, wild batch 19), on small repos:
each false alarm is paired with the drift beside it that must still be reported, and each
missed drift with the true page that must pass.

A class the package exports under another name (`from .tracer import Tracer as snoop`) is
called with that name's keywords; an instance the pages bind under the package's own name
(`huey = RedisHuey()`) is what another page's `huey.task` means; a one-letter name is no
binding carried to the next block; a `__getattr__` that reads `self[item]` serves data
keys; a flag's sentence may name the sub-command it belongs to; "for example `x/y.py`"
offers a path; `pytest.mark.x` is pytest's, even beside a plugin module called `pytest`; a
list of imagined task names is the reader's; a variable the tests read is a variable on a
page about testing.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "tasker"
version = "1.0"
dependencies = ["click"]

[project.scripts]
tasker = "tasker.cli:main"
"""

INIT = '''\
"""Tasker."""
from .queue import RedisTasker, SqliteTasker, Tasker
from .tracer import Tracer as snoop
from .config import Configuration
'''

QUEUE = """\
class Tasker:
    def task(self, retries=0):
        return lambda fn: fn

    def enqueue(self, task):
        return task

    def pending_count(self):
        return 0


class RedisTasker(Tasker):
    pass


class SqliteTasker(Tasker):
    pass


class Chord:
    def __init__(self, tasks, callback):
        self.tasks = tasks

    def error(self, handler):
        return self


def chord(tasks, callback):
    return Chord(tasks, callback)
"""

TRACER = """\
class Tracer:
    def __init__(self, output=None, depth=1, prefix=""):
        self.depth = depth

    def __call__(self, function):
        return function
"""

CONFIG = """\
class Configuration:
    def __init__(self, data):
        self._data = data

    def __getitem__(self, item):
        return self._data[item]

    def __getattr__(self, item):
        try:
            return self[item]
        except KeyError:
            raise AttributeError(item) from None

    def as_dict(self):
        return dict(self._data)
"""

CLI = """\
import click


@click.group()
def cli():
    pass


@cli.command()
@click.option("--create-patch", is_flag=True)
@click.option("--ignore-order", is_flag=True)
def diff(create_patch, ignore_order):
    click.echo(create_patch)


@cli.command()
@click.option("--backup", is_flag=True)
def patch(backup):
    click.echo(backup)


def main():
    cli()
"""

PLUGIN = """\
import os

import pytest


def pytest_configure(config):
    config.addinivalue_line("markers", "tasker_config(**kwargs): override the config")
"""

TEST_SETTINGS = """\
import os

BACKEND = os.environ.get("TASKER_TEST_BACKEND", "sqlite")
"""

README = """\
# tasker

```python
from tasker import RedisTasker, snoop

tasker = RedisTasker()

@tasker.task(retries=3)
def send_email(to):
    return to

@snoop(depth=2)
def traced():
    return 1
```
"""

TESTING = """\
# Testing

Run the tests against Redis with `TASKER_TEST_BACKEND=redis`.
"""

GUIDE = """\
Guide
=====

.. code-block:: python

    @tasker.task()
    def check(order):
        return order

    tasker.enqueue(check)
    tasker.pending_count()
    tasker.pending_cuont()

.. code-block:: python

    c = chord([fetch.s(u) for u in urls], merge.s())
    c.error(alert)
    c.eror(alert)

.. code-block:: python

    inner = chord([a.s(), b.s(), c.s()], merge.s())

The queue could look like this:

* ``process_payment`` - priority 50
* ``check_spam`` - priority 1
* ``make_thumbnail`` - priority 0

Read keys as attributes: ``cfg.database`` and ``cfg.as_dict()``.

Keep helpers apart, for example ``tasker/helpers.py``; the queue is ``tasker/queues.py``.

Mark a test with ``@pytest.mark.tasker_config()``.

tasker patch command
--------------------

Make the patch with the tasker diff command, passing ``--create-patch``.
Then apply it with ``--backup`` and ``--ignore-order``.
"""


def _tasker(root: Path) -> Path:
    files = {
        "pyproject.toml": PYPROJECT,
        "tasker/__init__.py": INIT,
        "tasker/queue.py": QUEUE,
        "tasker/tracer.py": TRACER,
        "tasker/config.py": CONFIG,
        "tasker/cli.py": CLI,
        "tasker/testing/__init__.py": "",
        "tasker/testing/pytest.py": PLUGIN,
        "tests/settings.py": TEST_SETTINGS,
        "README.md": README,
        "docs/testing.md": TESTING,
        "docs/guide.rst": GUIDE,
    }
    return _write(root, files)


def test_true_lines_pass_and_typos_beside_them_are_reported(tmp_path: Path) -> None:
    assert _drift(_tasker(tmp_path)) == {
        ("docs/guide.rst", 12, "tasker.pending_cuont"),
        ("docs/guide.rst", 18, "chord.eror"),
        ("docs/guide.rst", 32, "tasker/queues.py"),
        ("docs/guide.rst", 40, "--ignore-order"),
    }


def test_a_keyword_of_a_class_exported_under_another_name_is_checked(tmp_path: Path) -> None:
    root = _tasker(tmp_path)
    code = (root / "tasker/tracer.py").read_text().replace("depth", "max_depth")
    (root / "tasker/tracer.py").write_text(code)
    found = {(f, line, ref) for f, line, ref in _drift(root)}
    assert ("README.md", 12, "tasker.snoop") in found


def test_the_instance_named_like_the_package_loses_its_method(tmp_path: Path) -> None:
    root = _tasker(tmp_path)
    code = (root / "tasker/queue.py").read_text().replace("def enqueue", "def put")
    (root / "tasker/queue.py").write_text(code)
    found = {(f, line, ref) for f, line, ref in _drift(root)}
    assert ("docs/guide.rst", 10, "tasker.enqueue") in found


def test_a_variable_the_tests_stop_reading_is_not_known(tmp_path: Path) -> None:
    root = _tasker(tmp_path)
    (root / "tests/settings.py").write_text("BACKEND = 'sqlite'\n")
    found = {(f, ref) for f, _, ref in _drift(root)}
    assert ("docs/testing.md", "TASKER_TEST_BACKEND=redis") in found


PROXY_INIT = '''\
"""Relay."""
from werkzeug.local import LocalProxy

from ._deprecate import deprecate_attributes
from .app import Relay, create, init

current: Relay = LocalProxy(lambda: Relay())

deprecate_attributes(__name__, {"OldRelay": Relay})
'''

PROXY_APP = """\
import click


class Relay:
    config = {}

    def send(self, message):
        return message


def create():
    return Relay()


def init(strip=None, wrap=True):
    return strip, wrap


class LoadingGroup(click.Group):
    def get_command(self, ctx, name):
        return super().get_command(ctx, name)


cli = LoadingGroup(name="relay")


@cli.command("send")
def send_command():
    click.echo("sent")


def main():
    cli()
"""

DEPRECATE = """\
import sys


def deprecate_attributes(module_name, table):
    def __getattr__(name):
        if name in table:
            return table[name]
        raise AttributeError(name)

    sys.modules[module_name].__getattr__ = __getattr__
"""

EXAMPLE_APP = """\
import click


@click.command("init-db")
def init_db():
    click.echo("done")
"""

PROXY_PAGE = """\
Relay
=====

Use ``relay.current._get_current_object()`` for the object behind the proxy, and
``relay.current.send("hi")``; ``relay.current.sned("hi")`` is a typo. ``relay.OldRelay``
still works for a while; ``relay.OldRelya`` never did.

Run the example app with ``relay init-db`` and ``relay init-dbb``.

init(strip=None):
    Whether to strip codes.

init(wrap=True):
    Whether to wrap the stream.
"""


def _relay(root: Path) -> Path:
    files = {
        "pyproject.toml": PYPROJECT.replace("tasker", "relay")
        .replace('"click"', '"click", "werkzeug"')
        .replace("relay.cli:main", "relay.app:main"),
        "relay/__init__.py": PROXY_INIT,
        "relay/app.py": PROXY_APP,
        "relay/_deprecate.py": DEPRECATE,
        "examples/app/commands.py": EXAMPLE_APP,
        "docs/index.rst": PROXY_PAGE,
    }
    return _write(root, files)


def test_proxies_helper_tables_example_commands_and_call_terms(tmp_path: Path) -> None:
    assert {(line, ref) for _, line, ref in _drift(_relay(tmp_path))} == {
        (5, 'relay.current.sned("hi")'),
        (6, "relay.OldRelya"),
        (8, "relay init-dbb"),
    }


def test_a_definition_term_sketching_a_call_is_checked(tmp_path: Path) -> None:
    root = _relay(tmp_path)
    code = (root / "relay/app.py").read_text().replace("strip=None", "strip_codes=None")
    (root / "relay/app.py").write_text(code.replace("return strip,", "return strip_codes,"))
    found = {(line, ref) for _, line, ref in _drift(root)}
    assert (10, "init(strip=None)") in found
    assert (13, "init(wrap=True)") not in found


def test_a_variable_only_the_tests_set_is_no_read_on_a_user_page(tmp_path: Path) -> None:
    root = _tasker(tmp_path)
    (root / "tests/settings.py").write_text(
        'import os\n\nos.environ["TASKER_CONFIG"] = "tests/tasker.toml"\n'
    )
    (root / "README.md").write_text(README + "\nPoint `TASKER_CONFIG` at your file.\n")
    found = {(f, ref) for f, _, ref in _drift(root)}
    assert ("README.md", "TASKER_CONFIG") in found


def test_keys_served_by_getattr_are_data_but_a_lost_method_is_stale(tmp_path: Path) -> None:
    root = _tasker(tmp_path)
    page = (
        "# Config\n\n```python\nfrom tasker import Configuration\n\n"
        'cfg = Configuration({"database": {"host": "db"}})\n'
        "print(cfg.database, cfg.as_dict(), cfg.as_dikt())\n```\n"
    )
    (root / "docs/config.md").write_text(page)
    found = {(f, line, ref) for f, line, ref in _drift(root)}
    assert ("docs/config.md", 7, "tasker.Configuration.as_dikt") in found
    assert not any("database" in ref for _, _, ref in found)
