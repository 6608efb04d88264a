"""Shapes from the blind sets of round 32, each on a small repo that has it:

- a module-level instance that is also callable (`seq = Stream()`, whose `__call__` makes a
  `Sequence`, a class given members at run time): `seq.jsonl(...)` is the instance's own
  method, stale once Stream renames it, whatever the call's product accepts;
- a method that returns a local name bound twice (`sequence = self`, then `sequence =
  Sequence(sequence, ...)` in a loop) returns the class either binding gives, so chains
  through it (`seq(x).map(f).order_by(g)`) are checked.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

STREAMS = '''\
from functional.pipeline import Sequence


class Stream:
    def __call__(self, *args):
        return Sequence(args)

    def jsonl(self, path):
        return Sequence([path])

    def csv(self, path):
        return Sequence([path])


seq = Stream()
'''
PIPELINE = '''\
class Sequence:
    def __init__(self, items, transform=None):
        self.items = items
        for name in ("first", "last"):
            setattr(self, name, lambda: None)

    def _transform(self, *transforms):
        sequence = self
        for transform in transforms:
            sequence = Sequence(sequence, transform=transform)
        return sequence

    def map(self, func):
        return self._transform(func)

    def order_by(self, func):
        return self._transform(func)

    def to_list(self):
        return list(self.items)
'''
README = """\
# functional

```python
from functional import seq

messages = seq.jsonl('chat.jsonl')
seq(1, 2, 3).map(lambda x: x * 2).order_by(lambda x: -x).to_list()
```
"""


def _package() -> dict[str, str]:
    return {
        "functional/__init__.py": "from functional.streams import seq\n",
        "functional/streams.py": STREAMS,
        "functional/pipeline.py": PIPELINE,
        "README.md": README,
    }


def test_a_callable_instances_own_method_is_stale_once_renamed(tmp_path: Path) -> None:
    change = {"functional/streams.py": [("def jsonl(", "def json_lines(")]}
    assert _drift_after(tmp_path, _package(), change) == {("README.md", 6)}


def test_a_chain_through_a_rebound_local_result_is_checked(tmp_path: Path) -> None:
    change = {"functional/pipeline.py": [("def order_by(self, func)", "def order_by(self, *, key)")]}
    assert _drift_after(tmp_path, _package(), change) == {("README.md", 7)}
