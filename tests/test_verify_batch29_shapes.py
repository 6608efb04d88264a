"""Shapes from the blind wild batch 29 (frictionless, aiomysql) and drift round 30, on small
repos.

`from .table_normalize import table_normalize` in a package binds the class over its
submodule, also through a star import of that package; `await connect()` where `connect`
returns an awaitable wrapper is what the wrapper awaits, a class the code does not name.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

STEP = """\
class table_normalize:
    def __init__(self, *, field_name=None):
        self.field_name = field_name
"""

STEPS_README = """\
# steps

```python
from flow import steps
steps.table_normalize(field_name="id")
steps.table_normalize(field="id")
steps.table_denormalize()
```
"""


def test_a_package_binding_wins_over_its_submodule(tmp_path: Path) -> None:
    files = {
        "flow/__init__.py": "",
        "flow/steps/__init__.py": "from .table import *\n",
        "flow/steps/table/__init__.py": "from .table_normalize import table_normalize\n",
        "flow/steps/table/table_normalize.py": STEP,
        "README.md": STEPS_README,
    }
    _write(tmp_path, files)
    assert {(line, r) for _, line, r in _drift(tmp_path)} == {
        (6, "flow.steps.table_normalize"),  # `field=`: the class takes `field_name`
        (7, "flow.steps.table_denormalize"),
    }


CONNECTION = """\
class Connection:
    async def cursor(self):
        return None


class _ContextManager:
    def __init__(self, coro):
        self._coro = coro

    def __await__(self):
        return self._coro.__await__()

    async def __aenter__(self):
        return await self._coro


def connect(host="localhost"):
    return _ContextManager(_connect(host))


async def _connect(host):
    return Connection()


async def open_connection(host="localhost") -> Connection:
    return Connection()
"""

ASYNC_README = """\
# db

```python
import db
conn = await db.connect(host="127.0.0.1")
cur = await conn.cursor()
other = await db.open_connection()
await other.cursr()
```
"""


def test_an_awaited_wrapper_is_what_it_wraps(tmp_path: Path) -> None:
    _write(tmp_path, {"db/__init__.py": CONNECTION, "README.md": ASYNC_README})
    assert {(line, r.rpartition(".")[2]) for _, line, r in _drift(tmp_path)} == {(8, "cursr")}
