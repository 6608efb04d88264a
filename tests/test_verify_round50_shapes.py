"""Shapes from the blind drift round 50 (graypy), on a small repo with the last commit as the
documented state.

- "defined by the ``gelf_chunker`` argument within its constructor" (or "arg"): a keyword the
  constructor no longer takes is stale, though it takes `**kwargs` now, when the callees they
  go on to take no such keyword either; a test's pytest parameter of that name (`def
  test_chunking(gelf_chunker)`) says nothing of the package.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after

HANDLER = """\
class BaseHandler:
    def __init__(self, debugging_fields=True, extra_fields=True):
        self.debugging_fields = debugging_fields


class UDPHandler(BaseHandler):
    def __init__(self, host, port=12202, gelf_chunker=None, **kwargs):
        BaseHandler.__init__(self, **kwargs)
        self.gelf_chunker = gelf_chunker
"""

TESTS = """\
import pytest


@pytest.mark.parametrize("gelf_chunker", [None])
def test_chunking(gelf_chunker):
    assert gelf_chunker is None
"""

README = """\
gelf
====

Chunking is defined by the ``gelf_chunker`` arg of the ``UDPHandler`` constructor;
``extra_fields`` is an argument too.
"""


def test_keyword_lost_behind_forwarded_kwargs(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "gelf"\nversion = "1"\n',
        "src/gelf/__init__.py": "from .handler import UDPHandler\n",
        "src/gelf/handler.py": HANDLER,
        "tests/test_chunking.py": TESTS,
        "README.rst": README,
    }
    changes = {
        "src/gelf/handler.py": [
            ("gelf_chunker=None", "chunker=None"),
            ("self.gelf_chunker = gelf_chunker", "self.chunker = chunker"),
        ]
    }
    assert _drift_after(tmp_path / "gelf", files, changes) == {("README.rst", 4)}


PLOT = """\
class Options:
    def __init__(self, color=False, width=60):
        self.color = color


def histogram(xs, bins=20, **kwargs):
    return Options(**kwargs), bins


def _bucket(values, bins):
    return values
"""

PLOT_README = """\
# plot

## Histogram

Call `histogram(xs)`. Its arguments:

* `bins` - Number of bins
* `color` - Whether to colour the bars
"""


def test_listed_keyword_lost_behind_forwarded_kwargs(tmp_path: Path) -> None:
    """uniplot's "* `bins` - Number of bins" under a `histogram` section, once `bins` is
    `n_bins` and `histogram` hands its `**kwargs` to an `Options` that takes no `bins` (a
    private helper's parameter of that name says nothing)."""
    files = {
        "pyproject.toml": '[project]\nname = "plot"\nversion = "1"\n',
        "src/plot/__init__.py": "from .core import histogram\n",
        "src/plot/core.py": PLOT,
        "README.md": PLOT_README,
    }
    changes = {
        "src/plot/core.py": [
            ("def histogram(xs, bins=20,", "def histogram(xs, n_bins=20,"),
            ("), bins\n", "), n_bins\n"),
        ]
    }
    assert _drift_after(tmp_path / "plot", files, changes) == {("README.md", 7)}
