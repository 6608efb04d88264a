"""Shapes from the blind wild batch 12 (betamax, requests-mock, pytest-httpserver,
versioningit, validate-pyproject, dataclasses-json), on a small repo: what a name in an
example or a role stands for.

A hook's parameter named like a module the page imported (`def hook(cassette)`) and a pytest
fixture named like the package (`def test(recorder)`) are the objects they are given; a Sphinx
role is resolved by Sphinx, never by the page's example imports; a class "provided by the
``other`` package", or taken from it in the page's example, is that package's; `-> Self` on a
base's `__enter__` gives the subclass used in `with Sub() as s`; ``recorder.STEP`` stands for
one of the entry-point groups the project fills; `:doc:` to a folder the docs build writes;
``snake_case`` is a naming style beside the project's `snakecase()`.
A later example's `schema.Schema` after an earlier `schema = Schema(...)` is the package again;
paths and modules of a layout a page draws are the reader's; `tool/src` is written from the
clone's parent; `Observer: Factory` above the platform's `from .inotify import X as Observer`
is the imported class (wild batch 13's schema, check-wheel-contents, pytest-order,
voluptuous; watchdog).
Each test pairs the false alarm with the drift beside it that must still be reported.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "recorder"
version = "1.0"

[project.entry-points."recorder.matchers"]
body = "recorder.matchers:BodyMatcher"

[project.entry-points."recorder.serializers"]
json = "recorder.serializers:JSONSerializer"
"""

INIT = '''\
"""Record and replay."""
from typing import Self


class Cassette:
    def is_recording(self) -> bool:
        return True


class ServerBase:
    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


class Server(ServerBase):
    def expect_request(self, path: str) -> None:
        return None


def get(url: str) -> str:
    return url


DEFAULT_MODE = "once"


def snakecase(text: str) -> str:
    return text.lower()
'''

FIXTURES = '"""Test-case integrations."""\n'
UNITTEST = '''\
"""unittest integration."""
import unittest


class RecorderTestCase(unittest.TestCase):
    def generate_cassette_name(self) -> str:
        return "x"
'''
MATCHERS = "class BodyMatcher:\n    pass\n"
SERIALIZERS = "class JSONSerializer:\n    pass\n"

HOOKS = """\
Hooks
=====

.. code-block:: python

    from recorder.fixtures import unittest
    from recorder import cassette_module as cassette

When writing tests, subclass :class:`unittest.TestCase` or
:class:`recorder.fixtures.RecorderTestCase`.

.. code-block:: python

    from recorder import Cassette

    def hook(cassette):
        if cassette.is_recording():
            print("recording")

    def typed(tape: Cassette):
        tape.is_recordin()

    def test_simple(recorder):
        recorder.get("http://test.com")

Using the ``PrettyJSONSerializer`` provided by the ``recorder_serializers`` package.
Use the ``PrettyJSONSerialiser`` for every cassette, and the ``JSONSerialzer`` too:

.. code-block:: python

    from recorder_serializers import pretty_json
    register(pretty_json.PrettyJSONSerialiser)

.. code-block:: python

    from recorder import Server

    with Server() as server:
        server.expect_request("/foobar")
        server.except_request("/foobar")

The group of a matcher is ``recorder.STEP``.
See :doc:`/api/recorder.matchers` and :doc:`/guide/missing`.
A constant is ``recorder.MODE``.
Field names follow the convention of ``snake_case`` naming; ``snakecase()`` converts others.
"""

CONF = """\
import os
import _gendocs

_gendocs.gen_stubs(os.path.join(os.path.dirname(__file__), "api"))
"""
GENDOCS = "def gen_stubs(out):\n    return out\n"


def test_scopes_roles_and_other_packages(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "recorder",
        {
            "pyproject.toml": PYPROJECT,
            "recorder/__init__.py": INIT,
            "recorder/cassette_module.py": '"""Cassettes."""\n',
            "recorder/fixtures/__init__.py": FIXTURES,
            "recorder/fixtures/unittest.py": UNITTEST,
            "recorder/matchers.py": MATCHERS,
            "recorder/serializers.py": SERIALIZERS,
            "docs/conf.py": CONF,
            "docs/_gendocs.py": GENDOCS,
            "docs/hooks.rst": HOOKS,
        },
    )
    found = {(n, ref) for f, n, ref in _drift(root) if f == "docs/hooks.rst"}
    assert found == {
        # the class is in fixtures.unittest: the role's target does not exist
        (10, "recorder.fixtures.RecorderTestCase"),
        # an annotated parameter is an instance of the class: its misspelt method is drift
        (21, "recorder.Cassette.is_recordin"),
        # named on its own, with no other package said: the project's JSONSerializer misspelt
        (27, "JSONSerialzer"),
        # `-> Self` gives the Server: its misspelt method is drift
        (40, "recorder.Server.__enter__.except_request"),
        # capitals, but no family of groups under `recorder.MODE`'s head: a constant claimed
        (44, "recorder.MODE"),
        # an absolute :doc: to a page nothing writes
        (43, "/guide/missing.rst"),
    }


