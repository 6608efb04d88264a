"""Shapes from the blind sets of round 33, each on a small repo that has it:

- an IPython session (`In [3]: h.duration`, `   ...:` continuations, `Out[3]:` output),
  in an untagged fence, an ```ipython fence or a `.. ipython::` directive, is read as the
  doctest transcript it is: its calls and attributes are checked, and the Python a timing
  magic runs (`%timeit h.show(2)`), while other magics and shell escapes are not Python; a
  shell block that opens a session (`$ sq shell`, then `In [10]:`) keeps its command line;
- a span that awaits a call (`await AsyncReader.get_fieldnames()`) claims the awaited call;
- a decorator whose wrapper gives defaults of its own (docrep's `use_docstring(self,
  s=None, base=None, *args, **kwargs)`) makes the signature unknown: a call leaving out a
  parameter the method requires is no finding.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_round25_shapes import _drift_after
from test_verify_wild import _drift, _write

TIMING = """\
class Handle:
    def __init__(self):
        self.duration = 1.0

    def show(self, n):
        return n


def about():
    return Handle()
"""
SESSIONS = """\
# tm

```
In [1]: from tm import about

In [2]: h = about()

In [3]: h.duration
Out[3]: 1.0

In [4]: %timeit h.show(
   ...:     2)
```

```ipython
In [5]: h.show(2)
Out[5]: 2
```
"""
SESSIONS_RST = """\
Timing
======

.. ipython::

   In [1]: from tm import about

   In [2]: about().show(3)
   Out[2]: 3
"""


def test_an_ipython_session_is_read_as_python(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "tm"\nversion = "1"\n',
        "tm/__init__.py": TIMING,
        "README.md": SESSIONS,
        "docs/conf.py": "",
        "docs/timing.rst": SESSIONS_RST,
    }
    changes = {"tm/__init__.py": [("self.duration", "self.seconds"), ("def show", "def display")]}
    assert _drift_after(tmp_path / "tm", files, changes) == {
        ("README.md", 8),
        ("README.md", 11),  # the Python a timing magic runs
        ("README.md", 16),
        ("docs/timing.rst", 8),
    }


def test_an_ipython_magic_is_no_python(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "tm"\nversion = "1"\n',
        "tm/__init__.py": TIMING,
        "README.md": "# tm\n\n```\nIn [1]: import tm\n\nIn [2]: %matplotlib inline\n"
        "In [3]: !tm --help\nIn [4]: tm.about().shw(1)\n```\n",
    }
    report = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "tm", files))}
    assert report == {(8, "tm.about.shw")}


ASYNC = """\
class AsyncReader:
    async def get_fieldnames(self):
        return []


def open_reader(path):
    return AsyncReader()
"""


def test_an_awaited_span_claims_its_call(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "ac"\nversion = "1"\n',
        "ac/__init__.py": "from ac.reader import AsyncReader, open_reader\n",
        "ac/reader.py": ASYNC,
        "README.md": "# ac\n\nCall `await AsyncReader.get_fieldnames()` first.\n\n"
        "Or `await ac.open_reader(path).get_fieldnames()`.\n",
    }
    changes = {"ac/reader.py": [("def get_fieldnames", "def read_fieldnames")]}
    assert _drift_after(tmp_path / "ac", files, changes) == {("README.md", 3), ("README.md", 5)}


SEQUENCES = """\
class Repo:
    def fetch(self, name, start=None, end=None):
        return name[start:end]
"""
SEQUENCE_PAGE = """\
Usage
=====

::

  $ sq -v shell

  In [10]: from sq.repo import Repo; sr = Repo()
  In [11]: %time sr.fetch("NC_1", start=6, end=9)
  Out[10]: 'GGA'
"""


def test_a_shell_opening_an_ipython_session(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "sq"\nversion = "1"\n\n'
        '[project.scripts]\nsq = "sq.cli:main"\n',
        "sq/__init__.py": "",
        "sq/repo.py": SEQUENCES,
        "sq/cli.py": "import argparse\n\n\ndef main():\n    p = argparse.ArgumentParser()\n"
        "    p.add_argument('-v', action='store_true')\n    sub = p.add_subparsers()\n"
        "    sub.add_parser('shell')\n    p.parse_args()\n",
        "docs/conf.py": "",
        "docs/usage.rst": SEQUENCE_PAGE,
    }
    changes = {
        "sq/cli.py": [("'shell'", "'start-shell'")],
        "sq/repo.py": [("start=None", "first=None")],
    }
    assert _drift_after(tmp_path / "sq", files, changes) == {
        ("docs/usage.rst", 6),
        ("docs/usage.rst", 9),
    }


DECORATED = """\
import functools


def reads_docstring(func):
    @functools.wraps(func)
    def use_docstring(self, s=None, base=None, *args, **kwargs):
        if s:
            return func(self, s, base, *args, **kwargs)

        def decorator(f):
            func(self, f.__doc__, base, *args, **kwargs)
            return f

        return decorator

    return use_docstring


class Processor:
    @reads_docstring
    def get_sections(self, s, base=None, sections=None):
        return s, base, sections
"""


def test_a_wrapper_with_defaults_of_its_own(tmp_path: Path) -> None:
    files = {
        "pyproject.toml": '[project]\nname = "dr"\nversion = "1"\n',
        "dr/__init__.py": DECORATED,
        "README.md": "# dr\n\n```python\nimport dr\n\nd = dr.Processor()\n\n\n"
        "@d.get_sections(base='x')\ndef f(a):\n    pass\n\nd.get_secs('text')\n```\n",
    }
    report = {(line, ref) for _, line, ref in _drift(_write(tmp_path / "dr", files))}
    assert report == {(13, "dr.Processor.get_secs")}
