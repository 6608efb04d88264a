"""Shapes from the blind sets of round 34, each on a small repo that has it:

- a class `__getattr__` that answers a family of names by their start (`if key.startswith(
  "get_"): return partial(self.get, key[4:])`, ancpbids' `layout.get_subjects()`) serves
  every name of that family, while a name outside it is still reported.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

GETTERS = """\
from functools import partial


class Layout:
    def __init__(self, root):
        self.root = root

    def __getattr__(self, key):
        if key.startswith("get_"):
            return partial(self.get, key[4:])
        raise AttributeError(key)

    def get(self, target, **filters):
        return [target, filters]
"""
GETTERS_README = """\
# bl

```python
from bl import Layout

layout = Layout("data")
layout.get_subjects(task="rest")
layout.get_tasks()
layout.subjects()
```

Every entity has a getter: `bl.Layout.get_runs`.
"""


def test_a_hook_answering_a_family_of_names_by_their_start(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "bl"\nversion = "1"\n',
        "bl/__init__.py": GETTERS,
        "README.md": GETTERS_README,
    }
    report = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "bl", files))}
    assert report == {(9, "bl.Layout.subjects")}
