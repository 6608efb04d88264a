"""Shapes from the blind drift round 33 (pydash, joblib, parsy), on small repos.

- pydash's `Chain` gets its methods from `AllFuncs.__getattr__`; the stub `all_funcs.pyi`
  beside it declares them with their return types. A class that serves its names at run time
  gets the methods its stub declares, so `py_(x).without(2).reject(f).value()` is checked
  step by step; a stub's other names (a class the code defines plainly) change nothing.
- `@memory.cache` on an example's `def g` makes `g` what `Memory.cache` returns, whose methods
  the page calls (`g.call_and_shelve(4)`).
- A variable bound from a name the code dropped (`ascii = test_char(...)`) is reported on that
  line, not again on each line using the variable; a span quoting a variable's name
  (``'VECLIB_MAXIMUM_THREADS'``) names it.
"""

from __future__ import annotations

from pathlib import Path

from test_repair import _first_commit
from test_verify_round25_shapes import _drift_since_commit
from test_verify_wild import _drift, _write

ALL_FUNCS = """\
class AllFuncs:
    module = None

    def __getattr__(self, name):
        return getattr(self.module, name)
"""

ALL_FUNCS_PYI = """\
import typing as t

from .chaining import Chain

class AllFuncs:
    def without(self, *values: t.Any) -> "Chain[t.List]": ...
    def reject(self, predicate: t.Any = None) -> "Chain[t.List]": ...
"""

CHAINING = """\
from .all_funcs import AllFuncs


class Chain(AllFuncs):
    def __init__(self, value=None):
        self._value = value

    def value(self):
        return self._value


def chain(value=None) -> Chain:
    return Chain(value)
"""

PLAIN_PYI = "class Plain:\n    def ghost(self) -> None: ...\n"

README = """\
# dash

```python
import dash

dash.chain([1, 2, 3]).without(2).reject(lambda x: x > 1).value()
dash.Plain().ghost()
```
"""


def test_a_class_serving_its_names_gets_the_methods_its_stub_declares(tmp_path: Path) -> None:
    files = {
        "dash/__init__.py": "from .chaining import chain\nfrom .plain import Plain\n",
        "dash/all_funcs.py": ALL_FUNCS,
        "dash/all_funcs.pyi": ALL_FUNCS_PYI,
        "dash/chaining.py": CHAINING,
        "dash/plain.py": "class Plain:\n    def real(self):\n        pass\n",
        "dash/plain.pyi": PLAIN_PYI,
        "README.md": README,
    }
    _write(tmp_path, files)
    _first_commit(tmp_path)
    # the stub's `ghost` is no method the code defines: `Plain` serves no names at run time
    assert _drift_since_commit(tmp_path) == {("README.md", 7, "dash.Plain.ghost")}
    stub = ALL_FUNCS_PYI.replace("def reject", "def discard")
    (tmp_path / "dash/all_funcs.pyi").write_text(stub)
    # a method the served names had at the documented state, and lost
    assert _drift_since_commit(tmp_path) == {
        ("README.md", 6, "dash.chain.without.reject"),
        ("README.md", 6, "dash.chain.without.reject.value"),
        ("README.md", 7, "dash.Plain.ghost"),
    }


MEMORY = """\
class MemorizedResult:
    def get(self):
        return 1


class MemorizedFunc:
    def call_and_shelve(self, *args) -> MemorizedResult:
        return MemorizedResult()


class Memory:
    def __init__(self, location=None):
        self.location = location

    def cache(self, func=None) -> MemorizedFunc:
        return MemorizedFunc()
"""

MEMORY_RST = """\
Memory
======

.. code-block:: python

    from joblet import Memory

    memory = Memory("/tmp/cache")

    @memory.cache
    def g(x):
        return x

    result = g.call_and_shelve(4)
    result.get()
    result.fetch()
"""


def test_a_function_an_objects_method_decorates_is_what_the_method_returns(
    tmp_path: Path,
) -> None:
    files = {"joblet/__init__.py": MEMORY, "doc/memory.rst": MEMORY_RST}
    assert _drift(_write(tmp_path / "joblet", files)) == {
        ("doc/memory.rst", 16, "joblet.Memory.cache.call_and_shelve.fetch")
    }


PARSERS = """\
import os


class Parser:
    def parse(self, text):
        return text


def test_char(func, description):
    return Parser()


THREADS = os.environ.get("VECLIB_MAXIMUM_THREADS")
"""

PARSERS_README = """\
# parsers

```python
>>> from parsers import test_char
>>> ascii = test_char(lambda c: c.isascii(), "ascii")
>>> ascii.parse("A")
'A'
```

Limited by ``'VECLIB_MAXIMUM_THREADS'``.
"""


def test_a_dropped_name_is_reported_where_the_page_writes_it(tmp_path: Path) -> None:
    _write(tmp_path, {"parsers/__init__.py": PARSERS, "README.md": PARSERS_README})
    _first_commit(tmp_path)
    assert _drift_since_commit(tmp_path) == set()
    changed = PARSERS.replace("def test_char", "def char_where").replace("VECLIB", "ACCEL")
    (tmp_path / "parsers/__init__.py").write_text(changed)
    assert _drift_since_commit(tmp_path) == {
        ("README.md", 4, "parsers.test_char"),
        ("README.md", 10, "'VECLIB_MAXIMUM_THREADS'"),
    }


def test_a_numpydoc_returns_section_names_the_class_a_method_gives(tmp_path: Path) -> None:
    """joblib's `Memory.cache` returns `cls(...)`, a class picked at run time; its docstring's
    numpydoc "Returns" section says `MemorizedFunc`."""
    documented = MEMORY.replace(
        "    def cache(self, func=None) -> MemorizedFunc:\n        return MemorizedFunc()\n",
        "    def cache(self, func=None):\n"
        '        """Decorate.\n\n        Returns\n        -------\n'
        '        decorated_func: MemorizedFunc object\n            A callable.\n        """\n'
        "        cls = MemorizedFunc if func else None\n        return cls()\n",
    )
    assert documented != MEMORY
    files = {"joblet/__init__.py": documented, "doc/memory.rst": MEMORY_RST}
    assert _drift(_write(tmp_path / "joblet", files)) == {
        ("doc/memory.rst", 16, "joblet.Memory.cache.call_and_shelve.fetch")
    }


def test_a_module_filling_its_names_at_run_time_gets_its_stubs_functions(tmp_path: Path) -> None:
    """pyzmq: `zmq.backend` fills its namespace with `globals().update(...)`; its stub declares
    `proxy()` and a base `Socket`, which `zmq.sugar.Socket` subclasses under the same name."""
    files = {
        "mq/__init__.py": "from mq.backend import *\nfrom mq.sugar import *\n",
        "mq/backend/__init__.py": "globals().update({})\n",
        "mq/backend/__init__.pyi": (
            "def proxy(frontend, backend) -> None: ...\n\nclass Socket:\n    def send(self): ...\n"
        ),
        "mq/sugar.py": (
            "__all__ = ['Socket']\n\n\nclass Socket:\n    def send(self):\n        pass\n\n"
            "    def send_json(self, obj):\n        pass\n"
        ),
        "README.md": (
            "# mq\n\n```python\nimport mq\n\nmq.proxy(a, b)\nmq.Socket().send_json({})\n"
            "mq.Socket().send_jsn({})\n```\n"
        ),
    }
    assert _drift(_write(tmp_path / "mq", files)) == {("README.md", 8, "mq.Socket.send_jsn")}
