"""Shapes from the blind drift round 52 (persist-queue, pyaml, python-magic), on a small repo
with the last commit as the documented state.

- Another name of a project class or function (`FIFOQueue = SQLQueue`, `p = print = pprint`)
  is called like it: a keyword it no longer takes is stale.
- A page that imports the package (`import magic`) calls the module's function: a function
  gone from the module is not saved by the class named like the package having a method so
  named (`Qpkg.from_buffer`).
- A test's `from pkg.queue import _FILOQueue as FILOQueue` keeps no public name alive: the
  package lost it.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

QUEUE = """\
class SQLQueue:
    def __init__(self, path, multithreading=False):
        self.path = path


FIFOQueue = SQLQueue


class FILOQueue(SQLQueue):
    pass


def pprint(data, sort_keys=True):
    return data


p = print = pprint
"""

MAGIC = """\
class Qpkg:
    def from_buffer(self, data):
        return data


def from_buffer(data, mime=False):
    return Qpkg().from_buffer(data)
"""

README = """\
# qpkg

```python
import qpkg
from qpkg.queue import FIFOQueue, p

q = FIFOQueue("path", multithreading=True)
p({"a": 1}, sort_keys=False)
qpkg.from_buffer(b"x")
```

Queues: `SQLQueue`, `FILOQueue`.
"""


def test_aliases_imported_module_and_test_aliases(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "qpkg"\nversion = "1"\n',
        "qpkg/__init__.py": "from qpkg.queue import *\nfrom qpkg.magic import Qpkg, from_buffer\n",
        "qpkg/queue.py": QUEUE,
        "qpkg/magic.py": MAGIC,
        "qpkg/tests/__init__.py": "",
        "qpkg/tests/test_queue.py": "from qpkg.queue import FILOQueue\n",
        "README.md": README,
    }
    changes = {
        "qpkg/queue.py": [
            ("multithreading=False", "thread_safe=False"),
            ("sort_keys=True", "sorted_keys=True"),
            ("class FILOQueue(", "class _FILOQueue("),
        ],
        "qpkg/tests/test_queue.py": [("import FILOQueue", "import _FILOQueue as FILOQueue")],
        "qpkg/magic.py": [("def from_buffer(data", "def _from_buffer(data")],
        "qpkg/__init__.py": [("Qpkg, from_buffer", "Qpkg")],
    }
    assert _drift_after(tmp_path / "qpkg", files, changes) == {
        ("README.md", 7),
        ("README.md", 8),
        ("README.md", 9),
        ("README.md", 12),
    }
