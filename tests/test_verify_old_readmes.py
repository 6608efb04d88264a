"""Shapes from the blind drift round 15 (howdoi, halo, retrying), on a small repo: READMEs
written the old way. Each drift below went unreported.

Variables shown in a pasted `--help` epilog (`  APP_URL=x` alone on its line), set before a
command in an untagged block (`APP_URL=x app make pesto`) or inside a shell alias; a reference
section whose headings use the instance the examples bind (`spinner.frame()` after
`spinner = Spinner()`, where the class also has an attribute `spinner`); a signature sketched
with optional parts (`Spinner([text|side|placement])`); Python 2 examples (`print "x"`) whose
decorator calls pass a keyword on through `**kwargs`; "`f()` ... the `x` argument" for an
argument `f` does not take.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write

PYPROJECT = """\
[project]
name = "fetcher"
version = "1.0"
"""

INIT = '''\
"""Fetch answers."""
import os

SITE = os.getenv("FETCHER_SITE") or "stackoverflow.com"
COLOR = os.getenv("FETCHER_COLORIZE")


class Spinner:
    def __init__(self, text="", side="left", color="cyan"):
        self.spinner = {}
        self.text = text

    def start(self, text=None):
        return self

    def next_frame(self):
        return ""


class Retrying:
    def __init__(self, stop_max_delay=None, wait_fixed=None):
        self.stop_max_delay = stop_max_delay

    def call(self, fn, *args, **kwargs):
        return fn(*args, **kwargs)


def retry(*dargs, **dkw):
    def wrap(fn):
        def wrapped(*args, **kwargs):
            return Retrying(*dargs, **dkw).call(fn, *args, **kwargs)

        return wrapped

    return wrap
'''

README = """\
# fetcher

    usage: fetcher [-h] QUERY

    environment variable examples:
      FETCHER_COLORIZE=1
      FETCHER_URL=serverfault.com

Search other sites:

    FETCHER_URL=cooking.stackexchange.com fetcher make pesto

or as an alias:

    alias fcook='function fcook(){ FETCHER_URL=cooking.stackexchange.com fetcher $* ; }; fcook'

```python
from fetcher import Spinner, retry
spinner = Spinner(text="Loading")
spinner.start()
```

#### `Spinner([text|side|placement])`
#### `Spinner([text|side|color])`
#### `spinner.frame()`
#### `spinner.next_frame()`

```python
@retry(stop_max_delay=100)
def patient():
    print "waiting"

@retry(stop_max_attempt_number=7)
def impatient():
    print "giving up"
```

`Spinner()` accepts either spelling, provided the `colour` argument is a name.
`Spinner()` takes the `side` argument, and `retry()` the `wait_fixed` keyword argument.
If the form field has a `multiple` parameter, pass a list of `Spinner()`.
"""


def test_old_readme_shapes(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "fetcher",
        {"pyproject.toml": PYPROJECT, "fetcher/__init__.py": INIT, "README.md": README},
    )
    assert {(n, ref) for f, n, ref in _drift(root) if f == "README.md"} == {
        (7, "FETCHER_URL"),  # the help's example; the code reads FETCHER_SITE
        (11, "FETCHER_URL"),  # set before the command
        (15, "FETCHER_URL"),  # inside the alias's function
        (23, "Spinner([text|side|placement])"),  # `placement` is `side` now
        (25, "fetcher.Spinner.frame"),  # not `Spinner.spinner` plus anything
        (33, "fetcher.retry"),  # the keyword `Retrying` no longer takes, through **dkw
        (38, "colour"),  # an argument the sentence's callable does not take
    }
