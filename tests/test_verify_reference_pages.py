"""Shapes met in drift round 13 (grip, yaspin, progressbar2), on a small repo: each was drift
the checker missed, and each test pairs it with the true line beside it.

- A README's API section titles its entries with the code (`#### render_content`,
  `#### class Meter(Base)`) and writes `Meter.reset()` without importing `Meter`.
- Sphinx viewcode links (`_modules/meter/widgets.html#Gauge`) name an object's source.
- A `::` block in Python 2 (`print 'x'`) is still Python when it imports.
- `bars.append(Meter(...))`, then `bars[i].method()`: an element of the list.
- `@dataclass(kw_only=True)` takes no positional field.
- A `__getattr__` that tests names against another package's table answers any of them.
- docopt's usage text cut from `__doc__` is read, and it takes a prefix of a long option.
- "stop at the first failure with `-x`:" leads to another program's command line.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "meter"
version = "1.0"

[project.scripts]
meter = "meter.cli:main"
"""

INIT = '''\
"""Meters."""
from meter.core import Meter, Painter, Spinner, render_content
from meter.widgets import Gauge
'''

CORE = '''\
"""The core."""
from dataclasses import dataclass

from termcolor import COLORS


def render_content(text):
    return text


@dataclass(kw_only=True)
class Spinner:
    frames: str
    interval: int = 80


class Meter:
    def __init__(self, total=100):
        self.total = total

    def increment(self):
        return self

    def reset(self):
        return self


class Painter:
    def paint(self):
        return self

    def __getattr__(self, name):
        if name in COLORS:
            return self
        raise AttributeError(name)
'''

WIDGETS = '''\
"""Widgets."""


class Gauge:
    pass
'''

CLI = '''\
"""meter

Draw a meter.


Usage:
  meter [options] <path>

Options:
  --password=<password>  The password.
  --colour=<name>        The colour.
"""
from docopt import docopt

usage = "\\n\\n\\n".join(__doc__.split("\\n\\n\\n")[1:])


def main(argv=None):
    return docopt(usage, argv=argv)
'''

README = """\
# Meter

## API

#### render_content

#### render_contents

#### class Meter(Base)

#### class Metre(Base)

```python
Meter.reset()
Meter.rest()
```

- [Gauge](https://meter.readthedocs.io/en/latest/_modules/meter/widgets.html#Gauge)
- [Dial](https://meter.readthedocs.io/en/latest/_modules/meter/widgets.html#Dial)

```python
import meter

bars = []
for i in range(5):
    bars.append(meter.Meter(total=10))
bars[0].increment()
bars[1].incremnt()
for bar in bars:
    bar.reset()
    bar.rset()
bar_list = [meter.Meter() for _ in range(3)]
bar_list[2].reset()
bar_list[2].rset()
meter.Painter().on_blue.paint()
meter.Spinner(frames="-\\\\|/", interval=100)
meter.Spinner("-\\\\|/", 100)
```

```console
$ meter --pass secret notes.md
$ meter --colour red --paswd secret notes.md
```

Stop on the first failure with `-x`:

```console
$ pytest -xq
```
"""

USAGE_RST = """\
Usage
=====

::

    import meter

    bar = meter.Meter(total=5)
    print 'starting', bar
    bar.reset()
    bar.rest()
"""


def test_drift_in_reference_pages_is_seen_and_true_lines_pass(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "meter",
        {
            "pyproject.toml": PYPROJECT,
            "meter/__init__.py": INIT,
            "meter/core.py": CORE,
            "meter/widgets.py": WIDGETS,
            "meter/cli.py": CLI,
            "README.md": README,
            "docs/usage.rst": USAGE_RST,
        },
    )
    lines = README.splitlines()
    found = {(file, line, ref) for file, line, ref in _drift(root)}
    readme = {(lines[line - 1], ref) for file, line, ref in found if file == "README.md"}
    assert readme == {
        ("#### render_contents", "render_contents"),
        ("#### class Metre(Base)", "Metre()"),
        ("Meter.rest()", "Meter.rest"),
        (
            "- [Dial](https://meter.readthedocs.io/en/latest/_modules/meter/widgets.html#Dial)",
            "https://meter.readthedocs.io/en/latest/_modules/meter/widgets.html#Dial",
        ),
        ("bars[1].incremnt()", "meter.Meter.incremnt"),
        ("    bar.rset()", "meter.Meter.rset"),
        ("bar_list[2].rset()", "meter.Meter.rset"),
        ('meter.Spinner("-\\\\|/", 100)', "meter.Spinner"),
        (
            "$ meter --colour red --paswd secret notes.md",
            "meter --colour red --paswd secret notes.md",
        ),
    }
    assert {(f, line, ref) for f, line, ref in found if f != "README.md"} == {
        ("docs/usage.rst", 11, "meter.Meter.rest"),
    }