SHAPES = '''\
"""Validate data against shapes."""


class Shape:
    def __init__(self, spec: object) -> None:
        self.spec = spec

    def validate(self, data: object) -> object:
        return data


class Optional:
    def __init__(self, key: str) -> None:
        self.key = key
'''
SHAPES_README = """\
# shapes

```python
>>> from shapes import Shape
>>> shapes = Shape({'name': str})
>>> shapes.validate({'name': 'Sam'})
```

Subclass it for your own checks:

```python
class EventShape(shapes.Shape):
    pass

events = shapes.Shape({shapes.Optional("minimum"): int})
shapes.Required("name")
shapes.valdate({})
```
"""


def test_a_later_example_names_the_package_an_earlier_variable_shadowed(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "shapes",
        {
            "pyproject.toml": '[project]\nname = "shapes"\nversion = "1"\n',
            "shapes/__init__.py": SHAPES,
            "README.md": SHAPES_README,
        },
    )
    assert {(n, ref) for _, n, ref in _drift(root)} == {
        # a class the package does not have, read as the package's
        (16, "shapes.Required"),
        # lower case: still the earlier instance, whose method is misspelt
        (17, "shapes.Shape.valdate"),
    }


LAYOUT_README = """\
Layout
======

Given the below local tree::

    /usr/src/project/
    ├── foo/
    │   └── foo.py
    └── src/
        ├── bar/
        │   └── __init__.py
        └── bar.egg-info/
            └── PKG-INFO

``src/bar.egg-info`` is omitted from the check; ``src/tool/cli.py`` holds ours, and
``src/tool/gone.py`` is a file the repository lacks.

Say your project has these modules::

  load_module_b.py
      test_a

Then ``load_module_b`` is yours, and ``load_modul_a`` is ours misspelt.
"""


def test_a_path_of_the_layout_a_page_draws_is_the_readers(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "tool",
        {
            "pyproject.toml": '[project]\nname = "tool"\nversion = "1"\n',
            "src/tool/__init__.py": '"""Tool."""\n',
            "src/tool/cli.py": "def main() -> None:\n    return None\n",
            "src/tool/modules.py": "def load_module_a() -> None:\n    return None\n",
            "README.rst": LAYOUT_README,
        },
    )
    assert {(n, ref) for _, n, ref in _drift(root)} == {
        (16, "src/tool/gone.py"),
        (23, "load_modul_a"),
    }


def test_a_path_written_from_the_clones_parent(tmp_path: Path) -> None:
    readme = (
        "# flat\n\nTo build the API pages, set PYTHONPATH to `flat/flat` (the clone, then the\n"
        "package); the helpers are in `flat/helpers.py`, the old ones were in `flat/old.py`.\n"
    )
    root = _write(
        tmp_path / "flat",
        {
            "pyproject.toml": '[project]\nname = "flat"\nversion = "1"\n',
            "flat/__init__.py": '"""Flat."""\n',
            "flat/helpers.py": "def helper() -> None:\n    return None\n",
            "README.md": readme,
        },
    )
    assert {(n, ref) for _, n, ref in _drift(root)} == {(4, "flat/old.py")}


OBSERVERS = '''\
"""The platform's observer."""
import sys

from watch.api import ObserverFactory

Observer: ObserverFactory

if sys.platform.startswith("linux"):
    from watch.inotify import InotifyObserver as Observer
else:
    from watch.polling import PollingObserver as Observer
'''
WATCH_API = '''\
"""Observers."""
from typing import Protocol


class BaseObserver:
    def schedule(self, handler: object, path: str) -> None:
        return None


class ObserverFactory(Protocol):
    def __call__(self) -> BaseObserver: ...
'''


def test_a_declared_name_the_platforms_import_binds_is_the_imported_class(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "watch",
        {
            "pyproject.toml": '[project]\nname = "watch"\nversion = "1"\n',
            "watch/__init__.py": '"""Watch."""\n',
            "watch/api.py": WATCH_API,
            "watch/observers.py": OBSERVERS,
            "watch/inotify.py": "from watch.api import BaseObserver\n\n\n"
            "class InotifyObserver(BaseObserver):\n    pass\n",
            "watch/polling.py": "from watch.api import BaseObserver\n\n\n"
            "class PollingObserver(BaseObserver):\n    pass\n",
            "README.md": "# watch\n\nCall `watch.observers.Observer.schedule` to watch a path;\n"
            "`watch.observers.Observer.schedul` is misspelt.\n",
        },
    )
    assert {(n, ref) for _, n, ref in _drift(root)} == {(4, "watch.observers.Observer.schedul")}
