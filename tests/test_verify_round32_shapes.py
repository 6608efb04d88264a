"""Shapes from the blind drift round 32 (pyperf, pypika, tinytag), on small repos.

- `.. method:: median_abs_dev()` under `.. class:: Benchmark`, on a page that sets no
  `.. module::`: the class is the project's, so a method it lost is stale (the check took the
  bare class for a module the page says is gone).
- `q = Query.from_(t).select("*").orderby("id", order=Order.desc)` through methods a
  generative decorator wraps (pypika's `@builder`: `func(self_copy, *args, **kwargs)`, then
  `return self_copy`): each returns its class, keeps its signature, and a renamed keyword of
  the chain's last method is reported.
- A name the page never imports (`SYSTEM_TIME.as_of(...)`), or writes alone on a line of a
  block listing exceptions (`UnsupportedFormatError`), is stale once the code drops it.
"""

from __future__ import annotations

from pathlib import Path

from test_repair import _first_commit
from test_verify_round25_shapes import _drift_since_commit
from test_verify_wild import _drift, _write

API_RST = """\
API
===

.. class:: Benchmark(runs)

   A benchmark.

   .. method:: median_abs_dev()

      The median absolute deviation.

   .. method:: get_name()

      Its name.
"""

BENCH = """\
class Benchmark:
    def __init__(self, runs):
        self.runs = runs

    def median_abs_dev(self):
        return 0

    def get_name(self):
        return "x"
"""


def test_a_method_of_a_class_named_bare_on_a_page_without_a_module(tmp_path: Path) -> None:
    root = _write(
        tmp_path / "perf",
        {
            "perf/__init__.py": "from perf._bench import Benchmark\n",
            "perf/_bench.py": BENCH.replace("median_abs_dev", "mad"),
            "doc/api.rst": API_RST,
        },
    )
    assert _drift(root) == {("doc/api.rst", 8, "Benchmark.median_abs_dev()")}


UTILS = """\
import copy
from functools import wraps


def builder(func):
    @wraps(func)
    def _copy(self, *args, **kwargs):
        self_copy = copy.copy(self) if getattr(self, "immutable", True) else self
        result = func(self_copy, *args, **kwargs)
        if result is None:
            return self_copy
        return result

    return _copy


def logged(func):
    def inner(self, *args, **kwargs):
        func(self, *args)  # drops the keywords: no generative decorator
        return self

    return inner
"""

QUERIES = """\
from pika.utils import builder, logged


class Order:
    asc = "ASC"
    desc = "DESC"


class QueryBuilder:
    @builder
    def select(self, *terms) -> None:
        self.terms = terms

    @builder
    def orderby(self, *fields, **kwargs) -> None:
        self.order = kwargs.get("order")

    @logged
    def note(self, text) -> None:
        self.text = text

    def limit(self, n):
        return self


class Query:
    @classmethod
    def from_(cls, table) -> QueryBuilder:
        return QueryBuilder()
"""

PIKA_README = """\
# pika

```python
from pika.queries import Query, Order

q = Query.from_("abc").select("id").orderby("id", order=Order.desc).limit(10)
r = Query.from_("abc").select("id").orderby("id", sort=Order.desc)
s = Query.from_("abc").note("x").limt(3)
```
"""


def test_methods_a_generative_decorator_wraps_chain_and_keep_their_signature(
    tmp_path: Path,
) -> None:
    root = _write(
        tmp_path / "pika",
        {
            "pika/__init__.py": "",
            "pika/utils.py": UTILS,
            "pika/queries.py": QUERIES,
            "README.md": PIKA_README,
        },
    )
    # `note` is wrapped by a decorator that drops keywords: its result is not known
    assert _drift(root) == {("README.md", 7, "pika.queries.Query.from_.select.orderby")}


TAGS = """\
class TinyTagException(Exception):
    pass


class UnsupportedFormatError(TinyTagException):
    pass


class SystemTimeValue:
    def as_of(self, when):
        return when


SYSTEM_TIME = SystemTimeValue()
KEYWORDS = ("SYSTEM_TIME", "AS OF")
"""

TAGS_README = """\
# tags

```python
t.for_(SYSTEM_TIME.as_of('2020-01-01'))
```

It may raise:

```python
TinyTagException        # the base class
UnsupportedFormatError  # the format is not supported
```
"""


def test_names_the_page_never_imports_are_stale_once_the_code_drops_them(
    tmp_path: Path,
) -> None:
    _write(tmp_path, {"tags/__init__.py": TAGS, "README.md": TAGS_README})
    _first_commit(tmp_path)
    assert _drift_since_commit(tmp_path) == set()
    renamed = TAGS.replace("UnsupportedFormatError", "FormatError")
    renamed = renamed.replace("SYSTEM_TIME = ", "SYSTEM_PERIOD = ")
    (tmp_path / "tags/__init__.py").write_text(renamed)
    # the string "SYSTEM_TIME" the code still holds is no object the page can call
    assert _drift_since_commit(tmp_path) == {
        ("README.md", 4, "SYSTEM_TIME.as_of"),
        ("README.md", 11, "UnsupportedFormatError"),
    }


RUNNER = """\
class Runner:
    def bench_func(self, name, func):
        return func()

    def bench_time_func(self, name, time_func):
        return time_func(1)
"""

RUNNER_RST = """\
Runner
======

Use :meth:`bench_func` or :meth:`bench_time_func`.
"""


def test_a_meth_role_names_a_method_not_the_example_script_of_that_name(tmp_path: Path) -> None:
    files = {
        "perf/__init__.py": "from perf._runner import Runner\n",
        "perf/_runner.py": RUNNER,
        "doc/examples/bench_time_func.py": "import perf\n\nperf.Runner().bench_time_func('x', f)\n",
        "doc/runner.rst": RUNNER_RST,
    }
    root = _write(tmp_path / "perf", files)
    assert _drift(root) == set()
    (root / "perf/_runner.py").write_text(RUNNER.replace("bench_time_func", "bench_timed_func"))
    assert _drift(root) == {("doc/runner.rst", 4, "bench_time_func")}
