"""Shapes from the blind drift round 49 (termgraph), on a small repo with the last commit as
the documented state.

- A package whose `__init__` serves its classes through a module `__getattr__` that
  imports them on first use (PEP 562: `if name == "Data": from .data import Data`): `from
  pkg import Data` is that class, so its methods and signature are checked.
- A parameter renamed while an attribute keeps its name (`self.categories = series`): the
  page's heading "### `categories`" names the attribute, still there.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

INIT = """\
__all__ = ["Data", "BarChart"]


def __getattr__(name):
    if name == "Data":
        from .data import Data
        return Data
    elif name in ["BarChart"]:
        from .chart import BarChart
        return {"BarChart": BarChart}[name]
    raise AttributeError(name)
"""

DATA = """\
class Data:
    def __init__(self, data, labels, categories=None):
        self.data = data
        self.labels = labels
        self.categories = categories or []

    def find_max_label_length(self):
        return max(len(label) for label in self.labels)
"""

CHART = """\
class BarChart:
    def __init__(self, data, args=None):
        self.data = data

    def draw(self):
        return str(self.data)
"""

GUIDE = """\
# Data

```python
from graphs import BarChart, Data

data = Data([[1], [2]], ["a", "b"], categories=["x"])
print(data.find_max_label_length())
BarChart(data).draw()
```

### `categories`

The category names.
"""


def test_lazy_module_exports_and_parameters_kept_as_attributes(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "graphs"\nversion = "1"\n',
        "src/graphs/__init__.py": INIT,
        "src/graphs/data.py": DATA,
        "src/graphs/chart.py": CHART,
        "docs/data.md": GUIDE,
    }
    changes = {
        "src/graphs/data.py": [
            ("categories=None", "series=None"),
            ("categories or []", "series or []"),
            ("def find_max_label_length", "def max_label_length"),
        ],
        "src/graphs/chart.py": [("args=None", "args")],
    }
    assert _drift_after(tmp_path / "graphs", files, changes) == {
        ("docs/data.md", 6),  # categories=
        ("docs/data.md", 7),  # find_max_label_length()
        ("docs/data.md", 8),  # BarChart(data): `args` is required now
    }
